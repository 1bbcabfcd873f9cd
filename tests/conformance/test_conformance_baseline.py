"""scripts/conformance judges a run against conformance/baseline.toml: the list of known failures only
ever shrinks. No Node needed: these feed the judging step outcomes as the suite would report them."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load_runner() -> ModuleType:
    spec = importlib.util.spec_from_file_location("conformance_run", ROOT / "conformance" / "run.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


run = load_runner()
BASELINE = {"auth/known": "the SDK does not do this yet"}


def judge(capsys: pytest.CaptureFixture[str], *outcomes: tuple[str, bool]) -> tuple[int, str]:
    found = [run.Outcome(name, passed, () if passed else ("some-check",)) for name, passed in outcomes]
    status = run.report(found, BASELINE, "9.9.9", 12.0)
    return status, capsys.readouterr().out


def test_an_expected_failure_passes_the_run_and_shows_its_reason(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = judge(capsys, ("initialize", True), ("auth/known", False))
    assert status == 0
    assert "xfail auth/known  (the SDK does not do this yet)" in out
    assert out.splitlines()[-1] == (
        "conformance 9.9.9: 1 of 2 scenarios passed; 1 expected failures, 0 new failures, "
        "0 baseline entries now passing; 12 s"
    )


def test_a_failure_not_in_the_baseline_fails_the_run(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = judge(capsys, ("initialize", False), ("auth/known", False))
    assert status == 1
    assert "FAIL  initialize  (failed checks: some-check)" in out
    assert "1 new failures" in out


def test_a_baseline_entry_that_now_passes_fails_the_run(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = judge(capsys, ("initialize", True), ("auth/known", True))
    assert status == 1
    assert "remove it from conformance/baseline.toml" in out
    assert "1 baseline entries now passing" in out


def test_the_baseline_is_read_per_suite_version(tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.toml"
    baseline.write_text(
        '["1.0".expected_failures]\n"a" = "why a"\n\n["2.0".expected_failures]\n"b" = "why b"\n'
    )
    assert run.load_baseline("1.0", baseline) == {"a": "why a"}
    assert run.load_baseline("2.0", baseline) == {"b": "why b"}
    assert run.load_baseline("3.0", baseline) == {}


def test_an_explicitly_empty_table_is_a_suite_expected_to_pass_whole(tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.toml"
    baseline.write_text('["1.0".expected_failures]\n"a" = "why a"\n\n["2.0".expected_failures]\n')
    assert run.baselined_suites(baseline) == {"1.0", "2.0"}
    assert run.load_baseline("2.0", baseline) == {}
    assert "3.0" not in run.baselined_suites(baseline), "a suite nobody wrote down"


def suites_scripts_check_runs() -> list[str]:
    """The suite of each ``scripts/conformance`` step in scripts/check: its --suite, or the pinned one."""
    suites = []
    for line in (ROOT / "scripts" / "check").read_text().splitlines():
        if "./scripts/conformance" not in line:
            continue
        words = line.split()
        suites.append(words[words.index("--suite") + 1] if "--suite" in words else run.PINNED)
    return suites


def test_the_suites_scripts_check_runs_are_found() -> None:
    assert {run.PINNED, "0.2.0-alpha.12"} <= set(suites_scripts_check_runs())


@pytest.mark.parametrize("version", suites_scripts_check_runs())
def test_every_suite_scripts_check_runs_has_a_table_whose_entries_state_their_reason(version: str) -> None:
    assert version in run.baselined_suites(), (
        f"no table for {version}: scripts/check runs that suite; "
        f'write ["{version}".expected_failures], empty if nothing is expected to fail'
    )
    assert all(len(reason.split()) >= 8 for reason in run.load_baseline(version).values())

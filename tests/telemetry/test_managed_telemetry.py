"""A team can require export: a managed ``[telemetry]`` turns it on at the team's endpoint, and neither
config.toml nor the environment can turn it off or point it elsewhere (issue 27, item 5).

The end-to-end case runs the real ``mcp-tui call`` and ``--check-config`` in fresh interpreters, with the
managed file named as the system file (``MCP_TUI_SYSTEM_POLICY_PATH``) and two real OTLP receivers: the
team's and the one the user's settings name.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from receiver import Receiver

from tui.config.model import TelemetryTable
from tui.config.policy_files import MANAGED_ENV, SYSTEM_PATH_ENV
from tui.config.startup import load_startup

CALL = ["call", "demo", "word_count", "path=welcome.txt", "--approve-up-to", "safe"]


def mcp_tui(home: Path, managed: Path, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_") and k != "MCP_TUI_TELEMETRY"}
    environ |= {"MCP_TUI_HOME": str(home), SYSTEM_PATH_ENV: str(managed)} | env
    environ.pop(MANAGED_ENV, None)
    return subprocess.run(
        [sys.executable, "-m", "tui", *args],
        capture_output=True,
        text=True,
        env=environ,
        timeout=120,
        check=False,
    )


def test_the_managed_endpoint_gets_the_export_whatever_the_user_set(home: Path, receiver: Receiver) -> None:
    managed = home / "managed.toml"
    managed.write_text(f'[telemetry]\nexporter = "otlp"\nendpoint = "{receiver.url}"\n', encoding="utf-8")
    with Receiver() as users:
        # The user turns it off and points it at their own collector, in the file and in the environment.
        (home / "config.toml").write_text(
            f'[telemetry]\nexporter = "none"\nendpoint = "{users.url}"\n', encoding="utf-8"
        )
        environment = {"MCP_TUI_TELEMETRY": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": users.url}

        result = mcp_tui(home, managed, *CALL, env=environment)
        assert result.returncode == 0, result.stderr
        assert "welcome.txt" in result.stdout
        data = receiver.wait(lambda d: any(s.name == "tools/call word_count" for s in d.spans))
        [call] = [s for s in data.spans if s.name == "tools/call word_count"]
        assert call.attributes["mcp_tui.decision.rule"]
        # The process has ended: whatever it would have sent elsewhere has been sent (each export that
        # reaches a receiver leaves its headers there, whatever it holds).
        assert users.data.headers == []

        check = mcp_tui(home, managed, "--check-config", env=environment)
    assert check.returncode == 0, check.stdout + check.stderr
    assert f"telemetry: exporting to {receiver.url} (required by the managed policy)" in check.stdout


def test_where_both_managed_files_set_a_key_the_system_files_wins(
    tmp_path: Path, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    system = tmp_path / "system.toml"
    system.write_text(
        '[telemetry]\nendpoint = "http://team:4318"\nheaders = { team = "a" }\n', encoding="utf-8"
    )
    added = tmp_path / "added.toml"
    added.write_text(
        '[telemetry]\nexporter = "otlp"\nendpoint = "http://elsewhere:4318"\n'
        'headers = { team = "b", site = "x" }\ninclude_arguments = true\n',
        encoding="utf-8",
    )
    monkeypatch.setenv(SYSTEM_PATH_ENV, str(system))
    monkeypatch.setenv(MANAGED_ENV, str(added))
    forced = load_startup(config_path=None).forced_telemetry
    assert forced == TelemetryTable(
        exporter="otlp",
        endpoint="http://team:4318",
        headers={"team": "a", "site": "x"},
        include_arguments=True,
    )


def test_no_managed_telemetry_or_a_managed_none_requires_nothing(
    tmp_path: Path, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    system = tmp_path / "system.toml"
    monkeypatch.setenv(SYSTEM_PATH_ENV, str(system))
    system.write_text('[preferences]\nmax_auto_approve = "low"\n', encoding="utf-8")
    assert load_startup(config_path=None).forced_telemetry is None
    system.write_text('[telemetry]\nexporter = "none"\n', encoding="utf-8")
    assert load_startup(config_path=None).forced_telemetry is None


def test_a_mistake_in_the_managed_telemetry_names_its_file_and_line(home: Path, receiver: Receiver) -> None:
    managed = home / "managed.toml"
    managed.write_text(
        f'[telemetry]\nexporter = "otlp"\nendpoint = "{receiver.url}"\ninclude_arguments = "yes"\n',
        encoding="utf-8",
    )
    check = mcp_tui(home, managed, "--check-config", env={})
    assert check.returncode != 0
    output = check.stdout + check.stderr
    assert f"{managed}, line 4:" in output
    assert '"include_arguments" must be true or false' in output
    # The keys it got right still hold: export stays required, at the team's endpoint.
    assert f"telemetry: exporting to {receiver.url} (required by the managed policy)" in output

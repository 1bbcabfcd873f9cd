"""mcp-tui passes no OTEL_* variable, no telemetry switch and no collector credential to a server it
starts: the server's own environment, read from /proc, shows only what its entry gives it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from receiver import Receiver
from test_export import READY_LIMIT, demo_entry, exporting

from tui.config.startup import load_startup
from tui.session.session import Session


def environment_of(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    pairs = (entry.split(b"=", 1) for entry in raw.split(b"\0") if b"=" in entry)
    return {key.decode(): value.decode(errors="replace") for key, value in pairs}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/PID/environ")
async def test_a_server_not_told_to_export_gets_no_telemetry_variable(
    home: Path, receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    exporting(monkeypatch, receiver)
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_HEADERS", "Authorization=Bearer%20collector-secret")
    monkeypatch.setenv("OTEL_RESOURCE_ATTRIBUTES", "team=tools")
    told = {"MCP_TUI_TELEMETRY": "otlp", "OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url}
    config = demo_entry(home) + demo_entry(home, env=told).replace("[servers.demo]", "[servers.told]")
    (home / "config.toml").write_text(config, encoding="utf-8")
    session = Session(load_startup(config_path=None), interface="cli")
    await session.start()
    try:
        await session.ready(timeout=READY_LIMIT)
        assert session.manager is not None
        plain_pid = session.manager.connection("demo").process_id
        told_pid = session.manager.connection("told").process_id
        assert plain_pid is not None
        assert told_pid is not None
        plain, told_env = environment_of(plain_pid), environment_of(told_pid)
    finally:
        await session.aclose()
    assert not [key for key in plain if key.startswith("OTEL_") or key == "MCP_TUI_TELEMETRY"]
    assert "collector-secret" not in "".join(plain.values())
    # A server told to export gets exactly what its entry says, and no more.
    assert {key for key in told_env if key.startswith("OTEL_")} == {"OTEL_EXPORTER_OTLP_ENDPOINT"}
    assert told_env["MCP_TUI_TELEMETRY"] == "otlp"

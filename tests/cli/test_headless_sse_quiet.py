"""A headless command over the legacy SSE transport prints nothing on stderr but what it means to say."""

from __future__ import annotations

from pathlib import Path

from cli_harness import run_cli, write_config
from servers.harness import serving

from tui.client.health import HEALTH_INTERVAL

CALL_SECONDS = HEALTH_INTERVAL + 1.5
"""Long enough for the health ping to run at least once during the call."""


def test_a_call_outliving_the_health_ping_has_no_warning_on_stderr(home: Path) -> None:
    write_config(home, f"[timeouts]\ncall = {CALL_SECONDS}\n")
    with serving("sse_server.py") as port:
        url = f"http://127.0.0.1:{port}/sse"
        result = run_cli("--url", url, "--sse", "call", "forever", "--approve-up-to", "critical", home=home)
    assert f"No answer within {CALL_SECONDS:g} s" in result.stderr
    assert "Warning" not in result.stderr, result.stderr

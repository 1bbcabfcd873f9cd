"""Off by default and free when off; asked for without the extra: one line naming it, and nothing else
changes. Each runs the real ``mcp-tui call`` against the demo in a fresh interpreter.

The OpenTelemetry *API* is the mcp SDK's own dependency (it loads with the SDK, after the first frame);
what the ``otel`` extra brings (the OpenTelemetry SDK, the exporter, protobuf) and our exporter are what
must stay unloaded."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CALL = ["call", "demo", "word_count", "path=welcome.txt", "--approve-up-to", "safe"]

PROBE = """
import atexit, sys
{block}
def report():
    extra = ("opentelemetry.sdk", "opentelemetry.exporter", "opentelemetry.proto", "google.protobuf")
    ours = ("tui.telemetry.observer", "tui.telemetry.pipeline")
    loaded = sorted(m for m in sys.modules if m.startswith(extra) or m in ours)
    print("LOADED:" + ",".join(loaded))
atexit.register(report)
from tui.cli import main
sys.argv = ["mcp-tui", *{args!r}]
main()
"""

BLOCK = """
class WithoutTheExtra:
    def find_spec(self, name, path=None, target=None):
        if name.startswith(("opentelemetry.sdk", "opentelemetry.exporter")):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None
sys.meta_path.insert(0, WithoutTheExtra())
"""


def run(home: Path, env: dict[str, str], *, block: bool = False) -> subprocess.CompletedProcess[str]:
    code = PROBE.format(block=BLOCK if block else "", args=CALL)
    environ = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_") and k != "MCP_TUI_TELEMETRY"}
    environ |= {"MCP_TUI_HOME": str(home)} | env
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environ, timeout=120, check=False
    )


def test_with_telemetry_off_a_call_loads_nothing_of_opentelemetry(home: Path) -> None:
    result = run(home, {})
    assert result.returncode == 0, result.stderr
    assert "welcome.txt" in result.stdout
    assert result.stdout.strip().splitlines()[-1] == "LOADED:"
    assert result.stderr == ""


def test_asked_for_without_the_extra_is_one_line_and_the_call_runs(home: Path) -> None:
    result = run(home, {"MCP_TUI_TELEMETRY": "otlp"}, block=True)
    assert result.returncode == 0, result.stderr
    assert "welcome.txt" in result.stdout
    assert result.stdout.strip().splitlines()[-1] == "LOADED:"
    assert result.stderr.splitlines() == [
        "mcp-tui: Telemetry is turned on but OpenTelemetry is not installed: pip install 'mcp-tui[otel]'. "
        "Nothing is exported."
    ]

"""A warning from a library (the SDK's MCPDeprecationWarning, say) goes to mcp-tui's log file, never onto
the terminal of a headless command or under the TUI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

WARN = """
import sys, warnings
from pathlib import Path
from mcp.shared.exceptions import MCPDeprecationWarning
from tui.cli.log_file import log_to_file
log_to_file(Path(sys.argv[1]))
warnings.warn("ping is removed as of 2026-07-28", MCPDeprecationWarning)
"""


def test_a_library_warning_is_written_to_the_log_file_not_to_stderr(tmp_path: Path) -> None:
    log = tmp_path / "logs" / "mcp-tui-cli.log"
    result = subprocess.run(
        [sys.executable, "-c", WARN, str(log)], capture_output=True, text=True, timeout=30, check=True
    )
    assert result.stderr == ""
    assert "MCPDeprecationWarning: ping is removed as of 2026-07-28" in log.read_text(encoding="utf-8")

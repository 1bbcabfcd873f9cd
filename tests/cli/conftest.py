from __future__ import annotations

import sys
from pathlib import Path

import pytest


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every file mcp-tui reads or writes lives under this directory (config, approvals, audit, sandbox)."""
    monkeypatch.setenv("MCP_TUI_HOME", str(tmp_path))
    monkeypatch.delenv("MCP_TUI_CONFIG", raising=False)
    return tmp_path


# The TUI-and-CLI agreement tests drive the real app with the UI tests' harness.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

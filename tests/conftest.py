from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every file mcp-tui reads or writes lives under this directory (config, approvals, audit, sandbox)."""
    monkeypatch.setenv("MCP_TUI_HOME", str(tmp_path))
    monkeypatch.delenv("MCP_TUI_CONFIG", raising=False)
    return tmp_path

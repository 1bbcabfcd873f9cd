from __future__ import annotations

import sys
from pathlib import Path

import pytest

# The in-process test servers of the client tests (servers.*) drive the session here too.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "client"))


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every file the session reads or writes lives under this directory."""
    monkeypatch.setenv("MCP_TUI_HOME", str(tmp_path))
    monkeypatch.delenv("MCP_TUI_CONFIG", raising=False)
    return tmp_path

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tui.model.sdk_loading import models_built_on_first_use

# No test reads this machine's managed policy (/etc/mcp-tui/managed.toml): the tests that need one name
# their own through the variable meant for tests and packagers. Subprocesses inherit it.
os.environ["MCP_TUI_SYSTEM_POLICY_PATH"] = str(Path(__file__).parent / "fixtures" / "no-managed-policy.toml")
os.environ.pop("MCP_TUI_MANAGED_POLICY", None)

# The SDK loads here as the app loads it (its models built on first use), so every test runs that way.
with models_built_on_first_use():
    import mcp  # noqa: F401


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every file mcp-tui reads or writes lives under this directory (config, approvals, audit, sandbox)."""
    monkeypatch.setenv("MCP_TUI_HOME", str(tmp_path))
    monkeypatch.delenv("MCP_TUI_CONFIG", raising=False)
    return tmp_path


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked ``slow`` first, the rest in their usual order.

    pytest-xdist hands tests out in this order: taken first, the long ones run side by side while the
    short ones fill in around them; taken last, one of them (the screenshot script's 30-75 s) could keep
    one worker busy after the others had run out of tests."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)

"""The Server tab says what changed in a server's tools since the last session (the tool cache's list
against the live one, as ``mcp-tui diff`` compares them): a tool that became riskier comes first."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from app_harness import make_app, wait_for, wait_for_tools
from textual.widgets import Static

from tui.ui.widgets.server_info import ServerInfoView

DRIFTING = Path(__file__).resolve().parents[1] / "client" / "servers" / "drifting_server.py"
SHIM = """import runpy, sys
from pathlib import Path
sys.argv = [{server!r}, Path({release!r}).read_text().strip()]
runpy.run_path({server!r}, run_name="__main__")
"""


def drift_config(home: Path) -> Path:
    """One launch command in both sessions (so the cache keeps its list); a file says which release."""
    release = home / "release.txt"
    shim = home / "drift.py"
    shim.write_text(SHIM.format(server=str(DRIFTING), release=str(release)), encoding="utf-8")
    args = json.dumps([str(shim)])
    (home / "config.toml").write_text(
        f"[servers.drift]\ncommand = {json.dumps(sys.executable)}\nargs = {args}\n", encoding="utf-8"
    )
    return release


def info_text(app: object) -> str:
    return str(app.main_screen.query_one("#info-text", Static).content)  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_a_tool_that_became_riskier_since_the_last_session_is_in_the_server_tab(
    home: Path, size: tuple[int, int]
) -> None:
    release = drift_config(home)
    release.write_text("v1")
    first = make_app(home)
    async with first.run_test(size=size) as pilot:
        await wait_for_tools(pilot, first, "drift")
        await pilot.press("f10")
        await wait_for(pilot, lambda: "Tools since the last session: no earlier list" in info_text(first))

    release.write_text("v2")  # the next release, under the same launch command
    second = make_app(home)
    async with second.run_test(size=size) as pilot:
        await wait_for_tools(pilot, second, "drift")
        await pilot.press("f10")
        await wait_for(
            pilot, lambda: "Tools since the last session: 13 changes, 6 riskier" in info_text(second)
        )
        lines = info_text(second).splitlines()
        start = next(i for i, line in enumerate(lines) if line.startswith("Tools since the last session"))
        changes = lines[start + 1 :]
        assert changes[0].split()[0] == "risk"  # risk changes first, as mcp-tui diff lists them
        assert "  risk     read_file: readOnlyHint true -> false (riskier)" in changes
        assert "  risk     read_file: grade safe -> medium" in changes
        assert (
            "  risk     delete_file: lost its annotations: now assumed destructive and open-world" in changes
        )
        assert "  added    export: new tool" in changes
        assert "  removed  stats: no longer listed" in changes
        assert second.main_screen.query_one(ServerInfoView).server == "drift"

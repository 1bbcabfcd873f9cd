"""The dialog's remembered choices (issue 26): "these arguments, always" and the durations, within the
managed limits; a choice the managed policy rules out is absent and the dialog says why. At 80x24 and
120x40, through the real app and the demo server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from app_harness import audit_records, make_app, open_tool, panel, wait_for, wait_for_tools
from textual.pilot import Pilot
from textual.widgets import Button, Static

from tui.ui.app import McpTuiApp
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.widgets.results.result_view import ResultView

SIZES = [(80, 24), (120, 40)]
NOTE = {"action": "append", "path": "notes.txt", "content": "hello"}


async def ask(pilot: Pilot[None], app: McpTuiApp, arguments: dict[str, str]) -> bool:
    """Call manage_files with ``arguments``: True when the dialog asks, False when it ran unasked."""
    tools = {t.name: t for t in await wait_for_tools(pilot, app)}
    await open_tool(pilot, app, tools["manage_files"], arguments)
    view = panel(app).query_one(ResultView)
    view.outcome = None
    await pilot.press("ctrl+r")

    def decided() -> bool:
        """a dialog or a result"""
        return isinstance(app.screen, ConfirmCallScreen) or view.outcome is not None

    await wait_for(pilot, decided)
    return isinstance(app.screen, ConfirmCallScreen)


def in_view(app: McpTuiApp, selector: str) -> bool:
    widget = app.screen.query_one(selector)
    region = widget.region
    return region.height >= 1 and region.y + region.height <= app.size.height and region.x >= 0


def approvals(home: Path) -> list[dict[str, object]]:
    return json.loads((home / "approvals.json").read_text())["approvals"]


@pytest.mark.parametrize("size", SIZES)
async def test_exactly_these_arguments_allows_them_and_asks_for_others(
    home: Path, size: tuple[int, int]
) -> None:
    (home / "demo-sandbox").mkdir()
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        assert await ask(pilot, app, NOTE)
        for choice in ("exact", "hour", "today"):
            assert in_view(app, f"#confirm-{choice}"), f"{choice} is on screen at {size}"
        assert not app.screen.query("#confirm-withheld")
        await pilot.press("e")
        await wait_for(pilot, lambda: len(audit_records(home)) == 1)
        assert not await ask(pilot, app, NOTE), "exactly these arguments again: allowed"
        assert await ask(pilot, app, {**NOTE, "content": "other"}), "other arguments: asked"
        await pilot.press("h")
        await wait_for(pilot, lambda: len(audit_records(home)) == 3)
        await app.action_quit()
    saved = approvals(home)
    kinds = {("argumentsHash" in a, "expiresAt" in a) for a in saved}
    assert kinds == {(True, False), (False, True)}, "one for exact arguments, one that ends in an hour"
    assert [r["choice"] for r in audit_records(home)] == ["exact", None, "hour"]


@pytest.mark.parametrize("size", SIZES)
async def test_a_managed_limit_removes_the_choices_and_says_why(
    home: Path, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    managed = home / "team-policy.toml"
    managed.write_text('[preferences]\napproval_max_age = "30m"\n', encoding="utf-8")
    monkeypatch.setenv("MCP_TUI_MANAGED_POLICY", str(managed))
    (home / "demo-sandbox").mkdir()
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        assert await ask(pilot, app, NOTE)
        assert not app.screen.query("#confirm-hour")
        assert not app.screen.query("#confirm-today")
        assert app.screen.query_one("#confirm-exact", Button)
        withheld = str(app.screen.query_one("#confirm-withheld", Static).render())
        assert withheld == (
            "Not offered: for an hour and for today: the managed policy ends every approval after 30m"
        )
        await pilot.press("h")  # not offered: the key does nothing
        await pilot.pause()
        assert isinstance(app.screen, ConfirmCallScreen)
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmCallScreen))

        managed.write_text('[preferences]\nmax_always_grade = "safe"\n', encoding="utf-8")
        assert await ask(pilot, app, NOTE)
        assert not app.screen.query("#confirm-always, #confirm-exact, #confirm-hour, #confirm-today")
        withheld = str(app.screen.query_one("#confirm-withheld", Static).render())
        assert "the managed policy lets no approval allow a call above safe (max_always_grade)" in withheld
        assert in_view(app, "#confirm-withheld") or app.screen.query_one("#confirm-box").max_scroll_y > 0
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(audit_records(home)) == 2)
        await app.action_quit()

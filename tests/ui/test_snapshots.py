"""Snapshot tests of stable screens (pytest-textual-snapshot): what the person sees, pixel for pixel.

Regenerate after an intended change with ``pytest tests/ui/test_snapshots.py --snapshot-update`` and look at
the new SVGs in tests/ui/__snapshots__/ before committing them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from snapshot_app import CallPanelHost, SidebarHost, ToolListHost, resolved_delete
from test_confirm_support import ConfirmHost, make_request

from tui.config.model import Trust

Compare = Callable[..., bool]


def test_confirm_high_puts_the_reasons_first_and_focuses_cancel(snap_compare: Compare) -> None:
    request = make_request(
        "manage_files",
        {"readOnlyHint": False, "destructiveHint": True, "openWorldHint": False},
        title="Manage files",
        arguments={"action": "delete", "path": "notes.txt"},
        resolved={"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True},
    )
    assert request.grade.grade.label == "high"
    # 120 columns: at 100 the four buttons overflow the dialog and clip Cancel (reported to the lead).
    assert snap_compare(ConfirmHost(request), terminal_size=(120, 34))


def test_confirm_critical_gates_allow_behind_the_typed_name(snap_compare: Compare) -> None:
    request = make_request(
        "launch_confetti",
        {"readOnlyHint": False, "destructiveHint": True, "openWorldHint": True},
        title="Launch confetti",
        arguments={"colour": "rainbow"},
        trust=Trust.TRUSTED,
    )
    assert request.needs_typed_name
    assert snap_compare(ConfirmHost(request), terminal_size=(100, 34))


def test_tool_list_rows_show_grade_and_badges(snap_compare: Compare) -> None:
    assert snap_compare(ToolListHost(), terminal_size=(72, 16))


def test_tool_names_stay_whole_at_80x24(snap_compare: Compare) -> None:
    # The sidebar at its narrowest: grade chip and full name; badges, server and title give way.
    assert snap_compare(SidebarHost(), terminal_size=(80, 24))


def test_tool_names_stay_whole_at_120x40(snap_compare: Compare) -> None:
    # One letter per badge beside the full names; server and title as far as they fit.
    assert snap_compare(SidebarHost(), terminal_size=(120, 40))


def test_call_panel_shows_what_resolution_changed(snap_compare: Compare) -> None:
    async def settle(pilot: Any) -> None:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(CallPanelHost(resolved_delete()), terminal_size=(90, 24), run_before=settle)

"""A server that floods the person with requests or log lines, through the whole app over real stdio.

A burst of sampling (or elicitation) requests shows one dialog at a time, with a count of the ones
waiting and a button that declines them all; past the cap the rest are declined at once, with the reason
sent, audited and logged. A flood of log lines writes nothing into the Logs tab while it is hidden.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from app_harness import audit_records, make_app, wait_for
from textual.widgets import Button, Static

from tui.session.request_queue import MAX_OPEN, declined_all_reason, too_many_reason
from tui.ui.app import McpTuiApp
from tui.ui.screens.elicitation import ElicitationScreen
from tui.ui.screens.request_dialog import RequestDialog
from tui.ui.screens.sampling import SamplingScreen
from tui.ui.widgets.log_view import ServerLogView

pytestmark = pytest.mark.timeout(120)

SERVER = Path(__file__).resolve().parents[1] / "client" / "servers" / "flood_server.py"


def flooding_app(home: Path, kind: str, count: int) -> McpTuiApp:
    args = json.dumps([str(SERVER), kind, str(count), "--answers", str(home / "answers.jsonl")])
    return make_app(home, f"[servers.flood]\ncommand = {json.dumps(sys.executable)}\nargs = {args}\n")


def answers_received(home: Path) -> list[dict[str, Any]]:
    """What the server got back for its requests, in the order it got them."""
    path = home / "answers.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def dialogs(app: McpTuiApp) -> list[RequestDialog[Any]]:
    return [screen for screen in app.screen_stack if isinstance(screen, RequestDialog)]


def note(app: McpTuiApp) -> str:
    return str(app.screen.query_one(".request-queue", Static).render())


async def test_a_burst_of_sampling_requests_is_one_dialog_at_a_time_capped_and_declined_all_at_once(
    home: Path,
) -> None:
    count = MAX_OPEN + 30
    app = flooding_app(home, "sampling", count)
    async with app.run_test(size=(120, 40)) as pilot:
        requests = app.session.requests
        await wait_for(pilot, lambda: requests.declined("flood") == 30 and requests.waiting("flood") == 9)
        # One dialog, saying how many more wait and how many were refused without asking.
        assert len(dialogs(app)) == 1
        assert isinstance(app.screen, SamplingScreen)
        assert note(app) == "9 more from flood waiting. 30 more declined without asking: too many were open."
        # The server got the reason for each one declined at once; the audit log and the Logs tab have it.
        reason = too_many_reason("flood", MAX_OPEN)
        await wait_for(pilot, lambda: len(answers_received(home)) == 30)
        assert {(a["error"]["code"], a["error"]["message"]) for a in answers_received(home)} == {(-1, reason)}
        declined = [r for r in audit_records(home) if r.get("answer") == "declined"]
        assert [r["reason"] for r in declined] == [reason] * 30
        await app.main_screen.mount_workspace()
        kept = app.main_screen.query_one(ServerLogView).lines_of("flood")
        logged = [line for line in kept if reason in line]
        assert len(logged) == 1  # once per burst: the audit log lists each one

        # Esc declines the one shown; the next takes its place, still one dialog.
        await pilot.press("escape")
        await wait_for(pilot, lambda: requests.waiting("flood") == 8)
        await wait_for(pilot, lambda: isinstance(app.screen, SamplingScreen))
        assert len(dialogs(app)) == 1
        assert note(app).startswith("8 more from flood waiting.")

        # Decline all: the one shown and the eight waiting, in one step.
        button = app.screen.query_one(".request-decline-all", Button)
        assert str(button.label) == "Decline all 9 (ctrl+l)"
        await pilot.click(".request-decline-all")
        await wait_for(pilot, lambda: not dialogs(app) and len(answers_received(home)) == count)
        assert requests.waiting("flood") == 0
        everyone = [a["error"]["message"] for a in answers_received(home)[31:]]
        assert everyone == [declined_all_reason("flood")] * 9
        audited = [r for r in audit_records(home) if r.get("answer") == "declined"]
        assert len(audited) == count


async def test_a_burst_of_elicitations_waits_behind_one_dialog_declines_together_and_is_audited(
    home: Path,
) -> None:
    count = MAX_OPEN + 2
    app = flooding_app(home, "elicit", count)
    async with app.run_test(size=(120, 40)) as pilot:
        requests = app.session.requests
        await wait_for(
            pilot, lambda: requests.waiting("flood") == MAX_OPEN - 1 and requests.declined("flood") == 2
        )
        await pilot.pause()
        assert len(dialogs(app)) == 1
        assert isinstance(app.screen, ElicitationScreen)
        assert note(app) == "9 more from flood waiting. 2 more declined without asking: too many were open."
        # Past the cap: declined by mcp-tui itself, each with the reason, in the audit log.
        await wait_for(pilot, lambda: len(elicitations(home)) == 2)
        assert {(r["answer"], r["answered_by"], r["reason"]) for r in elicitations(home)} == {
            ("declined", "mcp-tui", too_many_reason("flood", MAX_OPEN))
        }
        await pilot.click(".request-decline-all")
        await wait_for(pilot, lambda: not dialogs(app) and len(answers_received(home)) == count)
        assert [a["result"]["action"] for a in answers_received(home)] == ["decline"] * count
        # Decline all: the person's decision, one record per request, with what they did.
        await wait_for(pilot, lambda: len(elicitations(home)) == count)
        everyone = [(r["answered_by"], r["reason"], r["interface"]) for r in elicitations(home)[2:]]
        assert everyone == [("person", declined_all_reason("flood"), "tui")] * MAX_OPEN


def elicitations(home: Path) -> list[dict[str, Any]]:
    return [r for r in audit_records(home) if r.get("kind") == "elicitation"]


async def test_a_log_flood_writes_nothing_into_the_hidden_logs_tab_and_shows_its_tail_when_opened(
    home: Path,
) -> None:
    count = 3000
    app = flooding_app(home, "log", count)
    writes: list[int] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await app.main_screen.mount_workspace()
        view = app.main_screen.query_one(ServerLogView)
        write_lines = view.write_lines

        def counted(lines: Any) -> Any:
            writes.append(1)
            return write_lines(lines)

        view.write_lines = counted  # type: ignore[method-assign]
        last = f"info: l: flood {count - 1}"
        await wait_for(pilot, lambda: view.lines_of("flood")[-1:] == [last], timeout=60)

        def dealt_with_while_hidden() -> bool:
            """the hidden view to hold the lines back: nothing waiting to be written, all drawn when shown"""
            return view._stale and not view._pending and view._flush_timer is None

        await wait_for(pilot, dealt_with_while_hidden)
        assert writes == []  # the Logs tab is hidden: nothing was written
        assert len(view.lines_of("flood")) == 2000  # kept as bounded as ever

        await pilot.press("f3")

        def drawn() -> bool:
            """the kept lines drawn in the shown view, wrapped to its width, nothing waiting to be written"""
            width = view.scrollable_content_region.width
            settled = not view._stale and not view._pending and view._flush_timer is None
            drawn = bool(view.lines) and view.lines[-1].endswith(f"flood {count - 1}")
            return settled and width > 0 and view._wrap_width == width and drawn

        # Once drawn, nothing more comes to write: the flood is over.
        await wait_for(pilot, drawn)
        assert len(writes) <= 2  # the kept lines, drawn once (after the empty view's sentence)

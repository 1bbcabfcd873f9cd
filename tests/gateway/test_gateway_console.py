"""The console route: a running mcp-tui attached to ``mcp-tui gateway`` answers an agent's call with its
own graded dialog, naming the agent; the gateway is a real subprocess, the agent the SDK's ``Client``,
the TUI the real app (``App.run_test``) attached through the gateway's local socket."""

from __future__ import annotations

import asyncio
import stat
from pathlib import Path
from typing import Any

import pytest
from app_harness import make_app, wait_for
from gateway_harness import AGENT, agent, answer, audit_records, seed_sandbox, text_of
from staged_mounts import end_after_staged_mounts
from textual.pilot import Pilot
from textual.widgets import Static

from tui.ui.app import ATTACH_KEY, McpTuiApp
from tui.ui.screens.confirm_call import ConfirmCallScreen

NOTES = "Buy milk.\n"
DELETE = {"action": "delete", "path": "notes.txt"}


@pytest.fixture(autouse=True)
def staged_mounts_end_before_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    end_after_staged_mounts(monkeypatch)


def _gateway_sockets(home: Path) -> list[Path]:
    return sorted((home / "run").glob("gateway-*.sock"))


def _notices(app: McpTuiApp) -> str:
    return "\n".join(str(n.message) for n in app._notifications)


async def _attach(pilot: Pilot[Any], app: McpTuiApp) -> None:
    """The app offers the running gateway and attaches when the person presses the key."""
    await wait_for(pilot, app.ready.is_set)
    await wait_for(pilot, lambda: "A gateway is running" in _notices(app))
    await pilot.press(ATTACH_KEY)
    await wait_for(pilot, lambda: app.session.consoles.attached == 1)
    # Acted on, the offer goes (it would say "press ctrl+b" beside "attached", over the first dialog).
    await wait_for(pilot, lambda: "Attached to the gateway" in _notices(app))
    assert "A gateway is running" not in _notices(app)


async def _dialog(pilot: Pilot[Any], app: McpTuiApp) -> ConfirmCallScreen:
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
    dialog = app.screen
    assert isinstance(dialog, ConfirmCallScreen)
    return dialog


async def test_the_attached_mcp_tui_asks_naming_the_agent_and_allow_sends_the_call(home: Path) -> None:
    seed_sandbox(home / "demo-sandbox", {"notes.txt": NOTES})
    async with agent(home) as client:  # a host without elicitation: only the console can be asked
        [socket_file] = _gateway_sockets(home)
        assert stat.S_IMODE(socket_file.stat().st_mode) == 0o600
        assert stat.S_IMODE(socket_file.parent.stat().st_mode) == 0o700
        app = make_app(home)
        async with app.run_test(size=(140, 50)) as pilot:
            await _attach(pilot, app)
            call = asyncio.ensure_future(client.call_tool("manage_files", DELETE))
            dialog = await _dialog(pilot, app)
            agent_line = str(dialog.query_one("#confirm-agent", Static).render())
            assert f"{AGENT.name} {AGENT.version}" in agent_line
            assert dialog.request.grade.grade.label == "high"
            assert '"action": "delete"' in dialog.request.arguments_json
            await pilot.press("o")
            result = await call
            await app.action_quit()
    assert not result.is_error, text_of(result)
    assert not (home / "demo-sandbox" / "notes.txt").exists()
    gateway_records = [r for r in audit_records(home) if r["interface"] == "gateway"]
    assert [(r["decision"], r["outcome"]) for r in gateway_records] == [("ask", "ok")]
    assert gateway_records[0]["agent"] == {"name": AGENT.name, "version": AGENT.version}


async def test_cancel_in_the_attached_mcp_tui_is_a_tool_error_and_nothing_is_sent(home: Path) -> None:
    seed_sandbox(home / "demo-sandbox", {"notes.txt": NOTES})
    async with agent(home) as client:
        app = make_app(home)
        async with app.run_test(size=(140, 50)) as pilot:
            await _attach(pilot, app)
            call = asyncio.ensure_future(client.call_tool("manage_files", DELETE))
            await _dialog(pilot, app)
            await pilot.press("escape")
            result = await call
            await app.action_quit()
    assert result.is_error
    assert "declined" in text_of(result)
    assert (home / "demo-sandbox" / "notes.txt").read_text(encoding="utf-8") == NOTES


async def test_a_console_that_detaches_mid_question_passes_it_to_elicitation(home: Path) -> None:
    """The person closes mcp-tui while its dialog is open: the gateway asks the next route (the host)."""
    seed_sandbox(home / "demo-sandbox", {"notes.txt": NOTES})
    decline = answer("decline")
    async with agent(home, decline) as client:
        app = make_app(home)
        async with app.run_test(size=(140, 50)) as pilot:
            await _attach(pilot, app)
            call = asyncio.ensure_future(client.call_tool("manage_files", DELETE))
            await _dialog(pilot, app)
            assert decline.asked == []  # the console came first
            await app.session.consoles.detach()
            result = await call
            await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmCallScreen))
            await app.action_quit()
    [form] = decline.asked
    assert "Grade: high" in form.message
    assert result.is_error
    assert (home / "demo-sandbox" / "notes.txt").read_text(encoding="utf-8") == NOTES


async def test_an_agent_that_cancels_its_call_closes_the_dialog(home: Path) -> None:
    seed_sandbox(home / "demo-sandbox", {"notes.txt": NOTES})
    async with agent(home) as client:
        app = make_app(home)
        async with app.run_test(size=(140, 50)) as pilot:
            await _attach(pilot, app)
            call = asyncio.ensure_future(client.call_tool("manage_files", DELETE))
            await _dialog(pilot, app)
            call.cancel()  # the SDK sends notifications/cancelled
            await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmCallScreen))
            await app.action_quit()
    assert (home / "demo-sandbox" / "notes.txt").read_text(encoding="utf-8") == NOTES


async def test_exactly_these_arguments_chosen_in_the_attached_mcp_tui_is_remembered_by_the_gateway(
    home: Path,
) -> None:
    """Every choice of the dialog crosses the socket: "these arguments, always" answered in the attached
    mcp-tui lets the same call run again unasked, and asks again for any other arguments."""
    seed_sandbox(home / "demo-sandbox", {"notes.txt": NOTES})
    first = {"action": "append", "path": "notes.txt", "content": "Call Ada.\n"}
    other = {"action": "append", "path": "notes.txt", "content": "Call Bob.\n"}
    async with agent(home) as client:
        app = make_app(home)
        async with app.run_test(size=(140, 50)) as pilot:
            await _attach(pilot, app)
            call = asyncio.ensure_future(client.call_tool("manage_files", first))
            dialog = await _dialog(pilot, app)
            assert "exact" in [c.value for c in dialog.request.remembered.choices]
            await pilot.press("e")
            assert not (await call).is_error
            await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmCallScreen))
            again = await client.call_tool("manage_files", first)  # no dialog: nothing presses a key
            assert not again.is_error, text_of(again)
            call = asyncio.ensure_future(client.call_tool("manage_files", other))
            await _dialog(pilot, app)
            await pilot.press("escape")
            assert (await call).is_error
            await app.action_quit()
    assert (home / "demo-sandbox" / "notes.txt").read_text(encoding="utf-8") == NOTES + "Call Ada.\n" * 2
    decisions = [(r["decision"], r["rule"]) for r in audit_records(home) if r["interface"] == "gateway"]
    assert [d for d, _ in decisions] == ["ask", "allow", "ask"]

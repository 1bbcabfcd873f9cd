"""A tool opened in any order the staged start allows: before the server lists its tools (before the call
panel exists), and with keys pressed while the call panel is still swapping one tool's form for another's.

Each test holds the app at the moment in question (a gate on the server, a held removal), so the order is
the same on every run, however loaded the machine.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from app_harness import audit_records, panel, wait_for
from servers.slow import Gate, build_slow
from textual import events
from textual.widgets import Input

from tui.config.model import AppConfig, ServerConfig
from tui.config.paths import AppPaths
from tui.config.startup import Startup
from tui.model.servers import ConnectionStatus
from tui.session.session import Session
from tui.ui.app import McpTuiApp
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.widgets.results.result_view import ResultView
from tui.ui.widgets.tool_list import ToolList

SLOW = ServerConfig(name="slow", transport="stdio", command="unused-in-process")


def startup_in(home: Path) -> Startup:
    return Startup(paths=AppPaths.under(home), config=AppConfig(), servers=[SLOW])


async def earlier_run(home: Path) -> None:
    """A run that listed the tools, so this one shows them (cached) before the server answers."""
    session = Session(startup_in(home), targets={"slow": build_slow(Gate(opened=True))})
    await session.start()
    await session.ready("slow", timeout=45)
    await session.aclose()


def not_listed_yet(app: McpTuiApp) -> bool:
    """The server has listed no tools in this run (whether its connection has begun or not)."""
    connected = app.session.state("slow").status is ConnectionStatus.CONNECTED
    return not connected and not app.session.tools("slow")


def form_input(app: McpTuiApp) -> Input:
    form = panel(app).form
    assert form is not None
    return form.query_one(Input)


async def test_a_tool_opened_before_the_server_lists_its_tools_opens_and_keeps_what_was_typed(
    home: Path,
) -> None:
    await earlier_run(home)
    gate = Gate()  # the server holds its handshake: no tools are listed until the test opens it
    app = McpTuiApp(startup_in(home), targets={"slow": build_slow(gate)})
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.main_screen
        tools = screen.query_one(ToolList)
        await wait_for(pilot, lambda: tools.tools)  # the cached tools got their badges: they can be opened
        assert not_listed_yet(app)
        assert screen.mounted_panel is None  # built once the first tools are listed, which has not come

        await pilot.press("down", "enter")  # from the filter into the list; Enter opens echo
        await wait_for(pilot, lambda: panel(app).tool is not None and panel(app).tool.name == "echo")
        await wait_for(pilot, lambda: app.focused is form_input(app))
        await pilot.press(*"hi")
        assert not_listed_yet(app)  # still the order asked for

        gate.open()
        await app.session.ready("slow", timeout=45)

        def confirmed() -> bool:
            """the server's own list to replace the cached one"""
            return app.session.catalogue.confirmed(panel(app).tool)  # type: ignore[arg-type]

        await wait_for(pilot, confirmed)
        assert form_input(app).value == "hi"
        view = panel(app).query_one(ResultView)
        await pilot.press("ctrl+r")  # what was typed before the server answered is what is sent
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
        await pilot.press("o")
        await wait_for(pilot, lambda: view.outcome is not None)
        assert view.outcome is not None
        assert view.outcome.content[0].text == "hi"  # type: ignore[union-attr]


async def test_ctrl_r_while_another_tool_opens_never_sends_the_old_form_to_the_new_tool(home: Path) -> None:
    """echo and shout both take {"text"}: the arguments typed for echo would fit shout. Ctrl+r pressed in the
    moment the panel is replacing echo's form by shout's sends nothing."""
    app = McpTuiApp(startup_in(home), targets={"slow": build_slow(Gate(opened=True))})
    async with app.run_test(size=(120, 40)) as pilot:
        await app.session.ready("slow", timeout=45)
        screen = app.main_screen
        by_name = {tool.name: tool for tool in app.session.tools("slow")}
        await screen.open_tool(by_name["echo"], {"text": "typed for echo"})
        form = panel(app).form
        assert form is not None
        assert form.current()[0] == {"text": "typed for echo"}

        editor = panel(app).query_one("#call-editor")
        remove = editor.remove_children
        seen: list[object] = []

        async def removal_with_ctrl_r_first() -> None:
            """The removal of echo's form, after the app has handled a ctrl+r pressed meanwhile."""
            app.post_message(events.Key("ctrl+r", None))
            handled = asyncio.Event()
            app.call_later(handled.set)  # the app's queue is in order: the key has been handled by then
            await handled.wait()
            seen.append(screen.calls.running)
            await remove()

        editor.remove_children = removal_with_ctrl_r_first  # type: ignore[method-assign]
        screen.query_one(ToolList).post_message(ToolList.Selected(by_name["shout"]))

        def shout_opened() -> bool:
            """shout's own form to be mounted, after the held removal"""
            new_form = panel(app).form
            return bool(seen) and new_form is not None and new_form is not form and new_form.is_mounted

        await wait_for(pilot, shout_opened)
        assert seen == [None]  # no call started
        assert app.screen is screen  # no confirmation asked
        assert panel(app).tool == by_name["shout"]
        assert panel(app).current_arguments()[0] != {"text": "typed for echo"}
        assert audit_records(home) == []

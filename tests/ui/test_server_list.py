"""ServerList: every connection state renders readably; errors wrap and stay literal."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui.model.servers import ConnectionStatus, LeftOut, ServerState
from tui.ui.widgets.server_list import ServerList, server_row


def rendered_lines(widget: ServerList) -> list[str]:
    return [
        "".join(segment.text for segment in widget.render_line(y)).rstrip()
        for y in range(widget.virtual_size.height)
    ]


def test_each_state_has_its_own_words() -> None:
    connecting = server_row(ServerState("files", ConnectionStatus.CONNECTING)).plain
    assert "files" in connecting
    assert "connecting…" in connecting
    connected = server_row(
        ServerState(
            "files",
            ConnectionStatus.CONNECTED,
            server_name="demo-server",
            server_version="1.4.0",
            protocol_version="2025-11-25",
            tool_count=12,
            resolve_capability="tools/resolve",
        )
    ).plain
    for part in (
        "connected",
        "demo-server 1.4.0",
        "protocol 2025-11-25",
        "12 tools",
        "⟳ draft tools/resolve",
    ):
        assert part in connected
    assert "1 tool" in server_row(ServerState("x", ConnectionStatus.CONNECTED, tool_count=1)).plain
    failed = server_row(ServerState("files", ConnectionStatus.FAILED, error="spawn npx: not found")).plain
    assert "failed" in failed
    assert "spawn npx: not found" in failed
    assert "disconnected" in server_row(ServerState("files", ConnectionStatus.DISCONNECTED)).plain


class ServerApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.selected: list[str] = []

    def compose(self) -> ComposeResult:
        yield ServerList()

    def on_server_list_selected(self, event: ServerList.Selected) -> None:
        self.selected.append(event.name)


async def test_states_update_in_place_and_selection_posts_the_name() -> None:
    app = ServerApp()
    async with app.run_test(size=(60, 20)) as pilot:
        servers = app.query_one(ServerList)
        servers.set_state(ServerState("alpha", ConnectionStatus.CONNECTING))
        servers.set_state(ServerState("beta", ConnectionStatus.CONNECTING))
        servers.set_state(ServerState("alpha", ConnectionStatus.CONNECTED, server_name="A", tool_count=3))
        await pilot.pause()
        assert servers.option_count == 2
        text = "\n".join(rendered_lines(servers))
        assert "alpha connected" in text
        assert "beta connecting…" in text
        assert servers.highlighted_server == "alpha"
        servers.focus()
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.selected == ["beta"]
        servers.remove_server("alpha")
        assert servers.states.keys() == {"beta"}
        assert servers.option_count == 1


async def test_long_error_wraps_and_markup_stays_literal() -> None:
    error = "[@click=app.quit]boom[/] " + "connection refused " * 8 + "\x1b[31m"
    app = ServerApp()
    async with app.run_test(size=(50, 30)) as pilot:
        servers = app.query_one(ServerList)
        servers.set_state(ServerState("[b]srv", ConnectionStatus.FAILED, error=error))
        await pilot.pause()
        lines = rendered_lines(servers)
        assert len(lines) > 3  # wrapped inside 50 columns, not cut off
        text = "".join(lines)
        assert "[b]srv" in text
        assert "[@click=app.quit]boom[/]" in text
        assert "\\x1b[31m" in text
        assert "\x1b" not in text
        await pilot.click(ServerList, offset=(5, 2))
        await pilot.pause()
        assert app.is_running


def test_a_connected_server_whose_listing_left_entries_out_says_the_first_and_how_many_more() -> None:
    problems = (
        LeftOut('tools/list entry 2 ("t") is left out: title is not a string', "t"),
        LeftOut("tools/list entry 3 is left out: name is not a string"),
    )
    row = server_row(ServerState("x", ConnectionStatus.CONNECTED, tool_count=1, tool_problems=problems)).plain
    assert '⚠ tools/list entry 2 ("t") is left out: title is not a string (and 1 more: see Logs)' in row
    one = server_row(ServerState("x", ConnectionStatus.CONNECTED, tool_problems=problems[1:])).plain
    assert one.endswith("⚠ tools/list entry 3 is left out: name is not a string")

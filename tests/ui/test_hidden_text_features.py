"""Server text beside the tools is data too: the Resources, Prompts, Traffic and Server tabs, the sampling
and sign-in dialogs, and the server list.

Each test feeds the view a server's text holding markup, escape sequences and hidden characters
(``HOSTILE``), and checks that the markup shows as typed, the rest as ``\\xNN`` and ``<U+XXXX>``, and that
nothing the view draws is a link or a click action.
"""

from __future__ import annotations

import asyncio
from typing import Any

from test_hidden_session_support import (
    SHOWN_VARIABLE,
    VARIABLE,
    Host,
    HostileSession,
    traffic_record,
)
from test_hidden_support import (
    ESCAPES,
    HOSTILE,
    MARKUP,
    NAME,
    SHOWN_ESCAPES,
    SHOWN_HOSTILE,
    SHOWN_NAME,
    SHOWN_SNEAKY,
    SNEAKY,
    assert_shown,
    drawn,
)
from textual.dom import DOMNode
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import OptionList, Static, TextArea

from tui.model.features import SamplingMessage, SamplingRequest
from tui.model.results import BinaryBlock, TextBlock
from tui.model.servers import ConnectionStatus, ServerState
from tui.ui.screens.sampling import SamplingScreen
from tui.ui.screens.save_binary import SaveBinaryScreen
from tui.ui.screens.sign_in import SignInScreen, outcome_text
from tui.ui.widgets.feature_pane import FeaturePane
from tui.ui.widgets.prompts_view import PromptsView
from tui.ui.widgets.resources_view import ResourcesView
from tui.ui.widgets.server_info import ServerInfoView
from tui.ui.widgets.server_list import ServerList
from tui.ui.widgets.traffic_table import TrafficTable
from tui.ui.widgets.traffic_view import TrafficView

# The markup inside a JSON string (the traffic's messages, capabilities, model preferences).
JSON_MARKUP = MARKUP.replace('"', '\\"')


async def settle(pilot: Pilot[None]) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def shown(widget: Widget) -> str:
    """The text ``widget`` shows, after checking that what it draws neither links nor acts."""
    drawn(widget)
    return str(widget.render())


def text_of(parent: DOMNode, selector: str) -> str:
    return shown(parent.query_one(selector, Static))


async def open_pane(pilot: Pilot[None], pane: FeaturePane) -> None:
    pane.show_server("s")
    await settle(pilot)


async def choose_first(pilot: Pilot[None], listing: OptionList) -> None:
    listing.focus()
    listing.highlighted = 0
    await pilot.press("enter")
    await settle(pilot)


def assert_screen_clean(app: Host) -> None:
    """Nothing on the whole screen hides itself or reaches the terminal as a control, and no quit ran."""
    assert_shown(app.export_screenshot())
    assert not app.quit_requested


async def test_resources_list_contents_mime_types_and_template_variables() -> None:
    pane = ResourcesView(HostileSession())
    app = Host(pane)
    async with app.run_test(size=(200, 60)) as pilot:
        await open_pane(pilot, pane)
        listing = pane.query_one("#resource-list", OptionList)
        # The rows cut long names to their column; the highlighted row's details line shows them whole.
        assert_shown(str(listing.get_option_at_index(0).prompt), SHOWN_HOSTILE[:20], f"mem://{SHOWN_HOSTILE}")
        assert_shown(str(listing.get_option_at_index(1).prompt), SHOWN_NAME, f"mem://{{{SHOWN_VARIABLE}}}")
        assert_shown(drawn(listing), SHOWN_NAME)
        assert_shown(text_of(pane, "#resource-detail"), f"{SHOWN_HOSTILE} · mem://{SHOWN_HOSTILE}")
        listing.highlighted = 1
        await settle(pilot)
        assert_shown(text_of(pane, "#resource-detail"), f"{SHOWN_NAME} · template mem://{{{SHOWN_VARIABLE}}}")
        listing.highlighted = 0
        await choose_first(pilot, listing)
        text = text_of(pane, "#resource-text")
        assert_shown(text, f"mem://{SHOWN_HOSTILE} ({SHOWN_HOSTILE})\n{SHOWN_HOSTILE}")
        assert_shown(text_of(pane, ".pane-status"), f"Read mem://{MARKUP}")
        assert_screen_clean(app)
        pane.query_one("#resource-save").press()  # the binary content's type names what is saved
        await pilot.pause()
        assert isinstance(app.screen, SaveBinaryScreen)
        assert_shown(text_of(app.screen, "#save-what"), SHOWN_HOSTILE)
        app.screen.dismiss(None)
        await pilot.pause()
        listing.highlighted = 1
        await pilot.press("enter")
        await settle(pilot)
        assert_shown(text_of(pane.query_one("#template-form"), ".field-title"), SHOWN_VARIABLE)
        assert_shown(text_of(pane, ".pane-status"), f"Fill in {SHOWN_VARIABLE} and press Read.")
        assert_screen_clean(app)


async def test_prompts_list_arguments_and_messages() -> None:
    pane = PromptsView(HostileSession())
    app = Host(pane)
    async with app.run_test(size=(200, 60)) as pilot:
        await open_pane(pilot, pane)
        listing = pane.query_one("#prompt-list", OptionList)
        assert_shown(str(listing.get_option_at_index(0).prompt), f"{SHOWN_HOSTILE}  {SHOWN_HOSTILE}")
        assert_shown(drawn(listing))
        await choose_first(pilot, listing)
        form = pane.query_one("#prompt-form")
        assert_shown(text_of(form, ".field-title"), SHOWN_HOSTILE)
        assert_shown(text_of(form, ".field-help"), SHOWN_HOSTILE)
        await pilot.click("#prompt-get")
        await settle(pilot)
        text = text_of(pane, "#prompt-text")
        assert_shown(text, f"{SHOWN_HOSTILE}\n\n── assistant ──\n{SHOWN_HOSTILE}", f"<image {SHOWN_HOSTILE}")
        assert_shown(text_of(pane, ".pane-status"), f"{SHOWN_NAME}: 2 messages.")
        assert_screen_clean(app)


async def test_traffic_rows_and_json() -> None:
    pane = TrafficView(HostileSession())
    app = Host(pane)
    async with app.run_test(size=(200, 60)) as pilot:
        await open_pane(pilot, pane)
        pane.add("s", traffic_record(direction="out"))  # a message arriving while the tab is open
        # Cells are cut to their columns: this one's method and id start with what must not act or hide.
        pane.add("s", traffic_record(method=f"{ESCAPES}{SNEAKY}", id=f"{SNEAKY}{ESCAPES}"))
        # A line break or a tab in a cell would move the cursor off its row or skip cells.
        pane.add("s", traffic_record(method="notifications/x\nEVIL\tTAB", id="a\nb"))
        table = pane.query_one("#traffic-table", TrafficTable)
        assert table.row_count == 4
        text = drawn(table)  # nothing in it links or acts
        assert_shown(
            text, SHOWN_ESCAPES[:20], SHOWN_SNEAKY[:8], "notifications/x\\x0aEVIL\\x09TAB", "a\\x0ab"
        )
        region = Region(0, 0, table.size.width, table.size.height)
        assert not [
            s.text for strip in table.render_lines(region) for s in strip if {"\n", "\t"} & set(s.text)
        ]
        # The method and id cells show the markup as text, on the first two rows.
        assert [line.count("[b]bold[/b]") for line in text.splitlines() if "[b]" in line] == [2, 2]
        table.focus()
        await pilot.press("enter")
        await pilot.pause()
        text = text_of(pane, "#traffic-json")
        assert_shown(text, f'"method": "{JSON_MARKUP} \\u001b[31mred', f"osc {SHOWN_SNEAKY}")
        assert_screen_clean(app)


async def test_server_info_name_version_problem_capabilities_and_instructions() -> None:
    pane = ServerInfoView(HostileSession())  # type: ignore[arg-type]
    app = Host(pane)
    async with app.run_test(size=(200, 60)) as pilot:
        await open_pane(pilot, pane)
        text = text_of(pane, "#info-text")
        assert_shown(
            text,
            f"Reports itself as: {SHOWN_HOSTILE} {SHOWN_HOSTILE}",
            f"Protocol version: {SHOWN_HOSTILE}",
            f"Problem: {SHOWN_HOSTILE}",
            f'"{JSON_MARKUP} \\u001b[31mred',  # capabilities: JSON
            f"Instructions: {SHOWN_HOSTILE}",
        )
        assert_screen_clean(app)


def sampling_request() -> SamplingRequest:
    return SamplingRequest(
        messages=(SamplingMessage(HOSTILE, (TextBlock(HOSTILE), BinaryBlock("image", HOSTILE, b"x"))),),
        max_tokens=5,
        system_prompt=HOSTILE,
        model_preferences={"hints": [{"name": HOSTILE}]},
        stop_sequences=(HOSTILE,),
        include_context=HOSTILE,
        tools=(HOSTILE,),
    )


async def test_sampling_messages_system_prompt_and_preferences() -> None:
    app = Host(screen=SamplingScreen(NAME, sampling_request()))
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert_shown(text_of(screen, "#sampling-from"), f"{SHOWN_NAME} asks")
        assert_shown(text_of(screen, "#sampling-system"), SHOWN_HOSTILE)
        roles = [shown(role) for role in screen.query(".sampling-role")]
        assert roles == ["system prompt", SHOWN_HOSTILE]
        assert_shown(text_of(screen, "#sampling-message-0"), f"{SHOWN_HOSTILE}\n<image {SHOWN_HOSTILE}")
        meta = text_of(screen, "#sampling-meta")
        assert_shown(
            meta,
            f'"name": "{JSON_MARKUP} \\u001b[31mred',
            f"asks to include context: {SHOWN_HOSTILE} (not",
            f"offers tools: {SHOWN_HOSTILE} (a written",
        )
        assert_screen_clean(app)


# An authorization address a server can make up: markup, a hyperlink escape, a right-to-left override,
# and a line break and a tab that browsers drop but a text box would show as wrapping and space (making
# "@evil.example/" look like the start of a second address). The host is good.example throughout.
URL = (
    'https://good.example/authorize?state=[link="https://evil.example"]x[/link]'
    "&r=\u202eelgoog\x1b]8;;https://evil.example\x1b\\&s=a\n\t@evil.example/"
)
SHOWN_URL = (
    'https://good.example/authorize?state=[link="https://evil.example"]x[/link]'
    "&r=<U+202E>elgoog\\x1b]8;;https://evil.example\\x1b\\&s=a\\x0a\\x09@evil.example/"
)


class HostileSignIn:
    """Shows ``URL`` as the address to open, then waits until cancelled."""

    def __init__(self) -> None:
        self.cancelled = asyncio.Event()

    async def sign_in(self, name: str, show_url: Any, *, open_browser: bool = True) -> ServerState:
        show_url(URL)
        await self.cancelled.wait()
        return ServerState(name, ConnectionStatus.NEEDS_SIGN_IN, error=HOSTILE)

    def cancel_sign_in(self, name: str) -> None:
        self.cancelled.set()


async def test_sign_in_shows_the_whole_address_on_one_line_and_copies_exactly_it() -> None:
    runner = HostileSignIn()
    app = Host(screen=SignInScreen(NAME, runner, open_browser=False))
    copied: list[str] = []
    app.copy_to_clipboard = copied.append  # type: ignore[method-assign]
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert_shown(text_of(screen, "#sign-in-title"), f"Sign in to {SHOWN_NAME}")
        area = screen.query_one("#sign-in-url", TextArea)
        assert area.text == SHOWN_URL  # every character that changes where it goes is visible
        assert text_of(screen, "#sign-in-message").startswith("Sign in at good.example in your browser.")
        assert_shown(drawn(area))
        await pilot.click("#sign-in-copy")
        assert copied == [URL]  # the address the browser is given, not another one
        assert_screen_clean(app)
    assert_shown(
        outcome_text(ServerState(NAME, ConnectionStatus.NEEDS_SIGN_IN, error=HOSTILE)), SHOWN_HOSTILE
    )


async def test_server_list_rows_errors_and_details() -> None:
    servers = ServerList()
    app = Host(servers)
    async with app.run_test(size=(200, 60)) as pilot:
        states = [
            ServerState(NAME, ConnectionStatus.FAILED, error=f"{HOSTILE}\n{HOSTILE}"),
            ServerState("b", ConnectionStatus.NEEDS_SIGN_IN, error=HOSTILE),
            ServerState(
                "c",
                ConnectionStatus.CONNECTED,
                server_name=SNEAKY,
                server_version=VARIABLE,
                protocol_version=NAME,
            ),
        ]
        for state in states:
            servers.set_state(state)
        await pilot.pause()
        rows = [str(servers.get_option_at_index(index).prompt) for index in range(3)]
        assert_shown(rows[0], f"{SHOWN_NAME} failed\n  {SHOWN_HOSTILE}\n  {SHOWN_HOSTILE}")
        assert_shown(rows[1], f"needs sign-in: press ctrl+g to sign in\n  {SHOWN_HOSTILE}")
        assert_shown(rows[2], f"{SHOWN_SNEAKY} {SHOWN_VARIABLE} · protocol {SHOWN_NAME}")
        assert_shown(drawn(servers), SHOWN_NAME)
        assert_screen_clean(app)

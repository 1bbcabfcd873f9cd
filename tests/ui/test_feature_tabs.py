"""The Resources, Prompts, Traffic and Server tabs, and sampling answered by hand, through the real app."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from app_harness import open_tool, wait_for
from textual.pilot import Pilot
from textual.widgets import Button, Input, Label, OptionList, Select, Static, TextArea

from tui.config.startup import load_startup
from tui.model.results import CallOutcome
from tui.model.servers import ToolInfo
from tui.ui.app import McpTuiApp
from tui.ui.screens.sampling import SamplingScreen
from tui.ui.widgets.feature_pane import FeaturePane
from tui.ui.widgets.form.argument_form import ArgumentForm
from tui.ui.widgets.prompts_view import PromptsView
from tui.ui.widgets.resources_view import ResourcesView
from tui.ui.widgets.server_info import ServerInfoView
from tui.ui.widgets.traffic_table import TrafficTable
from tui.ui.widgets.traffic_view import TrafficView

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "features"))
from feature_server import PNG, State, build


def app_with(home: Path, state: State | None = None, protocol: str = "legacy") -> McpTuiApp:
    """Server "f" is in config.toml (so settings can be saved there) and runs in-process."""
    config = f'[servers.f]\ncommand = "unused-in-process"\nprotocol = "{protocol}"\n'
    (home / "config.toml").write_text(config, encoding="utf-8")
    return McpTuiApp(load_startup(config_path=None), targets={"f": build(state)})


def text_of(app: McpTuiApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def sampling_shown(app: McpTuiApp) -> bool:
    """the sampling dialog, composed (its messages are on screen)"""
    return isinstance(app.screen, SamplingScreen) and bool(app.screen.query("#sampling-message-0"))


async def ask_to_sample(pilot: Pilot[None], app: McpTuiApp, question: str) -> asyncio.Future[CallOutcome]:
    """Call the server's ask_model tool in the background, until its sampling dialog is on screen."""
    await app.session.ready("f", timeout=45)
    manager = app.session.manager
    assert manager is not None
    call = asyncio.ensure_future(manager.call_tool("f", "ask_model", {"question": question}))
    await wait_for(pilot, lambda: sampling_shown(app))
    return call


async def open_first(pilot: Pilot[None], app: McpTuiApp, key: str, list_id: str, count: int) -> OptionList:
    """Open a feature tab with ``key``, wait for its list to hold ``count`` entries and open the first
    with Enter: the key put the focus in the list, its first row highlighted."""
    await app.session.ready("f", timeout=45)
    await pilot.press(key)
    listing = app.screen.query_one(list_id, OptionList)
    await wait_for(pilot, lambda: listing.option_count == count)
    assert app.focused is listing
    assert listing.highlighted == 0
    await pilot.press("enter")
    return listing


async def test_sampling_is_answered_by_hand_and_audited(home: Path) -> None:
    app = app_with(home)
    async with app.run_test(size=(140, 45)) as pilot:
        call = await ask_to_sample(pilot, app, "[b]Meaning?[/b]")
        assert text_of(app, "#sampling-message-0") == "[b]Meaning?[/b]"  # literal, not markup
        assert text_of(app, "#sampling-system") == "Answer briefly."
        meta = text_of(app, "#sampling-meta")
        assert "max tokens: 50" in meta
        assert '"hints": [{"name": "claude"}]' in meta
        await pilot.press("ctrl+s")  # an empty reply is not sent
        assert isinstance(app.screen, SamplingScreen)
        app.screen.query_one("#sampling-reply", TextArea).insert("Forty-two.")
        await pilot.press("ctrl+s")
        outcome = await asyncio.wait_for(call, 20)
        assert outcome.content[0].text == "model human (mcp-tui) said: Forty-two."  # type: ignore[union-attr]
    record = json.loads((home / "audit.jsonl").read_text(encoding="utf-8").splitlines()[-1])
    assert (record["kind"], record["answer"], record["reply"]) == ("sampling", "replied", "Forty-two.")


async def test_declining_sampling_tells_the_server(home: Path) -> None:
    app = app_with(home)
    async with app.run_test(size=(140, 45)) as pilot:
        call = await ask_to_sample(pilot, app, "Meaning?")
        await pilot.press("escape")
        outcome = await asyncio.wait_for(call, 20)
        assert "declined" in (outcome.error or "")


async def test_resources_are_listed_read_literally_and_templates_filled(home: Path) -> None:
    app = app_with(home)
    async with app.run_test(size=(140, 50)) as pilot:
        listing = await open_first(pilot, app, "f7", "#resource-list", 4)
        await wait_for(pilot, lambda: "[b]not markup[/b]" in text_of(app, "#resource-text"))
        listing.highlighted = 1
        await pilot.press("enter")
        await wait_for(pilot, lambda: '"a": [\n    1,' in text_of(app, "#resource-text"))  # pretty JSON
        listing.highlighted = 2
        await pilot.press("enter")
        await wait_for(pilot, lambda: f"binary, {len(PNG)} bytes" in text_of(app, "#resource-text"))
        listing.highlighted = 3
        await pilot.press("enter")
        await wait_for(pilot, lambda: bool(app.screen.query("#template-form")))
        await pilot.press(*"al")
        field = app.screen.query_one("#template-form").query_one(Input)
        await wait_for(pilot, lambda: field._suggestion == "alan")  # the server's completion
        await pilot.press("right")  # accepts the suggestion
        await pilot.click("#resource-read")
        await wait_for(pilot, lambda: "Hello, alan!" in text_of(app, "#resource-text"))


async def test_f7_and_f8_put_the_focus_in_their_list_at_80x24_and_keep_its_place(home: Path) -> None:
    app = app_with(home)
    async with app.run_test(size=(80, 24)) as pilot:
        resources = await open_first(pilot, app, "f7", "#resource-list", 4)
        await wait_for(pilot, lambda: "[b]not markup[/b]" in text_of(app, "#resource-text"))
        await pilot.press("down")
        await open_first(pilot, app, "f8", "#prompt-list", 1)
        await wait_for(pilot, lambda: bool(app.screen.query("#prompt-form")))
        await pilot.press("f7")  # back: the row the person had moved to, not the first again
        assert app.focused is resources
        assert resources.highlighted == 1


async def test_prompts_are_fetched_with_arguments_and_shown_literally(home: Path) -> None:
    app = app_with(home)
    async with app.run_test(size=(140, 50)) as pilot:
        await open_first(pilot, app, "f8", "#prompt-list", 1)
        await wait_for(pilot, lambda: bool(app.screen.query("#prompt-form")))
        await pilot.press(*"x = 1")
        await pilot.click("#prompt-get")
        await wait_for(pilot, lambda: "Review this python: x = 1" in text_of(app, "#prompt-text"))
        assert "── assistant ──\n[red]literal[/red]" in text_of(app, "#prompt-text")


async def test_traffic_is_listed_filtered_expanded_and_exported(home: Path) -> None:
    app = app_with(home)
    async with app.run_test(size=(140, 50)) as pilot:
        await app.session.ready("f", timeout=45)
        await pilot.press("f9")
        table = app.screen.query_one("#traffic-table", TrafficTable)
        await wait_for(pilot, lambda: table.row_count >= 4)
        app.screen.query_one("#traffic-filter", Input).value = "tools/list"
        await wait_for(pilot, lambda: table.row_count == 2)
        table.focus()
        table.move_cursor(row=1)
        await pilot.press("enter")
        await wait_for(pilot, lambda: '"tools": [' in text_of(app, "#traffic-json"))
        await pilot.click("#traffic-export")
        await wait_for(pilot, lambda: list((home / "logs").glob("traffic-f-*.jsonl")))
        (exported,) = (home / "logs").glob("traffic-f-*.jsonl")
        rows = [json.loads(line) for line in exported.read_text(encoding="utf-8").splitlines()]
        assert [(r["direction"], r["method"]) for r in rows] == [("out", "tools/list"), ("in", "tools/list")]


async def test_traffic_rows_keep_room_beside_the_json_at_80x24(home: Path) -> None:
    app = app_with(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.session.ready("f", timeout=45)
        await pilot.press("f9")
        table = app.screen.query_one("#traffic-table", TrafficTable)
        await wait_for(pilot, lambda: table.row_count >= 4)
        assert table.scrollable_content_region.height >= 6  # a header and at least five messages
        assert app.screen.query_one("#traffic-detail").region.height >= 4
        # The method comes right after the direction, so the narrow pane still shows what each was.
        assert "tools/list" in "\n".join(table.render_line(y).text for y in range(1, 6))


async def test_server_info_shows_the_handshake_sets_the_log_level_and_edits_roots(
    home: Path, tmp_path: Path
) -> None:
    state = State()
    app = app_with(home, state)
    async with app.run_test(size=(140, 50)) as pilot:
        await app.session.ready("f", timeout=45)
        await pilot.press("f10")
        await wait_for(pilot, lambda: "feature-test 4.5.6" in text_of(app, "#info-text"))
        info = text_of(app, "#info-text")
        assert "Instructions: Read the notes first." in info
        assert '"subscribe": true' in info
        assert not app.screen.query_one("#info-log-level", Select).disabled  # it declares logging
        app.screen.query_one("#info-log-level", Select).value = "critical"
        await wait_for(pilot, lambda: state.level == "critical")
        roots = tmp_path / "project"
        roots.mkdir()
        app.screen.query_one("#info-roots", TextArea).text = str(roots)
        app.screen.query_one("#info-save-roots", Button).press()
        # Roots were not declared at connect: saving them reconnects so the capability is declared.
        await wait_for(pilot, lambda: "Reconnecting f" in text_of(app, "ServerInfoView .pane-status"))
        manager = app.session.manager
        assert manager is not None
        await wait_for(pilot, lambda: bool(manager.tools("f")) and manager.connection("f").roots_declared)
        outcome = await manager.call_tool("f", "my_roots", {})
        assert outcome.content[0].text == roots.as_uri()  # type: ignore[union-attr]
    saved = (home / "config.toml").read_text(encoding="utf-8")
    assert 'log_level = "critical"' in saved
    assert f'roots = ["{roots}"]' in saved


async def test_a_tab_opened_at_start_shows_the_only_server_without_asking_to_highlight_one(
    home: Path,
) -> None:
    app = app_with(home)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f10")  # before the server has connected, with the filter focused
        await wait_for(pilot, lambda: "feature-test 4.5.6" in text_of(app, "#info-text"))
        assert text_of(app, "ServerInfoView .pane-status") == ""
        await pilot.press("f8")
        await wait_for(pilot, lambda: text_of(app, "PromptsView .pane-status") != "")
        assert "Highlight a server" not in text_of(app, "PromptsView .pane-status")


@pytest.mark.slow
async def test_every_feature_tab_shows_the_only_server_whichever_tab_was_open_before_at_80x24(
    home: Path,
) -> None:
    """At 80 columns the tab bar scrolls to the tab a key opens; a tab opened after that still shows the
    highlighted server (Textual's Show event did not come then, and the pane said to highlight one)."""
    app = app_with(home)
    views: dict[str, type[FeaturePane]] = {
        "f7": ResourcesView,
        "f8": PromptsView,
        "f9": TrafficView,
        "f10": ServerInfoView,
    }
    async with app.run_test(size=(80, 24)) as pilot:
        await app.session.ready("f", timeout=45)
        # Every ordered pair of these tabs, one after the other, each once the tab bar has scrolled to it.
        for key in ["f7", "f8", "f9", "f10", "f7", "f9", "f8", "f10", "f9", "f7", "f10", "f8", "f7"]:
            await pilot.press(key)
            await pilot.wait_for_scheduled_animations()  # the tab bar's scroll to the opened tab
            pane: FeaturePane = app.screen.query_one(views[key])

            def shows_the_server(pane: FeaturePane = pane) -> bool:
                """the opened pane to show server f (a pane never told kept asking to highlight one)"""
                return pane.server == "f" and "Highlight a server" not in str(pane.status.render())

            await wait_for(pilot, shows_the_server)


async def test_the_dialog_closes_when_the_request_goes_away(home: Path) -> None:
    app = app_with(home)
    async with app.run_test(size=(140, 45)) as pilot:
        call = await ask_to_sample(pilot, app, "Meaning?")
        call.cancel()
        await wait_for(pilot, lambda: not isinstance(app.screen, SamplingScreen))
    record = json.loads((home / "audit.jsonl").read_text(encoding="utf-8").splitlines()[-1])
    assert record["answer"] == "cancelled"


async def test_subscribing_shows_updates_and_reads_again(home: Path) -> None:
    state = State()
    app = app_with(home, state)
    async with app.run_test(size=(140, 50)) as pilot:
        await open_first(pilot, app, "f7", "#resource-list", 4)
        await wait_for(pilot, lambda: "[b]not markup[/b]" in text_of(app, "#resource-text"))

        def reads() -> int:
            traffic = app.session.features.traffic("f")
            return sum(1 for r in traffic if r.method == "resources/read" and r.direction == "out")

        assert reads() == 1
        app.screen.query_one("#resource-subscribe", Button).press()
        # The test server announces an update as soon as someone subscribes: the view reads it again.
        await wait_for(pilot, lambda: reads() == 2)
        assert state.subscribed == ["notes://plain"]
        await wait_for(
            pilot, lambda: str(app.screen.query_one("#resource-subscribe", Button).label) == "Unsubscribe"
        )
        app.screen.query_one("#resource-subscribe", Button).press()
        await wait_for(pilot, lambda: state.subscribed == [])


async def test_on_2026_subscribing_shows_updates_as_on_earlier_protocols(home: Path) -> None:
    app = app_with(home, protocol="2026-07-28")
    async with app.run_test(size=(140, 50)) as pilot:
        await open_first(pilot, app, "f7", "#resource-list", 4)
        await wait_for(pilot, lambda: "[b]not markup[/b]" in text_of(app, "#resource-text"))
        button = app.screen.query_one("#resource-subscribe", Button)
        button.press()
        await wait_for(pilot, lambda: str(button.label) == "Unsubscribe")
        shown: list[str] = []
        view = app.screen.query_one(ResourcesView)
        view.show_update = shown.append  # type: ignore[method-assign]
        manager = app.session.manager
        assert manager is not None
        await manager.call_tool("f", "touch", {"uri": "notes://plain"})
        await wait_for(pilot, lambda: shown == ["notes://plain"])
        button.press()
        await wait_for(pilot, lambda: str(button.label) == "Subscribe")
        assert app.session.features.subscribed("f") == frozenset()


async def test_a_server_without_logging_offers_no_log_level_to_choose(home: Path) -> None:
    from app_harness import make_app, wait_for_tools

    app = make_app(home)  # the demo declares tools only
    async with app.run_test(size=(140, 50)) as pilot:
        await wait_for_tools(pilot, app)
        await pilot.press("f10")
        await wait_for(pilot, lambda: "mcp-tui-demo" in text_of(app, "#info-text"))
        select = app.screen.query_one("#info-log-level", Select)
        await wait_for(pilot, lambda: select.disabled)
        assert "offers no logging" in str(app.screen.query_one("#info-log-label", Label).content)


async def test_the_subscribe_button_says_what_it_does_to_the_resource_read(home: Path) -> None:
    state = State()
    app = app_with(home, state)
    async with app.run_test(size=(140, 50)) as pilot:
        listing = await open_first(pilot, app, "f7", "#resource-list", 4)
        await wait_for(pilot, lambda: "[b]not markup[/b]" in text_of(app, "#resource-text"))
        button = app.screen.query_one("#resource-subscribe", Button)
        button.press()
        await wait_for(pilot, lambda: str(button.label) == "Unsubscribe")

        await pilot.press("down", "enter")  # another resource, not subscribed to
        await wait_for(pilot, lambda: '"b": 1' in text_of(app, "#resource-text"))
        await wait_for(pilot, lambda: str(button.label) == "Subscribe")

        await pilot.press("up", "enter")
        await wait_for(pilot, lambda: str(button.label) == "Unsubscribe")
        state.refused.add("notes://plain")  # the server refuses it after a reconnect: it is dropped
        await app.session.reconnect("f")
        await app.session.ready("f", timeout=45)
        await wait_for(pilot, lambda: app.session.features.subscribed("f") == frozenset())
        listing.focus()
        await pilot.press("down")
        await wait_for(pilot, lambda: str(button.label) == "Subscribe")


async def test_the_resource_buttons_all_fit_the_pane_at_80_columns(home: Path) -> None:
    # Four buttons of Textual's 16-cell minimum ran past the pane: Save and Refresh were off screen.
    app = app_with(home, State())
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first(pilot, app, "f7", "#resource-list", 4)
        await wait_for(pilot, lambda: "[b]not markup[/b]" in text_of(app, "#resource-text"))
        subscribe = app.screen.query_one("#resource-subscribe", Button)
        subscribe.press()
        await wait_for(pilot, lambda: str(subscribe.label) == "Unsubscribe")  # the longest label
        await pilot.pause()
        pane = app.screen.query_one("#resources")
        buttons = list(pane.query(".pane-buttons Button").results(Button))
        assert [str(b.label) for b in buttons] == ["Read", "Unsubscribe", "Save", "Refresh"]
        for button in buttons:
            assert pane.region.contains_region(button.region), f"{button.label} at {button.region}"


async def test_a_prompts_form_never_feeds_the_open_tools_preflight(home: Path) -> None:
    """A prompt's form posts the same Changed as the call form: it must not be evaluated (preflighted with
    a resolving server, shown as the call's hints) as the tool's own."""
    app = app_with(home)
    async with app.run_test(size=(140, 50)) as pilot:
        await app.session.ready("f", timeout=45)
        screen = app.main_screen
        await wait_for(pilot, lambda: screen.session_started)
        touch = next(tool for tool in app.session.tools("f") if tool.name == "touch")
        await open_tool(pilot, app, touch, {"uri": "notes://plain"})
        call_panel = screen.slot.panel
        live = call_panel.evaluation
        assert live is not None
        asked: list[Any] = []
        change = live.change

        def recording(tool: ToolInfo, value: Any, *rest: Any) -> Any:
            asked.append(value)
            return change(tool, value, *rest)

        live.change = recording  # type: ignore[method-assign]
        await open_first(pilot, app, "f8", "#prompt-list", 1)
        await wait_for(pilot, lambda: bool(screen.query("#prompt-form")))
        prompt_form = screen.query_one("#prompt-form", ArgumentForm)
        call_form = call_panel.form
        assert call_form is not None
        prompt_form.set_value({"code": "x = 1"})

        # Handed straight to the call panel, so the test knows when it was handled (a bubbling message
        # takes a hop per widget): the prompt form's edit is dropped, the call form's is evaluated.
        asked.clear()
        call_panel.on_argument_form_changed(ArgumentForm.Changed(prompt_form, {"code": "x = 1"}, []))
        call_panel.on_argument_form_changed(ArgumentForm.Changed(call_form, {"uri": "notes://plain"}, []))
        assert asked == [{"uri": "notes://plain"}]

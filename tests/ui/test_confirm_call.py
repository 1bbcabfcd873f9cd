"""The confirmation dialog, per grade: focus, colours by class, the typed-name gate, the choices offered."""

from __future__ import annotations

import pytest
from app_harness import wait_for
from test_confirm_support import (
    ADDITIVE,
    DESTRUCTIVE_CLOSED,
    READ_CLOSED,
    READ_OPEN,
    ConfirmHost,
    make_request,
    plain,
)
from textual.color import Color
from textual.widgets import Button, Input, Label, Static, TextArea

from tui.config.model import ToolRule, Trust
from tui.safety.approvals import ApprovalBook
from tui.safety.confirm import ConfirmChoice
from tui.safety.grade import Grade
from tui.safety.tool_hash import DefinitionSnapshot
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.widgets.more_below import MoreBelow

COMPACT = [("safe", READ_CLOSED), ("low", READ_OPEN), ("medium", ADDITIVE)]


def dialog(app: ConfirmHost) -> ConfirmCallScreen:
    assert isinstance(app.screen, ConfirmCallScreen)
    return app.screen


def border_colour(screen: ConfirmCallScreen) -> Color:
    return screen.query_one("#confirm-box").styles.border_left[1]  # at 80x24 the sides keep it alone


@pytest.mark.parametrize(("label", "annotations"), COMPACT)
async def test_compact_grades_focus_allow_and_offer_every_choice(label: str, annotations: dict) -> None:
    app = ConfirmHost(make_request(annotations=annotations))
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = dialog(app)
        assert screen.has_class(f"-grade-{label}")
        assert app.focused is not None
        assert app.focused.id == "confirm-once"
        ids = [b.id for b in screen.query(Button)]
        main = ["confirm-once", "confirm-session", "confirm-always", "confirm-cancel"]
        assert ids == [*main, "confirm-exact", "confirm-hour", "confirm-today"]
        assert f"up to {label}" in str(screen.query_one("#confirm-always", Button).label)
        assert border_colour(screen) == Color.parse(app.theme_variables["primary"])
        await pilot.press("enter")
        await pilot.pause()
    assert app.choices == [ConfirmChoice.ONCE]


async def test_high_uses_warning_colours_focuses_cancel_and_puts_reasons_first() -> None:
    app = ConfirmHost(make_request("erase_notes", DESTRUCTIVE_CLOSED))
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = dialog(app)
        assert screen.grade is Grade.HIGH
        assert screen.has_class("-grade-high")
        assert border_colour(screen) == Color.parse(app.theme_variables["warning"])
        assert app.focused is not None
        assert app.focused.id == "confirm-cancel"
        details = screen.query_one("#confirm-details")
        assert details.children[0].id == "confirm-reasons"
        assert "destructive: may delete or overwrite (the server says)  [explicit]" in plain(
            screen.query_one("#confirm-reasons", Static)
        )
        assert screen.query_one("#confirm-always", Button).display
        await pilot.press("enter")  # Enter on the focused Cancel: a reflex keypress never runs it
        await pilot.pause()
    assert app.choices == [ConfirmChoice.CANCEL]


async def test_compact_dialog_lists_reasons_after_the_details() -> None:
    app = ConfirmHost(make_request("deleteFile", {"readOnlyHint": True}, resolved={"openWorldHint": False}))
    async with app.run_test() as pilot:
        await pilot.pause()
        children = [w.id for w in dialog(app).query_one("#confirm-details").children]
        assert children == ["confirm-resolution", "confirm-lint", "confirm-reasons"]


async def test_critical_gate_needs_the_exact_tool_name_and_offers_no_always() -> None:
    app = ConfirmHost(make_request("wipe_all", None))  # unannotated: critical by default
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = dialog(app)
        assert screen.has_class("-grade-critical")
        assert border_colour(screen) == Color.parse(app.theme_variables["error"])
        # The name box has focus: the name's letters go there, not to the one-letter keys.
        assert app.focused is not None
        assert app.focused.id == "confirm-typed-name"
        # Its placeholder asks for the name; a dim copy of the name alone looked filled in already.
        assert screen.query_one("#confirm-typed-name", Input).placeholder == "type wipe_all here"
        assert not screen.query("#confirm-always")
        once, session = (
            screen.query_one("#confirm-once", Button),
            screen.query_one("#confirm-session", Button),
        )
        assert once.disabled
        assert session.disabled
        screen.query_one("#confirm-cancel", Button).focus()
        await pilot.press("o", "s", "a")  # the shortcuts do nothing while the gate is closed
        await pilot.pause()
        assert app.screen is screen
        assert app.choices == []

        name = screen.query_one("#confirm-typed-name", Input)
        name.focus()
        await pilot.press(*"wipe_al")
        assert once.disabled
        await pilot.press("l", "x")  # too long: still not the name
        assert once.disabled
        await pilot.press("backspace")
        assert not once.disabled
        assert not session.disabled
        await pilot.press("enter")  # moves to Allow; it does not allow by itself
        await pilot.pause()
        assert app.screen is screen
        assert app.focused is once
        await pilot.press("a")  # no "always" on critical, even by key
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("s")
        await pilot.pause()
    assert app.choices == [ConfirmChoice.SESSION]


async def test_critical_dialog_takes_the_typed_name_at_once_even_with_shortcut_letters_in_it() -> None:
    app = ConfirmHost(make_request("clear_cache", None))  # "c" is also the dialog's Cancel key
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = dialog(app)
        await pilot.press("enter")  # a reflex Enter in the empty box does nothing
        await pilot.press(*"clear_cache")
        await pilot.pause()
        assert app.screen is screen, "typing the name never cancels"
        assert screen.query_one("#confirm-typed-name", Input).value == "clear_cache"
        assert not screen.query_one("#confirm-once", Button).disabled
        await pilot.press("enter", "enter")  # to Allow once, then press it
        await pilot.pause()
    assert app.choices == [ConfirmChoice.ONCE]


async def test_critical_wrong_name_keeps_allow_disabled_and_mouse_click_does_nothing() -> None:
    app = ConfirmHost(make_request("wipe_all", None))
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = dialog(app)
        screen.query_one("#confirm-typed-name", Input).focus()
        await pilot.press(*"WIPE_ALL")
        once = screen.query_one("#confirm-once", Button)
        assert once.disabled
        await pilot.click(once)
        await pilot.pause()
        assert app.screen is screen
        assert app.choices == []
        await pilot.press("escape")
        await pilot.pause()
    assert app.choices == [ConfirmChoice.CANCEL]


async def test_ask_rule_dialog_offers_no_always() -> None:
    rule = ToolRule("demo", "manage_files", "ask")
    app = ConfirmHost(make_request(annotations=READ_CLOSED, rules=(rule,)))
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = dialog(app)
        assert screen.request.decision.rule == "ask-rule"
        assert not screen.query("#confirm-always")
        assert "your rule says always ask" in plain(screen.query_one("#confirm-decision", Static))


async def test_keyboard_only_flows_each_choice() -> None:
    for keys, expected in (
        (("s",), ConfirmChoice.SESSION),
        (("a",), ConfirmChoice.ALWAYS),
        (("o",), ConfirmChoice.ONCE),
        (("escape",), ConfirmChoice.CANCEL),
        (("right", "right", "enter"), ConfirmChoice.ALWAYS),
        (("tab", "enter"), ConfirmChoice.SESSION),
    ):
        app = ConfirmHost(make_request(annotations=ADDITIVE))
        async with app.run_test() as pilot:
            await pilot.pause()
            await pilot.press(*keys)
            await pilot.pause()
        assert app.choices == [expected], keys


async def test_mouse_click_chooses() -> None:
    app = ConfirmHost(make_request(annotations=READ_OPEN))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.click("#confirm-always")
        await pilot.pause()
    assert app.choices == [ConfirmChoice.ALWAYS]


async def test_arguments_are_shown_exactly_and_markup_stays_literal() -> None:
    hostile = "[bold red]x[/] [@click=app.quit]quit[/]"
    arguments = {"path": hostile, "nested": {"n": 1, "list": [True, None]}, "esc": "\x1b[31m"}
    request = make_request(
        "drop[b]table[/b]", None, arguments=arguments, title="[@click=app.quit]Delete[/]", server="srv[i]"
    )
    app = ConfirmHost(request)
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        screen = dialog(app)
        assert screen.query_one("#confirm-arguments", TextArea).text == request.arguments_json
        assert screen.query_one("#confirm-arguments", TextArea).read_only
        title = plain(screen.query_one("#confirm-title", Static))
        assert title == 'Run "[@click=app.quit]Delete[/]" (drop[b]table[/b]) on srv[i]?'
        assert "unannotated: assumed destructive and open-world  [default]" in plain(
            screen.query_one("#confirm-reasons", Static)
        )
        assert "drop[b]table[/b]" in plain(screen.query_one("#confirm-gate-label", Static))
        await pilot.click("#confirm-title")  # clicking the title is inert; the app did not quit
        await pilot.pause()
        assert app.is_running
        assert app.screen is screen


async def test_trust_resolution_and_lint_are_shown() -> None:
    request = make_request(
        "delete_notes", {"readOnlyHint": True, "openWorldHint": False}, resolved={"readOnlyHint": False}
    )
    app = ConfirmHost(request)
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        screen = dialog(app)
        trust = plain(screen.query_one("#confirm-trust", Static))
        assert trust == "untrusted server: hints can add friction, never remove it"
        resolution = plain(screen.query_one("#confirm-resolution", Static))
        assert "read-only: yes → no (resolved)" in resolution
        assert "resolved for these arguments" in resolution
        lint = plain(screen.query_one("#confirm-lint", Static))
        assert 'The name contains "delete"' in lint
        assert "riskier than its tool definition" in lint

    trusted = ConfirmHost(make_request(annotations=ADDITIVE, trust=Trust.TRUSTED))
    async with trusted.run_test() as pilot:
        await pilot.pause()
        assert "trusted server" in plain(dialog(trusted).query_one("#confirm-trust", Static))


async def test_changed_definition_says_what_changed() -> None:
    old = DefinitionSnapshot.of("manage_files", "old words", {"type": "object"}, READ_CLOSED)
    book = ApprovalBook()
    book.grant("demo|stdio|demo-server", "demo", old, Grade.SAFE, "always")
    app = ConfirmHost(make_request(annotations=READ_CLOSED, book=book))
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        screen = dialog(app)
        assert screen.request.decision.rule == "definition-changed"
        text = plain(screen.query_one("#confirm-definition-changes", Static))
        assert text.startswith("The tool changed since you approved it:")
        assert "description" in text


async def dialog_height(request_args: dict[str, object], annotations: dict[str, object]) -> tuple[int, int]:
    """(rows the dialog takes, rows of arguments the box can scroll) at 120x40."""
    app = ConfirmHost(make_request("add_note", annotations, arguments=request_args))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = dialog(app)
        arguments = screen.query_one("#confirm-arguments", TextArea)
        return screen.query_one("#confirm-box").outer_size.height, arguments.max_scroll_y


async def test_compact_dialog_is_as_tall_as_its_content_and_high_keeps_its_room() -> None:
    short = {"text": "hello world"}
    compact, _ = await dialog_height(short, ADDITIVE)  # medium, four reasons
    high, _ = await dialog_height(short, DESTRUCTIVE_CLOSED)
    # border 2, title, grade, trust, decision 2, reasons 3, label, arguments 3 + border 2, gap, buttons
    assert compact <= 18
    assert high >= compact + 6  # high still spaces its parts out and frames its buttons


async def test_long_arguments_are_shown_whole_and_the_dialog_says_there_is_more_below() -> None:
    # In a box of its own a few lines high, 80x24 showed only "{": now the dialog scrolls as one.
    long = {f"field_{n}": n for n in range(40)}
    app = ConfirmHost(make_request("add_note", ADDITIVE, arguments=long))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = dialog(app)
        arguments = screen.query_one("#confirm-arguments", TextArea)
        assert arguments.max_scroll_y == 0  # every line of the arguments is in the box
        box = screen.query_one("#confirm-box")
        more = screen.query_one("#confirm-more", MoreBelow)
        assert box.outer_size.height <= 40
        await wait_for(pilot, lambda: more.display)
        await pilot.press("pagedown", "pagedown", "pagedown")
        await wait_for(pilot, lambda: not more.display)
        last = screen.query_one("#confirm-buttons").region
        assert box.region.contains_region(last)


@pytest.mark.parametrize(("label", "annotations"), COMPACT)
async def test_compact_dialog_shows_every_button_whole_at_80_columns(label: str, annotations: dict) -> None:
    app = ConfirmHost(make_request(annotations=annotations))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = dialog(app).query_one("#confirm-box").content_region
        for button in dialog(app).query(Button):
            assert box.contains_region(button.region), f"{button.id} is cut off"


async def test_after_the_typed_name_o_allows_and_a_wrong_name_says_so() -> None:
    app = ConfirmHost(make_request("roll_dice", None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = dialog(app)
        box = screen.query_one("#confirm-typed-name", Input)
        await pilot.press(*"roll_dize", "enter")  # a wrong name: Enter says so
        await pilot.pause()
        assert "not the tool's name" in str(screen.query_one("#confirm-gate-label", Label).content)
        assert app.screen is screen
        await pilot.press("backspace", "backspace", "c", "e")
        assert box.value == "roll_dice"
        await pilot.press("o")  # the footer's key, from the name box: it allows, it does not type
        await pilot.pause()
        assert box.value == "roll_dice"
    assert app.choices == [ConfirmChoice.ONCE]

"""The canary of Textual's private names: an upgrade of Textual that moves one fails here first.

Every private name of Textual that ``tui`` reaches lives in ``tui.ui.textual_internals``, which says what
to check on upgrade; each test here exercises one of its names against the installed Textual
(``tests/test_private_access.py`` checks that every one is exercised here, and that no other module of
``tui`` reaches a private name).
"""

from __future__ import annotations

import inspect

from app_harness import wait_for
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, OptionList
from textual.widgets.option_list import Option

from tui.ui.textual_internals import FooterKey, OneLineOptionList

ROWS = [f"row {number:03}" for number in range(200)]


class _Keys(App[None]):
    BINDINGS = [Binding("f5", "reload", "Reload"), Binding("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Footer()


async def test_footer_key_is_the_widget_the_footer_shows_for_each_key() -> None:
    async with _Keys().run_test() as pilot:
        footer = pilot.app.query_one(Footer)
        await wait_for(pilot, lambda: len(footer.query(FooterKey)) >= 2)
        keys = list(footer.query(FooterKey))
        assert {key.action for key in keys} >= {"reload", "quit"}
        assert all(isinstance(key, FooterKey) for key in footer.children)


class _Rows(App[None]):
    def compose(self) -> ComposeResult:
        yield OneLineOptionList(id="rows")

    def on_mount(self) -> None:
        self.query_one(OneLineOptionList).set_options([Option(row) for row in ROWS])


def _drawn(app: App[None]) -> list[str]:
    """The text of each line the list shows."""
    rows = app.query_one(OneLineOptionList)
    return [rows.render_line(y).text.strip() for y in range(rows.scrollable_content_region.height)]


async def test_one_line_rows_draw_and_scroll_as_an_option_list_does() -> None:
    async with _Rows().run_test(size=(40, 12)) as pilot:
        rows = pilot.app.query_one(OneLineOptionList)
        await wait_for(pilot, lambda: _drawn(pilot.app)[:2] == ROWS[:2])
        height = rows.scrollable_content_region.height
        assert _drawn(pilot.app) == ROWS[:height]
        assert rows.virtual_size.height == len(ROWS), "one line per option, none measured"
        rows.highlighted = 150
        await wait_for(pilot, lambda: ROWS[150] in _drawn(pilot.app))
        # A new set of options (a filter) draws the new rows at once, reusing rendered ones.
        rows.set_options([Option(row) for row in ROWS[::10]])
        await wait_for(pilot, lambda: _drawn(pilot.app)[:2] == [ROWS[0], ROWS[10]])
        assert rows.virtual_size.height == len(ROWS[::10])


def test_the_option_list_still_has_the_private_methods_it_overrides() -> None:
    render = inspect.signature(OptionList._get_option_render).parameters
    assert list(render) == ["self", "option", "style"]
    assert list(inspect.signature(OptionList._update_lines).parameters) == ["self"]
    for used in ("_get_left_gutter_width", "_get_visual", "_scroll_update"):
        assert callable(getattr(OptionList, used)), used
    options = OptionList("a", "b")
    assert set(options._option_to_index) == set(options.options)
    cache = options._line_cache
    assert (cache.lines, cache.heights, cache.index_to_line) == ([], {}, {})

"""ServerLogView: per-server buffers, bounded, literal, following the tail."""

from __future__ import annotations

from typing import Any

from app_harness import wait_for
from textual.app import App, ComposeResult
from textual.pilot import Pilot

from tui.ui.widgets.log_view import LINE_LIMIT, ServerLogView


class LogApp(App[None]):
    def __init__(self, max_lines: int = 2000) -> None:
        super().__init__()
        self.max_lines = max_lines

    def compose(self) -> ComposeResult:
        yield ServerLogView(max_lines=self.max_lines)


async def written(pilot: Pilot[Any]) -> None:
    """Let the view write what came in: new lines wait (up to ``FLUSH_SECONDS``) and go out together,
    wrapped to the view's width. Until nothing waits and what is written fits the width it has now."""
    view = pilot.app.query_one(ServerLogView)

    def settled() -> bool:
        """the log view to have written every waiting line, wrapped to its present width"""
        width = view.scrollable_content_region.width
        return not view._pending and view._flush_timer is None and width > 0 and view._wrap_width == width

    await wait_for(pilot, settled)


async def resized(pilot: Pilot[Any], width: int, height: int) -> None:
    """Resize the terminal, until the view has its new width (it wraps again then: see ``written``)."""
    view = pilot.app.query_one(ServerLogView)
    before = view.scrollable_content_region.width
    await pilot.resize_terminal(width, height)
    await wait_for(pilot, lambda: view.scrollable_content_region.width != before)


def screen_text(view: ServerLogView) -> list[str]:
    return [
        "".join(segment.text for segment in view.render_line(y)).rstrip()
        for y in range(view.scrollable_content_region.height)
    ]


async def test_lines_are_kept_per_server_and_shown_literally() -> None:
    app = LogApp()
    async with app.run_test(size=(80, 12)) as pilot:
        view = app.query_one(ServerLogView)
        view.add_stderr("alpha", "[bold]starting[/] \x1b[31mred\x1b[0m")
        view.add_log("beta", "warning", "[@click=app.quit]disk low")
        view.add_stderr("alpha", "two\nlines")
        await written(pilot)
        assert view.lines_of("alpha") == ["[bold]starting[/] \\x1b[31mred\\x1b[0m", "two", "lines"]
        assert view.lines_of("beta") == ["warning: [@click=app.quit]disk low"]
        shown = screen_text(view)
        assert shown[0] == "alpha: [bold]starting[/] \\x1b[31mred\\x1b[0m"
        assert shown[1] == "beta: warning: [@click=app.quit]disk low"
        view.show("beta")
        await written(pilot)
        assert screen_text(view)[0] == "warning: [@click=app.quit]disk low"
        assert screen_text(view)[1] == ""
        view.add_stderr("alpha", "not for this view")
        view.add_stderr("beta", "for this view")
        await written(pilot)
        assert screen_text(view)[:2] == ["warning: [@click=app.quit]disk low", "for this view"]
        await pilot.click(ServerLogView, offset=(12, 0))
        assert app.is_running


async def test_bounded_and_follows_the_tail() -> None:
    app = LogApp(max_lines=50)
    async with app.run_test(size=(80, 12)) as pilot:
        view = app.query_one(ServerLogView)
        view.show("flood")
        for n in range(500):
            view.add_stderr("flood", f"line {n}")
        view.add_stderr("flood", "x" * (LINE_LIMIT * 3))
        await written(pilot)
        kept = view.lines_of("flood")
        assert len(kept) == 50
        assert kept[0] == "line 451"
        assert kept[-1].endswith(f"({LINE_LIMIT * 2} more characters)")
        assert view.line_count == 50
        assert view.scroll_y == view.max_scroll_y > 0
        assert screen_text(view)[-1].startswith("xxxx")


async def test_forget_drops_a_server() -> None:
    app = LogApp()
    async with app.run_test(size=(80, 12)):
        view = app.query_one(ServerLogView)
        view.add_stderr("gone", "bye")
        view.forget("gone")
        assert view.lines_of("gone") == []


async def test_log_notifications_are_coloured_by_level_and_stay_literal() -> None:
    from tui.ui.widgets.log_levels import level_of

    app = LogApp()
    async with app.run_test(size=(80, 12)) as pilot:
        view = app.query_one(ServerLogView)
        view.add_log("alpha", "error", "[b]disk[/b] full")
        view.add_log("alpha", "debug", "tick")
        await written(pilot)
        error_line = view.render_line(0)
        assert "".join(s.text for s in error_line).startswith("alpha: error: [b]disk[/b] full")
        styled = [s for s in error_line if s.text.strip() and s.style and s.style.color]
        colours = {str(s.style.color.name) for s in styled if s.style and s.style.color}
        assert colours == {"red"}
        assert level_of("alpha: debug: tick") == "debug"
        assert level_of("plain stderr line") is None


async def test_an_empty_log_says_so_until_the_first_line() -> None:
    app = LogApp()
    async with app.run_test(size=(80, 12)) as pilot:
        view = app.query_one(ServerLogView)
        view.show("quiet")
        await written(pilot)
        assert (
            screen_text(view)[0] == "quiet has written nothing yet (its stderr and log messages show here)."
        )
        view.add_stderr("quiet", "hello")
        await written(pilot)
        assert screen_text(view)[:2] == ["hello", ""]
        view.show(None)
        await written(pilot)
        assert screen_text(view)[0] == "quiet: hello"


async def test_long_lines_wrap_at_the_width_and_again_when_it_changes() -> None:
    app = LogApp()
    line = "".join(f"{n:03d}," for n in range(60))  # 240 characters, all different
    async with app.run_test(size=(80, 12)) as pilot:
        view = app.query_one(ServerLogView)
        view.show("wide")
        view.add_stderr("wide", line)
        await written(pilot)
        width = view.scrollable_content_region.width
        rows = [row for row in screen_text(view) if row]
        assert all(len(row) <= width for row in rows)
        assert "".join(rows) == line  # nothing cut at the edge
        await resized(pilot, 50, 12)
        await written(pilot)
        narrower = [row for row in screen_text(view) if row]
        assert len(narrower) > len(rows)
        assert "".join(narrower) == line


async def test_the_empty_log_s_sentence_wraps_between_words_and_again_when_the_width_changes() -> None:
    app = LogApp()
    async with app.run_test(size=(30, 12)) as pilot:  # 28 columns for text beside the scrollbar
        view = app.query_one(ServerLogView)
        view.show("a-server-with-a-name-longer-than-a-row")
        await written(pilot)
        assert [row for row in screen_text(view) if row] == [
            "a-server-with-a-name-longer-",  # only a word longer than a whole row is cut
            "than-a-row has written",
            "nothing yet (its stderr and",
            "log messages show here).",
        ]
        await resized(pilot, 40, 12)
        await written(pilot)
        assert [row for row in screen_text(view) if row] == [
            "a-server-with-a-name-longer-than-a-row",
            "has written nothing yet (its stderr",
            "and log messages show here).",
        ]

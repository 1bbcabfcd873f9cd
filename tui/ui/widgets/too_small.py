"""What the main screen shows instead of its panes when the terminal is smaller than the layout needs.

Below 80x24 the panes cannot hold a tool's arguments and its result at once; rather than a screen cut
off at its edges, one line says the size it needs and the size it has. Growing the terminal brings
everything back as it was: the panes are only hidden, not closed.
"""

from __future__ import annotations

from textual.widgets import Static

MIN_WIDTH = 80
MIN_HEIGHT = 24


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


def size_message(width: int, height: int) -> str:
    return (
        f"mcp-tui needs a terminal of at least {MIN_WIDTH}x{MIN_HEIGHT} (columns x rows); "
        f"this one is {width}x{height}. Make it larger (everything is kept), or ctrl+q to quit."
    )


class TooSmall(Static):
    DEFAULT_CSS = """
    TooSmall { display: none; width: 1fr; height: 1fr; padding: 1 2; content-align: center middle; }
    """

    def show_size(self, width: int, height: int) -> None:
        self.update(size_message(width, height))
        self.display = too_small(width, height)

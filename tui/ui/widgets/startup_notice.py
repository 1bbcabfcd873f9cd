"""The line above the lists: what could not be read at start-up, and the demo server's hint.

Hidden when there is nothing to say. F6 (the main screen's key) shows every problem instead of the first
few. A banner capped to fewer lines (two on a short screen) lists fewer problems, so that its last line
on screen is always the one naming F6: the person sees how to reach the rest.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from tui.session.startup import PROBLEMS_SHOWN, Startup, problems_notice


class StartupNotice(Static):
    def __init__(self, startup: Startup, *, id: str | None = None) -> None:
        self.startup = startup
        self.everything = False
        super().__init__(self._text(), id=id, markup=False)

    def on_mount(self) -> None:
        self.display = bool(self.content)
        if self.startup.problems:
            self.add_class("-problems")

    def on_resize(self) -> None:
        self._fit()

    def toggle_everything(self) -> None:
        self.everything = not self.everything
        self.set_class(self.everything, "-expanded")
        self._fit()

    def _fit(self) -> None:
        text = self._fitted_text()
        if text != self.content:
            self.update(text)

    def _fitted_text(self) -> str:
        """The most the banner's rows hold, its key line last: fewer problems listed, then no demo hint."""
        rows = self._rows()
        width = self.content_size.width
        if self.everything or rows is None or width <= 0:
            return self._text()
        # The demo's hint goes only for a key line: without problems it is the whole banner (cut, if so).
        hints = (True, False) if self.startup.problems else (True,)
        candidates = [self._text(listed, demo) for demo in hints for listed in range(PROBLEMS_SHOWN, -1, -1)]
        return next(
            (t for t in candidates if Content(t).get_height(self.styles.get_rules(), width) <= rows),
            candidates[-1],
        )

    def _rows(self) -> int | None:
        """The lines of text the banner's max-height (app.tcss) leaves it; None when it has no cap."""
        cap = self.styles.max_height
        if cap is None:
            return None
        return int(cap.resolve(self.container_size, self.app.size)) - self.styles.gutter.height

    def _text(self, listed: int = PROBLEMS_SHOWN, demo: bool = True) -> str:
        lines = problems_notice(self.startup.problems, everything=self.everything, listed=listed)
        if self.startup.using_demo and demo:
            where = self.startup.config_file or self.startup.paths.config_file
            lines.append(
                f"No servers configured: showing the bundled demo server. Add yours in {where} "
                "(or try: mcp-tui -- COMMAND, mcp-tui --url URL)."
            )
        return "\n".join(lines)

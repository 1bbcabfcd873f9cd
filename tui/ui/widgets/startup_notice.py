"""The line above the lists: what could not be read (config, approvals and policy files), and the demo hint.

Hidden when there is nothing to say. F6 (the main screen's key) shows every problem instead of the first
few; with no problem to show, F6 or a click puts the demo server's hint away for the rest of the run. A
banner capped to fewer lines (two on a short screen) lists fewer problems, so that its last line on screen
is always the one naming F6: the person sees how to reach the rest.
"""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.widgets import Static

from tui.session.startup import PROBLEMS_SHOWN, Startup, problems_notice

DISMISS_HINT = "F6 hides this"
"""Named on the hint's first line: at 80x24 the notice keeps two lines (a click hides it too)."""


class StartupNotice(Static):
    def __init__(self, startup: Startup, *, id: str | None = None) -> None:
        self.startup = startup
        self.problems: list[str] = list(startup.problems)
        """The config file's problems, then (once the session exists) its approvals and policy files'."""
        self.everything = False
        self.hint_dismissed = False
        """Set by F6 or a click: the demo hint stays away for the rest of the run."""
        super().__init__(self._text(), id=id, markup=False)

    def on_mount(self) -> None:
        self._show()

    def on_resize(self) -> None:
        self._fit()

    def add_problems(self, problems: list[str]) -> None:
        """More files that could not be read (the session reads the approvals and policy files): counted
        with the config's, in the one banner."""
        new = [problem for problem in problems if problem not in self.problems]
        if new:
            self.problems += new
            self._show()

    def toggle_everything(self) -> None:
        """F6: every problem, or the first few again; with no problem, F6 puts the demo hint away."""
        if not self.problems:
            self.dismiss_hint()
            return
        self.everything = not self.everything
        self.set_class(self.everything, "-expanded")
        self._show()

    def dismiss_hint(self) -> None:
        self.hint_dismissed = True
        self._show()

    def on_click(self, event: events.Click) -> None:
        # Problems stay until they are fixed; only the hint goes.
        self.dismiss_hint()

    def _show(self) -> None:
        self.update(self._fitted_text())
        self.display = bool(self.content)
        self.set_class(bool(self.problems), "-problems")

    def _fit(self) -> None:
        text = self._fitted_text()
        if text != self.content:
            self.update(text)

    def _fitted_text(self) -> str:
        """The most the banner's rows hold, its key line last: fewer problems listed, then no demo hint."""
        rows = self._rows() if self.is_mounted else None
        width = self.content_size.width
        if self.everything or rows is None or width <= 0:
            return self._text()
        # The demo's hint goes only for a key line: without problems it is the whole banner (cut, if so).
        hints = (True, False) if self.problems else (True,)
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
        lines = problems_notice(self.problems, everything=self.everything, listed=listed)
        if self.startup.using_demo and demo and not self.hint_dismissed:
            where = self.startup.config_file or self.startup.paths.config_file
            lines.append(
                f"No servers configured: showing the bundled demo server ({DISMISS_HINT}). Add yours in "
                f"{where} (or try: mcp-tui -- COMMAND, mcp-tui --url URL)."
            )
        return "\n".join(lines)

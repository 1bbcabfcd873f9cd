"""The line above the lists: what could not be read at start-up, and the demo server's hint.

Hidden when there is nothing to say. F6 (the main screen's key) shows every problem instead of the first
few.
"""

from __future__ import annotations

from textual.widgets import Static

from tui.session.startup import Startup, problems_notice


class StartupNotice(Static):
    def __init__(self, startup: Startup, *, id: str | None = None) -> None:
        self.startup = startup
        self.everything = False
        super().__init__(self._text(), id=id, markup=False)

    def on_mount(self) -> None:
        self.display = bool(self.content)
        if self.startup.problems:
            self.add_class("-problems")

    def toggle_everything(self) -> None:
        self.everything = not self.everything
        self.update(self._text())
        self.set_class(self.everything, "-expanded")

    def _text(self) -> str:
        lines = problems_notice(self.startup.problems, everything=self.everything)
        if self.startup.using_demo:
            where = self.startup.config_file or self.startup.paths.config_file
            lines.append(
                f"No servers configured: showing the bundled demo server. Add yours in {where} "
                "(or try: mcp-tui -- COMMAND, mcp-tui --url URL)."
            )
        return "\n".join(lines)

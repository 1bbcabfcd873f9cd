"""The person's own hints for a tool ("your override"): each hint stated true, false, or not set.

An override beats the server's hints (provenance ``override``) and lives in the approvals file.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Input, Label, Select

from tui.model.hints import HINT_NAMES, SHORT_LABELS
from tui.ui.safe_text import literal
from tui.ui.widgets.prefs.context import PrefsSection

UNSET = "unset"


def hint_select(name: str, value: bool | None, id: str) -> Select[str]:
    label = SHORT_LABELS[name]
    options = [(f"{label}: true", "true"), (f"{label}: false", "false"), (f"{label}: not set", UNSET)]
    current = UNSET if value is None else ("true" if value else "false")
    return Select(options, value=current, allow_blank=False, id=id, name=name, classes="hint-select")


def read_hints(selects: list[Select[str]]) -> dict[str, bool]:
    return {s.name or "": s.value == "true" for s in selects if s.value in ("true", "false")}


class AnnotationOverrides(PrefsSection):
    DEFAULT_CSS = """
    AnnotationOverrides Label.override-name { padding: 1 1 0 1; width: 1fr; }
    AnnotationOverrides #override-new-server { width: 24; }
    AnnotationOverrides #override-new-tool { width: 1fr; }
    /* Four selects a row, each wide enough for "open-world: not set"; two a row when narrow. */
    AnnotationOverrides .hint-selects { layout: grid; grid-size: 4; grid-columns: 28; grid-rows: 3; }
    AnnotationOverrides.-narrow .hint-selects { grid-size: 2; grid-columns: 1fr; }
    AnnotationOverrides Select.hint-select { width: 100%; }
    """

    def compose(self) -> ComposeResult:
        yield Label(Content("Your annotation overrides"), classes="prefs-heading")
        yield Label(
            Content("Your override replaces the server's hint for that tool; not set keeps the server's."),
            classes="prefs-note",
        )
        self.shown = self.settings.policy.override_items()
        for index, (server, tool, hints) in enumerate(self.shown):
            with Horizontal(classes="override-row", id=f"override-row-{index}"):
                yield Label(literal(f"{server} / {tool}: your override"), classes="override-name")
                yield Button(Content("Remove"), id=f"override-remove-{index}", compact=True)
            with Horizontal(classes="override-hints hint-selects", id=f"override-hints-{index}"):
                for name in HINT_NAMES:
                    yield hint_select(name, hints.get(name), f"override-{index}-{name}")
        yield Label(Content("Add an override:"), classes="prefs-note")
        with Horizontal():
            names = self.settings.server_names()
            yield Select(
                [(literal(n), n) for n in names],
                prompt="server",
                id="override-new-server",
                value=names[0] if names else Select.NULL,
            )
            yield Input(placeholder="tool name", id="override-new-tool")
            yield Button(Content("Add"), id="override-add", compact=True)
        with Horizontal(classes="hint-selects", id="override-new-hints"):
            for name in HINT_NAMES:
                yield hint_select(name, None, f"override-new-{name}")

    def _save(self, server: str, tool: str, hints: dict[str, bool]) -> bool:
        return self.report(self.settings.set_override(server, tool, hints))

    @on(Select.Changed, ".override-hints Select")
    def _changed(self, event: Select.Changed) -> None:
        event.stop()
        index = int((event.select.id or "").split("-")[1])
        server, tool, old = self.shown[index]
        row = self.query_one(f"#override-hints-{index}", Horizontal)
        hints = read_hints(list(row.query(Select).results(Select)))
        if hints == old:
            return
        if not self._save(server, tool, hints) or not hints:
            self.refresh(recompose=True)
        else:
            self.shown[index] = (server, tool, hints)

    @on(Button.Pressed, ".override-row Button")
    def _remove(self, event: Button.Pressed) -> None:
        event.stop()
        server, tool, _ = self.shown[int((event.button.id or "").rsplit("-", 1)[-1])]
        self._save(server, tool, {})
        self.refresh(recompose=True)

    @on(Button.Pressed, "#override-add")
    def _add(self, event: Button.Pressed) -> None:
        event.stop()
        server = self.query_one("#override-new-server", Select).value
        tool = self.query_one("#override-new-tool", Input).value.strip()
        selects = list(self.query_one("#override-new-hints", Horizontal).query(Select).results(Select))
        hints = read_hints(selects)
        if server is Select.NULL or not tool or not hints:
            self.say(
                "Not added: choose a server, type the tool's name and set at least one hint.", error=True
            )
            return
        if self._save(str(server), tool, hints):
            self.refresh(recompose=True)

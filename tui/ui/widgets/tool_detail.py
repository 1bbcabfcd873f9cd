"""One tool in full: who serves it, what it says it does, its schemas, and its hints with provenance."""

from __future__ import annotations

import json
from typing import Any

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from tui.model.hints import Hints
from tui.model.servers import EXTENSION_ID, ToolInfo
from tui.safety.grade import grade_hints
from tui.safety.tool_lint import lint_listed_tool
from tui.ui.safe_text import literal, one_line
from tui.ui.widgets.badges import HintBadges
from tui.ui.widgets.hint_text import UNANNOTATED_NOTE, describe_hints, describe_resolvable

SCHEMA_LIMIT = 200_000
"""Characters of a schema shown; a larger one is cut with a note (it would only slow the screen)."""


def pretty_json(value: Any) -> str:
    try:
        text = json.dumps(value, indent=2, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    if len(text) > SCHEMA_LIMIT:
        text = text[:SCHEMA_LIMIT] + f"\n… cut: {len(text) - SCHEMA_LIMIT} more characters"
    return text


def resolution_text(tool: ToolInfo) -> str:
    """Which resolution dialect the tool uses, in words (the seed drafts keep their established wording)."""
    if tool.resolve_method != EXTENSION_ID:
        return describe_resolvable(tool.resolve_method)
    return (
        "Resolvable per call via the tool-resolution extension (io.modelcontextprotocol/tool-resolution, "
        "an experimental draft, not in a released spec): the hints can be refined for the arguments you "
        "enter, and each call is asked about again right before it is sent."
    )


class ToolDetail(VerticalScroll):
    """Call :meth:`show_tool` with a tool (and its effective hints, when known beyond the static ones)."""

    DEFAULT_CSS = """
    ToolDetail { height: 1fr; padding: 0 1; }
    ToolDetail > Static { width: 1fr; margin-bottom: 1; }
    ToolDetail > .tool-detail--heading { margin-bottom: 0; text-style: bold; color: $text-muted; }
    ToolDetail > HintBadges { margin-bottom: 1; }
    ToolDetail.-empty > .tool-detail--section { display: none; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, can_focus=True)
        self._tool: ToolInfo | None = None
        self._hints: Hints | None = None

    def compose(self) -> ComposeResult:
        yield Static(Content("No tool selected."), id="detail-title")
        section = "tool-detail--section"
        yield HintBadges(id="detail-badges", classes=section)
        yield Static(id="detail-hints", classes=section)
        yield Static(id="detail-resolve", classes=section)
        for heading, id in (
            ("Description", "detail-description"),
            ("Input schema", "detail-input-schema"),
            ("Output schema", "detail-output-schema"),
        ):
            yield Static(Content(heading), classes=f"tool-detail--heading {section}")
            yield Static(id=id, classes=section)

    def on_mount(self) -> None:
        self.set_class(self._tool is None, "-empty")

    @property
    def tool(self) -> ToolInfo | None:
        return self._tool

    @property
    def hints(self) -> Hints | None:
        return self._hints

    def show_tool(self, tool: ToolInfo | None, hints: Hints | None = None) -> None:
        """Show ``tool`` with ``hints`` (default: its static annotations); None clears the view."""
        self._tool = tool
        self.set_class(tool is None, "-empty")
        if tool is None:
            self._hints = None
            self._clear()
            return
        self._hints = hints if hints is not None else Hints.from_annotations(tool.annotations)
        result = grade_hints(self._hints)
        self._set("#detail-title", self._title(tool))
        self.query_one("#detail-badges", HintBadges).update(
            self._hints, result.grade, tool.resolve_method is not None
        )
        lines = [Content.assemble("Risk: ", (result.grade.label, "bold"))]
        if self._hints.unannotated:
            lines.append(Content.styled(UNANNOTATED_NOTE, "#fb8c00"))
        lines.extend(Content(f"  {text}") for text in describe_hints(self._hints))
        for warning in lint_listed_tool(tool):
            lines.append(Content.assemble(("⚠ ", "bold $warning"), literal(warning.message, "$warning")))
        lines.extend(Content(f"  · {reason.text}") for reason in result.reasons)
        self._set("#detail-hints", Content("\n").join(lines))
        self._set("#detail-resolve", Content(resolution_text(tool)))
        description = tool.description.strip()
        self._set(
            "#detail-description", literal(description) if description else Content.styled("(none)", "dim")
        )
        self._set("#detail-input-schema", literal(pretty_json(tool.input_schema)))
        output = tool.output_schema
        self._set(
            "#detail-output-schema",
            literal(pretty_json(output)) if output is not None else Content("none declared"),
        )
        self.scroll_home(animate=False)

    def _title(self, tool: ToolInfo) -> Content:
        parts = [literal(one_line(tool.display_title), "bold")]
        if tool.display_title != tool.name:
            parts.append(Content.assemble("name: ", literal(one_line(tool.name))))
        parts.append(Content.assemble("server: ", literal(one_line(tool.server))))
        return Content("\n").join(parts)

    def _set(self, selector: str, content: Content) -> None:
        self.query_one(selector, Static).update(content)

    def _clear(self) -> None:
        self._set("#detail-title", Content("No tool selected."))
        self.query_one("#detail-badges", HintBadges).update(None, None)
        for selector in ("#detail-hints", "#detail-resolve", "#detail-description"):
            self._set(selector, Content(""))
        for selector in ("#detail-input-schema", "#detail-output-schema"):
            self._set(selector, Content(""))

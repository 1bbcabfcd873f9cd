"""Human text for the headless commands. Every piece of server text goes through ``visible``."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui.model.formatting import human_size, pretty_json
from tui.model.hints import SHORT_LABELS
from tui.safety.visible_text import visible, visible_line

if TYPE_CHECKING:
    from tui.model.display_templates import CallPreview
    from tui.model.hints import Hints
    from tui.model.results import CallOutcome, ContentBlock
    from tui.safety.assessment import Assessment
    from tui.safety.grade import GradeResult
    from tui.session.call_flow import Evaluation
    from tui.session.tool_query import ToolEntry


def hints_line(hints: Hints) -> str:
    """``read-only=false (explicit)  destructive=true (default) ...``"""
    return "  ".join(
        f"{SHORT_LABELS[name]}={'true' if hint.value else 'false'} ({hint.provenance.value})"
        for name, hint in hints.items()
    )


def reason_lines(grade: GradeResult) -> list[str]:
    return [f"  - {reason.text}" for reason in grade.reasons]


def pretty(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


def tool_lines(entry: ToolEntry, assessment: Assessment) -> list[str]:
    """``show``: the tool in full."""
    tool = entry.tool
    lines = [
        f"{visible_line(tool.server)} / {visible_line(tool.name)}",
        f"title: {visible_line(tool.display_title)}",
        f"grade: {assessment.grade.grade.label}",
        *reason_lines(assessment.grade),
        f"hints: {hints_line(assessment.hints)}",
        (
            f"resolution: {tool.dialect_label} ({tool.resolve_method})"
            if tool.resolve_method
            else "resolution: none (the static hints hold for every call)"
        ),
    ]
    lines += [f"lint: {visible(warning.message)}" for warning in entry.lint]
    lines += ["", "description:", visible(tool.description or "(none)"), "", "input schema:"]
    lines.append(visible(pretty(tool.input_schema)))
    if tool.output_schema is not None:
        lines += ["", "output schema:", visible(pretty(tool.output_schema))]
    return lines


def preview_line(preview: CallPreview) -> str:
    """The server's one-line wording of a call, quoted and marked as the server's (its text is already
    visible: the renderer made it so), with the names it leaves out."""
    omission = f"  {preview.omission}" if preview.unreferenced else ""
    return f'preview (the server\'s wording): "{preview.text}"{omission}'


def evaluation_lines(evaluation: Evaluation) -> list[str]:
    """``resolve``: what a call with these arguments would get."""
    preflight, assessment, decision = evaluation.preflight, evaluation.assessment, evaluation.decision
    lines = [
        f"{visible_line(evaluation.tool.server)} / {visible_line(evaluation.tool.name)}",
        f"arguments: {visible(json.dumps(evaluation.arguments, ensure_ascii=False))}",
        *([preview_line(evaluation.preview)] if evaluation.preview is not None else []),
        f"resolution: {visible(preflight.summary)}",
        f"grade: {assessment.grade.grade.label}",
        *reason_lines(assessment.grade),
        f"hints: {hints_line(assessment.hints)}",
    ]
    lines += [f"changed: {change.describe()}" for change in assessment.changes]
    lines += [f"warning: {visible(warning)}" for warning in preflight.warnings]
    lines += [f"definition changed: {visible(change)}" for change in decision.changes]
    lines.append(f"decision: {decision.action} ({decision.rule}): {visible(decision.reason)}")
    return lines


BODY_INDENT = "  "
"""Before every line of server text in a result: mcp-tui's own lines (``[image ...]``, ``[resource ...]``,
``structured content:``, ``── user ──``) start at column 0 and a server's never do, so a body cannot pass
for one of them. A uniform indent keeps the text easy to copy (and JSON still parses); ``--json`` has it
as sent."""


def server_body(text: str) -> str:
    """Server text made visible, every line indented by ``BODY_INDENT`` (an empty line stays empty)."""
    return "\n".join(BODY_INDENT + line if line else line for line in visible(text).split("\n"))


def _pretty_text(text: str) -> str:
    """Text that is a JSON object or array, re-indented (as the TUI shows it); other text unchanged."""
    return pretty_json(text) or text


def block_lines(block: ContentBlock, saved: Path | None) -> list[str]:
    """One content block as text; the server's summary of it (Display Templates), when it has one, first."""
    lines = _block_body(block, saved)
    if block.display_text is None:
        return lines
    return [f"[the server's summary: {visible_line(block.display_text)}]", *lines]


def _block_body(block: ContentBlock, saved: Path | None) -> list[str]:
    where = f", saved to {saved}" if saved is not None else ""
    if block.kind == "text":
        return [server_body(_pretty_text(block.text))]
    if block.kind in ("image", "audio"):
        head = f"[{block.kind} {visible_line(block.mime_type)}"
        if block.decode_error:  # nothing to show or save: say why
            return [f"{head}] ({visible_line(block.decode_error)})"]
        return [f"{head}, {human_size(len(block.data))}{where}]"]
    if block.kind == "resource_link":
        size = f", {human_size(block.size)}" if block.size is not None else ""
        return [f"[link {visible_line(block.name)}: {visible_line(block.uri)}{size}]"]
    if block.kind == "resource":
        mime = visible_line(block.mime_type or "")
        head = f"[resource {visible_line(block.uri)} {mime}]".replace(" ]", "]")
        if block.text is not None:
            return [head, server_body(_pretty_text(block.text))]
        if block.decode_error:
            return [f"{head} ({visible_line(block.decode_error)})"]
        blob = block.blob or b""
        return [f"{head[:-1]}, {human_size(len(blob))}{where}]"]
    if block.kind == "unknown":
        return [f"[unknown block {visible_line(block.type)}]", server_body(pretty(block.raw))]
    return []


def outcome_lines(outcome: CallOutcome, saved: dict[int, Path]) -> Iterable[str]:
    """The result as the TUI shows it: each content block, then the structured content."""
    for index, block in enumerate(outcome.content):
        yield from block_lines(block, saved.get(index))
    if outcome.structured is not None:
        yield "structured content:"
        yield server_body(pretty(outcome.structured))

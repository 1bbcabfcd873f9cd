"""The JSON documents of ``--json``: field names follow the audit record's (docs/audit.md)."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

from tui.model.hints import hints_record
from tui.model.servers import dialect_label
from tui.safety.lint import LintWarning
from tui.safety.visible_text import escape_hidden_in_json

if TYPE_CHECKING:
    from tui.model.servers import ServerState, ToolInfo
    from tui.safety.assessment import Assessment
    from tui.safety.grade import GradeResult
    from tui.session.call_flow import CallRecord, Evaluation
    from tui.session.tool_query import ToolEntry


def emit(document: Any) -> None:
    """One JSON document on stdout. Server text stays data: every control character and every character
    that hides or reorders text is a ``\\uXXXX`` escape, never raw (``escape_hidden_in_json``)."""
    sys.stdout.write(escape_hidden_in_json(json.dumps(document, indent=2, ensure_ascii=False)) + "\n")


def tool_title(tool: ToolInfo) -> str | None:
    return tool.display_title if tool.display_title != tool.name else tool.title


def lint_list(warnings: list[LintWarning] | tuple[LintWarning, ...]) -> list[dict[str, str]]:
    return [{"code": warning.code, "message": warning.message} for warning in warnings]


def reasons(grade: GradeResult) -> list[dict[str, Any]]:
    return [
        {"text": reason.text, "provenance": reason.provenance.value if reason.provenance else None}
        for reason in grade.reasons
    ]


def tool_document(entry: ToolEntry) -> dict[str, Any]:
    """One entry of ``tools --json``: the tool list's row (same hints, grade and lint as the TUI's)."""
    tool = entry.tool
    return {
        "server": tool.server,
        "name": tool.name,
        "title": tool_title(tool),
        "grade": entry.grade.label,
        "hints": hints_record(entry.hints),
        "resolvable": tool.resolve_method,
        "dialect": tool.dialect_label,
        "lint": lint_list(entry.lint),
    }


def show_document(entry: ToolEntry, assessment: Assessment) -> dict[str, Any]:
    """``show --json``: the tools entry plus everything the tool says about itself."""
    tool = entry.tool
    return {
        **tool_document(entry),
        "reasons": reasons(assessment.grade),
        "description": tool.description,
        "input_schema": tool.input_schema,
        "output_schema": tool.output_schema,
        "annotations": tool.annotations,
    }


def server_document(state: ServerState, trust: str) -> dict[str, Any]:
    return {
        "server": state.name,
        "state": state.status.value,
        "error": state.error,
        "protocol_version": state.protocol_version,
        "server_name": state.server_name,
        "server_version": state.server_version,
        "tools": state.tool_count,
        "trust": trust,
        "resolvable": state.resolve_capability,
        "tool_problems": [problem.text for problem in state.tool_problems],
    }


def evaluation_document(evaluation: Evaluation) -> dict[str, Any]:
    """``resolve --json``: the preflight and the decision, in the audit record's words."""
    preflight, assessment, decision = evaluation.preflight, evaluation.assessment, evaluation.decision
    return {
        "server": evaluation.tool.server,
        "tool": evaluation.tool.name,
        "definition_hash": evaluation.definition.hash,
        "arguments": evaluation.arguments,
        # The rendered (visible) text, as the audit record has it; null when the tool declares none.
        "preview": evaluation.preview.text if evaluation.preview is not None else None,
        "preview_unreferenced": list(evaluation.preview.unreferenced) if evaluation.preview else [],
        "hints": hints_record(assessment.hints),
        "grade": assessment.grade.grade.label,
        "reasons": reasons(assessment.grade),
        "changes": [
            {
                "hint": change.name,
                "from": change.before.value,
                "to": change.after.value,
                "provenance": change.provenance.value,
            }
            for change in assessment.changes
        ],
        "resolution": {
            "status": preflight.status.value,
            "method": preflight.method,
            "dialect": dialect_label(preflight.method),
            "summary": preflight.summary,
        },
        "warnings": list(preflight.warnings),
        "decision": decision.action,
        "rule": str(decision.rule),
        "reason": decision.reason,
        "definition_changes": list(decision.changes),
    }


def call_document(
    record: CallRecord, outcome: str, duration_ms: int | None, error: str | None
) -> dict[str, Any]:
    """``call --json``: the evaluation, what happened (as the audit record says) and the raw result."""
    sent = record.outcome.raw
    return {
        **evaluation_document(record.evaluation),
        "choice": record.choice.value if record.choice else None,
        "outcome": outcome,
        "duration_ms": duration_ms,
        "error": error,
        "interface": "cli",
        "result": sent,
    }

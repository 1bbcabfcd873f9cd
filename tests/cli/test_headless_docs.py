"""docs/headless.md documents the headless commands as they behave: exit statuses and every JSON field."""

from __future__ import annotations

import re
from pathlib import Path

from tui.cli.exit_codes import Exit, exit_codes_markdown, exit_codes_text
from tui.cli.records import (
    call_document,
    evaluation_document,
    server_document,
    show_document,
    tool_document,
)
from tui.config.model import ServerConfig
from tui.model.hints import Hints
from tui.model.results import CallOutcome, CallStatus
from tui.model.servers import ConnectionStatus, ServerState, ToolInfo
from tui.safety.assessment import assess
from tui.safety.decision import Decision
from tui.safety.tool_hash import DefinitionSnapshot
from tui.session.call_flow import CallRecord, Evaluation
from tui.session.preflight import PreflightResult, PreflightStatus
from tui.session.tool_query import make_entry

SECTION = (Path(__file__).resolve().parents[2] / "docs" / "headless.md").read_text(encoding="utf-8")


def documented_fields(command: str) -> set[str]:
    row = next(line for line in SECTION.splitlines() if line.startswith(f"| `{command}` |"))
    fields = set(re.findall(r"`([a-z_]+)`", row.split("|")[3]))
    for inherited in re.findall(r"the `([a-z]+)` fields", row):
        fields |= documented_fields(inherited)
    return fields


def test_the_exit_status_table_is_the_one_the_code_uses() -> None:
    assert exit_codes_markdown() in SECTION
    assert [code.value for code in Exit] == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 130]
    assert all(f"  {code.value:<4} " in exit_codes_text() for code in Exit)


def test_every_json_field_is_documented() -> None:
    annotations = {"readOnlyHint": True, "openWorldHint": False}
    tool = ToolInfo("demo", "peek", "Peek", "Looks.", {"type": "object"}, None, annotations)
    static = Hints.from_annotations(annotations)
    assessment = assess(static)
    preflight = PreflightResult(PreflightStatus.NOT_RESOLVABLE, tool, "{}", static, static)
    decision = Decision("allow", "Allowed: a rule", "always-rule")
    server = ServerConfig(name="demo", transport="stdio", command="x")
    evaluation = Evaluation(
        tool, {}, server, DefinitionSnapshot.from_tool(tool), preflight, assessment, decision
    )
    record = CallRecord(evaluation, None, CallOutcome(CallStatus.OK, raw={"content": []}), 0.0)

    documents = {
        "servers": server_document(ServerState("demo", ConnectionStatus.CONNECTED), "trusted"),
        "tools": tool_document(make_entry(tool)),
        "show": show_document(make_entry(tool), assessment),
        "resolve": evaluation_document(evaluation),
        "call": call_document(record, "ok", 3, None),
    }
    for command, document in documents.items():
        assert set(document) <= documented_fields(command), command

"""``mcp-tui audit`` as text: each record (a call, a sampling request, an elicitation) in a few lines.

Every field a server or a person could have put text into goes through ``visible``: the terminal shows
it literally, and nothing in it moves the cursor or styles what follows.
"""

from __future__ import annotations

from tui.safety.visible_text import visible, visible_line
from tui.session.audit_reading import AuditRecord, ElicitationAuditRecord, RequestRecord, SamplingAuditRecord


def _head(time: str, interface: str, server: str, what: str) -> str:
    return f"{time}  {interface:<3}  {visible_line(server)}/{what}"


def call_lines(record: AuditRecord) -> list[str]:
    took = f" {record.duration_ms} ms" if record.duration_ms is not None else ""
    head = _head(record.time, record.interface, record.server, visible_line(record.tool))
    lines = [
        f"{head}  {record.grade}  {record.decision} ({record.rule})  {record.outcome}{took}",
        f"    {visible_line(record.reason)}",
    ]
    if record.preview is not None:  # visible when written, made so again: a log can be edited by hand
        left_out = f"  (not in it: {', '.join(map(visible_line, record.preview_unreferenced))})"
        lines.append(
            f'    preview: "{visible_line(record.preview)}"{left_out if record.preview_unreferenced else ""}'
        )
    if record.error:
        lines.append(f"    error: {visible_line(record.error)}")
    if record.agent is not None:  # a gateway call: which agent asked for it, as its host named it
        name, version = record.agent.get("name", "?"), record.agent.get("version", "?")
        lines.append(f"    agent: {visible_line(name)} {visible_line(version)}")
    return lines


def _by(answered_by: str | None) -> str:
    return f" by {answered_by}" if answered_by else ""


def elicitation_lines(record: ElicitationAuditRecord) -> list[str]:
    head = _head(record.time, record.interface, record.server, "elicitation")
    lines = [f"{head}  {record.answer}{_by(record.answered_by)}", f"    {visible_line(record.reason)}"]
    if record.fields:
        lines.append(f"    fields answered: {', '.join(visible_line(name) for name in record.fields)}")
    asked = visible(record.message).splitlines() or [""]
    lines.append(f"    asked: {asked[0]}")
    lines.extend(f"           {line}" for line in asked[1:])
    return lines


def sampling_lines(record: SamplingAuditRecord) -> list[str]:
    head = _head(record.time, record.interface, record.server, "sampling")
    lines = [f"{head}  {record.answer}{_by(record.answered_by)}"]
    if record.reason:
        lines.append(f"    {visible_line(record.reason)}")
    return lines


def record_lines(record: AuditRecord | RequestRecord) -> list[str]:
    if isinstance(record, ElicitationAuditRecord):
        return elicitation_lines(record)
    if isinstance(record, SamplingAuditRecord):
        return sampling_lines(record)
    return call_lines(record)

"""The audit log in the app: recent records, newest first, each with its decision and reason.

Call attempts, and the server's questions to the person (sampling, elicitation) with their answers: the
same records ``mcp-tui audit`` shows. Highlighting a row shows the whole record below (arguments, hints
with provenance, changes, error; or the question, who answered and why).
"""

from __future__ import annotations

import json

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from tui.session.audit_reading import AuditReader, AuditRecord, ElicitationAuditRecord, RequestRecord
from tui.ui.safe_text import literal, one_line
from tui.ui.widgets.key_footer import KeyFooter

COLUMNS = ("time", "server", "tool", "grade", "decision", "outcome", "reason")


def _cell(text: str, limit: int = 60) -> Text:
    # DataTable reads a str cell as markup; a Text is shown as it is.
    return Text(one_line(text, limit))


def _short_time(iso: str) -> str:
    """``2025-01-31T09:15:02.123Z`` -> ``2025-01-31 09:15:02``: the table needs no more."""
    return iso.replace("T", " ")[:19]


def record_text(record: AuditRecord) -> str:
    """Every field of one record, plainly, for the detail pane."""
    lines = [
        f"{record.time}  {record.server} / {record.tool}",
        f"grade: {record.grade}   decision: {record.decision} (rule {record.rule})",
        f"outcome: {record.outcome}",
    ]
    if record.choice:
        lines.append(f"you chose: {record.choice}")
    if record.duration_ms is not None:
        lines.append(f"duration: {record.duration_ms} ms")
    lines.append(f"reason: {record.reason}")
    if record.error:
        lines.append(f"error: {record.error}")
    lines.extend(f"changed: {change}" for change in record.changes)
    lines.append("hints:")
    for name, hint in record.hints.items():
        if isinstance(hint, dict):
            lines.append(f"  {name}: {json.dumps(hint.get('value'))} ({hint.get('provenance', '?')})")
        else:
            lines.append(f"  {name}: {json.dumps(hint)}")
    lines.append(f"definition hash: {record.definition_hash}")
    lines.append("arguments:")
    if isinstance(record.arguments, dict):
        lines.append(json.dumps(record.arguments, indent=2, ensure_ascii=False))
    else:
        lines.append(f"  {record.arguments} (redacted by your preference)")
    return "\n".join(lines)


def request_text(record: RequestRecord) -> str:
    """Every field of a sampling or elicitation record, plainly, for the detail pane."""
    what = "elicitation" if isinstance(record, ElicitationAuditRecord) else "sampling"
    lines = [
        f"{record.time}  {record.server} / {what}",
        f"answer: {record.answer}" + (f" (by {record.answered_by})" if record.answered_by else ""),
    ]
    if record.reason:
        lines.append(f"reason: {record.reason}")
    if isinstance(record, ElicitationAuditRecord):
        lines.append(f"fields asked for: {', '.join(record.requested) or '(none)'}")
        if record.fields:
            lines.append(f"fields answered (never their values): {', '.join(record.fields)}")
        lines.append(f"asked: {record.message}")
    else:
        lines.append("request:")
        lines.append(json.dumps(record.request, indent=2, ensure_ascii=False))
        if record.reply is not None:
            lines.append(f"reply sent: {record.reply}")
    return "\n".join(lines)


def row_cells(record: AuditRecord | RequestRecord) -> tuple[str, ...]:
    """The table's cells (see ``COLUMNS``): a server's question fills the tool and decision columns with
    what it was and how it was answered."""
    if isinstance(record, AuditRecord):
        cells = (record.server, record.tool, record.grade, record.decision, record.outcome)
    else:
        what = "(elicitation)" if isinstance(record, ElicitationAuditRecord) else "(sampling)"
        cells = (record.server, what, "", record.answer, f"by {record.answered_by or 'no one'}")
    return (_short_time(record.time), *cells, record.reason or "")


def detail_text(record: AuditRecord | RequestRecord) -> str:
    return record_text(record) if isinstance(record, AuditRecord) else request_text(record)


class AuditViewScreen(Screen[None]):
    """The latest ``limit`` records of ``log``; Escape goes back, r reloads."""

    BINDINGS = [
        Binding("escape", "close", "Back", id="audit.close"),
        Binding("r", "reload", "Reload", id="audit.reload"),
    ]

    DEFAULT_CSS = """
    AuditViewScreen #audit-source { color: $text-muted; padding: 0 1; }
    AuditViewScreen #audit-table { height: 1fr; }
    AuditViewScreen #audit-detail-box { height: 1fr; border-top: solid $primary; padding: 0 1; }
    """

    def __init__(self, log: AuditReader, limit: int = 200) -> None:
        super().__init__()
        self.audit_log = log
        self.limit = limit
        self.records: list[AuditRecord | RequestRecord] = []
        """Newest first, as in the table."""

    def compose(self) -> ComposeResult:
        yield Static("", id="audit-source")
        yield DataTable(id="audit-table", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="audit-detail-box"):
            yield Static("", id="audit-detail")
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(*COLUMNS)
        self.action_reload()
        table.focus()

    def action_reload(self) -> None:
        self.records = list(reversed(self.audit_log.recent_entries(self.limit)))
        table = self.query_one(DataTable)
        table.clear()
        for index, record in enumerate(self.records):
            *cells, outcome, reason = row_cells(record)
            table.add_row(
                *(_cell(cell, 40) for cell in cells), _cell(outcome, 14), _cell(reason, 80), key=str(index)
            )
        self.query_one("#audit-source", Static).update(literal(self._source_text()))
        self._show(0 if self.records else None)

    def _source_text(self) -> str:
        count = len(self.records)
        text = (
            f"{self.audit_log.path}: the latest {count} record{'s' if count != 1 else ''} "
            "(calls, and what servers asked you), newest first"
        )
        if not count:
            text = f"{self.audit_log.path}: nothing recorded yet"
        older = len(self.audit_log.files()) - (1 if self.audit_log.path.exists() else 0)
        if older:
            text += f" (read with its {older} older rotated file{'s' if older != 1 else ''})"
        skipped = self.audit_log.skipped_lines
        if skipped:
            text += f"; {skipped} unreadable line{'s' if skipped != 1 else ''} skipped"
        return text

    def _show(self, index: int | None) -> None:
        detail = self.query_one("#audit-detail", Static)
        if index is None or not 0 <= index < len(self.records):
            detail.update(Content(""))
            return
        detail.update(literal(detail_text(self.records[index])))

    @on(DataTable.RowHighlighted)
    @on(DataTable.RowSelected)
    def _row(self, event: DataTable.RowHighlighted | DataTable.RowSelected) -> None:
        self._show(int(event.row_key.value or 0))

    def action_close(self) -> None:
        self.dismiss(None)

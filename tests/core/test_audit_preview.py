"""The audit record's ``preview`` and ``preview_unreferenced``: written, redacted with the arguments, and
read back (records written before previews existed read as having none)."""

from __future__ import annotations

import json

import pytest

from tui.model.display_templates import CallPreview
from tui.safety.effective import effective_hints
from tui.store.audit_record import REDACTED, AuditRecord, make_record

PREVIEW = CallPreview("read notes.md", ("upload_to",), "tool")


def record(preview: CallPreview | None, *, redact: bool = False) -> AuditRecord:
    return make_record(
        server="s", tool="t", definition_hash="h", arguments={"path": "notes.md", "upload_to": "x"},
        hints=effective_hints(None), grade="critical", decision="ask", reason="r", rule="no-rule",
        outcome="ok", preview=preview, redact=redact,
    )  # fmt: skip


def test_the_preview_and_what_it_leaves_out_are_written_and_read_back() -> None:
    written = record(PREVIEW)
    line = json.loads(written.to_line())
    assert (line["preview"], line["preview_unreferenced"]) == ("read notes.md", ["upload_to"])
    assert AuditRecord.from_json(line) == written


def test_no_template_is_null_and_nothing_left_out() -> None:
    line = json.loads(record(None).to_line())
    assert (line["preview"], line["preview_unreferenced"]) == (None, [])


def test_redacting_the_arguments_redacts_the_preview_that_shows_them() -> None:
    line = json.loads(record(PREVIEW, redact=True).to_line())
    assert line["arguments"] == REDACTED
    assert line["preview"] == REDACTED
    assert line["preview_unreferenced"] == ["upload_to"]


def test_a_record_from_before_previews_reads_as_having_none() -> None:
    old = json.loads(record(None).to_line())
    del old["preview"], old["preview_unreferenced"]
    read = AuditRecord.from_json(old)
    assert (read.preview, read.preview_unreferenced) == (None, [])


@pytest.mark.parametrize(
    ("key", "value"), [("preview", 3), ("preview_unreferenced", "x"), ("preview_unreferenced", [1])]
)
def test_a_malformed_preview_field_is_a_bad_record(key: str, value: object) -> None:
    line = json.loads(record(PREVIEW).to_line()) | {key: value}
    with pytest.raises(ValueError, match=key):
        AuditRecord.from_json(line)

"""The README documents what the code does."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from tui.store.audit import fields_markdown
from tui.store.request_records import (
    ELICITATION_FIELD_DOCS,
    ElicitationAuditRecord,
    elicitation_fields_markdown,
)

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def test_the_audit_field_table_is_the_one_the_code_writes() -> None:
    assert fields_markdown().strip() in README


def test_every_screenshot_the_readme_shows_exists() -> None:
    shown = [line.split("](", 1)[1].split(")", 1)[0] for line in README.splitlines() if line.startswith("![")]
    assert len(shown) >= 5
    root = Path(__file__).resolve().parents[1]
    assert [path for path in shown if not (root / path).is_file()] == []


def test_the_elicitation_record_table_is_the_one_the_code_writes() -> None:
    assert elicitation_fields_markdown().strip() in README
    documented = [name for name, _, _ in ELICITATION_FIELD_DOCS]
    assert sorted(documented) == sorted(f.name for f in fields(ElicitationAuditRecord))

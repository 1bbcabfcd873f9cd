"""Tool-definition hashes, their readable diffs, user overrides, and the annotation lint."""

from __future__ import annotations

from typing import Any

import pytest

from tui.model.hints import Provenance
from tui.safety.effective import effective_hints
from tui.safety.grade import Grade, grade_hints
from tui.safety.lint import destructive_word, lint_tool, name_tokens
from tui.safety.overrides import Overrides
from tui.safety.tool_hash import DefinitionSnapshot, definition_hash, describe_changes

SCHEMA = {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}


def test_hash_ignores_key_order_and_changes_with_every_field() -> None:
    base = definition_hash("t", "d", SCHEMA, {"readOnlyHint": True})
    reordered = {"required": ["path"], "properties": {"path": {"type": "string"}}, "type": "object"}
    assert definition_hash("t", "d", reordered, {"readOnlyHint": True}) == base
    assert len(base) == 64
    variants = [
        definition_hash("u", "d", SCHEMA, {"readOnlyHint": True}),
        definition_hash("t", "e", SCHEMA, {"readOnlyHint": True}),
        definition_hash("t", "d", {**SCHEMA, "required": []}, {"readOnlyHint": True}),
        definition_hash("t", "d", SCHEMA, {"readOnlyHint": False}),
        definition_hash("t", "d", SCHEMA, None),
    ]
    assert len({base, *variants}) == 6
    # An empty annotations object says the same as none at all.
    assert definition_hash("t", "d", SCHEMA, {}) == definition_hash("t", "d", SCHEMA, None)


def test_snapshot_is_a_frozen_copy_and_round_trips() -> None:
    props: dict[str, Any] = {"path": {"type": "string"}}
    schema = {"type": "object", "properties": props}
    snap = DefinitionSnapshot.of("t", "d", schema, {"destructiveHint": False})
    props["force"] = {"type": "boolean"}
    assert "force" not in snap.input_schema
    assert DefinitionSnapshot.from_json(snap.to_json()) == snap
    assert snap.hash == definition_hash("t", "d", snap.input_schema, {"destructiveHint": False})
    with pytest.raises(ValueError, match="inputSchema"):
        DefinitionSnapshot.from_json({"name": "t", "description": "", "inputSchema": []})


def test_describe_changes_in_plain_lines() -> None:
    old = DefinitionSnapshot.of("t", "d", SCHEMA, {"destructiveHint": False, "title": "T"})
    new_schema = {
        "type": "object",
        "properties": {"path": {"type": "integer"}, "force": {"type": "boolean"}},
        "required": ["force"],
        "additionalProperties": False,
    }
    new = DefinitionSnapshot.of("t", "d2", new_schema, {"destructiveHint": True, "openWorldHint": False})
    assert describe_changes(old, new) == [
        "description changed",
        "inputSchema: property 'force' added",
        "inputSchema: property 'path' changed",
        "inputSchema: 'force' is now required",
        "inputSchema: 'path' is no longer required",
        "inputSchema: 'additionalProperties' changed",
        "annotations: destructiveHint false -> true",
        "annotations: openWorldHint not stated -> false",
        'annotations: title "T" -> not stated',
    ]
    assert describe_changes(old, old) == []
    nulled = DefinitionSnapshot.of("t", "d", SCHEMA, {"destructiveHint": None, "title": "T"})
    assert describe_changes(old, nulled) == ["annotations: destructiveHint false -> not stated"]
    assert describe_changes(nulled, DefinitionSnapshot.of("t", "d", SCHEMA, {"title": "T"})) == []
    removed = DefinitionSnapshot.of("t", "d", {"type": "object"}, None)
    assert "inputSchema: property 'path' removed" in describe_changes(old, removed)


def test_overrides_keep_only_boolean_hints_and_win_with_their_own_provenance() -> None:
    overrides = Overrides()
    kept = overrides.set("demo", "wipe", {"destructiveHint": True, "title": "x", "openWorldHint": "yes"})
    assert kept == {"destructiveHint": True}
    hints = effective_hints(
        {"destructiveHint": False, "readOnlyHint": False}, override=overrides.get("demo", "wipe")
    )
    assert hints.destructive.provenance is Provenance.OVERRIDE
    assert grade_hints(hints).grade is Grade.CRITICAL
    assert overrides.get("demo", "other") is None
    overrides.set("demo", "wipe", {})
    assert len(overrides) == 0
    assert Overrides({("a", "b"): {"readOnlyHint": True}}).items() == [("a", "b", {"readOnlyHint": True})]


@pytest.mark.parametrize(
    ("name", "word"),
    [
        ("delete_file", "delete"),
        ("deleteFile", "delete"),
        ("Delete-File", "delete"),
        ("HTTPDelete", "delete"),
        ("rm", "rm"),
        ("rm_rf", "rm"),
        ("dropTable", "drop"),
        ("purge_cache", "purge"),
        ("factory_reset", "reset"),
        ("kill9", "kill"),
        ("overwrite", "overwrite"),
        ("wipeDisk", "wipe"),
        ("truncate_log", "truncate"),
        ("read_file", None),
        ("manage_files", None),
        ("undelete", None),  # a whole token only: "undelete" restores
        ("format_date", None),
    ],
)
def test_destructive_words_match_whole_name_tokens(name: str, word: str | None) -> None:
    assert destructive_word(name) == word


def test_name_tokens_split_snake_camel_and_acronyms() -> None:
    assert name_tokens("getHTTPResponse_v2") == ["get", "http", "response", "v", "2"]


def _codes(
    name: str, annotations: dict[str, Any] | None, resolved: dict[str, Any] | None = None
) -> list[str]:
    return [w.code for w in lint_tool(name, annotations, resolved)]


def test_lint_cases() -> None:
    assert _codes("read_file", {"readOnlyHint": True, "openWorldHint": False}) == []
    assert _codes("anything", None) == ["unannotated"]
    assert _codes("anything", {"title": "only a title"}) == ["unannotated"]
    assert _codes("odd", {"readOnlyHint": True, "destructiveHint": True}) == ["contradiction"]
    assert _codes("delete_file", {"readOnlyHint": True}) == ["destructive-name"]
    assert _codes("deleteFile", {"readOnlyHint": False, "destructiveHint": False}) == ["destructive-name"]
    # Honest annotations on a destructive name are fine; so is an unstated destructive hint (defaults true).
    assert _codes("delete_file", {"readOnlyHint": False, "destructiveHint": True}) == []
    assert _codes("delete_file", {"readOnlyHint": False}) == []


def test_lint_flags_a_resolved_result_riskier_than_the_definition_only() -> None:
    static = {"readOnlyHint": False, "destructiveHint": False, "openWorldHint": False}
    riskier = lint_tool("sql", static, {"destructiveHint": True})
    assert [w.code for w in riskier] == ["resolved-riskier"]
    assert "high, riskier than its tool definition (medium)" in riskier[0].message
    assert _codes("sql", static, {"readOnlyHint": True}) == []
    assert _codes("sql", static, {}) == []


def test_lint_messages_explain_without_alarm() -> None:
    for warning in lint_tool("delete_all", {"readOnlyHint": True, "destructiveHint": True}):
        assert warning.message.endswith(".")
        assert "!" not in warning.message
    assert "delete" in lint_tool("delete_all", {"readOnlyHint": True})[0].message


@pytest.mark.parametrize("value", ["yes", 1, "true", {"x": 1}])
def test_a_hint_that_is_not_a_boolean_is_read_as_not_stated_and_linted(value: Any) -> None:
    annotations = {"readOnlyHint": value, "destructiveHint": False, "openWorldHint": False}
    hints = effective_hints(annotations)
    assert (hints.read_only.value, hints.read_only.provenance) == (False, Provenance.DEFAULT)
    assert grade_hints(hints).grade is Grade.MEDIUM
    [warning] = [w for w in lint_tool("t", annotations) if w.code == "malformed-hint"]
    assert "readOnlyHint is" in warning.message
    assert "read as not stated: false" in warning.message


def test_true_false_and_null_hints_are_not_malformed() -> None:
    codes = [w.code for w in lint_tool("t", {"readOnlyHint": True, "openWorldHint": None})]
    assert "malformed-hint" not in codes

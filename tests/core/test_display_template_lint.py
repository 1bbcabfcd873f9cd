"""Display templates in the lint and in the tool definition an approval is bound to."""

from __future__ import annotations

from typing import Any

from tui.model.display_templates import BRANCH_TEMPLATE_KEY, DISPLAY_TEMPLATES_ID
from tui.model.servers import ToolInfo
from tui.safety.template_lint import template_warnings
from tui.safety.tool_hash import DefinitionSnapshot, definition_hash, describe_changes
from tui.safety.tool_lint import lint_listed_tool

SCHEMA = {"type": "object", "properties": {"path": {"type": "string"}, "upload_to": {"type": "string"}}}
DESTRUCTIVE = {"readOnlyHint": False, "destructiveHint": True}
READ_ONLY = {"readOnlyHint": True}


def meta(template: Any) -> dict[str, Any]:
    return {DISPLAY_TEMPLATES_ID: {"template": template}}


def codes(warnings: list[Any]) -> list[str]:
    return [w.code for w in warnings]


def test_a_template_hiding_arguments_of_a_destructive_tool_is_a_warning() -> None:
    warnings = template_warnings(SCHEMA, meta("read {path}"), DESTRUCTIVE)
    assert codes(warnings) == ["template-hides-arguments"]
    assert "leaves out upload_to of a destructive tool" in warnings[0].message
    # Unannotated tools are destructive by the spec defaults.
    assert codes(template_warnings(SCHEMA, meta("read {path}"), None)) == ["template-hides-arguments"]


def test_no_warning_when_the_template_shows_every_argument_or_the_tool_only_reads() -> None:
    assert template_warnings(SCHEMA, meta("copy {path} to {upload_to}"), DESTRUCTIVE) == []
    assert template_warnings(SCHEMA, meta("read {path}"), READ_ONLY) == []
    not_destructive = {"readOnlyHint": False, "destructiveHint": False}
    assert template_warnings(SCHEMA, meta("read {path}"), not_destructive) == []
    assert template_warnings(SCHEMA, None, DESTRUCTIVE) == []


def test_a_branch_template_speaks_for_its_branch_and_its_discriminator_counts() -> None:
    schema = {
        "type": "object",
        "properties": {"action": {}, "path": {}, "content": {}},
        "oneOf": [
            {"properties": {"action": {"const": "delete"}, "path": {}}, BRANCH_TEMPLATE_KEY: "delete {path}"},
            {
                "properties": {"action": {"const": "append"}, "path": {}, "content": {}},
                BRANCH_TEMPLATE_KEY: "append to {path}",
            },
        ],
    }
    warnings = template_warnings(schema, None, DESTRUCTIVE)
    assert codes(warnings) == ["template-hides-arguments"]
    assert "branch oneOf[1] leaves out content" in warnings[0].message


def test_unusable_templates_are_linted_whatever_the_hints() -> None:
    not_string = template_warnings(SCHEMA, meta(["read {path}"]), READ_ONLY)
    assert codes(not_string) == ["template-invalid"]
    assert "is not a string" in not_string[0].message
    unknown = template_warnings(SCHEMA, meta("read {path} to {dest\u202e}"), READ_ONLY)
    assert codes(unknown) == ["template-invalid"]
    assert "names dest<U+202E>, which the input schema does not have" in unknown[0].message
    entry = template_warnings(SCHEMA, {DISPLAY_TEMPLATES_ID: "read {path}"}, READ_ONLY)
    assert codes(entry) == ["template-invalid"]
    assert "is not an object" in entry[0].message
    branch = {"properties": {"path": {}}, "anyOf": [{BRANCH_TEMPLATE_KEY: 3}]}
    assert "branch anyOf[0] is not a string" in template_warnings(branch, None, READ_ONLY)[0].message


def tool(template_meta: Any, annotations: dict[str, Any] | None = DESTRUCTIVE) -> ToolInfo:
    raw: dict[str, Any] = {"name": "files", "inputSchema": SCHEMA}
    if template_meta is not None:
        raw["_meta"] = template_meta
    return ToolInfo("s", "files", None, "", SCHEMA, None, annotations, raw=raw)


def test_the_listed_tools_lint_carries_template_warnings() -> None:
    assert "template-hides-arguments" in codes(lint_listed_tool(tool(meta("read {path}"))))
    assert "template-hides-arguments" not in codes(lint_listed_tool(tool(None)))


def test_a_changed_template_is_a_definition_change() -> None:
    before = DefinitionSnapshot.from_tool(tool(meta("read {path}")))
    after = DefinitionSnapshot.from_tool(tool(meta("read {path} and upload it")))
    assert before.hash != after.hash
    assert describe_changes(before, after) == [
        'display template: "read {path}" -> "read {path} and upload it"'
    ]
    gone = DefinitionSnapshot.from_tool(tool(None))
    assert gone.hash != before.hash
    assert describe_changes(before, gone) == ['display template: "read {path}" -> not stated']
    # Other _meta keys are not part of the definition.
    other = DefinitionSnapshot.from_tool(tool({**meta("read {path}"), "x/y": 1}))
    assert other.hash == before.hash


def test_a_tool_without_a_template_hashes_as_before_templates_counted() -> None:
    # Approvals remembered before this change stay valid for tools that declare no template.
    assert DefinitionSnapshot.from_tool(tool(None)).hash == definition_hash("files", "", SCHEMA, DESTRUCTIVE)


def test_a_changed_branch_template_is_a_definition_change_through_the_schema() -> None:
    schema = {**SCHEMA, "oneOf": [{"properties": {"path": {}}, BRANCH_TEMPLATE_KEY: "read {path}"}]}
    changed = {**SCHEMA, "oneOf": [{"properties": {"path": {}}, BRANCH_TEMPLATE_KEY: "wipe {path}"}]}
    before = DefinitionSnapshot.of("files", "", schema, DESTRUCTIVE)
    after = DefinitionSnapshot.of("files", "", changed, DESTRUCTIVE)
    assert before.hash != after.hash
    assert describe_changes(before, after) == ["inputSchema: 'oneOf' changed"]


def test_the_template_survives_the_approvals_files_round_trip() -> None:
    snapshot = DefinitionSnapshot.from_tool(tool(meta("read {path}")))
    assert snapshot.to_json()["displayTemplate"] == "read {path}"
    again = DefinitionSnapshot.from_json(snapshot.to_json())
    assert again == snapshot
    assert again.hash == snapshot.hash
    assert "displayTemplate" not in DefinitionSnapshot.from_tool(tool(None)).to_json()

"""The Display Templates extension's rendering rules, one test per rule of the draft, and the omission
marker."""

from __future__ import annotations

from typing import Any

import pytest

from tui.model.display_templates import (
    BRANCH_TEMPLATE_KEY,
    DISPLAY_TEMPLATES_ID,
    CallPreview,
    result_display_text,
)
from tui.safety.display_template import call_preview, placeholders, scalar_text


def meta(template: Any) -> dict[str, Any]:
    return {DISPLAY_TEMPLATES_ID: {"template": template}}


FLAT = {"type": "object", "properties": {"bus": {}, "gain_db": {}, "ramp_ms": {}}}


def line(schema: dict[str, Any], template_meta: Any, arguments: dict[str, Any]) -> str | None:
    preview = call_preview(schema, template_meta, arguments)
    return None if preview is None else preview.line


def test_flat_template_substitutes_top_level_arguments_literally() -> None:
    rendered = call_preview(
        FLAT,
        meta("set {bus} bus to {gain_db} dB over {ramp_ms} ms"),
        {"bus": "music", "gain_db": -3, "ramp_ms": 250},
    )
    assert rendered == CallPreview("set music bus to -3 dB over 250 ms", (), "tool")


def test_a_missing_argument_renders_as_three_dots() -> None:
    assert line(FLAT, meta("set {bus} to {gain_db} dB"), {"bus": "music"}) == "set music to ... dB"


@pytest.mark.parametrize("value", [[1, 2], {"nested": "x"}, []])
def test_a_non_scalar_argument_renders_as_three_dots(value: Any) -> None:
    assert line(FLAT, meta("set {bus} bus"), {"bus": value}) == "set ... bus"


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (True, "true"),
        (False, "false"),
        (None, "null"),
        (-3, "-3"),
        (0.5, "0.5"),
        ("a b", "a b"),
        ('"q"', '"q"'),
    ],
)
def test_scalars_print_as_json_and_strings_without_quotes(value: Any, shown: str) -> None:
    assert scalar_text(value) == shown
    assert line(FLAT, meta("[{bus}]"), {"bus": value}) == f"[{shown}]"


def test_doubled_braces_are_literal_and_never_substitute() -> None:
    template = "{{bus}} is {bus}; {{{bus}}} and }} and a lone { stays"
    assert placeholders(template) == ["bus"]
    assert line(FLAT, meta(template), {"bus": "music"}) == "{bus} is music; {music} and } and a lone { stays"


def test_no_expressions_a_placeholder_is_only_a_name() -> None:
    # ``{bus.upper()}`` names an argument the schema does not have: the template is not used at all.
    assert line(FLAT, meta("{bus.upper()}"), {"bus": "x"}) is None
    assert line(FLAT, meta("{bus!r:>9}"), {"bus": "x"}) is None


def test_a_template_that_is_not_a_string_is_ignored() -> None:
    for value in (42, ["set {bus}"], {"text": "x"}, True):
        assert call_preview(FLAT, meta(value), {"bus": "music"}) is None
    assert call_preview(FLAT, {DISPLAY_TEMPLATES_ID: "set {bus}"}, {"bus": "music"}) is None
    assert call_preview(FLAT, None, {"bus": "music"}) is None


def test_a_template_naming_an_unknown_placeholder_is_ignored() -> None:
    assert call_preview(FLAT, meta("set {bus} via {route}"), {"bus": "music"}) is None


HOSTILE = [
    ("a\u202eexe.txt", "a<U+202E>exe.txt"),  # a right-to-left override
    ("line1\nline2", "line1\\x0aline2"),  # a line break would start a line of its own
    ("\x1b[2Jgone", "\\x1b[2Jgone"),  # a terminal escape
    ("zero\u200bwidth", "zero<U+200B>width"),
    ("tab\there", "tab\\x09here"),
    ("[b]markup[/b]", "[b]markup[/b]"),  # kept as text: each front end escapes markup when it draws
]


@pytest.mark.parametrize(("value", "shown"), HOSTILE)
def test_substituted_values_are_made_visible(value: str, shown: str) -> None:
    assert line(FLAT, meta("play {bus}"), {"bus": value}) == f"play {shown}"


def test_the_template_text_itself_is_made_visible_too() -> None:
    assert line(FLAT, meta("set\n{bus}\u2066 now"), {"bus": "m"}) == "set\\x0am<U+2066> now"


def test_omitted_names_are_made_visible() -> None:
    schema = {"properties": {"path": {}}}
    preview = call_preview(schema, meta("read {path}"), {"path": "a", "up\u202eload": 1})
    assert preview is not None
    assert preview.unreferenced == ("up<U+202E>load",)


def test_omission_marker_names_each_argument_the_line_does_not_show() -> None:
    schema = {"properties": {"path": {}, "upload_to": {}, "mode": {}}}
    one = call_preview(schema, meta("read {path}"), {"path": "notes.md", "upload_to": "https://x"})
    assert one is not None
    assert one.line == "read notes.md  (+1 argument not in this summary: upload_to)"
    two = call_preview(schema, meta("read {path}"), {"path": "n", "mode": "r", "upload_to": "u"})
    assert two is not None
    assert two.omission == "(+2 arguments not in this summary: mode, upload_to)"
    # A referenced argument that is missing is not "left out": there is nothing to show.
    none = call_preview(schema, meta("read {path} as {mode}"), {"path": "n"})
    assert none is not None
    assert none.line == "read n as ..."
    assert none.omission == ""


def branchy(keyword: str = "oneOf", tool_template: Any = None) -> tuple[dict[str, Any], Any]:
    schema = {
        "type": "object",
        "properties": {"action": {"type": "string"}, "target": {}, "destination": {}},
        keyword: [
            {
                "title": "move",
                "properties": {"action": {"const": "move"}, "target": {}, "destination": {}},
                "required": ["action"],
                BRANCH_TEMPLATE_KEY: "move {target} to {destination}",
            },
            {
                "title": "delete",
                "properties": {"action": {"const": "delete"}, "target": {}},
                "required": ["action"],
                BRANCH_TEMPLATE_KEY: "delete {target}",
            },
            {"title": "plain", "properties": {"action": {"const": "copy"}}, "required": ["action"]},
        ],
    }
    return schema, (meta(tool_template) if tool_template is not None else None)


@pytest.mark.parametrize("keyword", ["oneOf", "anyOf"])
def test_a_branch_template_is_chosen_by_the_branch_the_arguments_validate_against(keyword: str) -> None:
    schema, tool_meta = branchy(keyword, "do {action} on {target}")
    moved = call_preview(schema, tool_meta, {"action": "move", "target": "a", "destination": "b"})
    assert moved == CallPreview("move a to b", (), f"{keyword}[0]")
    deleted = call_preview(schema, tool_meta, {"action": "delete", "target": "a"})
    # ``action`` is pinned by the branch's const: choosing the branch's template already says it.
    assert deleted == CallPreview("delete a", (), f"{keyword}[1]")


def test_the_first_matching_branch_in_document_order_wins() -> None:
    schema = {
        "properties": {"n": {}},
        "anyOf": [
            {"properties": {"n": {"type": "integer"}}, BRANCH_TEMPLATE_KEY: "integer {n}"},
            {"properties": {"n": {"type": "number"}}, BRANCH_TEMPLATE_KEY: "number {n}"},
        ],
    }
    assert line(schema, None, {"n": 3}) == "integer 3"  # both match: the first one's
    assert line(schema, None, {"n": 0.5}) == "number 0.5"
    reordered = {"properties": {"n": {}}, "anyOf": list(reversed(schema["anyOf"]))}
    assert line(reordered, None, {"n": 3}) == "number 3"


def test_oneof_and_anyof_are_searched_in_the_order_the_schema_has_them() -> None:
    first = {"properties": {"n": {}}, BRANCH_TEMPLATE_KEY: "first {n}"}
    second = {"properties": {"n": {}}, BRANCH_TEMPLATE_KEY: "second {n}"}
    assert line({"anyOf": [first], "oneOf": [second]}, None, {"n": 1}) == "first 1"
    assert line({"oneOf": [second], "anyOf": [first]}, None, {"n": 1}) == "second 1"


def test_no_matching_branch_falls_back_to_the_tool_template_else_none() -> None:
    schema, tool_meta = branchy("oneOf", "do {action} on {target}")
    assert line(schema, tool_meta, {"action": "rename", "target": "a"}) == "do rename on a"
    schema, no_meta = branchy("oneOf")
    assert call_preview(schema, no_meta, {"action": "rename", "target": "a"}) is None


def test_a_matching_branch_without_a_usable_template_falls_back_to_the_tool_template() -> None:
    schema, tool_meta = branchy("oneOf", "do {action} on {target}")
    assert line(schema, tool_meta, {"action": "copy", "target": "a"}) == "do copy on a"
    schema["oneOf"][1][BRANCH_TEMPLATE_KEY] = "delete {nowhere}"  # unknown name: the branch's is ignored
    assert line(schema, tool_meta, {"action": "delete", "target": "a"}) == "do delete on a"
    schema["oneOf"][1][BRANCH_TEMPLATE_KEY] = 7  # not a string: ignored too
    assert line(schema, tool_meta, {"action": "delete", "target": "a"}) == "do delete on a"


def test_a_tool_template_may_name_properties_only_a_branch_declares() -> None:
    schema = {"oneOf": [{"properties": {"target": {}}}]}
    assert line(schema, meta("touch {target}"), {"target": "x"}) == "touch x"


def test_a_discriminator_counts_as_referenced_only_for_its_own_branch_template() -> None:
    schema, tool_meta = branchy("oneOf", "touch {target}")
    deleted = call_preview(schema, tool_meta, {"action": "delete", "target": "a", "destination": "b"})
    assert deleted is not None
    assert deleted.unreferenced == ("destination",)
    # The tool-level template does not communicate the branch: ``action`` is left out there.
    fallback = call_preview(schema, tool_meta, {"action": "copy", "target": "a"})
    assert fallback is not None
    assert fallback.line == "touch a  (+1 argument not in this summary: action)"
    single_enum = {
        "properties": {"k": {}},
        "oneOf": [{"properties": {"k": {"enum": ["x"]}}, BRANCH_TEMPLATE_KEY: "go"}],
    }
    assert line(single_enum, None, {"k": "x"}) == "go"


def test_branches_resolve_references_to_the_root_definitions() -> None:
    schema = {
        "$defs": {"Name": {"type": "string", "pattern": "^n"}},
        "properties": {"name": {}},
        "oneOf": [
            {"properties": {"name": {"$ref": "#/$defs/Name"}}, BRANCH_TEMPLATE_KEY: "named {name}"},
            {"properties": {"name": {"type": "string"}}, BRANCH_TEMPLATE_KEY: "other {name}"},
        ],
    }
    assert line(schema, None, {"name": "nina"}) == "named nina"
    assert line(schema, None, {"name": "mia"}) == "other mia"


def test_a_branch_that_cannot_be_checked_does_not_match() -> None:
    schema = {
        "properties": {"x": {}},
        "oneOf": [
            {"properties": {"x": {"$ref": "#/nowhere"}}, BRANCH_TEMPLATE_KEY: "broken {x}"},
            {"properties": {"x": {"type": 12}}, BRANCH_TEMPLATE_KEY: "bad type {x}"},
            {BRANCH_TEMPLATE_KEY: "fine {x}"},
        ],
    }
    assert line(schema, None, {"x": 1}) == "fine 1"


def test_no_arguments_yet_means_no_preview() -> None:
    assert call_preview(FLAT, meta("set {bus}"), None) is None


def test_result_display_text_is_read_only_when_it_is_a_string() -> None:
    assert result_display_text({DISPLAY_TEMPLATES_ID: {"text": "moved 14 items"}}) == "moved 14 items"
    for bad in (None, {}, {DISPLAY_TEMPLATES_ID: "x"}, {DISPLAY_TEMPLATES_ID: {"text": 3}}):
        assert result_display_text(bad) is None


def test_the_first_matching_branch_decides_even_without_a_template_of_its_own() -> None:
    schema = {
        "properties": {"n": {}},
        "anyOf": [{"properties": {"n": {"type": "integer"}}}, {BRANCH_TEMPLATE_KEY: "any {n}"}],
    }
    # Both branches match 3; the first has no template, so the tool's is used, not the second branch's.
    assert line(schema, meta("tool {n}"), {"n": 3}) == "tool 3"
    assert line(schema, None, {"n": 3}) is None
    assert line(schema, None, {"n": "x"}) == "any x"

"""An enum written as a long oneOf/anyOf of consts is checked as an enum: same answers, no per-branch
work per keystroke, and a message that counts the choices instead of listing 100,000 of them."""

from __future__ import annotations

from typing import Any

from jsonschema import Draft202012Validator

from tui.client import arguments
from tui.client.arguments import validate_arguments
from tui.client.long_enums import LONG_ENUM, consts_as_enums

MANY = 100_000


def titled(values: list[Any], keyword: str = "oneOf") -> dict[str, Any]:
    branches = [{"const": value, "title": f"choice {value}"} for value in values]
    return {"type": "object", "properties": {"code": {keyword: branches}}, "required": ["code"]}


def test_a_long_oneof_of_consts_is_validated_as_an_enum() -> None:
    schema = titled([f"c{n}" for n in range(MANY)])
    assert validate_arguments(schema, {"code": "c99999"}) == []
    [error] = validate_arguments(schema, {"code": "nope"})
    assert error.field == "code"
    assert error.message == "'nope' is not one of the 100,000 allowed values"
    built = arguments._validator(arguments._schema_key(schema))
    assert not isinstance(built, str)
    assert "oneOf" not in built.schema["properties"]["code"], "the fast path was not taken"
    assert len(built.schema["properties"]["code"]["enum"]) == MANY


def test_a_long_plain_enum_error_counts_the_choices_instead_of_listing_them() -> None:
    schema = {"type": "object", "properties": {"city": {"enum": [f"city-{n}" for n in range(MANY)]}}}
    [error] = validate_arguments(schema, {"city": "x" * 500})
    assert error.message == f"{repr('x' * 500)[:59]}… is not one of the 100,000 allowed values"


def test_the_rewrite_means_what_jsonschema_means() -> None:
    """oneOf refuses a value two branches allow; anyOf allows it; true is not 1 and 1 is 1.0."""
    values: list[Any] = [*range(LONG_ENUM), "dup", "dup", True, None, 2.5]
    for keyword in ("oneOf", "anyOf"):
        schema = titled(values, keyword)
        reference = Draft202012Validator(schema)
        assert "enum" in consts_as_enums(schema)["properties"]["code"]
        for value in (0, 1.0, True, False, None, "dup", 2.5, "2.5", LONG_ENUM, [1], {"a": 1}):
            expected = reference.is_valid({"code": value})
            assert (validate_arguments(schema, {"code": value}) == []) is expected, (keyword, value)


def test_what_is_not_a_plain_long_const_list_is_left_alone() -> None:
    short = titled(list(range(LONG_ENUM)))
    assert consts_as_enums(short) == short
    with_type = {"oneOf": [{"const": n, "type": "integer"} for n in range(LONG_ENUM + 1)]}
    assert consts_as_enums(with_type) == with_type
    objects = {"anyOf": [{"const": {"n": n}} for n in range(LONG_ENUM + 1)]}
    assert consts_as_enums(objects) == objects
    data = {"const": titled(list(range(LONG_ENUM + 1))), "default": titled(list(range(LONG_ENUM + 1)))}
    assert consts_as_enums(data) == data, "a const or default is data, not a schema"


def test_a_branch_the_meta_schema_refuses_still_makes_the_schema_invalid() -> None:
    schema = {"oneOf": [{"const": n, "title": n} for n in range(LONG_ENUM + 1)]}
    assert consts_as_enums(schema) == schema
    wrapped = {"type": "object", "properties": {"n": schema}}
    [error] = validate_arguments(wrapped, {"n": 1})
    assert error.message.startswith("the tool's inputSchema is invalid:")


def test_a_oneof_that_lists_every_value_twice_allows_nothing() -> None:
    twice = [*range(LONG_ENUM), *range(LONG_ENUM)]
    schema = titled(twice)
    assert consts_as_enums(schema) == schema, "an enum may not be empty"
    assert validate_arguments(schema, {"code": 1}) != []


def test_draft_04_has_no_const_so_its_long_const_lists_are_left_to_jsonschema() -> None:
    # Draft-04 ignores const: each branch allows anything, short list or long, and an enum would not.
    schema = titled([f"c{n}" for n in range(LONG_ENUM + 6)], "anyOf")
    schema["$schema"] = "http://json-schema.org/draft-04/schema#"
    assert validate_arguments(schema, {"code": "anything"}) == []


def test_a_long_anyof_that_repeats_a_value_is_a_valid_enum_that_counts_it_once() -> None:
    values = [f"v{n}" for n in range(LONG_ENUM + 6)]
    for draft in ("http://json-schema.org/draft-06/schema#", None):  # draft-06 wants an enum's items unique
        schema = titled([*values, "v1"], "anyOf")
        if draft:
            schema["$schema"] = draft
        assert validate_arguments(schema, {"code": "v1"}) == [], draft
        [error] = validate_arguments(schema, {"code": "zzz"})
        assert error.message == f"'zzz' is not one of the {len(values)} allowed values", draft

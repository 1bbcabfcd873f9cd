"""A list result is checked entry by entry: the well-formed ones are kept as sent, each malformed one is
left out with its place, name and reason, and only a result whose own shape is wrong fails.
(End to end over real stdio: tests/cli/test_headless_hostile_listing.py.)"""

from __future__ import annotations

import mcp_types as types
import pytest
from mcp.shared.auth import OAuthMetadata
from pydantic import ValidationError

from tui.client.errors import describe
from tui.client.ext_types import ExtTool
from tui.client.list_entries import MalformedResult, check_page

OBJECT = {"type": "object"}


def test_entries_are_numbered_across_pages_and_kept_as_sent() -> None:
    sent = {"name": "t", "inputSchema": OBJECT, "annotations": {"readOnlyHint": "yes"}}
    page = check_page(
        "tools/list", "2025-11-25", {"tools": [{"name": "x"}, sent]}, ExtTool, first_position=11
    )
    assert [entry.raw for entry in page.entries] == [sent]  # "yes" is not coerced to true
    [left_out] = page.left_out
    assert (left_out.name, left_out.text) == (
        "x",
        'tools/list entry 11 ("x") is left out: inputSchema is missing',
    )
    assert page.size == 2


def test_entries_are_checked_against_the_negotiated_version() -> None:
    listing = {"tools": [{"name": "s", "inputSchema": {"type": "string"}}]}
    [left_out] = check_page("tools/list", "2025-11-25", listing, ExtTool).left_out
    assert left_out.text.startswith('tools/list entry 1 ("s") is left out: inputSchema.type is wrong')


@pytest.mark.parametrize(
    ("result", "why"),
    [
        ("x", "it is not an object"),
        ({"tools": {}}, "tools is not a list"),
        ({}, "tools is missing"),
        ({"tools": [], "nextCursor": 3}, "nextCursor is not a string"),
    ],
)
def test_a_result_whose_own_shape_is_wrong_fails_the_listing(result: object, why: str) -> None:
    with pytest.raises(MalformedResult, match=f"malformed tools/list result: {why}"):
        check_page("tools/list", "2025-11-25", result, ExtTool)


def test_only_a_sign_in_document_that_does_not_parse_is_called_a_sign_in_failure() -> None:
    with pytest.raises(ValidationError) as listing:
        types.ListToolsResult.model_validate({"tools": [{"name": "t", "inputSchema": OBJECT, "title": 7}]})
    assert "sign-in" not in describe(listing.value)
    with pytest.raises(ValidationError) as metadata:
        OAuthMetadata.model_validate({"issuer": 7})
    assert describe(metadata.value).startswith("sign-in failed: the authorization server sent a malformed")

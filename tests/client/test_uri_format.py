"""``format: uri`` is checked wherever arguments or answers are (the form, the terminal, the preflight),
as email and date are: jsonschema checks it only when an optional package is installed."""

from __future__ import annotations

from tui.client.arguments import validate_arguments

SCHEMA = {"type": "object", "properties": {"homepage": {"type": "string", "format": "uri"}}}


def test_a_uri_needs_a_scheme_and_no_blanks() -> None:
    for wrong in ("zzz", "example.com/page", "https://exa mple.com", "://x"):
        [error] = validate_arguments(SCHEMA, {"homepage": wrong})
        assert (error.path, error.message) == (("homepage",), f"{wrong!r} is not a 'uri'")
    for right in ("https://ada.example", "mailto:ada@example.com", "urn:isbn:0451450523", "file:///tmp/x"):
        assert validate_arguments(SCHEMA, {"homepage": right}) == []


def test_a_uri_reference_or_other_types_are_not_held_to_it() -> None:
    assert validate_arguments(SCHEMA, {}) == []
    other = {"type": "object", "properties": {"n": {"format": "uri"}}}
    assert validate_arguments(other, {"n": 5}) == []  # formats apply to strings only

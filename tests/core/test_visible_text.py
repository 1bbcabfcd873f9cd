"""The core sanitiser shows hiding and reordering characters instead of letting the terminal obey them."""

from __future__ import annotations

import json
import unicodedata

import pytest

from tui.safety.lint import destructive_word, lint_tool
from tui.safety.visible_text import (
    escape_hidden_in_json,
    hidden_characters,
    visible,
    visible_line,
)

# The list, one representative per range end.
LISTED = [
    *range(0x202A, 0x202F),
    *range(0x2066, 0x206A),
    0x200E,
    0x200F,
    0x061C,
    *range(0x200B, 0x200E),
    *range(0x2060, 0x2065),
    0xFEFF,
    0x180E,
    0xE0000,
    0xE0041,
    0xE007F,
]

# Format characters that draw a visible sign (they prefix numbers in Arabic and Syriac text).
VISIBLE_FORMAT = {*range(0x0600, 0x0606), 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD}


@pytest.mark.parametrize("point", LISTED, ids=lambda p: f"U+{p:04X}")
def test_each_listed_character_is_shown_as_its_code_point(point: int) -> None:
    assert visible(f"a{chr(point)}b") == f"a<U+{point:04X}>b"


def test_every_invisible_format_character_is_shown() -> None:
    missed = [
        f"U+{p:04X}"
        for p in range(0x110000)
        if unicodedata.category(chr(p)) == "Cf" and p not in VISIBLE_FORMAT and visible(chr(p)) == chr(p)
    ]
    assert missed == []


def test_a_right_to_left_override_cannot_disguise_a_name() -> None:
    # In a bidi terminal "safe_\u202eeteled" reads as "safe_deleted"; shown, it reads as it is.
    assert visible("safe_\u202eeteled") == "safe_<U+202E>eteled"


def test_controls_are_still_escaped_and_layout_characters_kept() -> None:
    assert visible("a\x1b[31m\x07\x85b") == "a\\x1b[31m\\x07\\x85b"
    assert visible("tab\tnew\nline é 中 😀 ❤️") == "tab\tnew\nline é 中 😀 ❤️"


def test_hidden_characters_lists_each_once_in_order() -> None:
    assert hidden_characters("x\u200bq\u202e\u200b\U000e0041") == ["U+200B", "U+202E", "U+E0041"]
    assert hidden_characters("plain text") == []


def test_json_escaping_keeps_the_value_and_shows_the_characters() -> None:
    value = {"name": "a\u202eb\U000e0041", "note": "\u200b"}
    text = escape_hidden_in_json(json.dumps(value, ensure_ascii=False))
    assert hidden_characters(text) == []
    assert "\\u202e" in text
    assert json.loads(text) == value


def test_lint_flags_hidden_characters_in_name_title_or_description() -> None:
    read_only = {"readOnlyHint": True}
    in_name = lint_tool("safe_\u202eeteled", read_only)
    assert [w.code for w in in_name] == ["hidden-characters"]
    assert "name contains" in in_name[0].message
    assert "U+202E" in in_name[0].message
    in_description = lint_tool("lookup", read_only, description="Reads\U000e0041\U000e0042 a file")
    assert [w.code for w in in_description] == ["hidden-characters"]
    assert "description contains" in in_description[0].message
    assert "U+E0041, U+E0042" in in_description[0].message
    both = lint_tool("a\u200bb", read_only, title="T\u2066", description="d\u200b")[0].message
    assert "name and title and description contain" in both
    assert lint_tool("lookup", read_only, description="Reads a file", title="Look up") == []


def test_a_zero_width_character_does_not_hide_a_destructive_word() -> None:
    assert destructive_word("dele\u200bte_all") == "delete"
    codes = [w.code for w in lint_tool("dele\u200bte_all", {"readOnlyHint": True})]
    assert codes == ["hidden-characters", "destructive-name"]


def test_an_address_shows_on_one_line_with_what_a_browser_would_drop() -> None:
    # A browser drops tabs and line breaks: shown as layout, they would split one host into two lines.
    shown = visible_line("https://good.example\n\t@evil.example/\u202e?x=1")
    assert shown == "https://good.example\\x0a\\x09@evil.example/<U+202E>?x=1"
    assert visible_line("https://ok.example/a?b=c") == "https://ok.example/a?b=c"


def test_a_line_for_a_fixed_cell_keeps_no_tab_or_line_break() -> None:
    assert visible_line("a\tb\nc\x1b[2J\u202e") == "a\\x09b\\x0ac\\x1b[2J<U+202E>"
    assert visible("a\tb\nc") == "a\tb\nc"  # where text may lay itself out, they stay


def test_visible_indented_indents_every_line_after_the_first() -> None:
    from tui.safety.visible_text import visible_indented

    assert visible_indented("one\ntwo\x1b[31m\nthree") == "one\n  two\\x1b[31m\n  three"
    assert visible_indented("a\nb", "    ") == "a\n    b"

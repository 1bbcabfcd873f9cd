"""Server text made visible: nothing in it can hide, reorder or act on the terminal.

One sanitiser for every front end (the TUI's ``safe_text`` and the headless CLI), so plain Python here.

- Terminal controls (C0 except tab and newline, DEL, C1) become ``\\xNN``: they could move the cursor or
  recolour the screen.
- Characters that hide or reorder text become ``<U+XXXX>``: bidi embeddings, overrides, isolates and marks
  (a right-to-left override makes ``evil_tool`` read as another name), zero-width and other invisible
  characters, tag characters (invisible copies of ASCII that can smuggle text), and every other Unicode
  format character (category Cf) except the few that draw a visible sign (Arabic number signs and kin).
"""

from __future__ import annotations

import json
import re
import unicodedata

_CONTROL = "\x00-\x08\x0b-\x1f\x7f-\x9f"

# (first, last) code points, inclusive. Kept as a table so a test can compare it with Unicode's Cf list.
HIDDEN_RANGES: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD),  # soft hyphen
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x061C, 0x061C),  # Arabic letter mark (bidi)
    (0x115F, 0x1160),  # Hangul fillers: blank, used to fake empty names
    (0x180E, 0x180E),  # Mongolian vowel separator
    (0x200B, 0x200F),  # zero width space / non-joiner / joiner, LRM, RLM
    (0x2028, 0x2029),  # line and paragraph separators
    (0x202A, 0x202E),  # bidi embeddings and overrides
    (0x2060, 0x2064),  # word joiner, invisible operators
    (0x2066, 0x206F),  # bidi isolates, deprecated format characters
    (0x3164, 0x3164),  # Hangul filler
    (0xFEFF, 0xFEFF),  # zero width no-break space (BOM)
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xFFF9, 0xFFFB),  # interlinear annotation
    (0x13430, 0x1343F),  # Egyptian hieroglyph format controls
    (0x1BCA0, 0x1BCA3),  # shorthand format controls
    (0x1D173, 0x1D17A),  # musical symbol format controls
    (0xE0000, 0xE007F),  # tag characters
    (0xE0100, 0xE01EF),  # variation selectors supplement: invisible, can carry hidden bytes
)

_HIDDEN_CLASS = "".join(f"{chr(first)}-{chr(last)}" for first, last in HIDDEN_RANGES)
_UNSAFE = re.compile(f"[{_CONTROL}{_HIDDEN_CLASS}]")
_HIDDEN = re.compile(f"[{_HIDDEN_CLASS}]")
_HIDDEN_OR_DEL_C1 = re.compile(f"[\x7f-\x9f{_HIDDEN_CLASS}]")


def code_point(char: str) -> str:
    """``U+202E`` (at least four hex digits, as Unicode writes them)."""
    return f"U+{ord(char):04X}"


def _shown(match: re.Match[str]) -> str:
    char = match.group()
    if ord(char) <= 0x9F:
        return f"\\x{ord(char):02x}"
    return f"<{code_point(char)}>"


def visible(text: str) -> str:
    """``text`` with terminal controls as ``\\xNN`` and hiding/reordering characters as ``<U+XXXX>``.

    Tab and newline stay: they lay text out and cannot hide it.
    """
    return _UNSAFE.sub(_shown, text)


def visible_line(text: str) -> str:
    """``visible(text)`` on one line: tabs and line breaks as ``\\x09`` and ``\\x0a`` too.

    For text drawn into a fixed cell (a table cell), where a line break would move the cursor to another
    row and a tab skip cells, so the text could overwrite what is drawn around it; and for an address,
    where a browser drops them: ``https://good.example`` and ``@evil.example`` on two lines go to
    evil.example, while a terminal would show them as wrapping."""
    return visible(text).replace("\t", "\\x09").replace("\n", "\\x0a")


_CONTROL_CHAR = re.compile(f"[\t\n{_CONTROL}]")


def has_control_characters(text: str) -> bool:
    """Whether ``text`` holds a tab, a line break or another control character (C0, DEL, C1)."""
    return _CONTROL_CHAR.search(text) is not None


def hidden_characters(text: str) -> list[str]:
    """The distinct hiding or reordering characters in ``text``, as ``U+XXXX``, in order of appearance."""
    return list(dict.fromkeys(code_point(char) for char in _HIDDEN.findall(text)))


def without_hidden(text: str) -> str:
    """``text`` with the hiding characters removed: what a reader sees (for matching words in a name)."""
    return _HIDDEN.sub("", text)


_NON_PRINTING = frozenset({"Cc", "Cf", "Cn", "Co", "Cs", "Zl", "Zp", "Zs"})
"""Unicode categories that print nothing a reader can tell apart: controls, format characters (every
one, bidi included), unassigned and private-use code points, surrogates, separators and odd spaces."""
_BEYOND_ASCII = re.compile("[^\x00-\x7e]")


def _json_escape(match: re.Match[str]) -> str:
    char = match.group()
    if _HIDDEN.match(char) is None and unicodedata.category(char) not in _NON_PRINTING:
        return char
    # json.dumps with ensure_ascii writes astral characters as a surrogate pair, as JSON requires.
    return json.dumps(char)[1:-1]


def escape_hidden_in_json(text: str) -> str:
    """JSON text with every character that prints nothing visible written as a ``\\uXXXX`` escape: the
    same JSON value, now visible. The one function for JSON that people read: every ``--json`` document
    and the raw argument editor (where ``<U+XXXX>`` would change the value).

    Escaped: DEL and the C1 controls (``json.dumps`` escapes only C0), every format character (category
    Cf: bidi controls, zero-width characters, tag characters...), the other hiding characters of
    ``HIDDEN_RANGES``, line and paragraph separators, spaces other than the ASCII one, and unassigned or
    private-use code points. JSON only allows them inside strings, where the escape means the same
    character. Letters, marks and symbols of every script stay as they are.
    """
    return _BEYOND_ASCII.sub(_json_escape, text)


def visible_indented(text: str, indent: str = "  ") -> str:
    """``visible(text)`` with every line after the first indented by ``indent``.

    For server text printed among mcp-tui's own lines (an error after ``mcp-tui:``, a record's reason): a
    line break in it cannot start a line that looks like one of ours at column 0.
    """
    return visible(text).replace("\n", "\n" + indent)

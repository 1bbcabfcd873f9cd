"""Rows of the tool list: what each one says (its Content), laid out for the list's width.

A row puts the tool's name first, because the name is what people search for, type and read in docs:

    med  add_note          ⟳⚠ r  d  i  o  @demo Add a note

grade chip, the name padded to the list's longest name (so what follows lines up), the resolvable and
annotation-warning marks, the badges, then the server and the title, which give way first when the list
is narrow: the server shows whole or not at all, the title whole or cut where enough of it is left to
read (the detail view shows both in full). With more than one server the server's full
name is a column of its own right after the marks, in every form, because two servers often offer tools
of the same name (server-everything over stdio, HTTP and SSE):

    safe echo  ⟳  @ev-http     R  d  I  o :func:`choose_layout` picks, for the list's
width, the richest form that still leaves every name whole: full chip and badges, one letter per badge,
or the chip alone.

The list that shows these rows is :class:`~tui.ui.widgets.tool_rows_view.ToolRowsView`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import TYPE_CHECKING

from rich.cells import cell_len, set_cell_size
from textual.content import Content, Span

from tui.model.hints import Hints
from tui.safety.grade import Grade
from tui.ui.safe_text import one_line
from tui.ui.widgets.badges import (
    BADGES_WIDTH,
    COMPACT_WIDTH,
    GRADE_WIDTH,
    compact_badges,
    compact_chip,
    grade_chip,
    hint_badges,
    resolvable_mark,
)

if TYPE_CHECKING:
    from tui.session.tool_query import ToolEntry

# After the name of a tool whose annotations look wrong; the detail view says why.
LINT_MARK = Content.styled("⚠", "bold $warning")
NOTE_STYLES = {"cached": "italic $text-muted", "changed": "bold $warning"}
"""Row notes: from the last run's list (not confirmed yet), or defined differently than it was then."""

NAME_LIMIT = 64
"""Characters of a name shown at most (a server may send anything); real names are far shorter."""


class BadgeForm(Enum):
    """How much of the grade and badges a row shows: the list's width decides."""

    FULL = "full"
    COMPACT = "compact"
    CHIP_ONLY = "chip only"


CHIP_CELLS = {BadgeForm.FULL: GRADE_WIDTH, BadgeForm.COMPACT: 4, BadgeForm.CHIP_ONLY: 4}
BADGE_CELLS = {BadgeForm.FULL: BADGES_WIDTH, BadgeForm.COMPACT: COMPACT_WIDTH, BadgeForm.CHIP_ONLY: 0}
MARK_CELLS = 2  # resolvable, lint


@dataclass(frozen=True, slots=True)
class RowLayout:
    """The badge form and the name column's width, shared by every row so columns line up."""

    form: BadgeForm = BadgeForm.FULL
    name_width: int = 0
    server_width: int = 0
    """Cells of the server column ("@" and the longest server name); 0 with one server: then the server
    follows the badges, if it fits whole."""
    width: int = 0
    """Cells a row may take (0: no limit). What follows the badges is fitted to it: a row never ends in a
    server name or title cut to nothing but "…"."""


SERVER_LIMIT = 40
"""Characters of a server's name shown at most (configured names are short; a long one is cut)."""


def needed_cells(form: BadgeForm, name_width: int, server_width: int = 0) -> int:
    """Cells a row needs up to its badges: chip, name, marks, server column, badges (with one server,
    the server and the title may be cut)."""
    badges = BADGE_CELLS[form]
    server = 1 + server_width if server_width else 0
    return CHIP_CELLS[form] + 1 + name_width + 1 + MARK_CELLS + server + (1 + badges if badges else 0)


def server_label(server: str) -> str:
    return "@" + one_line(server, SERVER_LIMIT)


def choose_layout(
    width: int, names: list[str], notes: Iterable[str] = (), servers: Iterable[str] = ()
) -> RowLayout:
    """The richest layout whose rows keep every name whole within ``width`` cells, and every note.

    A note ("cached", "changed") says the badges beside it are not yet (or no longer) the live ones:
    badges cut short are better than that note cut off. With more than one of ``servers`` each row
    names its server in a column of its own, which is kept whole like the name."""
    name_width = min(max((len(one_line(name, NAME_LIMIT)) for name in names), default=0), NAME_LIMIT)
    distinct = set(servers)
    server_width = max((len(server_label(s)) for s in distinct), default=0) if len(distinct) > 1 else 0
    note_cells = max((1 + len(note) for note in notes), default=0)
    for form in (BadgeForm.FULL, BadgeForm.COMPACT):
        if needed_cells(form, name_width, server_width) + note_cells <= width:
            return RowLayout(form, name_width, server_width, width)
    return RowLayout(BadgeForm.CHIP_ONLY, name_width, server_width, width)


@lru_cache(maxsize=64)
def _chip(grade: Grade, form: BadgeForm) -> Content:
    return (grade_chip(grade) if form is BadgeForm.FULL else compact_chip(grade)) + Content(" ")


@lru_cache(maxsize=512)
def _after_name(hints: Hints, resolvable: bool, lint: bool, form: BadgeForm) -> Content:
    # Only a few dozen distinct badge combinations exist; build each once, not once per tool.
    marks = resolvable_mark(resolvable) + (LINT_MARK if lint else Content(" "))
    if form is BadgeForm.CHIP_ONLY:
        return Content(" ") + marks
    badges = hint_badges(hints) if form is BadgeForm.FULL else compact_badges(hints)
    return Content(" ") + marks + Content(" ") + badges


def tool_row(entry: ToolEntry, layout: RowLayout = RowLayout(), note: str | None = None) -> Content:
    """One list row: grade, the full name, marks, badges, then server and title (cut first).

    ``note`` ("cached", "changed") comes right after the badges, in every layout."""
    tool = entry.tool
    chip = _chip(entry.grade, layout.form)
    name = one_line(tool.name, NAME_LIMIT)
    after = _after_name(entry.hints, tool.resolve_method is not None, bool(entry.lint), layout.form)
    # Assembled by hand (one Content, a few spans): this runs for every tool of every ToolsChanged.
    text = chip.plain
    spans = list(chip.spans)
    spans.append(Span(len(text), len(text) + len(name), "bold"))
    text += name.ljust(layout.name_width)
    # ``after`` is a space and the two marks, then (unless chip only) a space and the badges: with more
    # than one server, the server column goes between the two, padded so the badges line up.
    cut = 1 + MARK_CELLS if layout.server_width else len(after.plain)
    for piece_start, piece_end in ((0, cut), (cut, len(after.plain))):
        if layout.server_width and piece_start == cut:
            server = server_label(tool.server)
            text += " "
            spans.append(Span(len(text), len(text) + len(server), "italic $text-muted"))
            text += server.ljust(layout.server_width)
        shift = len(text) - piece_start
        spans.extend(
            Span(s.start + shift, s.end + shift, s.style)
            for s in after.spans
            if piece_start <= s.start < piece_end
        )
        text += after.plain[piece_start:piece_end]
    if note:  # choose_layout leaves room for it
        text += " "
        spans.append(Span(len(text), len(text) + len(note), NOTE_STYLES.get(note, "italic")))
        text += note
    if layout.form is BadgeForm.CHIP_ONLY:
        return Content(text, spans)  # no room for the server or the title (the detail view has both)
    # (text, style, whether it may be cut): the server only whole; a cut one is the "@e…" that cannot
    # tell two servers apart.
    tail = [] if layout.server_width else [(server_label(tool.server), "dim italic", False)]
    if tool.display_title != tool.name:
        tail.append((one_line(tool.display_title, 80), "dim", True))
    room = layout.width - cell_len(text) if layout.width else 10_000
    for piece, style in _fit_tail(tail, room):
        text += " "
        spans.append(Span(len(text), len(text) + len(piece), style))
        text += piece
    return Content(text, spans)


TITLE_CUT_MIN = 8
"""Cells a cut title must keep (with its "…") to be worth showing; fewer say nothing."""


def _fit_tail(tail: list[tuple[str, str, bool]], room: int) -> list[tuple[str, str]]:
    """The pieces after the badges that fit in ``room`` cells, a space before each: whole, or cut with
    a "…" where that is allowed and enough is left to read; nothing after a piece left out."""
    fitted: list[tuple[str, str]] = []
    for piece, style, may_cut in tail:
        cells = cell_len(piece)
        if 1 + cells <= room:
            fitted.append((piece, style))
            room -= 1 + cells
            continue
        if may_cut and room - 1 >= TITLE_CUT_MIN:
            fitted.append((set_cell_size(piece, room - 2).rstrip() + "…", style))
        break
    return fitted


def cached_name_row(name: str, server: str, layout: RowLayout = RowLayout()) -> Content:
    """A row of the last run's list before anything can grade it (a warm start's first frame): the name
    where every row has it, then "cached" and the server, dimmed."""
    blank_chip = " " * len(_chip(Grade.SAFE, layout.form).plain)  # every chip is as wide
    name_column = one_line(name, NAME_LIMIT).ljust(layout.name_width)
    text = f"{blank_chip}{name_column}  cached @{one_line(server, 40)}"
    return Content.styled(text, "dim")

"""The tool query language (Textual-free, shared by the TUI's tool list and `mcp-tui tools --filter`):
precomputed search data per tool and a query matcher fast enough for every keystroke.

Query syntax (whitespace-separated terms; every term must match):

- a word matches the server, name, title or description (case-insensitive substring);
- a badge or grade word filters by it: ``ro``/``read-only``, ``rw``/``writes``, ``destructive``/``dest``,
  ``idempotent``/``idem``, ``open-world``/``open``, ``closed-world``/``closed``, ``unannotated``,
  ``resolvable``, ``lint`` (annotation warnings), ``safe``, ``low``, ``medium``, ``high``, ``critical``
  (also ``grade:high``);
- ``grade:high+`` means that grade or riskier; ``server:NAME`` limits to servers whose name contains NAME;
- ``-term`` excludes what ``term`` matches; ``"high"`` (in quotes) searches the text for a badge word.

A ``grade:`` that names no grade, or a ``server:`` that no server's name contains, matches nothing:
:func:`query_problem` says so in words, for the TUI's status line and the headless usage error alike.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from tui.model.hints import Hints
from tui.model.servers import ToolInfo
from tui.safety.grade import Grade, grade_hints
from tui.safety.lint import LintWarning
from tui.safety.tool_lint import lint_listed_tool

GRADE_WORDS = ", ".join(grade.label for grade in Grade)

# Every spelling a person may type for a badge, mapped to the canonical token stored per tool.
TOKEN_ALIASES: Mapping[str, str] = {
    "ro": "read-only",
    "read-only": "read-only",
    "readonly": "read-only",
    "rw": "writes",
    "writes": "writes",
    "write": "writes",
    "dest": "destructive",
    "destructive": "destructive",
    "idem": "idempotent",
    "idempotent": "idempotent",
    "open": "open-world",
    "open-world": "open-world",
    "openworld": "open-world",
    "ow": "open-world",
    "closed": "closed-world",
    "closed-world": "closed-world",
    "unannotated": "unannotated",
    "resolvable": "resolvable",
    "lint": "lint",
    "warning": "lint",
    **{grade.label: f"grade:{grade.label}" for grade in Grade},
    **{f"grade:{grade.label}": f"grade:{grade.label}" for grade in Grade},
}


@dataclass(frozen=True, slots=True)
class ToolEntry:
    """One tool with everything the list needs precomputed once (on set_tools, not per keystroke)."""

    tool: ToolInfo
    hints: Hints
    grade: Grade
    tokens: frozenset[str]
    haystack: str
    lint: tuple[LintWarning, ...]
    """Annotation warnings (contradictions, destructive-sounding names, no annotations)."""
    server_lower: str
    name_lower: str
    name_key: tuple[str, str]


def static_hints(tool: ToolInfo) -> Hints:
    return Hints.from_annotations(tool.annotations)


def make_entry(tool: ToolInfo, hints_for: Callable[[ToolInfo], Hints] = static_hints) -> ToolEntry:
    hints = hints_for(tool)
    grade = grade_hints(hints).grade
    tokens = {f"grade:{grade.label}"}
    if hints.unannotated:
        tokens.add("unannotated")
    tokens.add("read-only" if hints.read_only.value else "writes")
    if not hints.read_only.value:
        if hints.destructive.value:
            tokens.add("destructive")
        if hints.idempotent.value:
            tokens.add("idempotent")
    tokens.add("open-world" if hints.open_world.value else "closed-world")
    if tool.resolve_method is not None:
        tokens.add("resolvable")
    lint = tuple(lint_listed_tool(tool))
    if lint:
        tokens.add("lint")
    haystack = "\n".join((tool.server, tool.name, tool.title or "", tool.display_title, tool.description))
    return ToolEntry(
        tool=tool,
        hints=hints,
        grade=grade,
        tokens=frozenset(tokens),
        haystack=haystack.lower(),
        lint=lint,
        server_lower=tool.server.lower(),
        name_lower=tool.name.lower(),
        name_key=(tool.server.lower(), tool.name.lower()),
    )


@dataclass(frozen=True, slots=True)
class Term:
    """One parsed filter term: ``kind`` is text, token, grade_min, server or unknown_grade (matches
    nothing; :func:`query_problem` says why)."""

    kind: str
    value: str
    wanted: bool = True
    floor: Grade = Grade.SAFE


def _term(word: str, quoted: bool, wanted: bool) -> Term:
    if not quoted:
        if (token := TOKEN_ALIASES.get(word)) is not None:
            return Term("token", token, wanted)
        if word.startswith("grade:"):  # an exact grade is an alias above; here "grade:high+"
            label = word[6:].removesuffix("+")
            try:
                return Term("grade_min", word, wanted, Grade.parse(label))
            except ValueError:
                return Term("unknown_grade", label, wanted)
        if word.startswith("server:"):
            return Term("server", word[7:], wanted)
    return Term("text", word, wanted)


_WORD = re.compile(r"""(-?)(?:"([^"]*)"?|'([^']*)'?|(\S+))""")


def parse_query(query: str) -> list[Term]:
    """The terms of ``query``, in order."""
    terms: list[Term] = []
    for match in _WORD.finditer(query.lower()):
        minus, double, single, bare = match.groups()
        quoted = bare is None
        word = bare if bare is not None else (double if double is not None else single)
        if word:  # skip "" while a quote is being typed
            terms.append(_term(word, quoted, not minus))
    return terms


def _narrow(entries: list[ToolEntry], term: Term) -> list[ToolEntry]:
    # One comprehension per kind, with no call per entry: this loop is the per-keystroke cost.
    value, wanted = term.value, term.wanted
    if term.kind == "text":
        return [e for e in entries if (value in e.haystack) is wanted]
    if term.kind == "token":
        return [e for e in entries if (value in e.tokens) is wanted]
    if term.kind == "server":
        return [e for e in entries if (value in e.server_lower) is wanted]
    if term.kind == "unknown_grade":
        return [] if wanted else entries
    floor = term.floor
    return [e for e in entries if (e.grade >= floor) is wanted]


def filter_tools(entries: Iterable[ToolEntry], query: str) -> list[ToolEntry]:
    """The entries matching ``query`` (syntax in the module docstring): those whose name best matches a
    word of it first, and within that in their given order."""
    terms = parse_query(query)
    return rank_by_name(match_terms(entries, terms), terms)


def match_terms(entries: Iterable[ToolEntry], terms: Sequence[Term]) -> list[ToolEntry]:
    """The entries matching every one of ``terms``, in their given order."""
    result = list(entries)
    # Badge terms first: they are cheap and usually cut the list the most before any text scan.
    for term in sorted(terms, key=lambda term: term.kind == "text"):
        result = _narrow(result, term)
    return result


def rank_by_name(entries: list[ToolEntry], terms: Sequence[Term]) -> list[ToolEntry]:
    """``entries`` with the names that are, start with or contain a searched word first (a new list)."""
    words = [term.value for term in terms if term.kind == "text" and term.wanted]
    if not words:
        return list(entries)
    # Most names contain no searched word (the match was in a title or a description): those rank last and
    # keep their order, so only the others are sorted (sorted is stable: the given order is kept within a
    # rank). At 10,000 tools that is two comprehensions instead of 10,000 calls of name_rank.
    if len(words) == 1:
        word = words[0]
        in_name = [entry for entry in entries if word in entry.name_lower]
        rest = [entry for entry in entries if word not in entry.name_lower]
    else:
        in_name = [entry for entry in entries if any(word in entry.name_lower for word in words)]
        rest = [entry for entry in entries if not any(word in entry.name_lower for word in words)]
    return sorted(in_name, key=lambda entry: name_rank(entry.name_lower, words)) + rest


def query_problem(query: str, servers: Iterable[str]) -> str | None:
    """Why ``query`` cannot mean what it says, in a short sentence; None when every term can match.

    ``servers`` are the names a ``server:`` term may pick from (the configured servers): a grade that
    does not exist, or a server no name contains, would otherwise just empty the list without a word.
    """
    names = list(servers)
    problems: list[str] = []
    for term in parse_query(query):
        if term.kind == "unknown_grade":
            said = f"no grade '{term.value}'" if term.value else "grade: needs a grade"
            problems.append(f"{said}: use {GRADE_WORDS} (grade:high+ for that or riskier)")
        elif term.kind == "server" and term.value and not any(term.value in n.lower() for n in names):
            known = ", ".join(names) if names else "none"
            problems.append(f"no server name contains '{term.value}' (servers: {known})")
    return "; ".join(problems) or None


def name_rank(name: str, words: list[str]) -> int:
    """0: the name is one of ``words``; 1: it starts with one; 2: it contains one; 3: none of these."""
    rank = 3
    for word in words:
        if name == word:
            return 0
        if name.startswith(word):
            rank = min(rank, 1)
        elif word in name:
            rank = min(rank, 2)
    return rank


def sort_entries(entries: Sequence[ToolEntry], by_risk: bool) -> list[ToolEntry]:
    """By server then name; or riskiest grade first (then server and name)."""
    if by_risk:
        return sorted(entries, key=lambda entry: (-entry.grade, entry.name_key))
    return sorted(entries, key=lambda entry: entry.name_key)

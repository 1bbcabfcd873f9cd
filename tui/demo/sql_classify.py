"""Classify a SQLite query by what it would do, without running it.

Pure and deterministic: tools/resolve depends on it and must never touch the database. The rule is
honesty: comments, case and whitespace never hide a statement, a CTE is judged by the statement it
ends in, several statements take the riskiest, and anything not understood gets the worst case.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from enum import Enum


class Effect(Enum):
    """What one statement does to the database."""

    READ = "read"
    ADDITIVE = "additive"
    DESTRUCTIVE = "destructive"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Statement:
    """One statement of a query, with its verdict."""

    text: str
    verb: str
    effect: Effect
    idempotent: bool
    note: str


@dataclass(frozen=True)
class Verdict:
    """The combined verdict for a whole query (the riskiest of its statements)."""

    read_only: bool
    destructive: bool
    idempotent: bool
    statements: tuple[Statement, ...]
    reason: str
    blocked: str | None = None
    """Why the demo refuses to run this query at all (it could reach files outside the sandbox)."""


@dataclass(frozen=True)
class _Token:
    kind: str  # "word", "punct", "literal"
    text: str  # words upper-cased
    start: int
    end: int


class _Unsure(Exception):
    pass


_READ_PRAGMAS = frozenset(
    """application_id auto_vacuum automatic_index busy_timeout cache_size cache_spill cell_size_check
    collation_list compile_options data_version database_list encoding foreign_key_check
    foreign_key_list foreign_keys freelist_count function_list index_info index_list index_xinfo
    integrity_check journal_mode journal_size_limit legacy_alter_table locking_mode max_page_count
    mmap_size module_list page_count page_size pragma_list query_only quick_check read_uncommitted
    recursive_triggers schema_version secure_delete synchronous table_info table_list table_xinfo
    temp_store threads trusted_schema user_version wal_autocheckpoint""".split()  # noqa: SIM905
)
"""Pragmas that only report when called without `= value`. With an argument in parentheses only the
introspection ones below stay reads (`PRAGMA user_version(5)` sets the version)."""

_READ_PRAGMAS_WITH_ARG = frozenset(
    """table_info table_xinfo index_info index_xinfo index_list foreign_key_list foreign_key_check
    integrity_check quick_check table_list""".split()  # noqa: SIM905
)
_BLOCKED = {"ATTACH", "DETACH", "VACUUM"}
_CONTROL = {"BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"}
_DML = {"SELECT", "VALUES", "INSERT", "UPDATE", "DELETE", "REPLACE"}


def _tokenize(sql: str) -> list[_Token]:
    tokens: list[_Token] = []
    i, n = 0, len(sql)
    while i < n:
        ch = sql[i]
        if ch.isspace():
            i += 1
        elif sql.startswith("--", i):
            end = sql.find("\n", i)
            i = n if end < 0 else end + 1
        elif sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            # SQLite accepts an unterminated block comment at the very end; it hides nothing.
            i = n if end < 0 else end + 2
        elif ch in "'\"`[":
            close = "]" if ch == "[" else ch
            j = i + 1
            while True:
                k = sql.find(close, j)
                if k < 0:
                    raise _Unsure("an unterminated quote or identifier")
                if close != "]" and sql.startswith(close * 2, k):
                    j = k + 2  # doubled quote is an escaped quote
                    continue
                break
            tokens.append(_Token("literal", sql[i : k + 1], i, k + 1))
            i = k + 1
        elif ch.isalnum() or ch in "_$":
            j = i
            while j < n and (sql[j].isalnum() or sql[j] in "_$"):
                j += 1
            tokens.append(_Token("word", sql[i:j].upper(), i, j))
            i = j
        else:
            tokens.append(_Token("punct", ch, i, i + 1))
            i += 1
    return tokens


def _split(sql: str, tokens: list[_Token]) -> list[tuple[str, list[_Token]]]:
    """Split at semicolons that end a complete statement (a trigger body holds inner ones)."""
    statements: list[tuple[str, list[_Token]]] = []
    current: list[_Token] = []
    start = 0
    for token in tokens:
        if token.kind == "punct" and token.text == ";":
            text = sql[start : token.end]
            if sqlite3.complete_statement(text):
                if current:
                    statements.append((text.strip(), current))
                current, start = [], token.end
                continue
        current.append(token)
    if current:
        statements.append((sql[start:].strip(), current))
    return statements


def _words(tokens: list[_Token]) -> list[str]:
    return [t.text for t in tokens if t.kind == "word"]


def _main_verb_after_with(tokens: list[_Token]) -> int:
    """Index of the statement a WITH clause leads to: the first DML verb outside parentheses."""
    depth = 0
    for index, token in enumerate(tokens[1:], start=1):
        if token.kind == "punct":
            depth += {"(": 1, ")": -1}.get(token.text, 0)
        elif depth == 0 and token.kind == "word" and token.text in _DML:
            return index
    raise _Unsure("a WITH clause that leads to no statement")


def _pragma(text: str, tokens: list[_Token]) -> Statement:
    rest = tokens[1:]
    if len(rest) >= 2 and rest[1].text == ".":  # schema-qualified: PRAGMA main.user_version
        rest = rest[2:]
    if not rest or rest[0].kind != "word":
        return Statement(text, "PRAGMA", Effect.UNKNOWN, False, "a PRAGMA without a name")
    name = rest[0].text.lower()
    after = rest[1] if len(rest) > 1 else None
    if after is None and name in _READ_PRAGMAS:
        return Statement(text, "PRAGMA", Effect.READ, True, f"PRAGMA {name} only reports a setting")
    if after is not None and after.text == "(" and name in _READ_PRAGMAS_WITH_ARG:
        return Statement(text, "PRAGMA", Effect.READ, True, f"PRAGMA {name}(...) only inspects the schema")
    if after is not None and after.text in ("=", "("):
        return Statement(text, "PRAGMA", Effect.DESTRUCTIVE, False, f"PRAGMA {name} changes a setting")
    return Statement(text, "PRAGMA", Effect.UNKNOWN, False, f"PRAGMA {name} is not known to be read-only")


def _dml(text: str, verb: str, words: list[str]) -> Statement:
    if verb in ("SELECT", "VALUES"):
        return Statement(text, verb, Effect.READ, True, f"{verb} only reads")
    if verb == "INSERT":
        if words[1:3] == ["OR", "REPLACE"]:
            return Statement(text, verb, Effect.DESTRUCTIVE, False, "INSERT OR REPLACE overwrites rows")
        if "DO" in words and "UPDATE" in words[words.index("DO") :]:
            return Statement(
                text, verb, Effect.DESTRUCTIVE, False, "an upsert (ON CONFLICT DO UPDATE) overwrites rows"
            )
        return Statement(
            text, verb, Effect.ADDITIVE, False, "INSERT adds rows; running it twice adds them twice"
        )
    if verb == "REPLACE":
        return Statement(text, verb, Effect.DESTRUCTIVE, False, "REPLACE overwrites rows")
    return Statement(text, verb, Effect.DESTRUCTIVE, False, f"{verb} changes or removes existing rows")


def _classify_statement(text: str, tokens: list[_Token]) -> Statement:
    words = _words(tokens)
    if not words or tokens[0].kind != "word":
        return Statement(text, "?", Effect.UNKNOWN, False, "a statement that does not start with a keyword")
    verb = words[0]
    if verb == "EXPLAIN":
        return Statement(text, verb, Effect.READ, True, "EXPLAIN describes a statement without running it")
    if verb == "WITH":
        index = _main_verb_after_with(tokens)
        inner = _dml(text, tokens[index].text, _words(tokens[index:]))
        return Statement(
            text, f"WITH ... {inner.verb}", inner.effect, inner.idempotent, f"a CTE ending in {inner.note}"
        )
    if verb in _DML:
        return _dml(text, verb, words)
    if verb == "CREATE":
        if "TRIGGER" in words[1:4]:
            return Statement(
                text, verb, Effect.DESTRUCTIVE, False, "a trigger can change rows on every later write"
            )
        head = words[1:5]
        idempotent = "IF" in head and words[words.index("IF") + 1 : words.index("IF") + 3] == [
            "NOT",
            "EXISTS",
        ]
        note = "CREATE adds a schema object" + ("" if idempotent else "; running it twice fails")
        return Statement(text, verb, Effect.ADDITIVE, idempotent, note)
    if verb == "DROP":
        return Statement(text, verb, Effect.DESTRUCTIVE, True, "DROP removes a table, index, view or trigger")
    if verb == "ALTER":
        return Statement(text, verb, Effect.DESTRUCTIVE, False, "ALTER can rename or drop columns and tables")
    if verb == "PRAGMA":
        return _pragma(text, tokens)
    if verb in ("ANALYZE", "REINDEX"):
        return Statement(text, verb, Effect.ADDITIVE, True, f"{verb} rebuilds internal statistics or indexes")
    if verb in _CONTROL:
        return Statement(text, verb, Effect.READ, True, f"{verb} only controls a transaction")
    if verb in _BLOCKED:
        return Statement(text, verb, Effect.UNKNOWN, False, f"{verb} can write files outside the database")
    return Statement(text, verb, Effect.UNKNOWN, False, f"{verb} is not a statement this classifier knows")


def worst_case(reason: str, statements: tuple[Statement, ...] = ()) -> Verdict:
    return Verdict(False, True, False, statements, reason)


def classify(sql: str) -> Verdict:
    """Classify every statement of `sql` and combine them into the riskiest verdict."""
    try:
        tokens = _tokenize(sql)
        statements = tuple(_classify_statement(text, toks) for text, toks in _split(sql, tokens))
    except _Unsure as unsure:
        return worst_case(f"could not read the query ({unsure}); assuming the worst")
    blocked = next((s.verb for s in statements if s.verb in _BLOCKED), None)
    blocked_reason = (
        f"{blocked} is disabled in the demo: it can reach files outside the sandbox" if blocked else None
    )
    if not statements:
        return Verdict(True, False, True, (), "the query holds no statement, so nothing runs")
    unknown = [s for s in statements if s.effect is Effect.UNKNOWN]
    if unknown:
        return Verdict(
            False, True, False, statements, f"{unknown[0].note}; assuming the worst", blocked_reason
        )
    writes = [s for s in statements if s.effect is not Effect.READ]
    if not writes:
        return Verdict(True, False, True, statements, "; ".join(dict.fromkeys(s.note for s in statements)))
    destructive = [s for s in writes if s.effect is Effect.DESTRUCTIVE]
    riskiest = destructive[0] if destructive else next((s for s in writes if not s.idempotent), writes[0])
    reason = riskiest.note
    if len(statements) > 1:
        reason = f"{len(statements)} statements; the riskiest: {reason}"
    return Verdict(False, bool(destructive), all(s.idempotent for s in writes), statements, reason)


def split_statements(sql: str) -> list[str]:
    """The statements of `sql` in order, exactly as the classifier saw them (for running them one by one)."""
    try:
        return [text for text, _ in _split(sql, _tokenize(sql))]
    except _Unsure:
        return [sql]  # SQLite itself will report what is wrong with it

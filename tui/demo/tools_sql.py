"""sql: a SQLite database in the sandbox; its risk follows the statements in the query."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import anyio

from tui.demo.dialects import DYNAMIC, SEP_1862
from tui.demo.hints import DESTROY_ONCE, Annotations, hints
from tui.demo.spec import DemoTool, JsonObject, ToolEnv, ToolResult, schema, text
from tui.demo.sql_classify import classify, split_statements

DB_NAME = "demo.db"
MAX_ROWS = 200
TIME_LIMIT = 3.0
SEED = """
CREATE TABLE fruits (id INTEGER PRIMARY KEY, name TEXT NOT NULL, colour TEXT, stock INTEGER NOT NULL);
INSERT INTO fruits (name, colour, stock) VALUES
  ('apple', 'red', 12), ('banana', 'yellow', 30), ('cherry', 'red', 150),
  ('kiwi', 'green', 8), ('plum', 'purple', 0);
"""


def refine(arguments: JsonObject) -> Annotations:
    verdict = classify(arguments["query"])
    return hints(
        read_only=verdict.read_only,
        destructive=verdict.destructive,
        idempotent=verdict.idempotent,
        open_world=False,
    )


def _connect(path: Path) -> sqlite3.Connection:
    fresh = not path.exists()
    # Autocommit: each call stands alone, and no transaction is left open between calls.
    connection = sqlite3.connect(path, isolation_level=None)
    if fresh:
        connection.executescript(SEED)
    # Belt and braces next to the classifier's block: ATTACH could create files anywhere.
    denied = (sqlite3.SQLITE_ATTACH, sqlite3.SQLITE_DETACH)
    connection.set_authorizer(
        lambda action, *_: sqlite3.SQLITE_DENY if action in denied else sqlite3.SQLITE_OK
    )
    deadline = time.monotonic() + TIME_LIMIT
    # A non-zero return aborts the statement: stops runaway recursive CTEs.
    connection.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
    return connection


def _table(columns: list[str], rows: list[tuple[Any, ...]], more: bool) -> str:
    lines = [" | ".join(columns)] + [" | ".join("NULL" if v is None else str(v) for v in row) for row in rows]
    if more:
        lines.append(f"[... only the first {MAX_ROWS} rows are shown]")
    return "\n".join(lines) if rows else " | ".join(columns) + "\n(no rows)"


def _execute(path: Path, query: str) -> ToolResult:
    connection = _connect(path)
    try:
        output: list[str] = []
        before = connection.total_changes
        for statement in split_statements(query):
            cursor = connection.execute(statement)
            if cursor.description:
                rows = cursor.fetchmany(MAX_ROWS + 1)
                columns = [d[0] for d in cursor.description]
                output.append(_table(columns, rows[:MAX_ROWS], len(rows) > MAX_ROWS))
        changed = connection.total_changes - before
        if changed or not output:
            output.append(f"{changed} row{'s' if changed != 1 else ''} changed.")
        return text("\n\n".join(output))
    except sqlite3.Error as failure:
        return text(f"SQLite error: {failure}", error=True)
    finally:
        connection.close()


async def run(env: ToolEnv, arguments: JsonObject) -> ToolResult:
    query = arguments["query"]
    verdict = classify(query)
    if verdict.blocked:
        return text(f"Not run: {verdict.blocked}.", error=True)
    env.sandbox.ensure()
    return await anyio.to_thread.run_sync(_execute, env.sandbox.root / DB_NAME, query)


TOOL = DemoTool(
    name="sql",
    title="Query the demo database",
    description=(
        "Run SQL against a small SQLite database in the sandbox (table fruits: id, name, colour, stock). "
        "The risk follows the statements: SELECT only reads, INSERT adds rows, UPDATE, DELETE, DROP and "
        "ALTER change or remove data. Several statements count as the riskiest of them."
    ),
    input_schema=schema(
        {
            "query": {
                "type": "string",
                "minLength": 1,
                "description": "One or more SQLite statements, e.g. SELECT * FROM fruits WHERE stock > 10.",
            }
        },
        ["query"],
    ),
    annotations=DESTROY_ONCE,
    run=run,
    refine=refine,
    dialects=frozenset({SEP_1862, DYNAMIC}),
    display_template="run SQL on the demo database: {query}",
)

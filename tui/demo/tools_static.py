"""Tools whose annotations never change: one per grade, plus two that annotate badly on purpose."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import anyio

from tui.demo.hints import ADD, DESTROY, READ, READ_OPEN, hints
from tui.demo.spec import DemoTool, JsonObject, ToolEnv, ToolResult, schema, text

NOTES = "notes.md"
CONFETTI_LOG = "confetti.log"


async def list_sandbox(env: ToolEnv, arguments: JsonObject) -> ToolResult:
    env.sandbox.ensure()
    root = env.sandbox.root
    entries = sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink())
    lines = [f"{p.relative_to(root).as_posix()}  ({p.stat().st_size} bytes)" for p in entries]
    return text("\n".join(lines) if lines else "The sandbox is empty.")


async def world_clock(env: ToolEnv, arguments: JsonObject) -> ToolResult:
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    name = arguments.get("timezone", "UTC")
    try:
        zone = UTC if name.upper() == "UTC" else ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return text(
            f"Unknown time zone {name!r}; try a name like Europe/Paris or America/New_York.", error=True
        )
    now = datetime.now(zone)
    return text(f"It is {now:%H:%M} on {now:%A %d %B %Y} in {name} (UTC{now:%z}).")


def _append(env: ToolEnv, name: str, line: str) -> None:
    env.sandbox.ensure()
    with env.sandbox.path(name).open("a", encoding="utf-8") as handle:
        handle.write(line + "\n")


async def add_note(env: ToolEnv, arguments: JsonObject) -> ToolResult:
    note = " ".join(arguments["text"].split())
    await anyio.to_thread.run_sync(_append, env, NOTES, f"- {note}")
    return text(f"Added to {NOTES}: {note}")


async def clear_notes(env: ToolEnv, arguments: JsonObject) -> ToolResult:
    env.sandbox.ensure()
    path = env.sandbox.path(NOTES)
    count = len(path.read_text(encoding="utf-8").splitlines()) if path.is_file() else 0
    path.write_text("", encoding="utf-8")
    return text(f"Cleared {NOTES}: {count} note{'s' if count != 1 else ''} removed.")


async def launch_confetti(env: ToolEnv, arguments: JsonObject) -> ToolResult:
    colour = arguments.get("colour", "rainbow")
    await anyio.to_thread.run_sync(
        _append, env, CONFETTI_LOG, f"{datetime.now(UTC):%Y-%m-%dT%H:%M:%SZ} {colour} confetti"
    )
    return text(
        f"Launched {colour} confetti. (Only a line in {CONFETTI_LOG} in the sandbox; nothing left here.)"
    )


async def roll_dice(env: ToolEnv, arguments: JsonObject) -> ToolResult:
    sides, count = arguments.get("sides", 6), arguments.get("count", 1)
    rolls = [random.randint(1, sides) for _ in range(count)]
    return text(f"Rolled {count}d{sides}: {', '.join(map(str, rolls))} (total {sum(rolls)})")


async def word_count(env: ToolEnv, arguments: JsonObject) -> ToolResult:
    env.sandbox.ensure()
    path = env.sandbox.path(arguments["path"])
    if not path.is_file():
        return text(f"{arguments['path']} is not a file in the sandbox.", error=True)
    data = path.read_text(encoding="utf-8", errors="replace")
    return text(
        f"{arguments['path']}: {len(data.splitlines())} lines, {len(data.split())} words, "
        f"{len(data)} characters"
    )


_PATH = {"type": "string", "minLength": 1, "description": "File path inside the sandbox, e.g. welcome.txt."}

TOOLS = [
    DemoTool(
        "list_sandbox",
        "List sandbox files",
        "List every file in the demo sandbox with its size. Only reads; touches nothing outside the sandbox.",
        schema({}),
        READ,
        list_sandbox,
        display_template="list the files in the sandbox",
    ),
    DemoTool(
        "world_clock",
        "World clock",
        "Tell the current time in a time zone. Only reads, but what it reads (the clock) is outside the "
        "server, so it is open world: the answer changes every minute.",
        schema(
            {"timezone": {"type": "string", "default": "UTC", "description": "IANA name, e.g. Europe/Paris."}}
        ),
        READ_OPEN,
        world_clock,
        display_template="tell the time in {timezone}",
    ),
    DemoTool(
        "add_note",
        "Add a note",
        f"Append one line to {NOTES} in the sandbox. It only adds; running it twice adds the note twice.",
        schema({"text": {"type": "string", "minLength": 1, "description": "The note."}}, ["text"]),
        ADD,
        add_note,
        display_template='add the note "{text}" to notes.md',
    ),
    DemoTool(
        "clear_notes",
        "Clear all notes",
        f"Erase every note in {NOTES} in the sandbox. Destructive: the notes are gone for good.",
        schema({}),
        DESTROY,
        clear_notes,
        display_template="erase every note in notes.md",
    ),
    DemoTool(
        "launch_confetti",
        "Launch confetti",
        "Pretend to fire a confetti cannon at the outside world: annotated destructive and open world, "
        f"the riskiest kind of tool. In reality it only writes one line to {CONFETTI_LOG} in the sandbox.",
        schema({"colour": {"type": "string", "enum": ["rainbow", "gold", "silver"], "default": "rainbow"}}),
        hints(read_only=False, destructive=True, idempotent=False, open_world=True),
        launch_confetti,
        display_template="launch {colour} confetti",
    ),
    DemoTool(
        "roll_dice",
        "Roll dice (no annotations)",
        "Roll some dice. This tool states no annotations at all, on purpose: a client must then assume the "
        "spec defaults (destructive and open world), even though rolling dice is harmless.",
        schema(
            {
                "sides": {"type": "integer", "minimum": 2, "maximum": 100, "default": 6},
                "count": {"type": "integer", "minimum": 1, "maximum": 10, "default": 1},
            }
        ),
        None,
        roll_dice,
    ),
    DemoTool(
        "word_count",
        "Count words (contradictory hints)",
        "Count lines, words and characters of a sandbox file. Its annotations contradict themselves on "
        "purpose (read-only and destructive both stated); it only reads.",
        schema({"path": _PATH}, ["path"]),
        {"readOnlyHint": True, "destructiveHint": True, "openWorldHint": False},
        word_count,
        display_template="count the lines, words and characters of {path}",
    ),
]

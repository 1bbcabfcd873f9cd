"""A server's question on the terminal is held to the requested schema as the TUI's form is: an answer
that is not valid says why and is asked again, choices are listed numbered with their titles, booleans
take y/n. The real ``mcp-tui`` on a pseudo-terminal, against server-everything's
``trigger-elicitation-request`` (every kind of field) over real stdio."""

from __future__ import annotations

import json
import os
import re
import select
import time
from pathlib import Path

import npm_servers
from cli_harness import write_config
from test_headless_prompt import Terminal

EVERYTHING = "@modelcontextprotocol/server-everything"

# (what the prompt shows, what is typed, and for a refused answer what the terminal says before asking
# again). Each refused answer is one the old prompt sent.
EXCHANGE: list[tuple[str, str, str | None]] = [
    ("String (required): ", "", "String is required: type an answer"),
    ("String (required): ", "Ada", None),
    ("Boolean (y/n): ", "maybe", "Boolean: answer y or n"),
    ("Boolean (y/n): ", "y", None),
    ("String with default [It was a dark and stormy night.]: ", "", None),
    ("String with email format (email): ", "zzz", "'zzz' is not a 'email'"),
    ("String with email format (email): ", "ada@example.com", None),
    ("String with uri format (uri): ", "zzz", "'zzz' is not a 'uri'"),
    ("String with uri format (uri): ", "https://ada.example", None),
    ("String with date format (date, YYYY-MM-DD): ", "zzz", "'zzz' is not a 'date'"),
    ("String with date format (date, YYYY-MM-DD): ", "1815-12-10", None),
    ("Integer (a whole number, 1 to 100) [42]: ", "", None),
    (
        "Number in range 1-1000 (a number, 0 to 1000) [3.14]: ",
        "5000",
        "5000 is greater than the maximum of 1000",
    ),
    ("Number in range 1-1000 (a number, 0 to 1000) [3.14]: ", "7.5", None),
    ("Untitled Single Select Enum (number, title or value) [Monica]: ", "2", None),
    ("Untitled Multiple Select Enum (", "Bob", "'Bob' is not one of the choices"),
    ("separated by commas) [Guitar]: ", "Guitar, 2", None),
    ("Titled Single Select Enum (number, title or value) [Superman]: ", "zzz", "'zzz' is not one of"),
    ("Titled Single Select Enum (number, title or value) [Superman]: ", "wonder woman", None),
    ("Titled Multiple Select Enum (", "1,3", None),
    ("Legacy Titled Single Select Enum (number, title or value) [Cats]: ", "Dogs", None),
]


def wait_after(terminal: Terminal, text: str, seen: int) -> int:
    """Wait until ``text`` shows after position ``seen`` of the screen (a prompt asked again shows the
    same words as the first time); the position after it."""
    deadline = time.monotonic() + 45
    while (at := terminal.screen.find(text, seen)) < 0:
        assert time.monotonic() < deadline, f"no {text!r} after {seen}:\n{terminal.screen[seen:]}"
        if select.select([terminal.master], [], [], 0.1)[0]:
            terminal.screen += os.read(terminal.master, 65536).decode("utf-8", "replace")
    return at + len(text)


@npm_servers.skip_unless_installed()
def test_every_kind_of_field_is_checked_like_the_form_and_asked_again(home: Path) -> None:
    write_config(home, f"[servers.everything]\n{npm_servers.toml_command(EVERYTHING)}\n")
    terminal = Terminal(
        home,
        "call",
        "everything",
        "trigger-elicitation-request",
        "--approve-up-to",
        "medium",
        "--timeout",
        "120",
    )
    seen = 0
    for shown, typed, refused in EXCHANGE:
        seen = wait_after(terminal, shown, seen)
        terminal.type(typed)
        if refused is not None:
            seen = wait_after(terminal, refused, seen)
    terminal.wait_for("Send these answers? [y/N] ")
    # Choices are listed, numbered, with their titles (and the value when it differs).
    for listed in (
        '  1) Superman ("hero-1")',
        '  3) Wonder Woman ("hero-3")',
        '  2) Dogs ("pet-2")',
        "  5) Bass",
    ):
        assert listed in terminal.screen
    terminal.type("y")
    code, out = terminal.finish()
    assert code == 0, terminal.screen
    raw = json.loads(re.search(r"Raw result: (\{.*\})", out, re.DOTALL).group(1).replace("\n  ", "\n"))
    assert raw["action"] == "accept"
    assert raw["content"] == {
        "name": "Ada",
        "check": True,
        "firstLine": "It was a dark and stormy night.",
        "email": "ada@example.com",
        "homepage": "https://ada.example",
        "birthdate": "1815-12-10",
        "integer": 42,
        "number": 7.5,
        "untitledSingleSelectEnum": "Rachel",
        "untitledMultipleSelectEnum": ["Guitar", "Piano"],
        "titledSingleSelectEnum": "hero-3",
        "titledMultipleSelectEnum": ["fish-1", "fish-3"],
        "legacyTitledEnum": "pet-2",
    }

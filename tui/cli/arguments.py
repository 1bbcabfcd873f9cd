"""ARGS on the command line: ``--args JSON``, ``--args @file.json``, ``key=value``, ``key:=JSON``.

``key=value`` is always a string; ``key:=JSON`` is a typed value (``count:=3``, ``tags:='["a"]'``).
Pairs are merged over ``--args`` (a pair wins). Everything is checked against the tool's inputSchema
before anything is sent, with the same messages as the form.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tui.cli.exit_codes import CliError, Exit


def is_pair(word: str) -> bool:
    """``key=value`` or ``key:=JSON`` (a word that names a server or a tool has no ``=``)."""
    key, equals, _ = word.partition("=")
    return bool(equals) and bool(key.removesuffix(":")) and not word.startswith("-")


def parse_pairs(words: list[str]) -> dict[str, Any]:
    arguments: dict[str, Any] = {}
    for word in words:
        if not is_pair(word):
            raise CliError(Exit.USAGE, f"{word!r} is not an argument: write key=value or key:=JSON")
        key, _, value = word.partition("=")
        if key.endswith(":"):
            key = key[:-1]
            try:
                arguments[key] = json.loads(value)
            except ValueError as error:
                raise CliError(Exit.USAGE, f"{key}:= needs a JSON value ({error}); got {value!r}") from None
        else:
            arguments[key] = value
    return arguments


def parse_args_option(text: str | None) -> dict[str, Any]:
    """``--args``: a JSON object, or ``@path`` to a file holding one."""
    if text is None:
        return {}
    source = "--args"
    if text.startswith("@"):
        path = Path(text[1:]).expanduser()
        source = str(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CliError(Exit.USAGE, f"--args: cannot read {path}: {error}") from None
    try:
        value = json.loads(text)
    except ValueError as error:
        raise CliError(Exit.USAGE, f"{source} is not valid JSON: {error}") from None
    if not isinstance(value, dict):
        raise CliError(Exit.USAGE, f"{source} must be a JSON object of arguments, not {type(value).__name__}")
    return value


def collect_arguments(option: str | None, pairs: list[str]) -> dict[str, Any]:
    return {**parse_args_option(option), **parse_pairs(pairs)}


def check_arguments(schema: dict[str, Any], arguments: dict[str, Any], tool: str) -> None:
    """Raise a usage error listing every problem, in the form's words, when the schema rejects them."""
    from tui.session.argument_check import ArgumentChecker

    errors = ArgumentChecker(schema).schema_errors(arguments)
    if errors:
        lines = [f"  {error.field or '(arguments)'}: {error.message}" for error in errors]
        raise CliError(Exit.USAGE, f"invalid arguments for {tool} (nothing was sent):\n" + "\n".join(lines))

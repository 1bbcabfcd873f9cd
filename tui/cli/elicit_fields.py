"""One field of a server's question (elicitation), asked on the terminal: how it is shown, how a typed line
is read, and whether the answer is valid for the requested schema, by the same validation as the TUI's
form (``ArgumentChecker``), so the terminal accepts exactly what the form accepts.

Choices (an ``enum``, with ``enumNames`` as labels; a ``oneOf``/``anyOf`` of titled ``const`` values;
an array of either, for several) are listed numbered with their titles, and may be answered by number,
title or value; several are separated by commas. Booleans take y/n. Plain Python, no terminal here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from tui.model.choices import const_branches
from tui.safety.visible_text import visible_line
from tui.session.argument_check import ArgumentChecker

FORMAT_NOTES = {"date": "date, YYYY-MM-DD", "date-time": "date and time, ISO 8601"}
YES = ("y", "yes", "true")
NO = ("n", "no", "false")


@dataclass(frozen=True)
class Choice:
    value: Any
    label: str


@dataclass
class Field:
    """One property of the requested schema, with what it takes to ask for it."""

    name: str
    spec: dict[str, Any]
    required: bool
    choices: list[Choice] = field(default_factory=list)
    several: bool = False
    """An array of choices: the answer is a list."""

    @property
    def title(self) -> str:
        return visible_line(str(self.spec.get("title") or self.name))

    @property
    def kind(self) -> Any:
        return self.spec.get("type")


def _choices(spec: dict[str, Any]) -> list[Choice]:
    """The choices ``spec`` offers, labelled by their titles (or ``enumNames``), or []."""
    values = spec.get("enum")
    if isinstance(values, list):
        names = spec.get("enumNames")
        labels = names if isinstance(names, list) and len(names) == len(values) else values
        return [Choice(value, str(label)) for value, label in zip(values, labels, strict=True)]
    branches = const_branches(spec)
    if branches is not None:
        return [Choice(b["const"], str(b.get("title") or b["const"])) for b in branches[1]]
    return []


def fields_of(schema: dict[str, Any]) -> list[Field]:
    properties = schema.get("properties") or {}
    required = set(schema.get("required") or [])
    found: list[Field] = []
    for name, spec in properties.items() if isinstance(properties, dict) else ():
        spec = spec if isinstance(spec, dict) else {}
        items = spec.get("items")
        if spec.get("type") == "array" and isinstance(items, dict) and (several := _choices(items)):
            found.append(Field(name, spec, name in required, several, several=True))
        else:
            found.append(Field(name, spec, name in required, _choices(spec)))
    return found


def _range(spec: dict[str, Any]) -> str:
    low, high = spec.get("minimum"), spec.get("maximum")
    if low is not None and high is not None:
        return f", {low} to {high}"
    if low is not None:
        return f", at least {low}"
    if high is not None:
        return f", at most {high}"
    return ""


def _what_to_type(item: Field) -> str:
    """The short note in the prompt saying what the answer looks like."""
    if item.choices:
        count = f"{item.spec.get('minItems', 1)} to {item.spec.get('maxItems', len(item.choices))}"
        if item.several:
            return f"numbers, titles or values, {count}, separated by commas"
        return "number, title or value"
    if item.kind == "boolean":
        return "y/n"
    if item.kind in ("integer", "number"):
        return f"{'a whole number' if item.kind == 'integer' else 'a number'}{_range(item.spec)}"
    if isinstance(fmt := item.spec.get("format"), str):
        return {"date": "date, YYYY-MM-DD", "date-time": "date and time, ISO 8601"}.get(
            fmt, visible_line(fmt)
        )
    return ""


def _shown_default(item: Field) -> str:
    default = item.spec.get("default")
    if default is None:
        return ""
    if item.choices:
        picked = default if isinstance(default, list) else [default]
        labels = [next((c.label for c in item.choices if c.value == value), None) for value in picked]
        if all(labels):
            return f" [{visible_line(', '.join(str(label) for label in labels))}]"
    if item.kind == "boolean" and isinstance(default, bool):
        return " [y]" if default else " [n]"
    return f" [{visible_line(default if isinstance(default, str) else json.dumps(default))}]"


def lines_before(item: Field) -> list[str]:
    """What is shown above the prompt: the description, and the numbered choices."""
    lines = []
    if isinstance(description := item.spec.get("description"), str) and description:
        lines.append(f"  {visible_line(description)}")
    for number, choice in enumerate(item.choices, start=1):
        value = "" if choice.label == str(choice.value) else f" ({visible_line(json.dumps(choice.value))})"
        lines.append(f"  {number}) {visible_line(choice.label)}{value}")
    return lines


def prompt(item: Field) -> str:
    note = _what_to_type(item)
    needed = " (required)" if item.required else ""
    return f"{item.title}{f' ({note})' if note else ''}{_shown_default(item)}{needed}: "


def _one_choice(item: Field, text: str) -> Any:
    """The value ``text`` names: its number, its title, or the value itself (as typed, or as JSON)."""
    if text.isdigit() and 1 <= int(text) <= len(item.choices):
        return item.choices[int(text) - 1].value
    for choice in item.choices:
        if text == str(choice.value) or text.casefold() == choice.label.casefold():
            return choice.value
    try:
        parsed = json.loads(text)
    except ValueError:
        parsed = text
    if any(parsed == choice.value for choice in item.choices):
        return parsed
    raise ValueError(f"'{visible_line(text)}' is not one of the choices: type its number, title or value")


def read(item: Field, text: str) -> Any:
    """The value a typed line stands for; ValueError (with the reason) when it cannot be read."""
    if item.several:
        return [_one_choice(item, part.strip()) for part in text.split(",") if part.strip()]
    if item.choices:
        return _one_choice(item, text)
    if item.kind == "boolean":
        if text.lower() in YES:
            return True
        if text.lower() in NO:
            return False
        raise ValueError("answer y or n")
    if item.kind == "integer":
        try:
            return int(text)
        except ValueError:
            raise ValueError("needs a whole number") from None
    if item.kind == "number":
        try:
            number = float(text)
        except ValueError:
            raise ValueError("needs a number") from None
        return int(number) if number.is_integer() and "." not in text and "e" not in text.lower() else number
    return text


def problems(item: Field, value: Any) -> list[str]:
    """Why ``value`` is not a valid answer for the field, by the form's own validation ([] when it is)."""
    checker = ArgumentChecker({"type": "object", "properties": {item.name: item.spec}})
    return [error.message for error in checker.schema_errors({item.name: value})]

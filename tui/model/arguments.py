"""A problem with a tool's arguments, as local validation reports it (the form shows it under the field)."""

from __future__ import annotations

from dataclasses import dataclass

REQUIRED_MESSAGE = "This field is required."
"""What a missing required property says, next to its own field (jsonschema puts it on the parent)."""


@dataclass(frozen=True)
class ArgumentError:
    path: tuple[str | int, ...]
    """Where in the arguments the problem is; () for the top level."""
    message: str

    @property
    def field(self) -> str:
        return ".".join(str(part) for part in self.path)

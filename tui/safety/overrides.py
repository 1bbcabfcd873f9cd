"""The user's own annotations for a tool: they beat the server's, and are shown as the user's (override).

Keyed by server name and tool name: an override describes what the person believes the tool does, so it
follows the server's name rather than its command line.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from tui.model.hints import HINT_NAMES, stated_hints


class Overrides:
    """(server name, tool name) -> camelCase hints, e.g. ``{"destructiveHint": True}``."""

    def __init__(self, entries: Mapping[tuple[str, str], Mapping[str, Any]] | None = None) -> None:
        self._entries: dict[tuple[str, str], dict[str, bool]] = {}
        for (server, tool), hints in (entries or {}).items():
            self.set(server, tool, hints)

    def get(self, server: str, tool: str) -> dict[str, bool] | None:
        """The override for this tool, ready for ``effective_hints(..., override=...)``; None if none."""
        found = self._entries.get((server, tool))
        return dict(found) if found else None

    def set(self, server: str, tool: str, hints: Mapping[str, Any]) -> dict[str, bool]:
        """Store the stated boolean hints (anything else is dropped); an empty result removes the entry."""
        kept = stated_hints(hints)
        if kept:
            self._entries[(server, tool)] = {name: kept[name] for name in HINT_NAMES if name in kept}
        else:
            self._entries.pop((server, tool), None)
        return dict(kept)

    def clear(self, server: str, tool: str) -> bool:
        return self._entries.pop((server, tool), None) is not None

    def items(self) -> list[tuple[str, str, dict[str, bool]]]:
        return [(server, tool, dict(hints)) for (server, tool), hints in sorted(self._entries.items())]

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(sorted(self._entries))

    def __len__(self) -> int:
        return len(self._entries)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Overrides) and self._entries == other._entries

    def __repr__(self) -> str:
        return f"Overrides({self._entries!r})"

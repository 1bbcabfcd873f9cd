"""The mcp-tui command (placeholder until the entry point lands)."""

from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    return 0

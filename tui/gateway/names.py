"""The names agents see: each server's tools as they are with one server, ``SERVER__TOOL`` with several.

A name an agent sends is looked up exactly, never normalised: a lookalike (``manage_files`` with a Cyrillic
``i``) is another name. Names outside the MCP tool-name characters (letters, digits, ``_``, ``-``, ``.``; 1
to 128 of them) are not served at all, so a lookalike cannot sit beside the tool it imitates; two servers'
tools that would share a public name are both left out rather than one shadowing the other. Each tool
left out is reported once, with the reason, on stderr.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from tui.model.servers import ToolInfo
from tui.safety.visible_text import visible_line

SEPARATOR = "__"
_ALLOWED = re.compile(r"[A-Za-z0-9_.\-]{1,128}")


@dataclass(frozen=True)
class PublicNames:
    """Public name -> the tool behind it, and what was left out (one sentence each)."""

    tools: dict[str, ToolInfo]
    left_out: tuple[str, ...]

    @classmethod
    def of(cls, servers: list[str], tools: Iterable[ToolInfo]) -> PublicNames:
        prefixed = len(servers) > 1
        found: dict[str, list[ToolInfo]] = {}
        left_out: list[str] = []
        for tool in tools:
            public = f"{tool.server}{SEPARATOR}{tool.name}" if prefixed else tool.name
            if not _ALLOWED.fullmatch(public):
                left_out.append(
                    # ascii(): the person sees the lookalike's code points, not a copy of the real name.
                    f"{visible_line(tool.server)}: tool {tool.name!a} not served: its name "
                    "has characters outside letters, digits, '_', '-' and '.' (or is longer than 128), "
                    "so an agent could mistake it for another"
                )
                continue
            found.setdefault(public, []).append(tool)
        served: dict[str, ToolInfo] = {}
        for public, claimants in found.items():
            if len(claimants) == 1:
                served[public] = claimants[0]
                continue
            owners = ", ".join(f"{t.server}/{t.name}" for t in claimants)
            left_out.append(f"{public!r} not served: {owners} would all be called by that name")
        return cls(served, tuple(left_out))

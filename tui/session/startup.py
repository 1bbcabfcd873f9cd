"""What a session is started with, made ready before the session exists.

A front end loads the user's settings and servers first (``load_startup`` gives a ``Startup``: paths,
configuration, problems, servers; ``problems_notice`` words the problems), then creates the ``Session``
with it. The TUI does two more things before its first frame: it starts the stdio servers' processes
(``start_servers_early``; the session's connections adopt them, ``stop_servers_not_adopted`` ends the
rest at exit), and it reads the last run's tool lists (``open_catalogue``; the session confirms or
replaces them as the live lists arrive).

Reads files only, and never imports Textual or the mcp SDK: the first frame waits for this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.config.problems import PROBLEMS_SHOWN, problems_notice
from tui.config.startup import Startup, load_startup

if TYPE_CHECKING:
    import subprocess

    from tui.session.catalogue import CachedCatalogue

__all__ = [
    "PROBLEMS_SHOWN",
    "Startup",
    "load_startup",
    "open_catalogue",
    "problems_notice",
    "start_servers_early",
    "stop_servers_not_adopted",
]

EarlyServers = dict[str, "subprocess.Popen[bytes]"]
"""The stdio servers started before the session, by name, for its connections to adopt."""


def start_servers_early(startup: Startup) -> EarlyServers:
    """Start every stdio server of ``startup`` now, with plain ``subprocess`` (Textual and the SDK take about
    a second to load, and so does a typical server to start); one that cannot start is left out."""
    from tui.client.early_spawn import spawn_early

    return spawn_early(startup.servers)


def stop_servers_not_adopted(early: EarlyServers) -> None:
    """At exit: end any early server no connection took over."""
    from tui.client.early_spawn import stop_unadopted

    stop_unadopted(early)


def open_catalogue(startup: Startup) -> CachedCatalogue:
    """The servers' tool lists as the last run left them on disk, for a first frame that shows tool names
    before any server answers; the session takes it over (``Session(catalogue=...)``)."""
    from tui.session.catalogue import CachedCatalogue
    from tui.store.tool_cache import ToolCache

    return CachedCatalogue(ToolCache(startup.paths.cache_dir), startup.servers)

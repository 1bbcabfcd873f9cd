"""Ad-hoc servers from the command line: ``--url URL`` (``--sse`` for legacy SSE) and ``-- CMD ARGS...``."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import PurePath
from urllib.parse import urlsplit

from tui.config.model import ServerConfig
from tui.config.values import url_problem

# Launchers whose first real argument names the server better than they do.
_LAUNCHERS = frozenset(
    {"npx", "uvx", "pipx", "bunx", "pnpx", "node", "deno", "bun", "uv", "docker", "podman"}
)
_PYTHON = re.compile(r"^python(\d+(\.\d+)?)?(\.exe)?$")
_GENERIC = frozenset({"index", "main", "server", "mcp", "cli", "dist", "build", "src", "bin", "lib", "app"})
_OPTION_WITH_VALUE = frozenset({"--from", "--with", "--package", "-p", "--python", "-e", "--env", "--name"})


class AdhocServerError(ValueError):
    """A command-line server that cannot be used; the message says why."""


def adhoc_servers(
    urls: Sequence[str] = (),
    command: Sequence[str] = (),
    *,
    sse: bool = False,
) -> list[ServerConfig]:
    """One server per ``--url`` (streamable HTTP, or SSE when ``sse``) and one for the command, if any.

    Names are short and readable (``localhost:8000``, ``server-everything``) and unique.
    """
    servers: list[ServerConfig] = []
    taken: set[str] = set()
    for url in urls:
        problem = url_problem(url)
        if problem:
            raise AdhocServerError(f"--url {problem}")
        name = _unique(_url_name(url), taken)
        servers.append(ServerConfig(name=name, transport="sse" if sse else "http", url=url))
    if command:
        if not command[0].strip():
            raise AdhocServerError("the command after -- is empty")
        name = _unique(command_name(command), taken)
        servers.append(
            ServerConfig(name=name, transport="stdio", command=command[0], args=tuple(command[1:]))
        )
    return servers


def command_name(command: Sequence[str]) -> str:
    """A readable name: ``npx -y @modelcontextprotocol/server-everything`` -> ``server-everything``."""
    program = _stem(command[0])
    rest = list(command[1:])
    if program in _LAUNCHERS or _PYTHON.match(program):
        if program in ("uv", "docker", "podman") and rest and rest[0] in ("run", "tool"):
            rest = rest[1:]
            if rest and rest[0] == "run":
                rest = rest[1:]
        skip_next = False
        for index, arg in enumerate(rest):
            if skip_next:
                skip_next = False
                continue
            if arg == "-m" and index + 1 < len(rest):
                return _clean(rest[index + 1])
            if arg in _OPTION_WITH_VALUE:
                skip_next = True
                continue
            if not arg.startswith("-"):
                return _clean(arg)
    return _clean(program) or "server"


def _clean(arg: str) -> str:
    # An npm package (@scope/name@1.2), an image (ghcr.io/org/name:tag), a path (./server.py) or a module.
    parts = [part for part in arg.replace("\\", "/").split("/") if part]
    if not parts:
        return arg
    if arg.startswith("@") and len(parts) >= 2:
        parts = [parts[0].lstrip("@"), re.sub(r"@.*$", "", parts[1])]
    else:
        parts[-1] = re.sub(r"(?<=.)@.*$", "", parts[-1]).split(":", 1)[0]
    names = [_stem(part) for part in parts]
    # index.js, build/main.py, @playwright/mcp: the generic last part says less than the one before it.
    while len(names) > 1 and names[-1].lower() in _GENERIC:
        if arg.startswith("@"):
            return "-".join(names[-2:])
        names.pop()
    return names[-1]


def _stem(program: str) -> str:
    name = PurePath(program.replace("\\", "/")).name
    for suffix in (".exe", ".py", ".js", ".mjs", ".cjs", ".ts", ".cmd", ".bat"):
        if name.lower().endswith(suffix) and len(name) > len(suffix):
            return name[: -len(suffix)]
    return name


def _url_name(url: str) -> str:
    parts = urlsplit(url)
    return parts.netloc.rsplit("@", 1)[-1] or url


def _unique(name: str, taken: set[str]) -> str:
    candidate, number = name, 2
    while candidate in taken:
        candidate, number = f"{name}-{number}", number + 1
    taken.add(candidate)
    return candidate

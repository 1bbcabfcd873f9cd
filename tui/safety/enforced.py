"""What the managed and project tiers enforce beyond their rules: limits, trust pins, the server allow-list,
and whether a managed file failed closed. Built once per policy snapshot from the files as read."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fnmatch import fnmatchcase

from tui.config.limits import ManagedLimits
from tui.config.model import ServerConfig, ToolRule
from tui.config.policy_files import PolicyFile


@dataclass(frozen=True)
class Enforced:
    limits: ManagedLimits = field(default_factory=ManagedLimits)
    """The strictest of every managed and project file's ``[preferences]`` limits."""
    untrusted: frozenset[str] = frozenset()
    """Servers a managed file pins untrusted, whatever config.toml says."""
    allowed_servers: tuple[tuple[str, ...], ...] = ()
    """Each managed file's ``allowed_servers``: a server must match a glob of every one."""
    failed: str | None = None
    """Why a managed file failed closed (the first problem, with its file and line); None when all read."""

    @classmethod
    def of(cls, files: Iterable[PolicyFile]) -> Enforced:
        limits, untrusted, allowed, failed = ManagedLimits(), frozenset[str](), [], None
        for file in files:
            limits = limits.tighter(file.limits)
            untrusted |= file.untrusted
            if file.allowed_servers is not None:
                allowed.append(file.allowed_servers)
            if failed is None and file.fails_closed:
                failed = file.problems[0].with_path()
        return cls(limits, untrusted, tuple(allowed), failed)

    def is_trusted(self, server: ServerConfig) -> bool:
        from tui.config.model import Trust

        return server.trust is Trust.TRUSTED and server.name not in self.untrusted

    def server_allowed(self, server: ServerConfig) -> bool:
        target = server_target(server)
        return all(any(fnmatchcase(target, glob) for glob in globs) for globs in self.allowed_servers)


def server_target(server: ServerConfig) -> str:
    """What ``command``/``url`` globs and ``allowed_servers`` match: the command line, or the URL."""
    if server.transport == "stdio":
        return " ".join([server.command or "", *server.args]).strip()
    return server.url or ""


def rule_targets(rule: ToolRule, server: ServerConfig, tool: str) -> bool:
    """Whether ``rule`` is about this tool on this server (before its conditions)."""
    if rule.command is not None or rule.url is not None:
        glob = rule.command if server.transport == "stdio" else rule.url
        if glob is None or not fnmatchcase(server_target(server), glob):
            return False
        if rule.server not in ("*", server.name):
            return False
    elif rule.server != server.name and rule.server != "*":
        return False
    return rule.tool == tool or (("*" in rule.tool or "?" in rule.tool) and fnmatchcase(tool, rule.tool))

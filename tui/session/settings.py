"""The settings service: the only writer of config.toml and of the approvals file.

Every change is saved first and applied to the in-memory policy in the same step, only when the save
succeeded: a refused save loses nothing and changes nothing the session runs with. Front ends call these
methods and show the returned ``Saved`` message; they never write a file or touch the policy themselves.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from tui.config.approvals_store import ApprovalsStore
from tui.config.edit import ConfigWriteError, editable_problem, remove_rule, set_preference, set_rule
from tui.config.edit import set_server_trust as write_trust
from tui.config.model import AppConfig, Preferences, ServerConfig, ToolRule, Trust
from tui.safety.approvals import Approval, ApprovalBook
from tui.safety.confirm import ConfirmChoice
from tui.safety.grade import Grade
from tui.safety.policy import Policy
from tui.safety.tool_hash import DefinitionSnapshot

ChangeKind = Literal["preference", "trust", "rule", "override", "approval"]


@dataclass(frozen=True)
class Saved:
    """The result of one change: whether it holds, and one sentence saying where it went or why not."""

    ok: bool
    message: str
    note: str | None = None
    """A warning that does not undo the change (a rule for a tool the server does not offer)."""


class SettingsService:
    def __init__(
        self,
        *,
        config: AppConfig,
        config_file: Path | None,
        servers: list[ServerConfig],
        approvals_file: Path,
    ) -> None:
        self.config = config
        self.config_file = config_file
        """The config.toml to write; None when the settings came from another client's JSON (read-only)."""
        self.servers = list(servers)
        """Every server of this session, with the trust that holds now."""
        self.store = ApprovalsStore(approvals_file)
        stored = self.store.load()
        self.policy = Policy(
            preferences=config.preferences,
            rules=list(config.rules),
            trust={server.name: server.trust for server in servers},
            book=ApprovalBook(stored.approvals),
            overrides=stored.overrides,
        )
        self.listeners: list[Callable[[ChangeKind], None]] = []
        self.tool_names: Callable[[str], list[str]] = lambda server: []
        """The tools a server offers right now (set by the session), to catch a mistyped tool name."""

    # ---- what the front ends read ----------------------------------------------------------------

    @property
    def preferences(self) -> Preferences:
        return self.policy.preferences

    @property
    def rules(self) -> list[ToolRule]:
        return list(self.policy.rules)

    def server_names(self) -> list[str]:
        return [server.name for server in self.servers]

    def in_config_file(self, server: str) -> bool:
        return any(entry.name == server for entry in self.config.servers)

    @property
    def read_only_reason(self) -> str | None:
        if self.config_file is None:
            source = self.config.source or "another MCP client's JSON file"
            return (
                f"Settings were read from {source}; mcp-tui only reads that file, "
                "so changes here cannot be saved."
            )
        return None

    def problems(self) -> list[str]:
        """Why some changes cannot be saved right now (shown at the top of the preferences screen)."""
        found = []
        reason = self.read_only_reason
        if reason is not None:
            found.append(f"Read-only: {reason}")
        elif self.config_file is not None and (problem := editable_problem(self.config_file)) is not None:
            found.append(f"Changes cannot be saved: {problem}")
        if self.store.problem is not None:
            found.append(f"Approvals and overrides cannot be saved: {self.store.problem.with_path()}")
        return found

    # ---- config.toml ---------------------------------------------------------------------------

    def set_preference(self, name: str, value: bool | int) -> Saved:
        if getattr(self.policy.preferences, name) == value:
            return Saved(True, "")
        saved = self._write_config(lambda path: set_preference(path, name, value), name.replace("_", " "))
        if saved.ok:
            preferences = dataclasses.replace(self.policy.preferences, **{name: value})  # type: ignore[arg-type]
            self.config.preferences = self.policy.preferences = preferences
            self._changed("preference")
        return saved

    def set_trust(self, server: str, trust: Trust) -> Saved:
        """Save a server's trust; a server not defined in config.toml keeps it for this session only."""
        index = self.server_names().index(server)
        current = self.servers[index]
        if current.trust is trust:
            return Saved(True, "")
        if self.in_config_file(server):
            saved = self._write_config(lambda path: write_trust(path, server, trust), f"{server}'s trust")
            if not saved.ok:
                return saved
            self.config.servers = [
                dataclasses.replace(s, trust=trust) if s.name == server else s for s in self.config.servers
            ]
        else:
            saved = Saved(True, f"{server} is {trust.value} until mcp-tui exits (it is not in config.toml).")
        self.servers[index] = dataclasses.replace(current, trust=trust)
        self.policy.trust[server] = trust
        self._changed("trust")
        return saved

    def set_rule(self, rule: ToolRule) -> Saved:
        """Add a per-tool rule, or replace the one for the same server and tool."""
        saved = self._write_config(
            lambda path: set_rule(path, rule), f"the rule for {rule.tool} on {rule.server}"
        )
        if saved.ok:
            rules = [r for r in self.policy.rules if (r.server, r.tool) != (rule.server, rule.tool)]
            position = next(
                (
                    i
                    for i, r in enumerate(self.policy.rules)
                    if (r.server, r.tool) == (rule.server, rule.tool)
                ),
                len(rules),
            )
            rules.insert(position, rule)
            self.config.rules = self.policy.rules = rules
            self._changed("rule")
            return dataclasses.replace(saved, note=self.unknown_tool_note(rule.server, rule.tool))
        return saved

    def remove_rule(self, server: str, tool: str) -> Saved:
        saved = self._write_config(
            lambda path: remove_rule(path, server, tool), f"the removal of the rule for {tool} on {server}"
        )
        if saved.ok:
            self.config.rules = self.policy.rules = [
                r for r in self.policy.rules if (r.server, r.tool) != (server, tool)
            ]
            self._changed("rule")
        return saved

    # ---- the approvals file ------------------------------------------------------------------------

    def set_override(self, server: str, tool: str, hints: Mapping[str, bool]) -> Saved:
        """Your own hints for a tool; empty ``hints`` removes the override."""
        overrides = self.policy.overrides
        before = overrides.get(server, tool)
        overrides.set(server, tool, dict(hints))
        what = (
            f"your override for {tool} on {server}" if hints else f"the removal of your override for {tool}"
        )
        saved = self._write_store(what)
        if not saved.ok:
            overrides.set(server, tool, before or {})  # not saved: what is on disk stays in force
            return saved
        self._changed("override")
        return dataclasses.replace(saved, note=self.unknown_tool_note(server, tool) if hints else None)

    def revoke(self, approval: Approval) -> Saved:
        book = self.policy.book
        book.revoke(approval)
        how = "always allowed" if approval.scope == "always" else "allowed for this session"
        done = (
            f"{approval.tool} on {approval.server} is no longer {how} up to {approval.ceiling.label}: "
            "your rules and preferences decide its next call."
        )
        if approval.scope == "always":
            saved = self._write_store("the revocation")
            if not saved.ok:
                book.add(approval)  # still on disk, so still in force: say so rather than pretend
                return saved
            saved = Saved(True, f"{done} Saved to {self.store.path}.")
        else:
            saved = Saved(True, done)
        self._changed("approval")
        return saved

    def remember(
        self, choice: ConfirmChoice, server: ServerConfig, definition: DefinitionSnapshot, grade: Grade
    ) -> tuple[str, ...]:
        """Record a session or always approval from a confirmation; notes when "always" was not saved."""
        book = self.policy.book
        if choice is ConfirmChoice.SESSION:
            book.grant(server.identity, server.name, definition, grade, "session")
            self._changed("approval")
        if choice is not ConfirmChoice.ALWAYS:
            return ()
        book.grant(server.identity, server.name, definition, grade, "always")
        self._changed("approval")
        saved = self._write_store("the approval")
        if not saved.ok:
            return (f"The approval holds for this session but was not saved: {saved.message}",)
        return ()

    def unknown_tool_note(self, server: str, tool: str) -> str | None:
        """A warning when ``server`` is connected and offers no tool named ``tool``."""
        offered = self.tool_names(server)
        if not offered or tool in offered:
            return None
        return f"Saved, but {server} offers no tool named {tool!r} now: the rule matches nothing yet."

    # ---- internals ---------------------------------------------------------------------------------

    def _write_config(self, change: Callable[[Path], bool], what: str) -> Saved:
        reason = self.read_only_reason
        if reason is not None or self.config_file is None:
            return Saved(False, f"Not saved: {reason}")
        try:
            change(self.config_file)
        except (ConfigWriteError, ValueError) as error:
            return Saved(False, f"Not saved: {error}")
        return Saved(True, f"Saved {what} to {self.config_file}")

    def _write_store(self, what: str) -> Saved:
        store = self.store
        try:
            result = store.save(self.policy.book.persistent(), self.policy.overrides)
        except OSError as error:
            return Saved(False, f"Not saved: {store.path} could not be written ({error}).")
        if result == "refused":
            problem = store.problem.with_path() if store.problem else f"{store.path} cannot be read"
            return Saved(False, f"Not saved: {problem}")
        return Saved(True, f"Saved {what} to {store.path}")

    def _changed(self, kind: ChangeKind) -> None:
        for listener in list(self.listeners):
            listener(kind)

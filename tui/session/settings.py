"""The settings service: the only writer of config.toml and of the approvals file.

Every change is saved first and applied to the in-memory policy in the same step, only when the save
succeeded: a refused save loses nothing and changes nothing the session runs with. Front ends call these
methods and show the returned ``Saved`` message; they never write a file or touch the policy themselves.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from tui.config.atomic import SeenText, read_text_or_none, without_bom
from tui.config.debounce_limits import debounce_ms
from tui.config.edit import (
    ConfigWriteError,
    editable_problem,
    remove_rule,
    set_preference,
    set_rule,
    set_server_setting,
    set_timeout,
)
from tui.config.edit import set_server_trust as write_trust
from tui.config.loader import load_toml_config
from tui.config.model import AppConfig, Preferences, ServerConfig, Timeouts, ToolRule, Trust
from tui.config.timeout_limits import seconds_text, timeout_seconds
from tui.safety.approvals import Approval, ApprovalBook
from tui.safety.confirm import ConfirmChoice
from tui.safety.grade import Grade
from tui.safety.policy import Policy, TrustView
from tui.safety.tool_hash import DefinitionSnapshot
from tui.store import approvals as approvals_store
from tui.store.approvals import ApprovalsStore, Change, StoredSafety

ChangeKind = Literal["preference", "timeout", "trust", "rule", "override", "approval", "server"]


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
        timeout_overrides: Mapping[str, float] | None = None,
    ) -> None:
        self.config = config
        self.config_file = config_file
        """The config.toml to write; None when the settings came from another client's JSON (read-only)."""
        self.servers = list(servers)
        """Every server of this session, with the trust that holds now."""
        self.timeout_overrides = dict(timeout_overrides or {})
        """Timeouts for this run only (the headless ``--timeout``); they hold over the file's."""
        self.store = ApprovalsStore(approvals_file)
        stored = self.store.load()
        self.policy = Policy(
            preferences=config.preferences,
            rules=list(config.rules),
            trust=TrustView(lambda: self.servers),
            book=ApprovalBook(stored.approvals),
            overrides=stored.overrides,
        )
        self._config_seen = SeenText()
        """config.toml as this instance last read or wrote it, to notice another instance's edits."""
        if config_file is not None and config.source == str(config_file) and config.source_read:
            self._config_seen.note(config.source_text)  # the loader's read at start-up, not another one
        elif config_file is not None:
            with contextlib.suppress(OSError, UnicodeDecodeError):  # unreadable: edits are refused anyway
                self._config_seen.note(read_text_or_none(config_file))
        self.listeners: list[Callable[[ChangeKind], None]] = []
        self.tool_names: Callable[[str], list[str]] = lambda server: []
        """The tools a server offers right now (set by the session), to catch a mistyped tool name."""

    # ---- what the front ends read ----------------------------------------------------------------

    @property
    def preferences(self) -> Preferences:
        return self.policy.preferences

    @property
    def timeouts(self) -> Timeouts:
        """The timeouts in force now: the one source every connection, preflight and call reads when it
        starts a request, so a saved change holds from the next one on."""
        return dataclasses.replace(self.config.timeouts, **self.timeout_overrides)

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

    def set_preference(self, name: str, value: bool | int, what: str | None = None) -> Saved:
        if getattr(self.policy.preferences, name) == value:
            return Saved(True, "")
        saved = self._write_config(
            lambda path: set_preference(path, name, value, seen=self._config_seen),
            what or name.replace("_", " "),
        )
        if saved.ok:
            preferences = dataclasses.replace(self.policy.preferences, **{name: value})  # type: ignore[arg-type]
            self.config.preferences = self.policy.preferences = preferences
            self._changed("preference")
        return saved

    def set_preflight_debounce(self, value: str | int) -> Saved:
        """Save ``[preferences] preflight_debounce_ms``; ``value`` may be what the person typed. A value that
        is not whole milliseconds from 0 to 2000 is refused with the reason, and nothing changes."""
        try:
            ms = debounce_ms(value)
        except ValueError as error:
            return Saved(False, f"Not saved: the live preflight pause {error}.")
        return self.set_preference("preflight_debounce_ms", ms, f"the live preflight pause ({ms} ms)")

    def set_timeout(self, name: str, value: str | float) -> Saved:
        """Save ``[timeouts] name``; ``value`` may be what the person typed. A value that is not a number
        of seconds greater than 0 and at most a day is refused with the reason, and nothing changes."""
        what = f"the {name} timeout"
        try:
            seconds = timeout_seconds(value)
        except ValueError as error:
            return Saved(False, f"Not saved: {what} {error}.")
        if getattr(self.config.timeouts, name) == seconds:
            return Saved(True, "")
        saved = self._write_config(
            lambda path: set_timeout(path, name, seconds, seen=self._config_seen),
            f"{what} ({seconds_text(seconds)} s)",
        )
        if saved.ok:
            self.config.timeouts = dataclasses.replace(self.config.timeouts, **{name: seconds})
            if name in self.timeout_overrides:
                kept = seconds_text(self.timeout_overrides[name])
                note = f"This run keeps {kept} s (given with --timeout)."
                saved = _with_note(saved, note)
            self._changed("timeout")
        return saved

    def set_trust(self, server: str, trust: Trust) -> Saved:
        """Save a server's trust; a server not defined in config.toml keeps it for this session only."""
        index = self.server_names().index(server)
        current = self.servers[index]
        if current.trust is trust:
            return Saved(True, "")
        if self.in_config_file(server):
            saved = self._write_config(
                lambda path: write_trust(path, server, trust, seen=self._config_seen), f"{server}'s trust"
            )
            if not saved.ok:
                return saved
            self.config.servers = [
                dataclasses.replace(s, trust=trust) if s.name == server else s for s in self.config.servers
            ]
        else:
            saved = Saved(True, f"{server} is {trust.value} until mcp-tui exits (it is not in config.toml).")
        self.servers[index] = dataclasses.replace(current, trust=trust)
        self._changed("trust")
        return saved

    def set_server_setting(self, server: str, key: str, value: str | tuple[str, ...] | None) -> Saved:
        """Save a server's ``log_level`` or ``roots`` (a server not in config.toml: this session only)."""
        index = self.server_names().index(server)
        current = self.servers[index]
        change: dict[str, Any] = {key: value}
        if getattr(current, key) == value:
            return Saved(True, "")
        if self.in_config_file(server):
            on_disk = list(value) if isinstance(value, tuple) else value
            saved = self._write_config(
                lambda path: set_server_setting(path, server, key, on_disk, seen=self._config_seen),
                f"{server}'s {key}",
            )
            if not saved.ok:
                return saved
            self.config.servers = [
                dataclasses.replace(s, **change) if s.name == server else s for s in self.config.servers
            ]
        else:
            saved = Saved(True, f"{server}'s {key} holds until mcp-tui exits (it is not in config.toml).")
        self.servers[index] = dataclasses.replace(current, **change)
        self._changed("server")
        return saved

    def set_rule(self, rule: ToolRule) -> Saved:
        """Add a per-tool rule, or replace the one for the same server and tool."""
        saved = self._write_config(
            lambda path: set_rule(path, rule, seen=self._config_seen),
            f"the rule for {rule.tool} on {rule.server}",
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
            return _with_note(saved, self.unknown_tool_note(rule.server, rule.tool))
        return saved

    def remove_rule(self, server: str, tool: str) -> Saved:
        saved = self._write_config(
            lambda path: remove_rule(path, server, tool, seen=self._config_seen),
            f"the removal of the rule for {tool} on {server}",
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
        what = (
            f"your override for {tool} on {server}" if hints else f"the removal of your override for {tool}"
        )
        saved = self._update_store(approvals_store.set_override(server, tool, dict(hints)), what)
        if not saved.ok:
            return saved  # not saved: what is on disk stays in force
        self._changed("override")
        return _with_note(saved, self.unknown_tool_note(server, tool) if hints else None)

    def revoke(self, approval: Approval) -> Saved:
        how = "always allowed" if approval.scope == "always" else "allowed for this session"
        done = (
            f"{approval.tool} on {approval.server} is no longer {how} up to {approval.ceiling.label}: "
            "your rules and preferences decide its next call."
        )
        if approval.scope == "always":
            saved = self._update_store(approvals_store.revoke(approval), "the revocation")
            if not saved.ok:
                return saved  # still on disk, so still in force: say so rather than pretend
            saved = Saved(True, f"{done} Saved to {self.store.path}.", saved.note)
        else:
            self.policy.book.revoke(approval)
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
        approval = Approval(server.identity, server.name, definition.name, grade, "always", definition)
        saved = self._update_store(approvals_store.grant(approval), "the approval")
        if not saved.ok:
            book.add(approval)  # the person said "always": it holds at least for this session
            self._changed("approval")
            return (f"The approval holds for this session but was not saved: {saved.message}",)
        self._changed("approval")
        return (saved.note,) if saved.note else ()

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
        note = None
        if self._config_seen.changed_elsewhere:
            self._reload_config(self.config_file)
            note = (
                f"{self.config_file} had been changed elsewhere (another mcp-tui?); "
                "its settings were reloaded."
            )
        return Saved(True, f"Saved {what} to {self.config_file}", note)

    def _reload_config(self, path: Path) -> None:
        """Run with the settings config.toml holds now (the edit just made is in it, as last written)."""
        text = without_bom(self._config_seen.text or "")
        config, _ = load_toml_config(path, text, os.environ)
        self.config.preferences = self.policy.preferences = config.preferences
        self.config.timeouts = config.timeouts
        self.config.rules = config.rules
        self.policy.rules = list(config.rules)
        self.config.servers = config.servers
        configured = {server.name: server.trust for server in config.servers}
        for index, server in enumerate(self.servers):
            trust = configured.get(server.name)
            if trust is not None and trust is not server.trust:
                self.servers[index] = dataclasses.replace(server, trust=trust)
        self._changed("preference")

    def _update_store(self, change: Change, what: str) -> Saved:
        """Apply ``change`` to the approvals file as it is on disk now, then run with what it holds."""
        store = self.store
        try:
            update = store.update(change)
        except OSError as error:
            return Saved(False, f"Not saved: {store.path} could not be written ({error}).")
        if update.result == "refused":
            problem = store.problem.with_path() if store.problem else f"{store.path} cannot be read"
            return Saved(False, f"Not saved: {problem}")
        self._adopt(update.state)
        return Saved(True, f"Saved {what} to {store.path}", update.notice)

    def _adopt(self, state: StoredSafety) -> None:
        """The file's approvals and overrides replace the remembered ones; session approvals stay."""
        book = self.policy.book
        for approval in book.persistent():
            book.revoke(approval)
        for approval in state.approvals:
            book.add(approval)
        overrides = self.policy.overrides
        for server, tool in list(overrides):
            overrides.clear(server, tool)
        for server, tool, hints in state.overrides.items():
            overrides.set(server, tool, hints)

    def _changed(self, kind: ChangeKind) -> None:
        for listener in list(self.listeners):
            listener(kind)


def _with_note(saved: Saved, note: str | None) -> Saved:
    notes = [text for text in (saved.note, note) if text]
    return dataclasses.replace(saved, note=" ".join(notes) or None)

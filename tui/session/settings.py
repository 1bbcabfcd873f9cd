"""The settings service: the one object the session and the front ends use for the person's settings.

It joins the two files' writers (``config_settings``: config.toml and the session's servers;
``safety_settings``: the approvals file) and owns the policy snapshot the decision reads. Every change
goes one way: the writer saves it and reads back what its file holds now, then ``policy_of`` builds a new
snapshot from the two files' contents and it replaces the old one whole. Nothing assigns into a policy.
Front ends call these methods and show the returned ``Saved`` message; they never write a file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from tui.config.model import AppConfig, Preferences, ServerConfig, Timeouts, ToolRule, Trust
from tui.config.policy_files import PolicyFile
from tui.config.stamps import Stamps, stamp_of
from tui.safety.approvals import Approval, ApprovalBook
from tui.safety.confirm import ConfirmChoice
from tui.safety.grade import Grade
from tui.safety.policy import Policy
from tui.safety.tool_hash import DefinitionSnapshot
from tui.session import rule_editing, rule_saving
from tui.session.config_settings import ConfigSettings
from tui.session.policy_diff import describe_changes
from tui.session.rule_drafts import CheckedDraft, DraftTier, RuleDraft
from tui.session.rule_editing import EditableRule
from tui.session.rule_overview import RuleRow, rule_rows
from tui.session.safety_settings import SafetySettings
from tui.session.saved import ChangeKind, Saved, with_note
from tui.session.tier_files import TierFiles
from tui.store.approvals import ApprovalsStore, StoredSafety

__all__ = ["ChangeKind", "Saved", "SettingsService", "policy_of"]


def policy_of(config: AppConfig, stored: StoredSafety, tiers: Iterable[PolicyFile] = ()) -> Policy:
    """The policy the files say: config.toml's preferences and rules, the approvals file's approvals and
    overrides, the managed and project files' rules and limits. The only way a ``Policy`` is made in the
    app."""
    return Policy.build(
        preferences=config.preferences,
        rules=config.rules,
        approvals=stored.approvals,
        overrides=stored.overrides.items(),
        tiers=tiers,
    )


class SettingsService:
    def __init__(
        self,
        *,
        config: AppConfig,
        config_file: Path | None,
        servers: list[ServerConfig],
        approvals_file: Path,
        timeout_overrides: Mapping[str, float] | None = None,
        tiers: TierFiles | None = None,
    ) -> None:
        """``tiers``: the managed and project policy files (by default, those of this process's
        environment and working directory)."""
        self.listeners: list[Callable[[ChangeKind], None]] = []
        self.policy_listeners: list[Callable[[list[str]], None]] = []
        """Told what changed, in words, when a file changed on disk (``refresh``)."""
        self.tiers = tiers or TierFiles()
        self._stamps = Stamps()
        self._watched = [
            path for path in (config_file, approvals_file, *self.tiers.paths) if path is not None
        ]
        for path in self._watched:  # before the files are read here: a change meanwhile is seen
            self._stamps.note(path, stamp_of(path))
        self.tool_names: Callable[[str], list[str]] = lambda server: []
        """The tools a server offers right now (set by the session), to catch a mistyped tool name."""
        self.config_toml = ConfigSettings(
            config=config,
            config_file=config_file,
            servers=servers,
            changed=self._changed,
            timeout_overrides=timeout_overrides,
        )
        self.approvals_json = SafetySettings(
            approvals_file, changed=self._changed, on_file=lambda: self.policy.approvals
        )
        self.policy: Policy = self._build()
        """The snapshot in force: read it when deciding; it is replaced, never changed."""

    # ---- what the session and the front ends read ---------------------------------------------

    @property
    def preferences(self) -> Preferences:
        return self.policy.preferences

    @property
    def rules(self) -> list[ToolRule]:
        return list(self.policy.rules)

    @property
    def timeouts(self) -> Timeouts:
        """The timeouts in force now: the one source every connection, preflight and call reads when it
        starts a request, so a saved change holds from the next one on."""
        return self.config_toml.timeouts

    @property
    def servers(self) -> list[ServerConfig]:
        """Every server of this session, with the trust that holds now."""
        return list(self.config_toml.servers)

    def server(self, name: str) -> ServerConfig:
        """One server's config as it holds now: what every connection and decision reads."""
        return self.config_toml.server(name)

    def server_names(self) -> list[str]:
        return [server.name for server in self.config_toml.servers]

    def in_config_file(self, server: str) -> bool:
        return self.config_toml.in_config_file(server)

    @property
    def config_file(self) -> Path | None:
        return self.config_toml.config_file

    @property
    def read_only_reason(self) -> str | None:
        return self.config_toml.read_only_reason

    @property
    def store(self) -> ApprovalsStore:
        return self.approvals_json.store

    @property
    def book(self) -> ApprovalBook:
        """This session's approvals and approved retries, over the file's "always" approvals."""
        return self.approvals_json.book

    def approvals(self) -> list[Approval]:
        """Every approval that holds now: the file's and this session's."""
        return self.approvals_json.book.all()

    def problems(self) -> list[str]:
        """Why some changes cannot be saved right now (shown at the top of the preferences screen)."""
        return [*self.config_toml.problems(), *self.approvals_json.problems()]

    # ---- config.toml ---------------------------------------------------------------------------

    def set_preference(self, name: str, value: bool | int, what: str | None = None) -> Saved:
        return self.config_toml.set_preference(name, value, what)

    def set_preflight_debounce(self, value: str | int) -> Saved:
        return self.config_toml.set_preflight_debounce(value)

    def set_timeout(self, name: str, value: str | float) -> Saved:
        return self.config_toml.set_timeout(name, value)

    def set_trust(self, server: str, trust: Trust) -> Saved:
        return self.config_toml.set_trust(server, trust)

    def set_server_setting(self, server: str, key: str, value: str | tuple[str, ...] | None) -> Saved:
        return self.config_toml.set_server_setting(server, key, value)

    def set_rule(self, rule: ToolRule) -> Saved:
        """Add a per-tool rule, or replace the one for the same server and tool."""
        saved = self.config_toml.set_rule(rule)
        return with_note(saved, self.unknown_tool_note(rule.server, rule.tool)) if saved.ok else saved

    def remove_rule(self, server: str, tool: str) -> Saved:
        return self.config_toml.remove_rule(server, tool)

    # ---- the approvals file ------------------------------------------------------------------------

    def set_override(self, server: str, tool: str, hints: Mapping[str, bool]) -> Saved:
        """Your own hints for a tool; empty ``hints`` removes the override."""
        saved = self.approvals_json.set_override(server, tool, hints)
        if not saved.ok or not hints:
            return saved
        return with_note(saved, self.unknown_tool_note(server, tool))

    def revoke(self, approval: Approval) -> Saved:
        return self.approvals_json.revoke(approval)

    def remember(
        self,
        choice: ConfirmChoice,
        server: ServerConfig,
        definition: DefinitionSnapshot,
        grade: Grade,
        arguments: Mapping[str, Any] | None = None,
    ) -> tuple[str, ...]:
        """Record a session or remembered approval from a confirmation (``arguments``: the exact ones
        sent, for "exactly these arguments"); notes when a remembered one was not saved."""
        return self.approvals_json.remember(choice, server, definition, grade, arguments)

    def unknown_tool_note(self, server: str, tool: str) -> str | None:
        """A warning when ``server`` is connected and offers no tool named ``tool``."""
        offered = self.tool_names(server)
        if not offered or tool in offered:
            return None
        return f"Saved, but {server} offers no tool named {tool!r} now: the rule matches nothing yet."

    # ---- the one path of every change ----------------------------------------------------------------

    def refresh(self) -> list[str]:
        """Before a decision: re-read each policy file whose stamp changed since it was read (under its
        writers' lock), swap in the policy they say now, and return what changed in words (empty: nothing,
        the common case, one ``os.stat`` per file)."""
        changed = [path for path in self._watched if self._stamps.changed(path)]
        if not changed:
            return []
        old_policy, old_servers = self.policy, self.config_toml.servers
        for path in changed:
            self._stamps.note(path, stamp_of(path))  # before reading: a change after this is seen next
            if path == self.config_toml.config_file:
                self.config_toml.reload_from_disk()
            elif path == self.approvals_json.store.path:
                self.approvals_json.reload_from_disk()
        if any(path in self.tiers.paths for path in changed):
            self.tiers.read()
        self.policy = self._build()
        lines = describe_changes(old_policy, self.policy, old_servers, self.config_toml.servers)
        if lines:
            for listener in list(self.listeners):
                listener("policy")
            for policy_listener in list(self.policy_listeners):
                policy_listener(lines)
        return lines

    def rule_rows(self) -> list[RuleRow]:
        """Every tier's rules as the preferences list them: locked ones, and yours marked when overridden."""
        return rule_rows(self.policy.rules, self.policy.enforced.limits)

    def saw(self, path: Path) -> None:
        """This instance wrote ``path`` itself: its new stamp is not a change made elsewhere."""
        self._stamps.note(path, stamp_of(path))

    def policy_rebuilt(self, kind: ChangeKind) -> None:
        """A file changed by this instance was read again: build the policy from the files and say so."""
        self._changed(kind)

    def check_rule(self, draft: RuleDraft, at_line: int | None = None) -> CheckedDraft:
        """A rule written in the editor, read as its tier file would read it (nothing is written);
        ``at_line``: it would replace the rule there."""
        return rule_saving.checked(self, draft, at_line)

    def add_rule(self, draft: RuleDraft) -> Saved:
        """Add a rule (with its conditions) at the end of config.toml or the project's policy file."""
        return rule_saving.add_rule(self, draft)

    def editable_rules(self, tier: DraftTier) -> list[EditableRule]:
        """Your rules with conditions in ``tier``'s file, each with its line and the text it was read from."""
        return rule_editing.editable_rules(self, tier)

    def save_rule_at(self, rule: EditableRule, draft: RuleDraft) -> Saved:
        """Replace a loaded rule in place, if its file is still as it was loaded."""
        return rule_editing.edit_rule(self, rule, draft)

    def remove_rule_at(self, rule: EditableRule) -> Saved:
        """Remove a loaded rule, if its file is still as it was loaded."""
        return rule_editing.edit_rule(self, rule, None)

    def start_refusal(self, server: ServerConfig) -> str | None:
        """Why ``server`` may not start: outside the managed ``allowed_servers`` (the files as they are
        now); None when it may."""
        self.refresh()
        if self.policy.enforced.server_allowed(server):
            return None
        return f"not started: the managed policy allows no server like {server.name} (allowed_servers)"

    def problems_of_tiers(self) -> list[str]:
        """What is wrong in the managed and project files (the banner and --check-config show it)."""
        return self.tiers.problems()

    def _build(self) -> Policy:
        return policy_of(self.config_toml.config, self.approvals_json.stored, self.tiers.files)

    def _changed(self, kind: ChangeKind) -> None:
        """A file (or this session's servers or grants) changed: build the policy anew from the files,
        swap it in whole, then tell the listeners."""
        self.policy = self._build()
        for listener in list(self.listeners):
            listener(kind)

"""What changed between two policy snapshots, in words a person reads ("approval for add_note on demo
revoked elsewhere"): the ``PolicyChanged`` event carries these lines."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tui.config.model import ServerConfig, ToolRule
from tui.safety.approvals import Approval
from tui.safety.policy import Policy


def _approval_keys(approvals: Iterable[Approval]) -> dict[tuple[str, str, str], Approval]:
    return {(a.server_identity, a.tool, a.definition_hash): a for a in approvals}


def _rule_key(rule: ToolRule) -> tuple[object, ...]:
    return (rule.tier, rule.server, rule.tool, rule.action, rule.ceiling, rule.when, rule.command, rule.url)


def _rule_words(rule: ToolRule) -> str:
    tier = rule.tier
    target = (
        f"{rule.tool} on {rule.server}"
        if rule.server != "*"
        else f"{rule.tool} on {rule.command or rule.url}"
    )
    cond = " (with conditions)" if rule.when else ""
    return f"{tier} {rule.action} rule for {target}{cond}"


def describe_changes(
    old: Policy, new: Policy, old_servers: Sequence[ServerConfig], new_servers: Sequence[ServerConfig]
) -> list[str]:
    lines: list[str] = []
    before, after = _approval_keys(old.approvals), _approval_keys(new.approvals)
    lines += [
        f"approval for {a.tool} on {a.server} revoked elsewhere" for k, a in before.items() if k not in after
    ]
    lines += [
        f"approval for {a.tool} on {a.server} added elsewhere" for k, a in after.items() if k not in before
    ]
    old_rules = {_rule_key(r): r for r in old.rules}
    new_rules = {_rule_key(r): r for r in new.rules}
    lines += [f"new {_rule_words(r)}" for k, r in new_rules.items() if k not in old_rules]
    lines += [f"{_rule_words(r)} removed" for k, r in old_rules.items() if k not in new_rules]
    trust = {s.name: s.trust for s in old_servers}
    lines += [
        f"{s.name} is now {s.trust.value} (changed elsewhere)"
        for s in new_servers
        if s.name in trust and trust[s.name] is not s.trust
    ]
    if old.preferences != new.preferences:
        lines.append("preferences changed elsewhere")
    if old.override_items() != new.override_items():
        lines.append("annotation overrides changed elsewhere")
    if old.enforced != new.enforced:
        failed = new.enforced.failed
        lines.append(
            f"the managed policy cannot be read: {failed}" if failed else "managed or project limits changed"
        )
    return lines

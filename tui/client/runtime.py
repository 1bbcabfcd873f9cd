"""Builds the core objects one app session uses around a connection manager.

Kept apart from the UI so tests, benches and headless tools can run the same call path.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tui.client.call_flow import CallFlow, Confirm, Policy
from tui.client.live_preflight import LivePreflight
from tui.client.models import ToolInfo
from tui.client.preflight import PreflightEngine, PreflightResult
from tui.config.approvals_store import ApprovalsStore
from tui.config.audit import AuditLog
from tui.safety.approvals import ApprovalBook
from tui.startup import Startup


@dataclass
class Core:
    flow: CallFlow
    engine: PreflightEngine
    policy: Policy
    store: ApprovalsStore
    audit: AuditLog
    debounce_s: float
    problems: list[str] = field(default_factory=list)
    """Files that could not be read (the app runs on defaults and never overwrites them)."""

    def live_preflight(
        self,
        on_result: Callable[[PreflightResult], None],
        on_pending: Callable[[ToolInfo, dict[str, Any]], None] | None = None,
    ) -> LivePreflight:
        return LivePreflight(self.engine, self.debounce_s, on_result, on_pending)


def build_core(startup: Startup, manager: Any, *, confirm: Confirm) -> Core:
    """``manager`` is a ``ConnectionManager`` (or anything with its call/resolve/config/connection_id)."""
    config = startup.config
    store = ApprovalsStore(startup.paths.approvals_file)
    stored = store.load()
    problems = [str(store.problem)] if store.problem else []
    policy = Policy(
        preferences=config.preferences,
        rules=list(config.rules),
        book=ApprovalBook(stored.approvals),
        overrides=stored.overrides,
    )

    async def resolver(tool: ToolInfo, arguments: dict[str, Any], timeout: float) -> Any:
        return await manager.resolve(tool.server, tool.name, arguments, timeout)

    engine = PreflightEngine(resolver, manager.connection_id, config.timeouts.preflight)
    audit = AuditLog(startup.paths.audit_file, config.audit)
    flow = CallFlow(manager, engine, policy, audit=audit, store=store, confirm=confirm)
    debounce = config.preferences.preflight_debounce_ms / 1000
    return Core(flow, engine, policy, store, audit, debounce, problems)

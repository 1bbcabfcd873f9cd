"""How a started session's calls are wired: the preflight engine and the call flow over its connections.

The engine resolves a tool only once its cached definition is confirmed live. The flow reads the policy
snapshot and the timeouts in force at each step, asks the person through the session's answerer (a
``ConfirmCall`` question) and remembers an approval in the settings. ``Session.start`` imports this module
once the SDK has loaded, as it needs the call flow and the preflight.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tui.config.model import ServerConfig
from tui.model.servers import ToolInfo
from tui.safety.assessment import Assessment
from tui.safety.confirm import ConfirmChoice, ConfirmRequest
from tui.safety.grade import Grade
from tui.safety.tool_hash import DefinitionSnapshot
from tui.session.call_flow import Assess, CallFlow
from tui.session.catalogue import CachedCatalogue
from tui.session.events import SessionEvent
from tui.session.preflight import PreflightEngine
from tui.session.questions import ConfirmCall, Question
from tui.session.settings import SettingsService
from tui.store.audit_writer import AuditWriter

if TYPE_CHECKING:
    from tui.client.manager import ConnectionManager


def wire_calls(
    manager: ConnectionManager,
    settings: SettingsService,
    *,
    catalogue: CachedCatalogue,
    audit: AuditWriter,
    assess: Assess,
    dispatch: Callable[[Question], None],
    interface: str,
    publish: Callable[[SessionEvent], None] | None = None,
) -> tuple[PreflightEngine, CallFlow]:
    """The session's preflight engine and call flow; ``dispatch`` hands a question to the front end."""

    async def resolver(tool: ToolInfo, arguments: dict[str, Any], timeout: float) -> Any:
        catalogue.require_confirmed(tool)
        return await manager.resolve(tool.server, tool.name, arguments, timeout)

    async def confirm(request: ConfirmRequest) -> ConfirmChoice:
        question = ConfirmCall(request)
        dispatch(question)
        return await question.answer

    def remember(
        choice: ConfirmChoice,
        server: ServerConfig,
        definition: DefinitionSnapshot,
        assessment: Assessment,
        arguments: dict[str, Any],
    ) -> tuple[str, ...]:
        grade: Grade = assessment.grade.grade
        return settings.remember(choice, server, definition, grade, arguments)

    engine = PreflightEngine(resolver, manager.connection_id, lambda: settings.timeouts.preflight)
    flow = CallFlow(
        manager,
        engine,
        lambda: settings.policy,  # the snapshot in force at each decision
        refresh=settings.refresh,
        book=settings.book,
        assess=assess,
        audit=audit,
        confirm=confirm,
        remember=remember,
        interface=interface,
        publish=publish,
    )
    return engine, flow

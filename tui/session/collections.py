"""Saved calls, run through the one call path: the same preflight, decision, questions and audit as a call
typed in the TUI or with ``mcp-tui call``; this module adds only what a saved call has beside a typed one
(its saved definition, its secrets in the environment, its expectations).

Every call of a collection is run, in order, whatever happened to the ones before it: a report names each.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from tui.config.collection_file import CollectionProblems, read_collection
from tui.model.collections import Collection, SavedCall, definition_label
from tui.model.servers import ConnectionStatus, Failure
from tui.safety.secret_arguments import MissingVariables, expand_placeholders
from tui.safety.tool_hash import DefinitionSnapshot
from tui.session.call_saving import append_call, saved_call

if TYPE_CHECKING:
    from tui.session.call_flow import CallRecord
    from tui.session.session import Session

__all__ = ["Collection", "CollectionProblems", "append_call", "read_collection", "saved_call"]

NotRunKind = Literal[
    "unknown-server", "connection", "listing", "unknown-tool", "definition-changed", "missing-variables",
    "invalid-arguments",
]  # fmt: skip


@dataclass(frozen=True)
class NotRun:
    """Why a saved call never reached the call path (nothing was sent)."""

    kind: NotRunKind
    message: str
    failure: Failure | None = None
    """``listing``: how the server's tools/list failed."""


@dataclass(frozen=True)
class CallResult:
    call: SavedCall
    record: CallRecord | None = None
    """The call path's record: it decided (and, when allowed, sent) the call; None when ``not_run``."""
    not_run: NotRun | None = None
    failures: tuple[str, ...] = ()
    """Expectations that failed (only for a call that was sent and answered)."""
    accepted_change: str | None = None
    """The definition changed since the call was saved, and ``accept_changed`` ran it anyway."""

    @property
    def sent_and_answered(self) -> bool:
        from tui.model.results import CallStatus

        return self.record is not None and self.record.outcome.status is CallStatus.OK

    @property
    def passed(self) -> bool:
        return self.sent_and_answered and not self.failures

    @property
    def duration_s(self) -> float:
        return 0.0 if self.record is None else self.record.outcome.duration_s


def select(collection: Collection, only: Sequence[str]) -> list[SavedCall]:
    """The calls named in ``only`` (all when empty), in file order; raises KeyError naming unknown ones."""
    if not only:
        return list(collection.calls)
    names = {call.name for call in collection.calls}
    unknown = [name for name in only if name not in names]
    if unknown:
        raise KeyError(", ".join(repr(name) for name in unknown))
    return [call for call in collection.calls if call.name in set(only)]


async def run_calls(
    session: Session,
    calls: Sequence[SavedCall],
    *,
    accept_changed: bool = False,
    environ: Mapping[str, str] | None = None,
    connect_timeout: float | None = None,
    on_result: Callable[[CallResult], None] | None = None,
) -> list[CallResult]:
    """Run each call in order through ``session.call``; ``on_result`` hears each as it finishes."""
    environ = os.environ if environ is None else environ
    settled: dict[str, NotRun | None] = {}
    results: list[CallResult] = []
    for call in calls:
        if call.server not in settled:
            settled[call.server] = await _server_ready(session, call.server, connect_timeout)
        problem = settled[call.server]
        result = (
            CallResult(call, not_run=problem)
            if problem
            else await _run_one(session, call, accept_changed, environ)
        )
        results.append(result)
        if on_result is not None:
            on_result(result)
    return results


async def _server_ready(session: Session, server: str, timeout: float | None) -> NotRun | None:
    if server not in {config.name for config in session.servers}:
        return NotRun("unknown-server", f"no server named {server!r} in the configuration")
    timeouts = session.settings.timeouts
    limit = timeout if timeout is not None else timeouts.connect + timeouts.request + 5
    try:
        [state] = await session.ready(server, timeout=limit)
    except TimeoutError:
        return NotRun("connection", f"{server} did not connect within {limit:g} s")
    if state.status is not ConnectionStatus.CONNECTED:
        return NotRun("connection", f"{server} could not connect: {state.error or state.status.value}")
    failed = next((problem for problem in state.tool_problems if problem.failed is not None), None)
    if failed is not None:
        return NotRun("listing", f"{server}: {failed.text}", failed.failed)
    return None


async def _run_one(
    session: Session, call: SavedCall, accept_changed: bool, environ: Mapping[str, str]
) -> CallResult:
    from tui.session.argument_check import ArgumentChecker
    from tui.session.catalogue import ToolNotConfirmed
    from tui.session.expectations import unmet

    tool = session.find_tool(call.server, call.tool)
    if tool is None:
        return CallResult(
            call, not_run=NotRun("unknown-tool", f"{call.server} has no tool named {call.tool!r}")
        )
    accepted = None
    live = definition_label(DefinitionSnapshot.from_tool(tool).hash)
    if call.definition is not None and call.definition != live:
        change = (
            f"the definition of {call.tool} changed since the call was saved ({call.definition} -> {live})"
        )
        if not accept_changed:
            return CallResult(
                call, not_run=NotRun("definition-changed", f"{change}; not run (--accept-changed runs it)")
            )
        accepted = f"{change}; run anyway (--accept-changed)"
    try:
        arguments = expand_placeholders(call.args, environ)
    except MissingVariables as error:
        return CallResult(call, not_run=NotRun("missing-variables", str(error)), accepted_change=accepted)
    errors = ArgumentChecker(tool.input_schema).schema_errors(arguments)
    if errors:
        said = "; ".join(f"{error.field or '(arguments)'}: {error.message}" for error in errors)
        return CallResult(
            call, not_run=NotRun("invalid-arguments", f"invalid arguments (nothing was sent): {said}")
        )
    try:
        record = await session.call(tool, arguments)
    except ToolNotConfirmed as error:
        # The server listed the tool again, differently, between finding it and calling it.
        return CallResult(call, not_run=NotRun("definition-changed", str(error)), accepted_change=accepted)
    result = CallResult(call, record=record, accepted_change=accepted)
    if result.sent_and_answered:
        return CallResult(
            call, record=record, failures=tuple(unmet(call.expect, record)), accepted_change=accepted
        )
    return result

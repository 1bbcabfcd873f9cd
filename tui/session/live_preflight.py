"""Live preflight while the user types: debounced, never blocking, never showing a stale answer; and the
live evaluation built on it, the one channel from an argument change to what a front end shows.

``LivePreflight.update`` runs on the UI's event loop for every edit, so it does only local work (a JSON
copy, a cache lookup) and schedules the network part; results arrive through ``on_result``.
``LiveEvaluation.change`` validates the value once, hands it to a ``LivePreflight`` with its errors,
and publishes what it all comes to (the preflight's state, the assessment, the lint and the warning
lines) as ``ArgumentsEvaluated`` events: the front end renders them and computes nothing.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from tui.model.arguments import ArgumentError
from tui.model.hints import Hints
from tui.model.servers import ToolInfo
from tui.safety.assessment import Assessment
from tui.safety.decision import Decision
from tui.safety.display_template import tool_preview
from tui.safety.lint import LintWarning
from tui.session.argument_check import ArgumentChecker, FieldSchema
from tui.session.call_flow import lint_for_call
from tui.session.events import ArgumentsEvaluated, CallPreflighted, PreflightState, SettingsChanged
from tui.session.preflight import PreflightEngine, PreflightResult, PreflightStatus, canonical_json

OnResult = Callable[[PreflightResult], None]
OnPending = Callable[[ToolInfo, dict[str, Any]], None]


class LivePreflight:
    """Preflights for one argument editor (one tool at a time).

    Every ``update`` makes its arguments the current ones. Results that need no request (not resolvable,
    invalid, or an answer already given on this connection) are delivered at once; otherwise ``on_pending``
    is called and a request goes out after ``debounce_s`` without further edits (rule 3). A response for
    arguments that are no longer current is dropped, never delivered.
    """

    def __init__(
        self,
        engine: PreflightEngine,
        debounce_s: float | Callable[[], float],
        on_result: OnResult,
        on_pending: OnPending | None = None,
    ) -> None:
        self._engine = engine
        self._debounce_s = debounce_s
        """Seconds without edits before a request goes out; a callable is read at each edit (a setting)."""
        self._on_result = on_result
        self._on_pending = on_pending
        self._generation = 0
        self._tool: ToolInfo | None = None
        self._arguments: dict[str, Any] = {}
        self._errors: tuple[ArgumentError, ...] | None = None
        """The current arguments' schema errors, when the caller gave them."""
        self._identity: str | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self.last_result: PreflightResult | None = None
        """The last result delivered (always for the current arguments when nothing is pending)."""

    @property
    def pending(self) -> bool:
        """True while a request for the current arguments is scheduled or in flight."""
        return self._timer is not None or (self._task is not None and not self._task.done())

    def update(
        self, tool: ToolInfo, arguments: dict[str, Any], errors: tuple[ArgumentError, ...] | None = None
    ) -> None:
        """The arguments being edited changed (call from the event loop; returns at once).

        ``errors``: their schema errors when the caller validated them (the engine validates otherwise).
        """
        if self._closed:
            return
        try:
            identity = canonical_json([tool.server, tool.name, arguments])
        except (TypeError, ValueError):
            identity = None  # not JSON: the engine reports it as invalid
        if identity is not None and identity == self._identity and tool == self._tool:
            return  # nothing changed: the pending request or the delivered result still stands
        # A private copy: the editor may keep mutating its dict after handing it over.
        copied = json.loads(identity)[2] if identity is not None else arguments
        self._begin(tool, copied, identity)
        self._errors = errors
        # Validated already when the caller gave the errors; an engine without them validates itself.
        immediate = (
            self._engine.preflight_now(tool, copied)
            if errors is None
            else self._engine.preflight_now(tool, copied, errors)
        )
        if immediate is not None:
            self._deliver(self._generation, immediate)
            return
        if self._on_pending is not None:
            self._on_pending(tool, copied)
        loop = asyncio.get_running_loop()
        pause = self._debounce_s() if callable(self._debounce_s) else self._debounce_s
        self._timer = loop.call_later(pause, self._start, self._generation, False)

    def hold(self, tool: ToolInfo, errors: Sequence[ArgumentError]) -> None:
        """The editor's arguments do not even parse: drop anything pending and report the problems (rule 2).

        Nothing is sent; the static hints stand until the arguments parse again.
        """
        if self._closed:
            return
        self._begin(tool, {}, None)
        static = Hints.from_annotations(tool.annotations)
        status = PreflightStatus.INVALID if tool.resolve_method else PreflightStatus.NOT_RESOLVABLE
        result = PreflightResult(
            status, tool, "{}", static, static, errors=tuple(errors), method=tool.resolve_method
        )
        self._deliver(self._generation, result)

    def restart(self) -> None:
        """A fresh editor opened (a tool, or a call reopened from History): forget the current arguments.

        Its first ``update`` then runs and delivers even when tool and arguments equal the last ones, so
        the new editor shows where its hints come from instead of waiting for an edit.
        """
        if self._closed:
            return
        self._cancel()
        self._generation += 1
        self._tool, self._arguments, self._identity = None, {}, None

    def retry(self) -> None:
        """Ask the server again about the current arguments now, without reusing an earlier answer."""
        if self._closed or self._tool is None:
            return
        errors = self._errors
        self._begin(self._tool, self._arguments, self._identity)
        self._errors = errors  # the same arguments: validated already
        if self._on_pending is not None:
            self._on_pending(self._tool, self._arguments)
        self._start(self._generation, True)

    def close(self) -> None:
        """Stop: cancel anything scheduled or in flight; later calls do nothing."""
        self._closed = True
        self._cancel()

    # ---- internals -------------------------------------------------------------------------

    def _begin(self, tool: ToolInfo, arguments: dict[str, Any], identity: str | None) -> None:
        self._cancel()
        self._generation += 1
        self._tool, self._arguments, self._identity = tool, arguments, identity
        self._errors = None

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._task is not None and not self._task.done():
            # The answer would be stale; cancelling also tells the server to stop working on it.
            self._task.cancel()
        self._task = None

    def _start(self, generation: int, fresh: bool) -> None:
        self._timer = None
        if generation != self._generation or self._closed or self._tool is None:
            return
        self._task = asyncio.get_running_loop().create_task(
            self._run(generation, self._tool, self._arguments, fresh, self._errors)
        )

    async def _run(
        self,
        generation: int,
        tool: ToolInfo,
        arguments: dict[str, Any],
        fresh: bool,
        errors: tuple[ArgumentError, ...] | None,
    ) -> None:
        if errors is None:
            result = await self._engine.preflight(tool, arguments, fresh=fresh)
        else:
            result = await self._engine.preflight(tool, arguments, fresh=fresh, errors=errors)
        self._deliver(generation, result)

    def _deliver(self, generation: int, result: PreflightResult) -> None:
        if generation != self._generation or self._closed:
            return  # rule 3: an answer for arguments that are no longer current is never shown
        self.last_result = result
        self._on_result(result)


Assess = Callable[[ToolInfo, PreflightResult | None], Assessment]
Publish = Callable[[ArgumentsEvaluated], None]
Decide = Callable[[ToolInfo, dict[str, Any], PreflightResult, Assessment, tuple[LintWarning, ...]], Decision]

_STATES = {PreflightStatus.INVALID: PreflightState.HELD, PreflightStatus.FAILED: PreflightState.FAILED}


class LiveEvaluation:
    """Evaluations of one argument editor (one tool at a time), published through ``publish``.

    ``change`` with a value that did not change publishes nothing; otherwise exactly one evaluation, and
    when that change waits for the server (state PENDING), one more once the answer for it arrives.
    """

    def __init__(
        self,
        engine: PreflightEngine,
        debounce_s: float | Callable[[], float],
        assess: Assess,
        publish: Publish,
        subscribe: Callable[[Callable[[Any], None]], Callable[[], None]] | None = None,
        decide: Decide | None = None,
    ) -> None:
        """``subscribe``: the session's, to hear its settings change (the evaluation is published anew).
        ``decide``: the decision a call with these arguments would get under the policy in force (the
        call panel's decision line); None: evaluations carry no decision."""
        self._decide = decide
        self._live = LivePreflight(engine, debounce_s, self._answered, self._pending)
        self._unsubscribe = subscribe(self._heard) if subscribe is not None else None
        self._assess = assess
        self._publish = publish
        self._tool: ToolInfo | None = None
        self._checker: ArgumentChecker | None = None
        self._identity: str | None = None
        self._arguments: dict[str, Any] | None = None
        self._errors: tuple[ArgumentError, ...] = ()
        self._shown: PreflightResult | None = None
        """The last answer for this tool: shown (marked as resolving) while the next one is awaited."""
        self.latest: ArgumentsEvaluated | None = None
        """The last evaluation published: always of the current arguments."""
        self._closed = False

    def change(
        self,
        tool: ToolInfo,
        value: Any,
        problems: Sequence[ArgumentError] = (),
        field_schema: FieldSchema | None = None,
    ) -> ArgumentsEvaluated | None:
        """The editor holds ``value`` now (``problems``: what of it does not parse); returns the evaluation
        of it (None before the first). Call from the event loop: the network part is scheduled, never
        awaited."""
        if self._closed:
            return self.latest
        identity = _identity(tool, value, problems)
        if identity is not None and identity == self._identity and tool == self._tool:
            return self.latest  # nothing changed: the evaluation published for it still stands
        if self._checker is None or tool != self._tool:
            self._checker = ArgumentChecker(tool.input_schema)
        if tool.key != (self._tool.key if self._tool is not None else None):
            self._shown = None
        self._tool, self._identity = tool, identity
        schema_errors = tuple(self._checker.schema_errors(value))  # the one validation of this change
        self._errors = self._checker.place(schema_errors, value, problems, field_schema)
        self._arguments = value if isinstance(value, dict) and not problems else None
        if self._arguments is None:
            self._live.hold(tool, self._errors)  # rule 2: nothing is sent
        else:
            self._live.update(tool, self._arguments, schema_errors)
        return self.latest

    def restart(self) -> None:
        """A fresh editor opened: its first ``change`` is evaluated even when it repeats the last one."""
        self._live.restart()
        self._tool, self._identity, self._shown, self.latest = None, None, None, None

    def retry(self) -> None:
        """Ask the server again about the current arguments now (ctrl+y, the tool listed again)."""
        self._live.retry()

    def reassess(self) -> None:
        """A setting changed (an override, a rule): publish the current evaluation assessed anew."""
        if self.latest is not None and self._tool is not None and not self._closed:
            self._deliver(self.latest.state, self._shown)

    def close(self) -> None:
        self._closed = True
        self._live.close()
        if self._unsubscribe is not None:
            self._unsubscribe()

    # ---- internals -------------------------------------------------------------------------

    def _heard(self, event: Any) -> None:
        if isinstance(event, SettingsChanged):  # an override, a rule, a trust: the badges follow at once
            self.reassess()
        elif isinstance(event, CallPreflighted):
            self._adopt(event)

    def _adopt(self, event: CallPreflighted) -> None:
        """A call of exactly the arguments being edited got its own answer: it is the current one now (what
        the dialog showed), unless it is the one already shown."""
        tool = self._tool
        if self._closed or tool is None or event.tool.key != tool.key or event.arguments != self._arguments:
            return
        if event.preflight == self._shown:
            return
        self._answered(event.preflight)

    def _answered(self, result: PreflightResult) -> None:
        self._shown = result
        self._deliver(_STATES.get(result.status, PreflightState.RESULT), result)

    def _pending(self, tool: ToolInfo, arguments: dict[str, Any]) -> None:
        self._deliver(PreflightState.PENDING, self._shown)

    def _deliver(self, state: PreflightState, result: PreflightResult | None) -> None:
        tool = self._tool
        if tool is None:
            return
        assessment = self._assess(tool, result)
        lint, warnings = warnings_for(tool, result)
        self.latest = ArgumentsEvaluated(
            tool=tool,
            arguments=self._arguments,
            errors=self._errors,
            state=state,
            # The status line says what changed after your own override too, as the dialog does.
            preflight=replace(result, changes=assessment.changes) if result is not None else None,
            assessment=assessment,
            lint=lint,
            warnings=warnings,
            preview=tool_preview(tool, self._arguments),
            decision=self._decision(tool, result, assessment, lint),
        )
        self._publish(self.latest)

    def _decision(
        self,
        tool: ToolInfo,
        result: PreflightResult | None,
        assessment: Assessment,
        lint: tuple[LintWarning, ...],
    ) -> Decision | None:
        """What a call with the current arguments would get now; None while they do not parse."""
        if self._decide is None or self._arguments is None or result is None:
            return None
        return self._decide(tool, self._arguments, result, assessment, lint)


def warnings_for(
    tool: ToolInfo, result: PreflightResult | None
) -> tuple[tuple[LintWarning, ...], tuple[str, ...]]:
    """The lint of ``tool`` with this answer, and every warning line: the answer's own, then the lint's."""
    if result is None:
        return (), ()
    # The same findings the decision and the dialog get (name, title and description included).
    lint = lint_for_call(tool, result)
    return lint, (*result.warnings, *(w.message for w in lint if w.message not in result.warnings))


def _identity(tool: ToolInfo, value: Any, problems: Sequence[ArgumentError]) -> str | None:
    try:
        return json.dumps([tool.server, tool.name, value, [[list(p.path), p.message] for p in problems]])
    except (TypeError, ValueError):
        return None  # not JSON: evaluated every time, the preflight reports it

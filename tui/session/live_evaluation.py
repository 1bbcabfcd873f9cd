"""The arguments being edited, evaluated at every change and delivered as ``ArgumentsEvaluated`` events.

One channel from a keystroke to what the front end shows: the value is validated once, here; the live
preflight (debounced, stale answers dropped) says where the hints come from; the assessment, the lint and
the warning lines are worked out with it. The front end renders the event and computes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from tui.model.arguments import ArgumentError
from tui.model.servers import ToolInfo
from tui.safety.assessment import Assessment
from tui.safety.lint import LintWarning
from tui.session.argument_check import ArgumentChecker, FieldSchema
from tui.session.call_flow import lint_for_call
from tui.session.events import ArgumentsEvaluated, PreflightState
from tui.session.live_preflight import LivePreflight
from tui.session.preflight import PreflightEngine, PreflightResult, PreflightStatus

Assess = Callable[[ToolInfo, PreflightResult | None], Assessment]
Publish = Callable[[ArgumentsEvaluated], None]

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
    ) -> None:
        self._live = LivePreflight(engine, debounce_s, self._answered, self._pending)
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

    # ---- internals -------------------------------------------------------------------------

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
        )
        self._publish(self.latest)


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

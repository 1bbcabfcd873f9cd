"""Preflight of one call: validate locally, resolve per call when the tool declares it, combine the hints.

Implements the eight "Preflight rules" of the product document. The engine never imports the mcp SDK: it
talks to the server only through the ``resolver`` it is given (``ConnectionManager.resolve`` in the app).
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from tui.client.arguments import validate_arguments
from tui.client.preflight_result import (
    PreflightResult,
    PreflightStatus,
    canonical_json,
)
from tui.model.arguments import ArgumentError
from tui.model.hints import Hints, Provenance, stated_hints
from tui.model.results import ResolveOutcome
from tui.model.servers import EXTENSION_ID, ResolveMethod, ToolInfo
from tui.safety.effective import hint_changes
from tui.safety.grade import Grade, grade_hints
from tui.safety.resolution_bounds import BrokenBound, broken_bounds, riskier_of

__all__ = ["PreflightEngine", "PreflightResult", "PreflightStatus", "canonical_json"]

Resolver = Callable[[ToolInfo, dict[str, Any], float], Awaitable[ResolveOutcome]]

# Enough to make typing back and forth instant; bounded so a long session does not grow without limit.
_CACHE_SIZE = 512


class PreflightEngine:
    """Preflights for every server; holds the per-connection cache and the non-determinism flags."""

    def __init__(
        self,
        resolver: Resolver,
        connection_id: Callable[[str], int],
        timeout: float | Callable[[], float],
    ) -> None:
        """``timeout``: seconds for one preflight, or where to read them when each one starts (the
        session passes its settings, so a change in the preferences holds from the next preflight)."""
        self._resolver = resolver
        self._connection_id = connection_id
        if callable(timeout):
            self._timeout = timeout
        else:
            fixed = timeout
            self._timeout = lambda: fixed
        self._cache: OrderedDict[tuple[int, str, str, str, str], ResolveOutcome] = OrderedDict()
        self._nondeterministic: set[str] = set()

    @property
    def timeout(self) -> float:
        """Seconds allowed for a preflight that starts now."""
        return self._timeout()

    @property
    def nondeterministic_servers(self) -> frozenset[str]:
        """The servers that resolved the same (tool, arguments) differently (rule 4)."""
        return frozenset(self._nondeterministic)

    def preflight_now(
        self, tool: ToolInfo, arguments: dict[str, Any], errors: tuple[ArgumentError, ...] | None = None
    ) -> PreflightResult | None:
        """The result when no request is needed (not resolvable, invalid, or a reusable answer), else None.

        Synchronous and cheap: the live preflight calls it on every edit. ``errors``: the schema's errors
        of ``arguments`` when the caller validated them already (validated here otherwise).
        """
        early = self._local(tool, arguments, errors)
        if early is not None:
            return early
        key = self._key(tool, arguments)
        cached = self._cache.get(key)
        if cached is None:
            return None
        self._cache.move_to_end(key)
        return self._combine(tool, arguments, cached, key[0], reused=True)

    async def preflight(
        self,
        tool: ToolInfo,
        arguments: dict[str, Any],
        *,
        fresh: bool = False,
        timeout: float | None = None,
        errors: tuple[ArgumentError, ...] | None = None,
    ) -> PreflightResult:
        """Preflight ``arguments`` for ``tool``.

        ``fresh=True`` is the pre-call preflight (rule 6) and the retry (rule 5): it always asks the server
        about exactly these arguments, and compares the answer with any earlier one (rule 4).
        An extension answer is a point-in-time advisory: this method never reuses one (only
        ``preflight_now`` may, for display), and servers may consult changing state, so a changed
        answer is not flagged as non-determinism.
        """
        early = self._local(tool, arguments, errors)
        if early is not None:
            return early
        key = self._key(tool, arguments)
        extension = tool.resolve_method == EXTENSION_ID
        previous = None if extension else self._cache.get(key)
        if previous is not None and not fresh:
            self._cache.move_to_end(key)
            return self._combine(tool, arguments, previous, key[0], reused=True)
        outcome = await self._resolve(tool, arguments, self.timeout if timeout is None else timeout)
        answered = outcome.error is None and not outcome.timed_out and outcome.annotations is not None
        if answered and previous is not None and _hints_differ(previous, outcome):
            self._nondeterministic.add(tool.server)
            static = Hints.from_annotations(tool.annotations)
            # Two answers for the same call: the careful reading is the riskier one, from now on.
            if _grade_of(static, previous) > _grade_of(static, outcome):
                outcome = replace(previous, elapsed_s=outcome.elapsed_s)
        # The connection may have been replaced while we waited: only then is the old answer unusable.
        if answered and self._connection_id(tool.server) == key[0]:
            self._cache[key] = outcome
            self._cache.move_to_end(key)
            while len(self._cache) > _CACHE_SIZE:
                self._cache.popitem(last=False)
        return self._combine(tool, arguments, outcome, key[0], reused=False)

    # ---- internals -------------------------------------------------------------------------

    def _local(
        self, tool: ToolInfo, arguments: dict[str, Any], errors: tuple[ArgumentError, ...] | None
    ) -> PreflightResult | None:
        static = Hints.from_annotations(tool.annotations)
        try:
            frozen = json.dumps(arguments, ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError) as error:
            problem = ArgumentError((), f"the arguments cannot be sent as JSON: {error}")
            return PreflightResult(PreflightStatus.INVALID, tool, "{}", static, static, errors=(problem,))
        if errors is None:
            errors = tuple(validate_arguments(tool.input_schema, arguments))
        if tool.resolve_method is None:  # rule 1
            return PreflightResult(
                PreflightStatus.NOT_RESOLVABLE, tool, frozen, static, static, errors=errors
            )
        if errors:  # rule 2
            return PreflightResult(
                PreflightStatus.INVALID,
                tool,
                frozen,
                static,
                static,
                errors=errors,
                method=tool.resolve_method,
            )
        return None

    def _key(self, tool: ToolInfo, arguments: dict[str, Any]) -> tuple[int, str, str, str, str]:
        # The static definition is part of the key: a tools/list_changed that redefines the tool on the
        # same connection must not reuse answers given about the old definition.
        definition = canonical_json([tool.input_schema, tool.annotations, tool.resolve_method])
        if tool.resolve_method == EXTENSION_ID:
            # A new listing (tools/list_changed) invalidates every extension answer given before it.
            definition += f"#{tool.listing}"
        return (
            self._connection_id(tool.server),
            tool.server,
            tool.name,
            definition,
            canonical_json(arguments),
        )

    async def _resolve(
        self,
        tool: ToolInfo,
        arguments: dict[str, Any],
        timeout: float,
    ) -> ResolveOutcome:
        assert tool.resolve_method is not None
        started = time.perf_counter()
        try:
            return await self._resolver(tool, json.loads(json.dumps(arguments)), timeout)
        except Exception as error:  # the resolver should not raise; if it does, it is one more failure
            return ResolveOutcome(
                annotations=None,
                method=tool.resolve_method,
                error=f"resolution failed: {type(error).__name__}: {error}",
                elapsed_s=time.perf_counter() - started,
            )

    def _combine(
        self,
        tool: ToolInfo,
        arguments: dict[str, Any],
        outcome: ResolveOutcome,
        connection: int,
        *,
        reused: bool,
    ) -> PreflightResult:
        static = Hints.from_annotations(tool.annotations)
        frozen = json.dumps(arguments, ensure_ascii=False)
        common: dict[str, Any] = {
            "method": outcome.method,
            "elapsed_s": 0.0 if reused else outcome.elapsed_s,
            "reused": reused,
            "connection_id": connection,
        }
        if outcome.error is not None or outcome.timed_out or outcome.annotations is None:
            error = outcome.error or ("timed out" if outcome.timed_out else "no annotations in the answer")
            failed_warnings = self._server_warnings(tool.server)
            failure = error if outcome.broke_extension else None
            if failure is not None:
                broke = f"the server broke {_RULES_OF[outcome.method]} ({error}): {_NO_SHORTCUT}"
                failed_warnings += (broke,)
            return PreflightResult(
                PreflightStatus.FAILED,
                tool,
                frozen,
                static,
                static,
                error=error,
                error_code=outcome.error_code,
                timed_out=outcome.timed_out,
                warnings=failed_warnings,
                extension_failure=failure,
                **common,
            )
        warnings = list(self._server_warnings(tool.server))
        effective = static.overlay(outcome.annotations, Provenance.RESOLVED)
        if outcome.method == EXTENSION_ID:
            broken = broken_bounds(static, effective)
            if broken:
                return self._bound_broken(tool, frozen, static, effective, broken, outcome, warnings, common)
        static_grade, effective_grade = grade_hints(static).grade, grade_hints(effective).grade
        if effective_grade > static_grade:  # rule 8
            warnings.append(
                f"the server resolved these arguments as {effective_grade.label}, riskier than its static "
                f"definition ({static_grade.label}): the static annotations are not the worst case, "
                "so the resolved hints are used"
            )
        return PreflightResult(
            PreflightStatus.RESOLVED,
            tool,
            frozen,
            static,
            effective,
            changes=hint_changes(static, effective),
            warnings=tuple(warnings),
            resolved_annotations=outcome.annotations,
            **common,
        )

    def _bound_broken(
        self,
        tool: ToolInfo,
        frozen: str,
        static: Hints,
        claimed: Hints,
        broken: tuple[BrokenBound, ...],
        outcome: ResolveOutcome,
        warnings: list[str],
        common: dict[str, Any],
    ) -> PreflightResult:
        """A resolution failure: the claimed hints relax nothing, and the riskier of the two sets is used."""
        effective = riskier_of(static, claimed)
        names = ", ".join(b.bound for b in broken)
        plural = "s" if len(broken) > 1 else ""
        error = f"the answer breaks the {names} bound{plural} of the static definition"
        warnings.extend(f"broken {b.bound} bound: {b.text}; {_NO_SHORTCUT}" for b in broken)
        return PreflightResult(
            PreflightStatus.FAILED,
            tool,
            frozen,
            static,
            effective,
            changes=hint_changes(static, effective),
            error=error,
            warnings=tuple(warnings),
            resolved_annotations=outcome.annotations,
            claimed=claimed,
            broken_bounds=tuple(b.bound for b in broken),
            extension_failure=error,
            **common,
        )

    def _server_warnings(self, server: str) -> tuple[str, ...]:
        if server not in self._nondeterministic:
            return ()
        return (
            f"{server} resolved the same arguments differently on different requests; servers must be "
            "deterministic, so where its answers disagree the riskier one is used",
        )


_RULES_OF: dict[ResolveMethod, str] = {
    EXTENSION_ID: "the tool-resolution extension",
    "tools/resolve": "per-call resolution (tools/resolve)",
    "tools/annotations": "per-call resolution (tools/annotations)",
}
"""Whose rules a broken answer broke, by dialect (for the warning the person sees)."""

_NO_SHORTCUT = "the claimed hints relax nothing, and the call is never approved without asking you"


def _hints_differ(first: ResolveOutcome, second: ResolveOutcome) -> bool:
    return stated_hints(first.annotations) != stated_hints(second.annotations)


def _grade_of(static: Hints, outcome: ResolveOutcome) -> Grade:
    return grade_hints(static.overlay(outcome.annotations, Provenance.RESOLVED)).grade

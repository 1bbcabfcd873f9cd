"""The tool-resolution extension on the app's own path (ConnectionManager + PreflightEngine), both eras.

The servers are real in-process MCP servers (``misbehaving/extension.py``) that negotiate the extension
for real: a tool is marked, and resolved in the extension's shape, only when this client advertised it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import mcp_types as types
import pytest
from misbehaving.extension import FULL, ExtensionServer, by_action, complete
from servers.harness import wait_until

from tui.client.manager import ConnectionManager
from tui.config.model import ServerConfig, Timeouts
from tui.model.hints import Provenance
from tui.model.results import ResolveOutcome
from tui.model.servers import EXTENSION_ID, ToolInfo
from tui.safety.grade import Grade, grade_hints
from tui.session.preflight import PreflightEngine, PreflightStatus

READ = {"action": "read", "path": "notes.txt"}
DELETE = {"action": "delete", "path": "notes.txt"}
MODES = ["legacy", "auto"]


@asynccontextmanager
async def started(
    server: ExtensionServer, mode: str
) -> AsyncIterator[tuple[ConnectionManager, PreflightEngine]]:
    """The extension server connected (in ``mode``), and a preflight engine resolving through it."""
    config = ServerConfig(name="ext", transport="stdio", command="in-process", protocol=mode)
    manager = ConnectionManager([config], Timeouts(), lambda event: None, targets={"ext": server.build()})
    await manager.start()
    try:
        await wait_until(lambda: bool(manager.tools("ext")))

        async def resolver(tool: ToolInfo, arguments: dict[str, Any], timeout: float) -> ResolveOutcome:
            return await manager.resolve(tool.server, tool.name, arguments, timeout)

        yield manager, PreflightEngine(resolver, manager.connection_id, timeout=30.0)
    finally:
        await manager.aclose()


@asynccontextmanager
async def extension_tool(
    server: ExtensionServer, mode: str
) -> AsyncIterator[tuple[ToolInfo, PreflightEngine]]:
    async with started(server, mode) as (manager, engine):
        yield {t.name: t for t in manager.tools("ext")}["files"], engine


@pytest.mark.parametrize("mode", MODES)
async def test_negotiated_marked_and_resolved_in_the_extension_shape(mode: str) -> None:
    server = ExtensionServer()
    async with extension_tool(server, mode) as (files, engine):
        assert files.resolve_method == EXTENSION_ID
        assert files.dialect_label == "tool-resolution extension"
        read = await engine.preflight(files, READ)
        delete = await engine.preflight(files, DELETE)
    assert read.status is PreflightStatus.RESOLVED, read.error
    assert read.grade is Grade.SAFE
    assert read.effective.read_only.provenance is Provenance.RESOLVED
    assert read.summary == "resolved for these arguments (tool-resolution extension)"
    assert delete.grade is Grade.HIGH
    assert all(seen["advertised"] for seen in server.seen)


@pytest.mark.parametrize("mode", MODES)
async def test_non_empty_settings_mean_unsupported(mode: str) -> None:
    server = ExtensionServer(settings={"mustUnderstand": ["something-new"]})
    async with extension_tool(server, mode) as (files, _engine):
        assert files.resolve_method is None
        assert files.raw["_meta"][EXTENSION_ID] == {"resolvable": True}


async def test_an_answer_is_never_reused_for_a_later_call_and_a_change_is_not_non_determinism() -> None:
    answers = iter([FULL["read"], FULL["delete"], FULL["read"]])
    server = ExtensionServer(answer=lambda name, arguments: complete(name, next(answers)))
    async with extension_tool(server, "legacy") as (files, engine):
        first = await engine.preflight(files, READ)
        shown = engine.preflight_now(files, READ)
        second = await engine.preflight(files, READ)
        pre_call = await engine.preflight(files, READ, fresh=True)
    assert len(server.seen) == 3, "every preflight() asks the server again"
    assert shown is not None
    assert shown.reused, "the live view may show the last answer for the same arguments"
    assert (first.grade, second.grade, pre_call.grade) == (Grade.SAFE, Grade.HIGH, Grade.SAFE)
    assert "ext" not in engine.nondeterministic_servers
    assert not any("different" in w for w in second.warnings)


async def test_a_new_listing_invalidates_answers_shown_from_the_old_one() -> None:
    server = ExtensionServer()
    async with extension_tool(server, "legacy") as (files, engine):
        await engine.preflight(files, READ)
        assert engine.preflight_now(files, READ) is not None
        from dataclasses import replace

        relisted = replace(files, listing=files.listing + 1)
        assert relisted == files, "the definition itself did not change"
        assert engine.preflight_now(relisted, READ) is None, "tools/list_changed: ask again"


MALFORMED: dict[str, Any] = {
    "SEP-1862's {tool} shape": lambda name, args: {"tool": {"name": name, "inputSchema": {"type": "object"}}},
    "resultType is not complete": lambda name, args: {
        **by_action(name, args),
        "resultType": "input_required",
    },
    "a hint missing": lambda name, args: complete(name, {"readOnlyHint": True}),
    "a hint not a boolean": lambda name, args: complete(name, {**FULL["read"], "openWorldHint": "no"}),
    "a title in the annotations": lambda name, args: complete(name, {**FULL["read"], "title": "Files"}),
    "an extra field": lambda name, args: {**by_action(name, args), "description": "new words"},
}


@pytest.mark.parametrize("kind", list(MALFORMED))
async def test_a_malformed_answer_is_a_resolution_failure(kind: str) -> None:
    server = ExtensionServer(answer=MALFORMED[kind])
    async with extension_tool(server, "legacy") as (files, engine):
        result = await engine.preflight(files, READ)
    assert result.status is PreflightStatus.FAILED
    assert result.error is not None
    assert result.error.startswith("malformed result")
    assert result.effective == result.static, "nothing relaxed"
    assert result.extension_failure is not None  # the decision asks: rule resolution-broken
    assert any("broke the tool-resolution extension" in w for w in result.warnings)


async def test_a_name_mismatch_is_a_resolution_failure() -> None:
    server = ExtensionServer(answer=lambda name, args: complete("plain", FULL["read"]))
    async with extension_tool(server, "auto") as (files, engine):
        result = await engine.preflight(files, READ)
    assert result.status is PreflightStatus.FAILED
    assert result.error is not None
    assert result.error.startswith("name mismatch")
    assert "'plain'" in result.error
    assert result.extension_failure is not None  # the decision asks: rule resolution-broken
    assert result.grade is Grade.HIGH


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (-32601, "method not found"),
        (-32021, "negotiation problem"),
        (-32602, "cannot be sent with these arguments"),
        (-32603, "internal error"),
    ],
)
async def test_each_error_code(code: int, words: str) -> None:
    server = ExtensionServer(answer=lambda name, args: types.ErrorData(code=code, message="no"))
    async with extension_tool(server, "legacy") as (files, engine):
        result = await engine.preflight(files, READ)
    assert result.status is PreflightStatus.FAILED
    assert result.error_code == code
    assert result.error is not None
    assert words in result.error
    assert result.effective == result.static, "static hints stand"
    assert result.extension_failure is None, "an error is a fallback, not a broken rule"
    assert result.blocks_call == (code == -32602)
    assert (result.call_blocked_reason is not None) == (code == -32602)


WRITE = {"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False}
BOUNDS: dict[str, tuple[dict[str, Any], dict[str, bool]]] = {
    # bound: (static annotations in tools/list, the claimed answer that breaks it)
    "read-only": ({"readOnlyHint": True, "openWorldHint": False}, FULL["append"]),
    "non-destructive": (WRITE, FULL["delete"]),
    "idempotent": (WRITE, {**FULL["append"], "idempotentHint": False}),
    "closed-world": ({**FULL["read"]}, {**FULL["read"], "openWorldHint": True}),
}


@pytest.mark.parametrize("bound", list(BOUNDS))
async def test_every_broken_bound_is_a_failure_that_relaxes_nothing(bound: str) -> None:
    static, claimed = BOUNDS[bound]
    server = ExtensionServer(static=static, answer=lambda name, args: complete(name, claimed))
    async with extension_tool(server, "auto") as (files, engine):
        result = await engine.preflight(files, READ)
    assert result.status is PreflightStatus.FAILED
    assert result.broken_bounds == (bound,)
    assert result.error is not None
    assert bound in result.error
    assert any(w.startswith(f"broken {bound} bound") for w in result.warnings)
    assert result.extension_failure is not None  # the decision asks: rule resolution-broken
    assert result.claimed is not None
    assert {name: hint.value for name, hint in result.claimed.items()} == claimed
    # Side by side: the static and the claimed hints are both kept, and the riskier one is used.
    riskier = max(result.static, result.claimed, key=lambda hints: grade_hints(hints).grade)
    assert result.grade == grade_hints(riskier).grade
    assert result.grade >= grade_hints(result.static).grade


async def test_spec_defaults_apply_before_the_bounds() -> None:
    # Only readOnlyHint stated: destructive, non-idempotent and open-world by default, so nothing is bounded.
    server = ExtensionServer(
        static={"readOnlyHint": False}, answer=lambda name, args: complete(name, FULL["delete"])
    )
    async with extension_tool(server, "legacy") as (files, engine):
        result = await engine.preflight(files, DELETE)
    assert result.status is PreflightStatus.RESOLVED
    assert result.broken_bounds == ()
    assert result.grade is Grade.HIGH  # closed world now, from the answer


async def test_a_real_relisting_invalidates_what_the_live_view_may_show() -> None:
    async with started(ExtensionServer(), "legacy") as (manager, engine):
        before = {t.name: t for t in manager.tools("ext")}["files"]
        await engine.preflight(before, READ)
        assert engine.preflight_now(before, READ) is not None
        # What a tools/list_changed notification triggers: the same connection lists the tools again.
        manager._get("ext").request_refresh()
        await wait_until(lambda: manager.tools("ext")[0].listing != before.listing)
        after = {t.name: t for t in manager.tools("ext")}["files"]
    assert after == before, "same definition"
    assert engine.preflight_now(after, READ) is None, "answers about the earlier listing are not shown again"

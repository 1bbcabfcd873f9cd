"""Every misbehaving server, through the engine: the static definition stands and the reason is shown."""

from __future__ import annotations

from typing import Any

import pytest
from misbehaving.connect import connected
from misbehaving.servers import (
    MALFORMED,
    ResolveHandler,
    build_server,
    errors_with,
    hangs,
    malformed,
    well_behaved_annotations,
)

from tui.safety.grade import Grade
from tui.session.preflight import PreflightEngine, PreflightStatus

READ = {"action": "read", "path": "notes.txt"}

# An answer about another tool is well-formed but broken (test_resolve_mismatch.py).
_WORDS = {"another tool's name": "name mismatch: "}
CASES: dict[str, tuple[ResolveHandler, str]] = {
    "hangs": (hangs, "no answer within 0.3 s"),
    "-32602": (errors_with(-32602), "error -32602 (invalid params)"),
    "-32603": (errors_with(-32603), "error -32603 (internal error)"),
    "-32601": (errors_with(-32601), "error -32601 (method not found) although it advertised"),
    **{kind: (malformed(kind), _WORDS.get(kind, "malformed result: ")) for kind in MALFORMED},
}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("annotated", [True, False], ids=["static", "unannotated"])
async def test_every_failure_falls_back_to_the_static_definition(case: str, annotated: bool) -> None:
    handler, expected = CASES[case]
    # The limit is the subject only for the server that hangs; the others answer at once, and a short
    # limit could expire first on a loaded machine.
    timeout = 0.3 if case == "hangs" else 3600.0
    async with connected(build_server(handler, unannotated=not annotated)) as conn:
        result = await conn.engine(timeout=timeout).preflight(conn.tools["files"], READ)
    assert result.status is PreflightStatus.FAILED
    assert result.effective == result.static
    assert result.error is not None
    assert expected in result.error
    assert expected in result.summary
    assert result.changes == ()
    assert result.grade is (Grade.HIGH if annotated else Grade.CRITICAL)
    assert result.static.unannotated is not annotated


async def test_only_the_earlier_draft_is_served() -> None:
    server = build_server(well_behaved_annotations, method="tools/annotations")
    async with connected(server) as conn:
        result = await conn.engine().preflight(conn.tools["files"], READ)
    assert result.status is PreflightStatus.RESOLVED
    assert result.method == "tools/annotations"
    assert result.grade is Grade.SAFE
    assert result.summary == "resolved for these arguments (draft tools/annotations)"


async def test_a_resolver_that_raises_is_one_more_failure() -> None:
    async def broken(tool: Any, arguments: dict[str, Any], timeout: float) -> Any:
        raise RuntimeError("bug in the resolver")

    async with connected(build_server(hangs)) as conn:
        engine = PreflightEngine(broken, lambda server: 1, 1.0)
        result = await engine.preflight(conn.tools["files"], READ)
    assert result.status is PreflightStatus.FAILED
    assert result.error == "resolution failed: RuntimeError: bug in the resolver"

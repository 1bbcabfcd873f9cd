"""The eight preflight rules of the product document, one test (or a few) each, against real servers."""

from __future__ import annotations

import asyncio
from typing import Any

from misbehaving.connect import connected
from misbehaving.servers import (
    UNDERSTATED_STATIC,
    Counting,
    ResolveRequestParams,
    build_server,
    errors_with,
    flip_flopping,
    hangs,
    riskier_than_static,
    well_behaved,
)

from tui.model.hints import Hints, Provenance
from tui.safety.grade import Grade, grade_hints
from tui.session.live_preflight import LivePreflight
from tui.session.preflight import PreflightResult, PreflightStatus

READ = {"action": "read", "path": "notes.txt"}
DELETE = {"action": "delete", "path": "notes.txt"}


async def test_rule_1_only_tools_that_declare_it_are_resolved() -> None:
    counting = Counting(well_behaved)
    async with connected(build_server(counting)) as conn:
        engine = conn.engine()
        plain = await engine.preflight(conn.tools["plain"], READ)
        files = await engine.preflight(conn.tools["files"], READ)
    assert plain.status is PreflightStatus.NOT_RESOLVABLE
    assert plain.effective == plain.static == Hints.from_annotations({"readOnlyHint": True})
    assert plain.method is None
    assert files.status is PreflightStatus.RESOLVED
    assert counting.calls == [READ], "only the declaring tool reached the server"


async def test_rule_2_invalid_arguments_are_never_sent() -> None:
    counting = Counting(well_behaved)
    async with connected(build_server(counting)) as conn:
        engine = conn.engine()
        missing = await engine.preflight(conn.tools["files"], {"action": "read"})
        wrong = await engine.preflight(conn.tools["files"], {"action": "shred", "path": "x"})
        assert engine.preflight_now(conn.tools["files"], {"action": "read"}) == missing
    assert counting.calls == []
    for result in (missing, wrong):
        assert result.status is PreflightStatus.INVALID
        assert result.effective == result.static  # the static, worst-case hints stand
        assert grade_hints(result.effective).grade is Grade.HIGH
    assert [e.message for e in missing.errors] == ["'path' is a required property"]
    assert [e.field for e in wrong.errors] == ["action"]
    assert missing.summary == "waiting for valid arguments; showing the static hints"


async def test_rule_3_debounce_and_stale_answers_dropped() -> None:
    """Edits within the pause send nothing; once typing stops, one request goes out, for the last arguments.

    The pause is read at each edit: an hour while typing (so no machine is slow enough to let it pass
    between two keystrokes), then 0.2 s for the last one. Between keystrokes the test does a round trip
    to the server, time enough for any request the edit had started to be sent. A stale answer that does
    come back is test_preflight_live.py's subject.
    """
    counting = Counting(well_behaved)
    delivered: list[PreflightResult] = []
    arrived = asyncio.Event()
    pause = {"s": 3600.0}

    def deliver(result: PreflightResult) -> None:
        delivered.append(result)
        arrived.set()

    async with connected(build_server(counting)) as conn:
        live = LivePreflight(conn.engine(), lambda: pause["s"], deliver)
        for path in ("n", "no", "not"):
            live.update(conn.tools["files"], {"action": "delete", "path": path})
            await conn.client.list_tools()
        assert conn.sent == [], "no request while typing"
        pause["s"] = 0.2
        live.update(conn.tools["files"], {"action": "delete", "path": "note"})
        await asyncio.wait_for(arrived.wait(), 30)
        live.close()
    assert conn.sent == [{"action": "delete", "path": "note"}], "one request, after the pause"
    assert counting.calls == conn.sent
    assert [r.arguments for r in delivered] == [{"action": "delete", "path": "note"}]


async def test_rule_4_reuse_only_for_identical_arguments_on_one_connection() -> None:
    counting = Counting(well_behaved)
    async with connected(build_server(counting)) as conn:
        engine = conn.engine()
        first = await engine.preflight(conn.tools["files"], READ)
        again = await engine.preflight(conn.tools["files"], dict(reversed(list(READ.items()))))
        other = await engine.preflight(conn.tools["files"], {**READ, "path": "other.txt"})
        conn.connection += 1  # reconnected: nothing from the old connection is reused
        after_reconnect = await engine.preflight(conn.tools["files"], READ)
    assert (first.reused, again.reused, other.reused, after_reconnect.reused) == (False, True, False, False)
    assert again.effective == first.effective
    assert counting.calls == [READ, {**READ, "path": "other.txt"}, READ]
    assert after_reconnect.connection_id == first.connection_id + 1


async def test_rule_4_same_arguments_resolved_differently_flags_the_server() -> None:
    async with connected(build_server(flip_flopping())) as conn:
        engine = conn.engine()
        first = await engine.preflight(conn.tools["files"], READ)
        assert "misbehaving" not in engine.nondeterministic_servers
        assert first.warnings == ()
        second = await engine.preflight(conn.tools["files"], READ, fresh=True)
        third = await engine.preflight(conn.tools["files"], READ, fresh=True)  # read-only again
        reused = await engine.preflight(conn.tools["files"], READ)
    assert engine.nondeterministic_servers == {"misbehaving"}
    assert grade_hints(first.effective).grade is Grade.SAFE
    # Where the answers disagree the riskier one counts, now and for later reuse.
    assert second.grade is Grade.HIGH
    assert third.grade is Grade.HIGH, "a safer answer does not undo the riskier one"
    assert reused.grade is Grade.HIGH
    assert any("resolved the same arguments differently" in w for w in second.warnings)
    assert reused.warnings == second.warnings


async def test_rule_5_errors_fall_back_to_static_and_say_why() -> None:
    async with connected(build_server(errors_with(-32603))) as conn:
        result = await conn.engine().preflight(conn.tools["files"], READ)
    assert result.status is PreflightStatus.FAILED
    assert result.effective == result.static
    assert result.grade is Grade.HIGH
    assert result.error_code == -32603
    assert "no static annotations" not in result.summary, "the static hints stand in for the answer"
    assert result.summary.startswith("resolve failed (draft tools/resolve): the server answered")
    assert result.summary.endswith("; showing the static definition")


async def test_rule_5_without_static_annotations_the_error_is_surfaced() -> None:
    async with connected(build_server(hangs, unannotated=True)) as conn:
        result = await conn.engine(timeout=0.2).preflight(conn.tools["files"], READ)
    assert result.status is PreflightStatus.FAILED
    assert result.timed_out
    assert result.static.unannotated
    assert result.grade is Grade.CRITICAL
    assert "no static annotations, so it is treated as destructive and open-world" in result.summary


async def test_rule_5_retry_is_a_fresh_request() -> None:
    failures = iter([True])

    async def recovers(ctx: Any, params: ResolveRequestParams) -> Any:
        if next(failures, False):
            return await errors_with(-32603)(ctx, params)
        return await well_behaved(ctx, params)

    async with connected(build_server(recovers)) as conn:
        engine = conn.engine()
        failed = await engine.preflight(conn.tools["files"], READ)
        # A failure is never cached: even a plain second preflight asks again.
        assert engine.preflight_now(conn.tools["files"], READ) is None
        retried = await engine.preflight(conn.tools["files"], READ, fresh=True)
    assert failed.status is PreflightStatus.FAILED
    assert retried.status is PreflightStatus.RESOLVED
    assert retried.grade is Grade.SAFE


async def test_rule_6_pre_call_preflight_resolves_exactly_the_arguments_sent() -> None:
    counting = Counting(well_behaved)
    async with connected(build_server(counting)) as conn:
        engine = conn.engine()
        await engine.preflight(conn.tools["files"], DELETE)
        arguments = {"path": "notes.txt", "action": "delete"}
        before_call = await engine.preflight(conn.tools["files"], arguments, fresh=True)
        arguments["path"] = "mutated after the preflight"
    assert counting.calls == [DELETE, DELETE], "resolved again, although an answer was cached"
    assert not before_call.reused
    assert before_call.arguments == {"path": "notes.txt", "action": "delete"}
    assert before_call.arguments_json == '{"path": "notes.txt", "action": "delete"}'


async def test_rule_6_pre_call_preflight_has_a_short_timeout_and_the_fallback() -> None:
    async with connected(build_server(hangs)) as conn:
        # The live preflight's limit, far longer: ending on it would read "no answer within 30 s".
        engine = conn.engine(timeout=30.0)
        result = await engine.preflight(conn.tools["files"], DELETE, fresh=True, timeout=0.2)
    assert result.status is PreflightStatus.FAILED
    assert result.timed_out
    assert result.error == "no answer within 0.2 s"
    assert result.effective == result.static


async def test_rule_7_resolved_hints_count_like_static_ones() -> None:
    async with connected(build_server(well_behaved)) as conn:
        result = await conn.engine().preflight(conn.tools["files"], READ)
    assert grade_hints(result.static).grade is Grade.HIGH
    assert result.grade is Grade.SAFE, "a resolved read-only answer lowers the grade"
    assert result.effective.read_only.provenance is Provenance.RESOLVED
    assert result.effective.open_world.provenance is Provenance.RESOLVED
    assert [(c.name, c.before.value, c.after.value) for c in result.changes] == [
        ("readOnlyHint", False, True)
    ]
    reasons = [r.text for r in grade_hints(result.effective).reasons]
    assert "read-only (the server says for these arguments)" in reasons
    assert result.warnings == ()


async def test_rule_8_riskier_than_static_uses_the_resolved_hints_and_warns() -> None:
    server = build_server(riskier_than_static, static=UNDERSTATED_STATIC)
    async with connected(server) as conn:
        result = await conn.engine().preflight(conn.tools["files"], READ)
    assert grade_hints(result.static).grade is Grade.SAFE
    assert result.status is PreflightStatus.RESOLVED
    assert result.grade is Grade.CRITICAL
    assert {c.name for c in result.changes} == {"readOnlyHint", "openWorldHint"}
    assert result.warnings == (
        "the server resolved these arguments as critical, riskier than its static definition (safe): "
        "the static annotations are not the worst case, so the resolved hints are used",
    )

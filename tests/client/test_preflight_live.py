"""LivePreflight: what the argument editor calls on every keystroke."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import anyio
import mcp_types as types
from misbehaving.connect import Connected, connected
from misbehaving.servers import Counting, ResolveRequestParams, build_server, hangs, well_behaved
from servers.harness import wait_until

from tui.model.arguments import ArgumentError
from tui.model.results import ResolveOutcome
from tui.model.servers import ToolInfo
from tui.safety.grade import Grade
from tui.session.live_preflight import LivePreflight
from tui.session.preflight import PreflightEngine, PreflightResult, PreflightStatus


class Recorder:
    def __init__(self) -> None:
        self.results: list[PreflightResult] = []
        self.pending: list[dict[str, Any]] = []
        self.arrived = asyncio.Event()

    def on_result(self, result: PreflightResult) -> None:
        self.results.append(result)
        self.arrived.set()

    def on_pending(self, tool: ToolInfo, arguments: dict[str, Any]) -> None:
        self.pending.append(arguments)

    async def next_result(self, timeout: float = 30.0) -> PreflightResult:
        """The next result delivered (``timeout`` only bounds how long a broken test hangs)."""
        await asyncio.wait_for(self.arrived.wait(), timeout)
        self.arrived.clear()
        return self.results[-1]


def live_for(recorder: Recorder, engine: Any, debounce: float = 0.05) -> LivePreflight:
    return LivePreflight(engine, debounce, recorder.on_result, recorder.on_pending)


NEVER = 3600.0
"""A preflight timeout no test outlives: only what the test does ends a request."""
OLD = {"action": "delete", "path": "old"}
NEW = {"action": "read", "path": "new"}


class WatchedEngine(PreflightEngine):
    """The engine, noting every preflight that ended (answered, or cancelled).

    With ``ignore_cancel`` a cancelled preflight runs on to its answer anyway, as if cancelling the
    superseded request did not exist: then only the live preflight's own check can keep that answer away.
    """

    def __init__(
        self, conn: Connected, timeout: float | Callable[[], float] = NEVER, ignore_cancel: bool = False
    ) -> None:
        super().__init__(conn.resolve, lambda server: conn.connection, timeout)
        self.ignore_cancel = ignore_cancel
        self.cancels_ignored = 0
        self.ended: list[dict[str, Any]] = []
        """The arguments of each preflight that ended; its result (if any) has been handed on by then."""

    async def preflight(
        self, tool: ToolInfo, arguments: dict[str, Any], *, fresh: bool = False, timeout: float | None = None
    ) -> PreflightResult:
        try:
            if not self.ignore_cancel:
                return await super().preflight(tool, arguments, fresh=fresh, timeout=timeout)
            inner = asyncio.ensure_future(super().preflight(tool, arguments, fresh=fresh, timeout=timeout))
            while True:
                try:
                    return await asyncio.shield(inner)
                except asyncio.CancelledError:
                    self.cancels_ignored += 1
                    task = asyncio.current_task()
                    assert task is not None
                    task.uncancel()
        finally:
            # The caller (LivePreflight._run) delivers or drops the result in this same step, before any
            # other task runs: whoever sees this entry sees what became of the result.
            self.ended.append(arguments)


async def test_a_superseded_answer_is_dropped_even_when_cancelling_its_request_does_nothing() -> None:
    """Rule 3 by the live preflight's own check: the engine here ignores the cancellation, so the answer for
    the superseded arguments does come back, after the newer one was shown, and must not be delivered."""
    received: list[str] = []
    release_old = anyio.Event()

    async def holds_old(ctx: Any, params: ResolveRequestParams) -> Any:
        received.append(params.arguments["path"])
        if params.arguments["path"] == "old":
            await release_old.wait()
        return await well_behaved(ctx, params)

    recorder = Recorder()
    async with connected(build_server(holds_old)) as conn:
        engine = WatchedEngine(conn, ignore_cancel=True)
        live = live_for(recorder, engine)
        tool = conn.tools["files"]
        live.update(tool, OLD)
        await wait_until(lambda: received == ["old"])  # the request for "old" is at the server
        live.update(tool, NEW)
        newest = await recorder.next_result()
        assert engine.cancels_ignored == 1, "the superseded preflight was cancelled, and ran on regardless"
        release_old.set()
        await wait_until(lambda: OLD in engine.ended)  # its answer is back, and was handed to the live view
    assert received == ["old", "new"]
    assert newest.arguments == NEW
    assert [r.arguments for r in recorder.results] == [NEW]
    assert live.last_result is newest
    assert not live.pending


async def test_a_superseded_request_is_cancelled_on_the_wire() -> None:
    """The server is told to stop working on arguments nobody looks at any more: notifications/cancelled
    for exactly the superseded request (no timeout can send it here: the limit is an hour)."""
    request_ids: dict[str, types.RequestId | None] = {}
    cancelled: list[types.RequestId | None] = []

    async def hangs_on_old(ctx: Any, params: ResolveRequestParams) -> Any:
        request_ids[params.arguments["path"]] = ctx.request_id
        if params.arguments["path"] == "old":
            await anyio.sleep_forever()
        return await well_behaved(ctx, params)

    async def on_cancelled(ctx: Any, params: types.CancelledNotificationParams) -> None:
        cancelled.append(params.request_id)

    server = build_server(hangs_on_old)
    server.add_notification_handler(
        "notifications/cancelled", types.CancelledNotificationParams, on_cancelled
    )
    recorder = Recorder()
    async with connected(server) as conn:
        live = live_for(recorder, WatchedEngine(conn))
        live.update(conn.tools["files"], OLD)
        await wait_until(lambda: "old" in request_ids)
        live.update(conn.tools["files"], NEW)
        newest = await recorder.next_result()
        await wait_until(lambda: bool(cancelled))
    assert newest.arguments == NEW
    assert request_ids["old"] is not None
    assert cancelled == [request_ids["old"]]


async def test_invalid_arguments_are_answered_at_once_without_a_request() -> None:
    counting = Counting(well_behaved)
    recorder = Recorder()
    async with connected(build_server(counting)) as conn:
        live = live_for(recorder, conn.engine())
        live.update(conn.tools["files"], {"action": "read"})
        # Delivered inside update() itself: no await happened yet.
        assert [r.status for r in recorder.results] == [PreflightStatus.INVALID]
        assert recorder.pending == []
        assert not live.pending, "nothing scheduled, so nothing will be sent"
    assert counting.calls == []
    assert recorder.results[0].errors[0].message == "'path' is a required property"


async def test_an_answer_already_given_comes_back_at_once() -> None:
    counting = Counting(well_behaved)
    recorder = Recorder()
    async with connected(build_server(counting)) as conn:
        live = live_for(recorder, conn.engine())
        tool = conn.tools["files"]
        live.update(tool, {"action": "read", "path": "a"})
        assert recorder.pending == [{"action": "read", "path": "a"}]
        first = await recorder.next_result()
        live.update(tool, {"action": "read", "path": "ab"})
        await recorder.next_result()
        live.update(tool, {"action": "read", "path": "a"})  # backspace: same as the first
        assert recorder.results[-1].reused
        assert recorder.results[-1].effective == first.effective
    assert len(counting.calls) == 2


async def test_an_unchanged_update_does_nothing() -> None:
    counting = Counting(well_behaved)
    recorder = Recorder()
    async with connected(build_server(counting)) as conn:
        live = live_for(recorder, conn.engine())
        arguments = {"action": "delete", "path": "a"}
        live.update(conn.tools["files"], arguments)
        live.update(conn.tools["files"], dict(arguments))
        await recorder.next_result()
        live.update(conn.tools["files"], dict(arguments))
        # Anything update() does is done when it returns: a delivery at once, or a request scheduled.
        assert not live.pending
    assert len(recorder.results) == 1
    assert len(recorder.pending) == 1
    assert len(counting.calls) == 1


async def test_after_restart_the_same_arguments_are_delivered_again() -> None:
    """A fresh editor (a call reopened from History) needs its own result for the arguments it opens with."""
    counting = Counting(well_behaved)
    recorder = Recorder()
    async with connected(build_server(counting)) as conn:
        live = live_for(recorder, conn.engine())
        arguments = {"action": "delete", "path": "a"}
        live.update(conn.tools["files"], arguments)
        first = await recorder.next_result()
        live.restart()
        live.update(conn.tools["files"], dict(arguments))
        # The seed draft's answer for the identical call is reused, and delivered at once.
        assert len(recorder.results) == 2
    assert recorder.results[-1].reused
    assert recorder.results[-1].effective == first.effective
    assert len(counting.calls) == 1


async def test_the_editor_mutating_its_dict_does_not_change_what_is_resolved() -> None:
    counting = Counting(well_behaved)
    recorder = Recorder()
    async with connected(build_server(counting)) as conn:
        live = live_for(recorder, conn.engine())
        arguments = {"action": "read", "path": "a"}
        live.update(conn.tools["files"], arguments)
        arguments["action"] = "delete"  # the editor reuses its dict without telling us
        result = await recorder.next_result()
    assert counting.calls == [{"action": "read", "path": "a"}]
    assert result.arguments == {"action": "read", "path": "a"}


async def test_retry_asks_again_now() -> None:
    counting = Counting(well_behaved)
    recorder = Recorder()
    async with connected(build_server(counting)) as conn:
        live = live_for(recorder, conn.engine(), debounce=NEVER)
        live.retry()  # nothing to retry yet: no error, no request
        live.update(conn.tools["files"], {"action": "read", "path": "a"})
        live.retry()  # skips the debounce (an hour: without the retry, no answer comes)
        result = await recorder.next_result()
        live.retry()  # even with an answer cached
        await recorder.next_result()
    assert result.status is PreflightStatus.RESOLVED
    assert len(counting.calls) == 2


async def test_close_cancels_and_delivers_nothing_more() -> None:
    counting = Counting(hangs)
    recorder = Recorder()
    async with connected(build_server(counting)) as conn:
        engine = WatchedEngine(conn)  # an hour's limit: only the cancellation can end the request
        live = live_for(recorder, engine, debounce=0.01)
        arguments = {"action": "read", "path": "a"}
        live.update(conn.tools["files"], arguments)
        await wait_until(lambda: counting.calls == [arguments])
        assert live.pending
        live.close()
        assert not live.pending
        await wait_until(lambda: engine.ended == [arguments])  # cancelled: nothing can come of it now
        live.update(conn.tools["files"], {"action": "read"})  # invalid: would be delivered at once
    assert recorder.results == []


async def test_typing_goes_on_while_requests_hang_and_the_last_arguments_get_the_fallback() -> None:
    """Every keystroke is taken while the server sits on earlier requests; what it costs is measured by
    bench/keystroke_cost.py. The earlier requests never time out here (an hour), so only the last edit,
    made once the limit is short, can produce a result."""
    counting = Counting(hangs)
    recorder = Recorder()
    limit = {"s": NEVER}
    async with connected(build_server(counting)) as conn:
        live = live_for(recorder, WatchedEngine(conn, timeout=lambda: limit["s"]), debounce=0.01)
        tool = conn.tools["files"]
        for i in range(199):
            arguments = {"action": "delete", "path": f"file-{i}.txt"}
            live.update(tool, arguments)
            if i % 20 == 19:  # a pause in the typing: the request goes out and hangs there
                await wait_until(lambda arguments=arguments: arguments in counting.calls)
        hanging = len(counting.calls)
        limit["s"] = 0.2
        live.update(tool, {"action": "delete", "path": "file-199.txt"})
        result = await recorder.next_result()
        live.close()
    assert hanging == 9  # one per pause, each left hanging by the next edit
    assert [r.arguments for r in recorder.results] == [{"action": "delete", "path": "file-199.txt"}]
    assert result.status is PreflightStatus.FAILED
    assert result.timed_out
    assert result.error == "no answer within 0.2 s"
    assert result.grade is Grade.HIGH  # the static worst case


async def test_hold_reports_unparsed_arguments_and_drops_the_pending_request() -> None:
    """Rule 2 for editors whose fields do not parse: nothing is sent and an older answer never shows."""
    delivered: list[PreflightResult] = []
    asked: list[dict[str, Any]] = []
    answer = asyncio.Event()
    ended = asyncio.Event()

    async def held(tool: ToolInfo, arguments: dict[str, Any], timeout: float) -> ResolveOutcome:
        asked.append(arguments)
        try:
            await answer.wait()
            return ResolveOutcome({"readOnlyHint": True}, "tools/resolve")
        finally:
            ended.set()  # answered or cancelled: the live preflight has done what it does with it

    engine = PreflightEngine(held, lambda server: 1, timeout=NEVER)
    live = LivePreflight(engine, 0.0, delivered.append)
    tool = ToolInfo("s", "t", None, "", {"type": "object"}, None, {"readOnlyHint": False}, "tools/resolve")
    live.update(tool, {"a": 1})
    await wait_until(lambda: asked == [{"a": 1}])  # the request is out
    live.hold(tool, [ArgumentError(("a",), "not a number")])
    assert not live.pending
    answer.set()
    await asyncio.wait_for(ended.wait(), 30)
    assert [r.status for r in delivered] == [PreflightStatus.INVALID]
    assert delivered[0].errors[0].message == "not a number"
    assert delivered[0].effective == delivered[0].static
    live.close()


async def test_a_pause_given_as_a_setting_is_read_at_each_edit() -> None:
    # The preferences screen changes preflight_debounce_ms while the app runs: the next edit waits the new
    # pause, without building a new LivePreflight.
    counting = Counting(well_behaved)
    recorder = Recorder()
    pause = {"s": NEVER}
    async with connected(build_server(counting)) as conn:
        live = LivePreflight(conn.engine(), lambda: pause["s"], recorder.on_result, recorder.on_pending)
        live.update(conn.tools["files"], {"action": "read", "path": "a"})
        assert live.pending  # waiting out the pause (an hour: read again at the next edit, or no answer)
        pause["s"] = 0.0
        live.update(conn.tools["files"], {"action": "read", "path": "b"})
        result = await recorder.next_result()
        live.close()
    assert result.arguments == {"action": "read", "path": "b"}
    assert counting.calls == [{"action": "read", "path": "b"}]

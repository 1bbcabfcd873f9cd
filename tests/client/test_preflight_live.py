"""LivePreflight: what the argument editor calls on every keystroke."""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

import anyio
from misbehaving.connect import connected
from misbehaving.servers import Counting, ResolveRequestParams, build_server, hangs, well_behaved

from tui.client.arguments import ArgumentError
from tui.client.live_preflight import LivePreflight
from tui.client.models import ToolInfo
from tui.client.preflight import PreflightEngine, PreflightResult, PreflightStatus
from tui.client.results import ResolveOutcome
from tui.safety.grade import Grade


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

    async def next_result(self, timeout: float = 5.0) -> PreflightResult:
        await asyncio.wait_for(self.arrived.wait(), timeout)
        self.arrived.clear()
        return self.results[-1]


def live_for(recorder: Recorder, engine: Any, debounce: float = 0.05) -> LivePreflight:
    return LivePreflight(engine, debounce, recorder.on_result, recorder.on_pending)


async def test_an_older_answer_arriving_after_a_newer_edit_is_never_delivered() -> None:
    server_done: list[str] = []

    async def slow_for_old(ctx: Any, params: ResolveRequestParams) -> Any:
        # Shielded: the client's cancellation must not be what keeps the old answer away.
        with anyio.CancelScope(shield=True):
            if params.arguments["path"] == "old":
                await asyncio.sleep(0.4)
            server_done.append(params.arguments["path"])
        return await well_behaved(ctx, params)

    counting = Counting(slow_for_old)
    recorder = Recorder()
    async with connected(build_server(counting)) as conn:
        live = live_for(recorder, conn.engine())
        live.update(conn.tools["files"], {"action": "delete", "path": "old"})
        await asyncio.sleep(0.15)  # past the debounce: the request for "old" is out
        assert counting.calls == [{"action": "delete", "path": "old"}]
        live.update(conn.tools["files"], {"action": "read", "path": "new"})
        newest = await recorder.next_result()
        await asyncio.sleep(0.5)  # the server has long finished "old" by now
        assert "old" in server_done
    assert newest.arguments == {"action": "read", "path": "new"}
    assert [r.arguments["path"] for r in recorder.results] == ["new"]
    assert live.last_result is newest
    assert not live.pending


async def test_invalid_arguments_are_answered_at_once_without_a_request() -> None:
    counting = Counting(well_behaved)
    recorder = Recorder()
    async with connected(build_server(counting)) as conn:
        live = live_for(recorder, conn.engine())
        live.update(conn.tools["files"], {"action": "read"})
        # Delivered inside update() itself: no await happened yet.
        assert [r.status for r in recorder.results] == [PreflightStatus.INVALID]
        assert recorder.pending == []
        await asyncio.sleep(0.15)
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
        await asyncio.sleep(0.15)
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
        live = live_for(recorder, conn.engine(), debounce=10.0)
        live.retry()  # nothing to retry yet: no error, no request
        live.update(conn.tools["files"], {"action": "read", "path": "a"})
        live.retry()  # skips the (long) debounce
        result = await recorder.next_result(timeout=2.0)
        live.retry()  # even with an answer cached
        await recorder.next_result(timeout=2.0)
    assert result.status is PreflightStatus.RESOLVED
    assert len(counting.calls) == 2


async def test_close_cancels_and_delivers_nothing_more() -> None:
    counting = Counting(hangs)
    recorder = Recorder()
    async with connected(build_server(counting)) as conn:
        live = live_for(recorder, conn.engine(timeout=0.3), debounce=0.01)
        live.update(conn.tools["files"], {"action": "read", "path": "a"})
        await asyncio.sleep(0.1)
        assert live.pending
        live.close()
        assert not live.pending
        await asyncio.sleep(0.4)
        live.update(conn.tools["files"], {"action": "read"})
    assert recorder.results == []


async def test_typing_never_waits_on_a_hanging_server() -> None:
    recorder = Recorder()
    async with connected(build_server(hangs)) as conn:
        live = live_for(recorder, conn.engine(timeout=0.5), debounce=0.01)
        tool = conn.tools["files"]
        durations = []
        for i in range(200):
            started = time.perf_counter()
            live.update(tool, {"action": "delete", "path": f"file-{i}.txt"})
            durations.append(time.perf_counter() - started)
            await asyncio.sleep(0.002 if i % 20 else 0.03)  # pauses long enough to send requests
        result = await recorder.next_result(timeout=3.0)
        live.close()
    assert result.status is PreflightStatus.FAILED
    assert result.timed_out
    assert result.grade is Grade.HIGH  # the static worst case
    assert result.arguments == {"action": "delete", "path": "file-199.txt"}
    # Generous against a loaded machine; the bench measures it properly.
    assert statistics.median(durations) < 0.005


async def test_hold_reports_unparsed_arguments_and_drops_the_pending_request() -> None:
    """Rule 2 for editors whose fields do not parse: nothing is sent and an older answer never shows."""
    delivered: list[PreflightResult] = []
    asked: list[dict[str, Any]] = []

    async def slow(tool: ToolInfo, arguments: dict[str, Any], timeout: float) -> ResolveOutcome:
        asked.append(arguments)
        await asyncio.sleep(0.2)
        return ResolveOutcome({"readOnlyHint": True}, "tools/resolve")

    engine = PreflightEngine(slow, lambda server: 1, timeout=2.0)
    live = LivePreflight(engine, 0.0, delivered.append)
    tool = ToolInfo("s", "t", None, "", {"type": "object"}, None, {"readOnlyHint": False}, "tools/resolve")
    live.update(tool, {"a": 1})
    await asyncio.sleep(0.05)
    live.hold(tool, [ArgumentError(("a",), "not a number")])
    await asyncio.sleep(0.3)
    assert [r.status for r in delivered] == [PreflightStatus.INVALID]
    assert delivered[0].errors[0].message == "not a number"
    assert delivered[0].effective == delivered[0].static
    live.close()


async def test_a_pause_given_as_a_setting_is_read_at_each_edit() -> None:
    # The preferences screen changes preflight_debounce_ms while the app runs: the next edit waits the new
    # pause, without building a new LivePreflight.
    counting = Counting(well_behaved)
    recorder = Recorder()
    pause = {"s": 10.0}
    async with connected(build_server(counting)) as conn:
        live = LivePreflight(conn.engine(), lambda: pause["s"], recorder.on_result, recorder.on_pending)
        live.update(conn.tools["files"], {"action": "read", "path": "a"})
        await asyncio.sleep(0.2)
        assert counting.calls == []  # still waiting out the long pause
        pause["s"] = 0.0
        live.update(conn.tools["files"], {"action": "read", "path": "b"})
        result = await recorder.next_result()
        live.close()
    assert result.arguments == {"action": "read", "path": "b"}
    assert counting.calls == [{"action": "read", "path": "b"}]

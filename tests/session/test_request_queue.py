"""The session's queue of server requests (sampling, elicitation): one per server at a time, capped.

Whatever the front end (the TUI's dialogs, a terminal prompt, no one at all), it is handed one request per
server at a time; the rest wait in order, and past the cap they are declined at once with the reason.
"""

from __future__ import annotations

from typing import Any

from tui.model.events import ElicitationRequested, SamplingRequested
from tui.model.features import SamplingReply, SamplingRequest
from tui.session.events import RequestsDeclined, RequestsWaiting
from tui.session.questions import UNATTENDED_SAMPLING, answer_unattended
from tui.session.request_queue import RequestQueue, declined_all_reason, too_many_reason


def sampling(server: str) -> SamplingRequested:
    return SamplingRequested(server, SamplingRequest(messages=(), max_tokens=10))


async def settle() -> None:
    """Let the answers' done-callbacks run (the queue moves on from them)."""
    import asyncio

    for _ in range(3):
        await asyncio.sleep(0)


async def test_a_front_end_is_handed_one_request_per_server_at_a_time_in_order() -> None:
    shown: list[Any] = []
    events: list[Any] = []
    queue = RequestQueue(shown.append, events.append, limit=5)
    first = [sampling("a") for _ in range(3)]
    other = sampling("b")
    for request in [*first, other]:
        queue.ask(request)
    assert shown == [first[0], other]  # one per server; "b" does not wait behind "a"
    assert queue.waiting("a") == 2
    assert events[-1] == RequestsWaiting("a", 2, 0)

    first[0].answer.set_result(SamplingReply("hi"))
    await settle()
    assert shown[-1] is first[1]
    assert queue.waiting("a") == 1

    first[2].answer.cancel()  # went away while waiting: never shown
    await settle()
    assert queue.waiting("a") == 0
    first[1].answer.set_result(None)
    await settle()
    assert shown == [first[0], other, first[1]]


async def test_past_the_cap_requests_are_declined_at_once_with_the_reason_said_once() -> None:
    shown: list[Any] = []
    events: list[Any] = []
    queue = RequestQueue(shown.append, events.append, limit=3)
    requests = [sampling("a") for _ in range(8)]
    elicitation = ElicitationRequested("a", "name?", {})
    for request in [*requests, elicitation]:
        queue.ask(request)
    assert len(shown) == 1
    assert queue.waiting("a") == 2
    assert queue.declined("a") == 6
    refused = requests[3:]
    assert all(r.answer.result() is None for r in refused)
    assert {r.declined_reason for r in refused} == {too_many_reason("a", 3)}
    assert elicitation.answer.result() == ("decline", None)
    assert [e for e in events if isinstance(e, RequestsDeclined)] == [
        RequestsDeclined("a", too_many_reason("a", 3))
    ]


async def test_decline_all_refuses_the_shown_request_and_every_waiting_one() -> None:
    shown: list[Any] = []
    queue = RequestQueue(shown.append, lambda event: None, limit=10)
    requests = [sampling("a") for _ in range(4)]
    for request in requests:
        queue.ask(request)
    assert queue.decline_all("a") == 4
    await settle()
    assert shown == [requests[0]]  # nothing more is shown
    assert {r.declined_reason for r in requests} == {declined_all_reason("a")}
    assert queue.waiting("a") == 0
    later = sampling("a")
    queue.ask(later)  # the next request after that is shown as usual
    assert shown[-1] is later


async def test_with_no_one_to_ask_every_request_is_declined_at_once_and_nothing_waits() -> None:
    queue = RequestQueue(answer_unattended, lambda event: None, limit=3)
    requests = [sampling("a") for _ in range(20)]
    for request in requests:
        queue.ask(request)  # answered as it comes, so none counts against the cap
    assert all(r.answer.result() is None for r in requests)
    assert {r.declined_reason for r in requests} == {UNATTENDED_SAMPLING}
    await settle()
    assert queue.waiting("a") == 0
    assert queue.declined("a") == 0

"""Requests a server sends the person (sampling, elicitation) wait their turn: one at a time per server.

A server may send a burst of requests; each would become a dialog (or a terminal prompt) on top of the
last. Instead the session hands the front end one request per server at a time and keeps the others
waiting, in order. ``decline_all`` answers the open one and every waiting one in one step. Past
``MAX_OPEN`` open requests (shown plus waiting) a server's next ones are declined at once: the reason goes
into the audit log (and, for sampling, to the server: an elicitation result has no field for one), and
the server's log says it once per burst.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from tui.model.events import ElicitationRequested, SamplingRequested
from tui.session.events import RequestsDeclined, RequestsWaiting, SessionEvent

MAX_OPEN = 10
"""Requests one server may have open at once (the one shown and those waiting)."""

ServerRequest = ElicitationRequested | SamplingRequested

logger = logging.getLogger(__name__)


def too_many_reason(server: str, limit: int) -> str:
    return (
        f"Declined without asking: {server} already has {limit} requests waiting for an answer "
        "(the most mcp-tui keeps open per server)."
    )


def declined_all_reason(server: str) -> str:
    return f"The person declined every waiting request from {server} at once."


def decline(request: ServerRequest, reason: str, *, by: str = "person") -> None:
    """Answer "no" with ``reason``, for the audit log (and a sampling request's server); ``by`` is who
    decided: the person (Decline all) or ``mcp-tui`` (no one was asked)."""
    if request.answer.done():
        return
    request.answered_by = by
    if isinstance(request, SamplingRequested):
        request.declined_reason = reason
        request.answer.set_result(None)
    else:
        request.reason = reason
        request.answer.set_result(("decline", None))


@dataclass
class _Line:
    """One server's requests: the one the front end has, the ones waiting, and what was declined."""

    shown: ServerRequest | None = None
    waiting: deque[ServerRequest] = field(default_factory=deque)
    declined: int = 0
    """Declined without asking, since the server last had nothing open."""


class RequestQueue:
    def __init__(
        self,
        dispatch: Callable[[ServerRequest], None],
        publish: Callable[[SessionEvent], None],
        limit: int = MAX_OPEN,
    ) -> None:
        """``dispatch`` hands a request to the front end; ``publish`` tells it how many wait."""
        self._dispatch = dispatch
        self._publish = publish
        self.limit = limit
        self._lines: dict[str, _Line] = {}

    def waiting(self, server: str) -> int:
        """Requests from ``server`` waiting behind the one shown."""
        line = self._lines.get(server)
        return len(line.waiting) if line is not None else 0

    def declined(self, server: str) -> int:
        """Requests from ``server`` declined without asking since it last had nothing open."""
        line = self._lines.get(server)
        return line.declined if line is not None else 0

    def ask(self, request: ServerRequest) -> None:
        """Show ``request`` now, keep it waiting, or decline it at once when too many are open."""
        server = request.server
        line = self._lines.setdefault(server, _Line())
        if (line.shown is not None) + len(line.waiting) >= self.limit:
            reason = too_many_reason(server, self.limit)
            decline(request, reason, by="mcp-tui")
            line.declined += 1
            if line.declined == 1:  # once per burst: the audit log lists each request
                logger.warning("%s", reason)
                self._publish(RequestsDeclined(server, reason))
            self._changed(server, line)
            return
        request.answer.add_done_callback(lambda _: self._answered(request))
        line.waiting.append(request)
        if line.shown is None:
            self._show_next(line)
        else:
            self._changed(server, line)

    def decline_all(self, server: str) -> int:
        """Decline the shown request and every waiting one from ``server``; how many were declined."""
        line = self._lines.get(server)
        if line is None:
            return 0
        requests = [r for r in (line.shown, *line.waiting) if r is not None and not r.answer.done()]
        line.waiting.clear()
        reason = declined_all_reason(server)
        for request in requests:
            decline(request, reason)
        self._changed(server, line)
        return len(requests)

    def _answered(self, request: ServerRequest) -> None:
        line = self._lines[request.server]
        if request is line.shown:
            line.shown = None
            self._show_next(line)
        elif request in line.waiting:
            line.waiting.remove(request)
        if line.shown is None and not line.waiting:
            line.declined = 0
        self._changed(request.server, line)

    def _show_next(self, line: _Line) -> None:
        while line.waiting and line.shown is None:
            following = line.waiting.popleft()
            if following.answer.done():  # one that went away while waiting is skipped
                continue
            line.shown = following
            self._dispatch(following)
            if following.answer.done():  # answered at once (no one to ask): on to the next
                line.shown = None

    def _changed(self, server: str, line: _Line) -> None:
        self._publish(RequestsWaiting(server, len(line.waiting), line.declined))

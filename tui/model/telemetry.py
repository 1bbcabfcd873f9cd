"""What a front end may show of telemetry export: its state and what could not be delivered."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class DeliveryCounts:
    """One signal's records (spans or log records) so far."""

    sent: int = 0
    failed: int = 0
    """In batches the collector refused, or that could not reach it in time."""
    dropped: int = 0
    """Never queued: the queue was full (the collector is slower than the app)."""
    waiting: int = 0

    @property
    def lost(self) -> int:
        return self.failed + self.dropped


@dataclass(frozen=True)
class TelemetryStatus:
    """``state``: "off", "on" or "missing" (asked for, but the ``otel`` extra is not installed)."""

    state: str
    endpoint: str | None = None
    forced: bool = False
    spans: DeliveryCounts = DeliveryCounts()
    logs: DeliveryCounts = DeliveryCounts()

    def line(self) -> str:
        """One line for the Logs tab and ``--check-config``."""
        if self.state == "off":
            return "telemetry: off"
        if self.state == "missing":
            return "telemetry: asked for, but not installed: pip install 'mcp-tui[otel]'"
        managed = " (required by the managed policy)" if self.forced else ""
        lost = self.spans.lost + self.logs.lost
        return (
            f"telemetry: exporting to {self.endpoint}{managed}: {self.spans.sent} spans and "
            f"{self.logs.sent} log records sent, {lost} not delivered"
            f" ({self.spans.failed + self.logs.failed} failed, {self.spans.dropped + self.logs.dropped} "
            "dropped: queue full)"
        )


class WireObserver(Protocol):
    """Told of each request mcp-tui sends a server and of its answer (``tui.client`` calls it from the
    transport, ``tui.telemetry`` implements it): how trace context reaches the wire."""

    def request_out(
        self,
        server: str,
        method: str,
        request_id: int | str,
        params: Mapping[str, Any] | None,
        *,
        transport: str,
        protocol: str | None,
    ) -> Mapping[str, str]:
        """Entries to add to the request's ``params._meta`` (``traceparent``, ``tracestate``)."""
        ...

    def answer_in(self, server: str, request_id: int | str, error: int | str | None) -> None:
        """The answer to ``request_id`` arrived; ``error`` is its JSON-RPC error code, ``"tool_error"``
        for a tools/call result with isError, or None."""
        ...

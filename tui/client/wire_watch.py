"""A connection's requests and answers, told to the wire observer (telemetry): trace context per request.

The transport watch calls ``stamp`` for each request it forwards (what it returns joins the request's
``params._meta``) and ``answered`` for each answer. Telemetry never breaks a connection: whatever the
observer raises is logged, and the request goes out unstamped.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from tui.client.transports import TransportWatch
from tui.model.telemetry import WireObserver

logger = logging.getLogger(__name__)


def watch_wire(watch: TransportWatch, wire: WireObserver, server: str, transport_kind: str) -> None:
    # The semantic conventions' words: stdio is a pipe, HTTP runs over TCP.
    transport = "pipe" if transport_kind == "stdio" else "tcp"

    def stamp(method: str, request_id: int | str, params: dict[str, Any] | None) -> Mapping[str, str]:
        protocol = (watch.handshake or {}).get("protocolVersion")
        version = protocol if isinstance(protocol, str) else None
        try:
            return wire.request_out(server, method, request_id, params, transport=transport, protocol=version)
        except Exception:
            logger.exception("telemetry could not stamp %s", method)
            return {}

    def answered(request_id: int | str, error: int | str | None) -> None:
        try:
            wire.answer_in(server, request_id, error)
        except Exception:
            logger.exception("telemetry could not record an answer")

    watch.stamp = stamp
    watch.answered = answered

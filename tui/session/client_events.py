"""The connections' events as the session takes them in, before its subscribers hear them.

A server's request to the person (sampling, elicitation) is audited once answered and queued, one at a time
per server; the connection awaits the answer, and the queue tells the front ends. Every other event first
updates what the session keeps (a tool list and a connected server's name and version go to the catalogue;
each state to the readiness ``Session.ready`` waits on) and is then published.
"""

from __future__ import annotations

from collections.abc import Callable

from tui.model.events import (
    ClientEvent,
    ElicitationRequested,
    SamplingRequested,
    ServerStateChanged,
    ToolsChanged,
)
from tui.model.servers import ConnectionStatus
from tui.session import elicitation_audit, sampling_audit
from tui.session.catalogue import CachedCatalogue
from tui.session.events import SessionEvent
from tui.session.readiness import Readiness
from tui.session.request_queue import RequestQueue
from tui.store.audit_writer import AuditWriter


class ClientEvents:
    def __init__(
        self,
        *,
        catalogue: CachedCatalogue,
        readiness: Readiness,
        requests: RequestQueue,
        audit: AuditWriter,
        interface: str,
        publish: Callable[[SessionEvent], None],
    ) -> None:
        """``interface`` ("tui" or "cli") is written into the audit record of each answered request."""
        self._catalogue = catalogue
        self._readiness = readiness
        self._requests = requests
        self._audit = audit
        self._interface = interface
        self._publish = publish

    def __call__(self, event: ClientEvent) -> None:
        if isinstance(event, ElicitationRequested):
            elicitation_audit.audit_when_answered(event, self._audit, self._interface)
            self._requests.ask(event)  # the connection awaits the answer
            return
        if isinstance(event, SamplingRequested):
            sampling_audit.audit_when_answered(event, self._audit, self._interface)
            self._requests.ask(event)
            return
        if isinstance(event, ToolsChanged):
            self._readiness.heard(event)
            self._catalogue.listed(event.server, event.tools)
        elif isinstance(event, ServerStateChanged):
            state = event.state
            if state.status is ConnectionStatus.CONNECTED:
                self._catalogue.reported(state.name, state.server_name, state.server_version)
            self._readiness.heard(event)
        self._publish(event)

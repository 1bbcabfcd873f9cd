"""Telemetry as an observer of the session: settings at construction, the exporter once started.

The settings are read without importing OpenTelemetry; the observer (``tui.telemetry.observer``, which
imports it) is loaded only when export is on and the ``otel`` extra is installed, off the event loop. The
observer hears the session's call events and the audit log's sampling and elicitation records, and
stamps trace context on the wire through the connection manager. No front end is involved.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui.config.model import TelemetryTable
from tui.model.telemetry import TelemetryStatus, WireObserver
from tui.session.events import CallFinished, CallStarted, SessionEvent, TelemetryUndelivered
from tui.store.audit_record import AuditRecord, iso_utc
from tui.store.audit_writer import AuditWriter
from tui.store.telemetry_state import save_last_run
from tui.telemetry.settings import EXTRA_MISSING, TelemetryConfig, extra_installed, telemetry_config

if TYPE_CHECKING:
    from tui.telemetry.observer import Telemetry

logger = logging.getLogger(__name__)


class TelemetryLink:
    def __init__(
        self,
        table: TelemetryTable,
        forced: TelemetryTable | None,
        interface: str,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        """``table``: config.toml's ``[telemetry]``; ``forced``: the managed one, which wins (None: none)."""
        self.config: TelemetryConfig = telemetry_config(
            table, os.environ if environ is None else environ, forced
        )
        self.interface = interface
        self.installed = self.config.enabled and extra_installed()
        self.problems: list[str] = list(self.config.problems)
        if self.config.enabled and not self.installed:
            self.problems.append(EXTRA_MISSING)
        self.observer: Telemetry | None = None
        self._final: TelemetryStatus | None = None  # the counts once the exporter stopped

    async def start(
        self,
        subscribe: Callable[[Callable[[SessionEvent], None]], Any],
        publish: Callable[[SessionEvent], None],
        audit: AuditWriter,
    ) -> None:
        """Load and start the exporter when export is on (nothing at all otherwise)."""
        if not self.installed or self.observer is not None:
            return
        observer = await asyncio.to_thread(_make_observer, self.config, self.interface)
        self.observer = observer
        subscribe(self._on_event)
        audit.listeners.append(self._on_audit)
        loop = asyncio.get_running_loop()
        told = threading.Event()  # one event in flight at a time: a burst of losses is one line

        def tell() -> None:
            told.clear()
            publish(TelemetryUndelivered(self.status().line()))

        def lost() -> None:
            if not told.is_set() and not loop.is_closed():
                told.set()
                loop.call_soon_threadsafe(tell)

        observer.pipeline.on_loss(lost)

    @property
    def wire(self) -> WireObserver | None:
        return self.observer

    def status(self) -> TelemetryStatus:
        if self.observer is not None:
            return self.observer.status()
        if self._final is not None:
            return self._final
        if self.config.enabled and not self.installed:
            return TelemetryStatus("missing")
        return TelemetryStatus(
            "on" if self.config.enabled else "off", self.config.endpoint, self.config.forced
        )

    async def aclose(self, state_file: Path | None = None) -> None:
        """Send what is queued (bounded by the export timeout) and stop; ``state_file`` keeps what was
        delivered for ``--check-config``."""
        observer, self.observer = self.observer, None
        if observer is not None:
            observer.pipeline.on_loss(lambda: None)  # no loop to tell from here on
            await asyncio.to_thread(observer.shutdown)
            self._final = observer.status()
            if state_file is not None:
                with contextlib.suppress(OSError):  # a full disk must not fail closing the app
                    save_last_run(state_file, self._final, iso_utc())

    def _on_event(self, event: SessionEvent) -> None:
        observer = self.observer
        if observer is None:
            return
        try:
            self._tell(observer, event)
        except Exception:  # telemetry must never break a call: logged (to the log file), never raised
            logger.exception("telemetry could not record %s", type(event).__name__)

    def _tell(self, observer: Telemetry, event: SessionEvent) -> None:
        if isinstance(event, CallStarted):
            observer.call_started(event.call_id, event.server, event.tool, dict(event.trace_context))
        elif isinstance(event, CallFinished):
            if event.audit is None:
                observer.call_abandoned(event.call_id)
            else:
                observer.call_finished(
                    event.call_id, event.audit, dialect=event.dialect, decision=event.decision
                )

    def _on_audit(self, record: Any) -> None:
        # Call records reach the observer with their call (CallFinished), linked to its span.
        if self.observer is not None and not isinstance(record, AuditRecord):
            try:
                self.observer.audit_recorded(record)
            except Exception:  # as above: never in the way of the audit log
                logger.exception("telemetry could not record an audit record")


def _make_observer(config: TelemetryConfig, interface: str) -> Telemetry:
    from tui.telemetry.observer import Telemetry

    return Telemetry(config, interface)

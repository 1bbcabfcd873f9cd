"""The console route: a running mcp-tui answers a gateway's confirmations with its own dialog.

A gateway opens a ``ConsoleDesk`` (its local socket) and puts each question an agent's call raises to the
mcp-tui attached last; an mcp-tui finds running gateways and, when the person says so, attaches to them
(``GatewayConsoles``): each question becomes a ``ConfirmCall`` for its answerer, as a call made in the TUI
does. Also here: the order of the routes (``[gateway] ask``) and the managed limit on the elicitation
route, read as they hold now. The socket and its protocol live in ``tui/client/console_link.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from tui.client.console_link import (
    ConsoleLink,
    ConsoleRefused,
    ConsoleServer,
    running_gateways,
)
from tui.config.gateway_table import elicitation_allowed, strictest
from tui.safety.confirm import ConfirmChoice, ConfirmRequest
from tui.safety.grade import Grade
from tui.session.questions import ConfirmCall, Question

if TYPE_CHECKING:
    from tui.session.settings import SettingsService


class ConsoleDesk:
    """The gateway's end of the console route."""

    def __init__(self, run_dir: Path, version: str) -> None:
        import os

        self._server = ConsoleServer(run_dir, {"pid": os.getpid(), "version": version})

    @property
    def path(self) -> Path:
        return self._server.path

    @property
    def attached(self) -> bool:
        return self._server.attached > 0

    async def open(self) -> str | None:
        """Start listening; the reason it cannot (the route is then never taken), or None."""
        try:
            await self._server.start()
        except (OSError, ConsoleRefused) as error:
            return f"no console route: {error}"
        return None

    async def ask(self, request: ConfirmRequest) -> ConfirmChoice | None:
        """The attached mcp-tui's answer; None when none is attached or each went away unanswered."""
        return await self._server.ask(request)

    async def aclose(self) -> None:
        await self._server.aclose()


def ask_order(settings: SettingsService) -> tuple[str, ...]:
    """``[gateway] ask`` as config.toml says now."""
    settings.refresh()
    return settings.config_toml.config.gateway.ask


def elicitation_limit(settings: SettingsService) -> str | None:
    """The managed ``[gateway] elicitation_up_to`` in force now (the strictest file's); None: no limit."""
    settings.refresh()
    return strictest(file.elicitation_up_to for file in settings.tiers.files if file.tier == "managed")


def may_elicit(settings: SettingsService, grade: Grade) -> bool:
    """May a call of ``grade`` be asked about through the agent's host (the managed policy)?"""
    return elicitation_allowed(grade.label, elicitation_limit(settings))


class GatewayConsoles:
    """mcp-tui's side: the gateways running now, and attaching to them."""

    def __init__(self, run_dir: Path, dispatch: Callable[[Question], None]) -> None:
        self._run_dir = run_dir
        self._dispatch = dispatch
        self._links: dict[Path, asyncio.Task[None]] = {}

    def running(self) -> list[Path]:
        """Sockets of gateways running now that this mcp-tui is not attached to."""
        return [path for path in running_gateways(self._run_dir) if path not in self._links]

    @property
    def attached(self) -> int:
        return len(self._links)

    async def attach(self) -> list[str]:
        """Attach to every running gateway not attached yet; one line per gateway saying how it went."""
        lines = []
        for path in self.running():
            try:
                link = await ConsoleLink.open(path)
            except (OSError, ValueError, ConsoleRefused) as error:  # ValueError: a broken handshake
                lines.append(f"Could not attach to the gateway at {path}: {error}")
                continue
            task = asyncio.ensure_future(link.serve(self._ask))
            self._links[path] = task
            task.add_done_callback(functools.partial(self._detached, path))
            pid = link.gateway.get("pid", "?")
            lines.append(f"Attached to the gateway (process {pid}): its agents' calls are asked here.")
        return lines

    def _detached(self, path: Path, _task: asyncio.Task[None]) -> None:
        self._links.pop(path, None)

    async def _ask(self, request: ConfirmRequest) -> ConfirmChoice:
        question = ConfirmCall(request)
        self._dispatch(question)
        return await question.answer

    async def detach(self) -> None:
        """Leave every gateway; a question still open goes on to that gateway's next route."""
        tasks = list(self._links.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

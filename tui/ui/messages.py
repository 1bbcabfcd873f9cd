"""Textual messages that carry the core's events into the UI."""

from __future__ import annotations

import asyncio

from textual.message import Message

from tui.client.events import ClientEvent
from tui.safety.confirm import ConfirmChoice, ConfirmRequest


class ClientEventMessage(Message):
    """One event from the connection manager, delivered on the UI's message queue."""

    def __init__(self, event: ClientEvent) -> None:
        super().__init__()
        self.event = event


class ConfirmRequested(Message):
    """The call flow asks the person to confirm a call; the dialog resolves ``future``."""

    def __init__(self, request: ConfirmRequest, future: asyncio.Future[ConfirmChoice]) -> None:
        super().__init__()
        self.request = request
        self.future = future

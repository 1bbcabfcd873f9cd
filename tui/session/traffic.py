"""The traffic as a front end shows it: which of a server's messages pass the method filter, and one message
laid out as JSON.

The messages are the client's (``tui.client.traffic``: a ring buffer of ``CAPACITY`` per server, each message
redacted whenever it is shown or exported). ``Session.features.traffic`` hands out a server's messages
already filtered (``export_traffic`` writes the same ones); ``passes`` says whether a message that arrives
while the table is open belongs in it. The Traffic tab draws what these return and filters nothing itself.
"""

from __future__ import annotations

from collections.abc import Iterable

from tui.client.traffic import CAPACITY, shown_json
from tui.model.features import TrafficRecord

__all__ = ["CAPACITY", "matching", "passes", "shown_json"]


def matching(records: Iterable[TrafficRecord], method_filter: str) -> list[TrafficRecord]:
    """The records whose method contains ``method_filter`` (case-insensitive); all when it is empty."""
    needle = method_filter.strip().lower()
    if not needle:
        return list(records)
    return [r for r in records if r.method is not None and needle in r.method.lower()]


def passes(record: TrafficRecord, method_filter: str) -> bool:
    """Whether ``record`` is one of those ``matching`` keeps."""
    return bool(matching((record,), method_filter))

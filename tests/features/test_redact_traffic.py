"""Traffic records: direction, method, id, latency and size; secrets redacted; JSON Lines export."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from servers.harness import running, stdio, wait_until

from tui.client.traffic import TrafficLog, export_jsonl
from tui.model.redact import REDACTED, redact
from tui.model.uri_template import expand, template_variables
from tui.session.traffic import matching, passes


def test_secret_keys_and_credentials_are_redacted_and_the_rest_kept() -> None:
    message = {
        "params": {
            "headers": {"Authorization": "Bearer abcdefghijklmnop", "Accept": "text/plain"},
            "arguments": {"api_key": "k-123", "password": "hunter2", "query": "select 1"},
            "_meta": {"progressToken": 7},
            "note": "use token ghp_abcdefghijklmnopqrstuvwxyz0123 or Bearer zzzzzzzzzzzzzzzz",
            "maxTokens": 50,
        }
    }
    clean = redact(message)
    params = clean["params"]
    assert params["headers"] == {"Authorization": REDACTED, "Accept": "text/plain"}
    assert params["arguments"] == {"api_key": REDACTED, "password": REDACTED, "query": "select 1"}
    assert params["_meta"] == {"progressToken": 7}
    assert params["maxTokens"] == 50
    assert params["note"] == f"use token {REDACTED} or Bearer {REDACTED}"
    assert message["params"]["arguments"]["password"] == "hunter2"  # the original is untouched


def test_a_response_is_named_and_timed_by_its_request() -> None:
    clock = iter([10.0, 10.25, 11.0])
    log = TrafficLog(capacity=2, clock=lambda: next(clock))
    log.add("out", {"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    answer = log.add("in", {"jsonrpc": "2.0", "id": 1, "result": {"tools": []}})
    assert (answer.kind, answer.method, answer.id, answer.latency_ms) == ("response", "tools/list", 1, 250.0)
    assert answer.size == len(b'{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}')
    log.add("in", {"jsonrpc": "2.0", "method": "notifications/message", "params": {"token": "s3cret"}})
    assert len(log.records) == 2  # bounded: the oldest went
    assert log.records[-1].message["params"] == {"token": REDACTED}
    assert [r.method for r in matching(log.records, "MESSAGE")] == ["notifications/message"]
    # A message that arrives while the Traffic tab is open joins its table only when it passes the filter.
    assert passes(log.records[-1], " message ")
    assert not passes(log.records[-1], "tools/list")
    assert passes(log.records[0], "")


def test_export_writes_one_redacted_json_object_per_line(tmp_path: Path) -> None:
    log = TrafficLog()
    log.add("out", {"jsonrpc": "2.0", "id": "a", "method": "x", "params": {"secret": "no"}})
    count = export_jsonl(log.records, tmp_path / "t.jsonl")
    lines = (tmp_path / "t.jsonl").read_text(encoding="utf-8").splitlines()
    assert count == len(lines) == 1
    row = json.loads(lines[0])
    assert (row["direction"], row["method"], row["id"]) == ("out", "x", "a")
    assert row["message"]["params"]["secret"] == REDACTED


SECRET_CALL: dict[str, Any] = {
    "jsonrpc": "2.0",
    "id": 3,
    "method": "tools/call",
    "params": {"name": "fetch", "arguments": {"headers": {"Authorization": "Bearer abcdefghijklmnop"}}},
}


def test_a_message_is_redacted_only_when_shown_or_exported(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []

    def counted(value: object) -> object:
        calls.append(value)
        return redact(value)

    monkeypatch.setattr("tui.model.features.redact", counted)
    log = TrafficLog()
    record = log.add("out", SECRET_CALL)
    for n in range(100):  # a flood that nobody looks at costs no redaction
        log.add("in", {"jsonrpc": "2.0", "method": "notifications/progress", "params": {"n": n}})
    assert calls == []
    shown = record.message
    assert shown["params"]["arguments"]["headers"] == {"Authorization": REDACTED}
    assert len(calls) == 1
    assert record.to_json()["message"] == shown
    assert len(calls) == 2, "made anew each time: a redacted copy of every exported message is not kept"
    assert SECRET_CALL["params"]["arguments"]["headers"]["Authorization"] == "Bearer abcdefghijklmnop"


def test_the_size_is_the_message_as_sent_and_no_secret_shows_in_a_record_s_text() -> None:
    record = TrafficLog().add("out", SECRET_CALL)
    assert record.size == len(json.dumps(SECRET_CALL, separators=(",", ":")).encode())
    assert "abcdefghijklmnop" not in repr(record)
    assert "abcdefghijklmnop" not in json.dumps(record.to_json())
    assert "abcdefghijklmnop" in json.dumps(record.unredacted)  # kept in memory, under that name only


def test_uri_templates_expand_and_name_their_variables() -> None:
    assert template_variables("file:///{+path}{?q,page}") == ("path", "q", "page")
    assert expand("file:///{+path}{?q,page}", {"path": "a/b c", "q": "x&y", "page": ""}) == (
        "file:///a/b%20c?q=x%26y&page="
    )
    assert expand("notes://{name}", {"name": "a/b"}) == "notes://a%2Fb"


async def test_traffic_is_captured_over_real_stdio() -> None:
    config = stdio("demo", "sdk_server.py")
    async with running([config]) as (manager, _):
        await wait_until(lambda: bool(manager.tools("demo")))
        records = list(manager.connection("demo").traffic.records)
        directions = [(r.direction, r.method) for r in records]
        assert directions[:2] == [("out", "initialize"), ("in", "initialize")]
        assert ("out", "tools/list") in directions
        assert ("in", "tools/list") in directions
        answer = next(r for r in records if r.direction == "in" and r.method == "tools/list")
        assert answer.latency_ms is not None
        assert answer.size > 0

"""Secrets inside text: JSON text in a string, key=value pairs and JWTs are redacted in the traffic view and
its export (0600), values are redacted and never names, and the audit log and log files use the same
redactor."""

from __future__ import annotations

import json
import logging
import stat
from pathlib import Path

from servers.harness import running, stdio, wait_until

from tui.cli.log_file import RedactingFormatter
from tui.client.traffic import TrafficLog, export_jsonl, shown_json
from tui.model.redact import REDACTED, redact, redact_text
from tui.store.audit_record import make_record

JWT = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg"
UNSIGNED_JWT = "eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZGEifQ."
TOKENS_AS_JSON = json.dumps(
    {"access_token": "AT-s3cret-1", "refresh_token": "RT-s3cret-2", "password": "PW-s3cret-3"}
)
SECRETS = ("AT-s3cret-1", "RT-s3cret-2", "PW-s3cret-3", "KEY-s3cret-4", "TOK-s3cret-5", JWT, UNSIGNED_JWT)
SAID = [
    TOKENS_AS_JSON,
    "callback https://example.com/cb?api_key=KEY-s3cret-4&token=TOK-s3cret-5&page=2",
    f"the id token is {JWT} and the test one {UNSIGNED_JWT}",
]


async def test_secrets_inside_text_never_reach_the_view_or_the_export(tmp_path: Path) -> None:
    async with running([stdio("demo", "sdk_server.py")]) as (manager, _):
        await wait_until(lambda: bool(manager.tools("demo")))
        for text in SAID:
            await manager.call_tool("demo", "echo", {"text": text})
        records = list(manager.connection("demo").traffic.records)
    export = tmp_path / "exports" / "traffic.jsonl"
    assert export_jsonl(records, export) == len(records)
    exported = export.read_text(encoding="utf-8")
    shown = "\n".join(shown_json(record) for record in records)
    unredacted = json.dumps([record.unredacted for record in records])
    for secret in SECRETS:
        assert secret in unredacted  # they were on the wire, in both directions
        assert secret not in exported, secret
        assert secret not in shown, secret
    # What is not a secret is kept, and JSON text stays JSON with its keys.
    assert "page=2" in exported
    assert "https://example.com/cb?api_key=" in exported
    echoed = next(
        json.loads(record.message["params"]["arguments"]["text"])
        for record in records
        if record.method == "tools/call"
        and record.direction == "out"
        and "access_token" in json.dumps(record.unredacted)
    )
    assert echoed == {"access_token": REDACTED, "refresh_token": REDACTED, "password": REDACTED}
    assert stat.S_IMODE(export.stat().st_mode) == 0o600
    assert stat.S_IMODE(export.parent.stat().st_mode) == 0o700


def test_an_export_over_an_older_open_file_is_made_private(tmp_path: Path) -> None:
    export = tmp_path / "traffic.jsonl"
    export.write_text("old\n", encoding="utf-8")
    export.chmod(0o644)
    log = TrafficLog()
    log.add("out", {"jsonrpc": "2.0", "id": 1, "method": "ping"})
    export_jsonl(log.records, export)
    assert stat.S_IMODE(export.stat().st_mode) == 0o600
    assert json.loads(export.read_text(encoding="utf-8"))["method"] == "ping"


def test_a_schema_field_named_password_keeps_its_name_and_schema() -> None:
    tools = {
        "tools": [
            {
                "name": "login",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "password": {"type": "string", "description": "yours", "minLength": 8},
                        "api_key": {"type": "string"},
                    },
                    "required": ["password"],
                },
            }
        ]
    }
    assert redact(tools) == tools
    # The values sent for those fields are secrets; so is everything under a secret's name.
    arguments = {"password": "hunter22", "api_key": 12345, "token": {"kind": "bearer", "expired": False}}
    assert redact(arguments) == {
        "password": REDACTED,
        "api_key": REDACTED,
        "token": {"kind": REDACTED, "expired": False},
    }
    # A "properties" argument holding values (not schemas) is no exception.
    assert redact({"properties": {"password": "hunter22"}}) == {"properties": {"password": REDACTED}}


def test_pairs_in_text_keep_their_shape_and_prose_stays_readable() -> None:
    assert redact_text("API_KEY=abc123 --password=hunter2 user=ada") == (
        f"API_KEY={REDACTED} --password={REDACTED} user=ada"
    )
    assert redact_text("Authorization: Bearer abcdefghijklmnop\npassword: hunter2\nuser: ada") == (
        f"Authorization: Bearer {REDACTED}\npassword: {REDACTED}\nuser: ada"
    )
    assert redact_text("the password: pick a long one") == "the password: pick a long one"
    # JSON text inside JSON text inside text: every level keeps its quotes.
    twice = "answer " + json.dumps(json.dumps({"password": 'p"w', "user": "ada"}))
    clean = redact_text(twice)
    assert json.loads(json.loads(clean.removeprefix("answer "))) == {"password": REDACTED, "user": "ada"}
    # Keys that are not secrets, though they say "token".
    assert redact({"progressToken": 7, "maxTokens": 50}) == {"progressToken": 7, "maxTokens": 50}


def test_the_audit_log_and_the_log_files_use_the_same_redactor() -> None:
    record = make_record(
        server="s",
        tool="t",
        definition_hash="h",
        arguments={"password": "hunter22", "url": "https://x/?token=TOK-s3cret-5", "note": TOKENS_AS_JSON},
        hints={},
        grade="high",
        decision="ask",
        reason="r",
        rule="no-rule",
        outcome="error",
        error=f"refused {JWT}",
    )
    text = record.to_line()
    for secret in ("hunter22", "TOK-s3cret-5", "AT-s3cret-1", JWT):
        assert secret not in text
    formatter = RedactingFormatter("%(message)s")
    line = logging.LogRecord(
        "mcp", logging.WARNING, __file__, 1, "GET %s failed", ("/cb?api_key=KEY-s3cret-4",), None
    )
    assert formatter.format(line) == f"GET /cb?api_key={REDACTED} failed"

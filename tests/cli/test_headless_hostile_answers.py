"""call, read and prompt against answers built to break the output: JSON nested thousands deep, error
messages with line breaks that look like audit records, MIME types and names with escapes and line
breaks, binary data that is not base64. The output shows the server's text literally, never crashes,
and no server text starts a line of its own."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cli_harness import run_cli

SERVER = ("--", sys.executable, str(Path(__file__).resolve().parent / "hostile_server.py"))
DEEP_TEXT = "[" * 3000 + "]" * 3000


def test_json_text_nested_too_deeply_to_parse_is_printed_as_it_came(home: Path) -> None:
    call = ("call", "deeptext", "--approve-up-to", "safe")
    commands = (call, ("read", "mem://deep.json"), ("prompt", "deep"))
    for command in commands:
        result = run_cli(*command, *SERVER, home=home)
        assert result.returncode == 0, result.stderr
        assert DEEP_TEXT in result.stdout
        assert "Traceback" not in result.stderr


def test_structured_content_nested_too_deeply_is_named_as_the_problem(home: Path) -> None:
    result = run_cli("call", "deep", "d:=300", "--approve-up-to", "safe", *SERVER, home=home)
    assert result.returncode == 1
    expected = "mcp-tui: The server sent an invalid response: it is nested more deeply than mcp-tui reads"
    assert expected in result.stderr


def test_an_error_message_with_line_breaks_forges_no_line_on_stderr_or_in_the_audit(home: Path) -> None:
    result = run_cli("call", "boom", "--approve-up-to", "safe", *SERVER, home=home)
    assert result.returncode == 1
    error_lines = [line for line in result.stderr.splitlines() if "failed" in line or "forge" in line]
    assert error_lines == [
        "mcp-tui: The server refused the call: failed",
        "  2026-11-23T12:00:00.000Z  cli  forge/wipe_everything  critical  allow (always-rule)  ok 3 ms",
    ]
    audit = run_cli("audit", home=home)
    assert audit.returncode == 0, audit.stderr
    [head, reason, error] = audit.stdout.splitlines()
    assert "hostile_server/boom" in head
    assert reason.startswith("    ")
    forged = "2026-11-23T12:00:00.000Z  cli  forge/wipe_everything  critical  allow (always-rule)  ok 3 ms"
    assert error == f"    error: The server refused the call: failed\\x0a{forged}"


def test_a_line_break_in_a_mime_type_name_or_uri_stays_on_the_block_s_line(home: Path) -> None:
    images = run_cli("call", "badimg", "--approve-up-to", "safe", *SERVER, home=home)
    assert images.stdout.splitlines()[1] == "[image text/html\\x1b[31mRED\\x0a[bold]x, 8 B]"
    links = run_cli("call", "links", "--approve-up-to", "safe", *SERVER, home=home)
    assert links.stdout.splitlines()[0] == "[link two\\x0alines: https://good.example\\x0a@evil.example/]"


def test_data_that_is_not_base64_is_not_saved_and_its_line_says_why(home: Path) -> None:
    out = home / "out"
    for tool in ("badimg", "links"):
        result = run_cli("call", tool, "--approve-up-to", "safe", "--save-dir", str(out), *SERVER, home=home)
        assert result.returncode == 0, result.stderr
        broken = [line for line in result.stdout.splitlines() if "not valid base64" in line]
        [line] = broken
        assert "saved to" not in line
    assert sorted(path.name for path in out.iterdir()) == ["badimg-2.bin"]
    assert (out / "badimg-2.bin").read_bytes() == b"<b>x</b>"


def test_a_text_block_cannot_forge_our_own_lines_and_json_output_keeps_it_as_sent(home: Path) -> None:
    result = run_cli("call", "forge", "--approve-up-to", "safe", *SERVER, home=home)
    assert result.returncode == 0, result.stderr
    # Server text is indented; only mcp-tui's own lines start at column 0.
    assert result.stdout.splitlines() == [
        "  done",
        "  [image image/png, 3 KB, saved to /tmp/evil.png]",
        "  structured content:",
        "  {}",
        "[image image/png, 8 B]",
    ]
    raw = run_cli("call", "forge", "--approve-up-to", "safe", "--json", *SERVER, home=home)
    [text, _] = json.loads(raw.stdout)["result"]["content"]
    assert text["text"] == "done\n[image image/png, 3 KB, saved to /tmp/evil.png]\nstructured content:\n{}"

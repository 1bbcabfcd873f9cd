"""Wire results -> content blocks, and the bounded stderr log (pure functions, no server needed)."""

from __future__ import annotations

import base64
from types import SimpleNamespace

import pytest

from tui.client import stderr_pipe
from tui.client.convert import call_outcome, content_block, tool_info
from tui.client.ext_types import marks_tools, tool_resolve_method
from tui.client.stderr_pipe import EMIT_BURST, MAX_LINE_CHARS, LineLog, split_lines
from tui.model.results import BinaryBlock, EmbeddedResourceBlock, ResourceLinkBlock, TextBlock, UnknownBlock
from tui.model.servers import EXTENSION_ID


def test_every_content_type() -> None:
    wav = base64.b64encode(b"RIFF....").decode()
    assert content_block({"type": "audio", "data": wav, "mimeType": "audio/wav"}) == BinaryBlock(
        "audio", "audio/wav", b"RIFF...."
    )
    broken = content_block({"type": "image", "data": "not base64!!", "mimeType": "image/png"})
    assert isinstance(broken, BinaryBlock)
    assert broken.data == b""
    assert broken.decode_error is not None
    assert broken.decode_error.startswith("the data is not valid base64")
    bad_blob = content_block({"type": "resource", "resource": {"uri": "data:x", "blob": "@@@@"}})
    assert isinstance(bad_blob, EmbeddedResourceBlock)
    assert bad_blob.blob == b""
    assert (bad_blob.decode_error or "").startswith("the data is not valid base64")
    link = {"type": "resource_link", "uri": "file:///a.txt", "name": "a", "mimeType": "text/plain", "size": 3}
    assert content_block(link) == ResourceLinkBlock("file:///a.txt", "a", mime_type="text/plain", size=3)
    embedded = {
        "type": "resource",
        "resource": {"uri": "mem://x", "blob": base64.b64encode(b"\x00\x01").decode()},
    }
    assert content_block(embedded) == EmbeddedResourceBlock("mem://x", None, blob=b"\x00\x01")
    text_res = {"type": "resource", "resource": {"uri": "mem://y", "mimeType": "text/plain", "text": "hi"}}
    assert content_block(text_res) == EmbeddedResourceBlock("mem://y", "text/plain", text="hi")
    odd = {"type": "hologram", "frames": 3}
    assert content_block(odd) == UnknownBlock("hologram", odd)


def test_large_results_are_kept_whole() -> None:
    """The display caps what it shows; the outcome keeps everything for saving and the CLI."""
    raw = {
        "content": [{"type": "text", "text": "a" * 3_000_000}, {"type": "text", "text": "b" * 60}],
        "structuredContent": {"k": "v" * 3_000_000},
    }
    outcome = call_outcome(raw, duration_s=0.1)
    assert outcome.error is None
    assert outcome.content == (TextBlock("a" * 3_000_000), TextBlock("b" * 60))
    assert outcome.structured == {"k": "v" * 3_000_000}


def test_resolve_method_rules() -> None:
    cap_resolve = {"tools": {"resolve": True}}
    cap_dynamic = {"tools": {"dynamicAnnotations": True}}
    assert tool_resolve_method({"resolve": True}, None) == "tools/resolve"
    assert tool_resolve_method({}, cap_resolve) == "tools/resolve"
    assert tool_resolve_method({"resolve": False}, cap_resolve) is None
    assert tool_resolve_method({"dynamicAnnotations": True}, None) == "tools/annotations"
    assert tool_resolve_method({}, cap_dynamic) == "tools/annotations"
    assert tool_resolve_method({}, {"tools": {}}) is None
    # Once a listing marks some tools, the capability no longer covers the unmarked ones.
    assert tool_resolve_method({}, cap_resolve, listing_marks_tools=True) is None
    # The tool's own flag decides over the server-wide capability.
    assert tool_resolve_method({"dynamicAnnotations": True}, cap_resolve) == "tools/annotations"
    assert tool_resolve_method({"dynamicAnnotations": True, "resolve": True}, cap_dynamic) == "tools/resolve"


def test_dialect_precedence_with_the_extension() -> None:
    marker = {"_meta": {EXTENSION_ID: {"resolvable": True}}}
    extension = {"extensions": {EXTENSION_ID: {}}, "tools": {"resolve": True, "dynamicAnnotations": True}}
    unknown_settings = {"extensions": {EXTENSION_ID: {"mode": "strict"}}, "tools": {"resolve": True}}
    every_flag = {**marker, "resolve": True, "dynamicAnnotations": True}
    assert tool_resolve_method(every_flag, extension) == EXTENSION_ID
    # Non-empty settings: not the extension this client knows, so the seed flags decide.
    assert tool_resolve_method(every_flag, unknown_settings) == "tools/resolve"
    # The marker without the server's capability negotiates nothing.
    assert tool_resolve_method(marker, {"tools": {}}) is None
    # Where the extension is negotiated, tools/resolve answers in its shape: SEP-1862 is out of reach.
    assert (
        tool_resolve_method({"resolve": True, "dynamicAnnotations": True}, extension) == "tools/annotations"
    )
    assert tool_resolve_method({"resolve": True}, extension) is None
    assert tool_resolve_method({}, {"extensions": {EXTENSION_ID: {}}, "tools": {"resolve": True}}) is None
    assert marks_tools([{"name": "a", **marker}])


def test_marks_tools() -> None:
    assert marks_tools([{"name": "a"}, {"name": "b", "resolve": True}])
    assert marks_tools([{"name": "a", "dynamicAnnotations": True}])
    assert not marks_tools([{"name": "a", "resolve": False}, {"name": "b"}])
    info = tool_info(
        "s", {"name": "t", "inputSchema": {"type": "object"}, "annotations": {"title": "T"}}, None
    )
    assert info.display_title == "T"
    assert info.description == ""
    assert info.output_schema is None


def test_line_log_is_bounded_and_rate_limited(monkeypatch: pytest.MonkeyPatch) -> None:
    # The clock stands still: all 10 001 lines fall in one rate window, however slow the machine.
    monkeypatch.setattr(stderr_pipe, "time", SimpleNamespace(monotonic=lambda: 1000.0))
    live: list[str] = []
    log = LineLog(live.append, max_lines=100)
    for i in range(10_000):
        log.append(f"line {i}")
    log.append("z" * (MAX_LINE_CHARS + 10))
    lines = log.lines()
    assert len(lines) == 100
    assert lines[-2] == "line 9999"
    assert lines[-1].endswith("[... 10 more characters]")
    assert len(live) == EMIT_BURST


def test_split_lines_keeps_partial_lines() -> None:
    pending = bytearray()
    assert split_lines(pending, b"par") == []
    assert split_lines(pending, b"tial\nnext\nrest") == [b"partial", b"next"]
    assert bytes(pending) == b"rest"


def test_the_extensions_resolvable_tool_example() -> None:
    # The extension repository's example tool, in our own words: a file tool with an icon, an annotation
    # owned by another extension, conservative static hints and the resolvable marker.
    raw = {
        "name": "manage_files",
        "description": "Work with the contents of a file",
        "icons": [{"src": "https://example.org/files.svg", "mimeType": "image/svg+xml", "theme": "dark"}],
        "inputSchema": {
            "type": "object",
            "properties": {
                "path": {"type": "string"},
                "action": {"type": "string", "enum": ["read", "append", "replace", "delete"]},
            },
            "required": ["path", "action"],
        },
        "annotations": {
            "readOnlyHint": False,
            "destructiveHint": True,
            "idempotentHint": False,
            "openWorldHint": False,
            "example.org/other-extension": {"note": "kept as data"},
        },
        "_meta": {EXTENSION_ID: {"resolvable": True}},
    }
    info = tool_info("s", raw, {"extensions": {EXTENSION_ID: {}}, "tools": {}})
    assert info.resolve_method == EXTENSION_ID
    assert info.dialect_label == "tool-resolution extension"
    assert tool_info("s", raw, {"tools": {}}).dialect_label == "not resolvable"

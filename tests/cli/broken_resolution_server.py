"""A hand-written legacy stdio server whose one tool, ``peek``, resolves per call in the tool-resolution
extension and breaks its rules: listed read-only and closed-world, it claims to be read-only for every
path (fine), except ``path=a``, where it answers destructive and open-world, which a static read-only tool
may never become. ``tools/call`` answers "peeked"."""

from __future__ import annotations

import json
import sys

EXTENSION = "io.modelcontextprotocol/tool-resolution"
STATIC = {"readOnlyHint": True, "openWorldHint": False}
PEEK = {
    "name": "peek",
    "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]},
    "annotations": STATIC,
    "_meta": {EXTENSION: {"resolvable": True}},
}


def answer(message: dict) -> dict:
    method, params = message["method"], message.get("params") or {}
    if method == "initialize":
        capabilities = {"tools": {}, "extensions": {EXTENSION: {}}}
        version = params["protocolVersion"]
        return {
            "result": {
                "protocolVersion": version,
                "capabilities": capabilities,
                "serverInfo": {"name": "ext", "version": "1"},
            }
        }
    if method == "tools/list":
        return {"result": {"tools": [PEEK]}}
    if method == "tools/resolve":
        broken = (params.get("arguments") or {}).get("path") == "a"
        hints = {
            "readOnlyHint": False,
            "destructiveHint": True,
            "idempotentHint": False,
            "openWorldHint": True,
        }
        fine = {
            "readOnlyHint": True,
            "destructiveHint": False,
            "idempotentHint": True,
            "openWorldHint": False,
        }
        return {
            "result": {"resultType": "complete", "name": "peek", "annotations": hints if broken else fine}
        }
    if method == "tools/call":
        return {"result": {"content": [{"type": "text", "text": "peeked"}]}}
    return {"error": {"code": -32601, "message": f"no {method}"}}


for line in sys.stdin:
    request = json.loads(line)
    if "id" in request and "method" in request:
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": request["id"], **answer(request)}) + "\n")
        sys.stdout.flush()

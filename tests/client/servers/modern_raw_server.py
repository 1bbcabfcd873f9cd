"""A hand-written 2026-07-28 MCP server over stdio whose results leave out ``resultType`` (no SDK import).

SEP-2322 lets a server omit it: a client reads an absent ``resultType`` as ``"complete"``. Everything
else is as the 2026-07-28 schema asks (``cacheScope`` and ``ttlMs`` on the cacheable results). It answers
``server/discover``, the tool, resource and prompt lists, ``tools/call`` (tool ``echo``),
``resources/read`` (``note://one``) and ``prompts/get`` (``greet``); ``initialize`` gets an error, as a
server that speaks only 2026-07-28 would give.

  --discover-complete   state ``resultType`` in the answer to ``server/discover`` (and only there)
"""

from __future__ import annotations

import json
import sys
from typing import Any

VERSION = "2026-07-28"
CACHEABLE = {"cacheScope": "private", "ttlMs": 0}


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def answer(method: str, params: dict[str, Any]) -> dict[str, Any] | None:
    if method == "server/discover":
        capabilities = {"tools": {}, "resources": {}, "prompts": {}}
        return {**CACHEABLE, "supportedVersions": [VERSION], "capabilities": capabilities}
    if method == "tools/list":
        return {**CACHEABLE, "tools": [{"name": "echo", "inputSchema": {"type": "object"}}]}
    if method == "tools/call":
        text = str((params.get("arguments") or {}).get("text", ""))
        return {"content": [{"type": "text", "text": text}]}
    if method == "resources/list":
        return {**CACHEABLE, "resources": [{"uri": "note://one", "name": "one"}]}
    if method == "resources/templates/list":
        return {**CACHEABLE, "resourceTemplates": []}
    if method == "resources/read":
        return {**CACHEABLE, "contents": [{"uri": params.get("uri"), "text": "the note"}]}
    if method == "prompts/list":
        return {**CACHEABLE, "prompts": [{"name": "greet"}]}
    if method == "prompts/get":
        message = {"role": "user", "content": {"type": "text", "text": "hello"}}
        return {"messages": [message]}
    return None


def main() -> None:
    discover_complete = "--discover-complete" in sys.argv[1:]
    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        method, request_id = message.get("method"), message.get("id")
        if request_id is None:
            continue  # a notification
        result = answer(str(method), message.get("params") or {})
        if result is None:
            error = {"code": -32601, "message": f"method not found: {method}"}
            send({"jsonrpc": "2.0", "id": request_id, "error": error})
        else:
            if method == "server/discover" and discover_complete:
                result["resultType"] = "complete"
            send({"jsonrpc": "2.0", "id": request_id, "result": result})


if __name__ == "__main__":
    main()

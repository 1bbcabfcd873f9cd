"""A hand-written legacy stdio MCP server that lists exactly what it is told (no SDK, no validation).

Run as ``python listing_server.py JSON``, JSON an object from method (``tools/list``, ``resources/list``,
``resources/templates/list``, ``prompts/list``) to the result to send as it is: malformed entries, a
malformed result, duplicate names. ``tools/call`` answers "called NAME" for any name, so a test can see
whether a call was sent at all; any other request gets "method not found".
"""

from __future__ import annotations

import json
import sys

RESULTS = json.loads(sys.argv[1])


def answer(message: dict) -> dict:
    method = message["method"]
    if method == "initialize":
        capabilities = {"tools": {}, "resources": {}, "prompts": {}}
        info = {"name": "listing", "version": "1"}
        version = message["params"]["protocolVersion"]
        return {"result": {"protocolVersion": version, "capabilities": capabilities, "serverInfo": info}}
    if method in RESULTS:
        return {"result": RESULTS[method]}
    if method == "tools/call":
        return {"result": {"content": [{"type": "text", "text": f"called {message['params']['name']}"}]}}
    return {"error": {"code": -32601, "message": f"no {method}"}}


for line in sys.stdin:
    request = json.loads(line)
    if "id" in request and "method" in request:
        reply = {"jsonrpc": "2.0", "id": request["id"], **answer(request)}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()

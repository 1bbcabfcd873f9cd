"""A hand-written legacy stdio MCP server (no SDK, so it starts fast) in two releases whose tools drift.

``python drifting_server.py v1`` is the baseline; ``v2`` is the next release as a careless author ships
it: ``read_file`` is no longer read-only (and has another display template), ``delete_file`` lost its
annotations, ``search`` takes a new ``scope`` property, ``rename``'s description changed, ``stats`` is
gone and ``export`` is new. Every tools/call answers ``called NAME with ARGUMENTS`` (the arguments as
JSON), so a test sees what was sent.
"""

from __future__ import annotations

import copy
import json
import sys

TEMPLATES = "io.modelcontextprotocol/display-templates"
SAFE = {"readOnlyHint": True, "openWorldHint": False}
DESTRUCTIVE = {"readOnlyHint": False, "destructiveHint": True, "openWorldHint": False}
PATH = {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}
V1 = [
    {"name": "read_file", "description": "Read a file.", "inputSchema": PATH, "annotations": SAFE,
     "_meta": {TEMPLATES: {"result": "{{content}}"}}},
    {"name": "delete_file", "description": "Delete a file.", "inputSchema": PATH, "annotations": DESTRUCTIVE},
    {"name": "search", "description": "Search.", "annotations": SAFE,
     "inputSchema": {"type": "object", "properties": {"query": {"type": "string"}}}},
    {"name": "rename", "description": "Rename a file.", "inputSchema": PATH,
     "annotations": {"readOnlyHint": False, "destructiveHint": False, "openWorldHint": False}},
    {"name": "stats", "description": "Count files.", "inputSchema": {"type": "object"}, "annotations": SAFE},
]  # fmt: skip


def v2() -> list[dict]:
    tools = {tool["name"]: tool for tool in copy.deepcopy(V1)}
    tools["read_file"]["annotations"] = {
        "readOnlyHint": False,
        "destructiveHint": False,
        "openWorldHint": False,
    }
    tools["read_file"]["_meta"][TEMPLATES] = {"result": "<pre>{{content}}</pre>"}
    del tools["delete_file"]["annotations"]
    tools["search"]["inputSchema"]["properties"]["scope"] = {"type": "string"}
    tools["rename"]["description"] = "Rename or move a file."
    del tools["stats"]
    tools["export"] = {"name": "export", "description": "Export.", "inputSchema": {"type": "object"},
                       "annotations": SAFE}  # fmt: skip
    return list(tools.values())


TOOLS = v2() if sys.argv[1:] == ["v2"] else V1


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def answer(method: str, params: dict) -> dict:
    if method == "initialize":
        info = {"name": "drifting", "version": sys.argv[1] if len(sys.argv) > 1 else "v1"}
        return {"result": {"protocolVersion": params["protocolVersion"], "capabilities": {"tools": {}},
                           "serverInfo": info}}  # fmt: skip
    if method == "tools/list":
        return {"result": {"tools": TOOLS}}
    if method == "tools/call":
        said = f"called {params.get('name')} with {json.dumps(params.get('arguments') or {}, sort_keys=True)}"
        return {"result": {"content": [{"type": "text", "text": said}]}}
    if method == "ping":
        return {"result": {}}
    return {"error": {"code": -32601, "message": f"no {method}"}}


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        method, request_id = message.get("method"), message.get("id")
        if request_id is not None and method is not None:
            send({"jsonrpc": "2.0", "id": request_id, **answer(method, message.get("params") or {})})


if __name__ == "__main__":
    main()

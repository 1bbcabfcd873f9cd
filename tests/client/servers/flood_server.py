"""A hand-written MCP server over stdio that floods the client as soon as it is initialized.

    flood_server.py KIND N [--text TEXT] [--schema JSON]

KIND is ``sampling`` (N sampling/createMessage requests), ``elicit`` (N elicitation/create requests) or
``log`` (N notifications/message records). It lists one tool, ``echo``, and records the answers it gets
to the requests it sent: ``--answers FILE`` appends each one there as a line of JSON. ``--schema`` is
the ``requestedSchema`` of each elicitation (default: one string field ``x``).
"""

from __future__ import annotations

import json
import sys
import threading

lock = threading.Lock()


def send(message: dict[str, object]) -> None:
    with lock:
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()


DEFAULT_SCHEMA = {"type": "object", "properties": {"x": {"type": "string"}}}


def flood(kind: str, count: int, text: str, schema: dict[str, object]) -> None:
    for n in range(count):
        if kind == "sampling":
            params = {"messages": [{"role": "user", "content": {"type": "text", "text": f"{text} {n}"}}]}
            send(
                {
                    "jsonrpc": "2.0",
                    "id": f"s{n}",
                    "method": "sampling/createMessage",
                    "params": params | {"maxTokens": 10},
                }
            )
        elif kind == "elicit":
            params = {"message": f"{text} {n}", "requestedSchema": schema}
            send({"jsonrpc": "2.0", "id": f"e{n}", "method": "elicitation/create", "params": params})
        else:
            params = {"level": "info", "logger": "l", "data": f"{text} {n}"}
            send({"jsonrpc": "2.0", "method": "notifications/message", "params": params})


def main() -> None:
    argv = sys.argv[1:]
    kind, count = argv[0], int(argv[1])
    text = argv[argv.index("--text") + 1] if "--text" in argv else "flood"
    answers = argv[argv.index("--answers") + 1] if "--answers" in argv else None
    schema = json.loads(argv[argv.index("--schema") + 1]) if "--schema" in argv else DEFAULT_SCHEMA
    tools = [{"name": "echo", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": True}}]
    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        method, request_id = message.get("method"), message.get("id")
        if method is None:  # an answer to one of our requests
            if answers is not None:
                with open(answers, "a", encoding="utf-8") as file:
                    file.write(json.dumps(message) + "\n")
            continue
        if method == "notifications/initialized":
            threading.Thread(target=flood, args=(kind, count, text, schema), daemon=True).start()
        elif request_id is None:
            continue
        elif method == "initialize":
            result = {
                "protocolVersion": message["params"]["protocolVersion"],
                "capabilities": {"tools": {}, "logging": {}},
                "serverInfo": {"name": "flood", "version": "1"},
            }
            send({"jsonrpc": "2.0", "id": request_id, "result": result})
        elif method == "tools/list":
            send({"jsonrpc": "2.0", "id": request_id, "result": {"tools": tools}})
        elif method in ("ping", "logging/setLevel"):
            send({"jsonrpc": "2.0", "id": request_id, "result": {}})
        else:
            send({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32601, "message": "not here"}})


if __name__ == "__main__":
    main()

"""A hand-written legacy MCP server over stdio (no SDK import, so it starts fast).

It answers ``initialize``, ``tools/list`` and ``tools/call`` and silently ignores every other request,
``server/discover`` included, like many servers in the wild. Flags make it misbehave:

  --stderr-flood MB   write MB megabytes of stderr before serving
  --garbage N         print N lines of non-JSON to stdout before serving
  --exit-at-start     write a message to stderr and exit with code 3
  --slow-start S      sleep S seconds before reading anything
  --tools JSON        list these tools (a JSON array, as sent) instead of the ones below

Tools: echo(text), crash(say) (writes say to stderr, exits with code 1 in the middle of the call), hang()
(never answers; says so on stderr), big(mb) (returns that many megabytes of text), flood_stderr(mb)
(floods stderr, then answers).
"""

from __future__ import annotations

import json
import os
import sys
import time

TOOLS = [
    {"name": "echo", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": True}},
    {"name": "crash", "inputSchema": {"type": "object"}},
    {"name": "hang", "inputSchema": {"type": "object"}},
    {"name": "big", "inputSchema": {"type": "object"}},
    {"name": "flood_stderr", "inputSchema": {"type": "object"}},
]


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def flood_stderr(megabytes: float) -> None:
    line = "x" * 99 + "\n"
    for i in range(int(megabytes * 1_000_000 / 100)):
        sys.stderr.write(f"{i} {line}")
    sys.stderr.flush()


def call(request_id: object, name: str, args: dict) -> None:
    if name == "echo":
        result = {"content": [{"type": "text", "text": str(args.get("text", ""))}]}
    elif name == "crash":
        said = str(args.get("say", "about to crash: simulated failure"))  # the last stderr line
        sys.stderr.write(f"{said}\n")
        sys.stderr.flush()
        os._exit(1)
    elif name == "hang":
        sys.stderr.write("hang: received, never answering\n")  # so a test can wait for the call to arrive
        sys.stderr.flush()
        return
    elif name == "big":
        result = {"content": [{"type": "text", "text": "y" * int(float(args.get("mb", 1)) * 1_000_000)}]}
    elif name == "flood_stderr":
        flood_stderr(float(args.get("mb", 1)))
        result = {"content": [{"type": "text", "text": "flooded"}]}
    else:
        send({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32602, "message": f"no tool {name}"}})
        return
    send({"jsonrpc": "2.0", "id": request_id, "result": result})


def main() -> None:
    argv = sys.argv[1:]
    if "--exit-at-start" in argv:
        sys.stderr.write("fatal: missing API key\n")
        sys.exit(3)
    if "--slow-start" in argv:
        time.sleep(float(argv[argv.index("--slow-start") + 1]))
    if "--stderr-flood" in argv:
        flood_stderr(float(argv[argv.index("--stderr-flood") + 1]))
    if "--garbage" in argv:
        for i in range(int(argv[argv.index("--garbage") + 1])):
            sys.stdout.write(f"DEBUG garbage line {i} [bold]not json[/bold]\n")
        sys.stdout.flush()
    tools = json.loads(argv[argv.index("--tools") + 1]) if "--tools" in argv else TOOLS
    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        method, request_id = message.get("method"), message.get("id")
        if request_id is None:
            continue  # a notification
        if method == "initialize":
            result = {
                "protocolVersion": message["params"]["protocolVersion"],
                "capabilities": {"tools": {"listChanged": False, "resolve": True}},
                "serverInfo": {"name": "raw-server", "version": "0.1"},
            }
            send({"jsonrpc": "2.0", "id": request_id, "result": result})
        elif method == "tools/list":
            send({"jsonrpc": "2.0", "id": request_id, "result": {"tools": tools}})
        elif method == "tools/call":
            call(request_id, message["params"]["name"], message["params"].get("arguments") or {})
        # Anything else (server/discover, ping, ...) is silently ignored.


if __name__ == "__main__":
    main()

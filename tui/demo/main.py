"""`mcp-tui demo-server`: run the demo server over stdio (default) or streamable HTTP."""

from __future__ import annotations

import argparse
import errno
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui.demo.server import DemoServer


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mcp-tui demo-server",
        description="Run the bundled demo MCP server. It only touches files inside its sandbox directory.",
    )
    parser.add_argument(
        "--http", type=_port, metavar="PORT", help="serve streamable HTTP on 127.0.0.1:PORT/mcp"
    )
    parser.add_argument("--sandbox", type=Path, metavar="DIR", help="the directory the tools act in")
    parser.add_argument(
        "--otlp",
        metavar="URL",
        help="export a span per tool call to this OTLP/HTTP collector (needs the otel extra)",
    )
    return parser


def _port(text: str) -> int:
    """argparse type for --http: a whole number from 1 to 65535, or a message saying what is wrong."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (1-65535)") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port number: ports go from 1 to 65535")
    return port


def bind_port(port: int) -> socket.socket:
    """A listening socket on 127.0.0.1:``port``; OSError (port busy, not permitted) before anything runs."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind(("127.0.0.1", port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    listening: socket.socket | None = None
    if args.http is not None:
        # Bound here, before the "serving on" line: a busy port is a one-line message, not a traceback.
        try:
            listening = bind_port(args.http)
        except OSError as error:
            reason = "already in use" if error.errno in _IN_USE else (error.strerror or str(error))
            print(f"mcp-tui demo-server: cannot listen on 127.0.0.1:{args.http}: {reason}", file=sys.stderr)
            return 1
    import anyio

    from tui.model.sdk_loading import models_built_on_first_use

    # The demo boots while the client loads: its models (the SDK's, its tools' arguments) build when used.
    with models_built_on_first_use():
        from tui.demo.sandbox import default_sandbox
        from tui.demo.server import build_server
        from tui.demo.telemetry import DemoTelemetry, demo_endpoint

        telemetry = DemoTelemetry(demo_endpoint(args.otlp))
        server = build_server(args.sandbox if args.sandbox is not None else default_sandbox(), telemetry)
    try:
        if listening is not None:
            anyio.run(_serve_http, server, listening)
        else:
            anyio.run(_serve_stdio, server)
    except KeyboardInterrupt:
        pass
    finally:
        telemetry.shutdown()
    return 0


_IN_USE = {errno.EADDRINUSE}


async def _serve_stdio(server: DemoServer) -> None:
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


async def _serve_http(server: DemoServer, listening: socket.socket) -> None:
    import uvicorn

    port = listening.getsockname()[1]
    app = server.streamable_http_app(host="127.0.0.1")
    config = uvicorn.Config(app, log_level="warning")
    print(
        f"mcp-tui demo server on http://127.0.0.1:{port}/mcp (sandbox: {server.sandbox.root})",
        file=sys.stderr,
    )
    await uvicorn.Server(config).serve(sockets=[listening])

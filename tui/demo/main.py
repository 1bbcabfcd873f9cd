"""`mcp-tui demo-server`: run the demo server over stdio (default) or streamable HTTP."""

from __future__ import annotations

import argparse
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
        "--http", type=int, metavar="PORT", help="serve streamable HTTP on 127.0.0.1:PORT/mcp"
    )
    parser.add_argument("--sandbox", type=Path, metavar="DIR", help="the directory the tools act in")
    return parser


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    import anyio

    from tui.demo.sandbox import default_sandbox
    from tui.demo.server import build_server

    server = build_server(args.sandbox if args.sandbox is not None else default_sandbox())
    try:
        if args.http is not None:
            anyio.run(_serve_http, server, args.http)
        else:
            anyio.run(_serve_stdio, server)
    except KeyboardInterrupt:
        pass
    return 0


async def _serve_stdio(server: DemoServer) -> None:
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


async def _serve_http(server: DemoServer, port: int) -> None:
    import uvicorn

    app = server.streamable_http_app(host="127.0.0.1")
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    print(
        f"mcp-tui demo server on http://127.0.0.1:{port}/mcp (sandbox: {server.sandbox.root})",
        file=sys.stderr,
    )
    await uvicorn.Server(config).serve()

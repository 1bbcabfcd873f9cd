"""A small stdio server for the golden outputs of ``resources``, ``read``, ``prompts`` and ``prompt``: the
bundled demo has neither resources nor prompts. Everything it answers is fixed, so the outputs are too;
change it only together with the golden files (``MCP_TUI_UPDATE_GOLDEN=1``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mcp.server.lowlevel.helper_types import ReadResourceContents
from mcp.server.mcpserver import MCPServer

PNG = b"\x89PNG\r\n\x1a\n\x00\x01golden"
# Server text a terminal must show literally: markup, and an escape sequence that would colour the rest.
PLAIN = "[b]not markup[/b]\nsecond line\x1b[31m still plain"
DATA = '{"b": 1, "a": [1, 2], "nested": {"ok": true}}'


class GoldenServer(MCPServer):
    async def read_resource(self, uri: Any, context: Any = None) -> Any:
        """``golden://bundle`` answers three parts at once (the decorator API gives one part each)."""
        if str(uri) == "golden://bundle":
            parts: Iterable[ReadResourceContents] = (
                ReadResourceContents(PLAIN, "text/plain"),
                ReadResourceContents(DATA, "application/json"),
                ReadResourceContents(PNG, "image/png"),
            )
            return list(parts)
        return await super().read_resource(uri, context)


def build() -> MCPServer:
    server = GoldenServer("golden-test", version="9.8.7", instructions="Fixed answers for golden files.")

    @server.resource("golden://plain", name="plain", title="Plain text", mime_type="text/plain")
    def plain() -> str:
        return PLAIN

    @server.resource("golden://data.json", name="data", description="Some JSON", mime_type="application/json")
    def data() -> str:
        return DATA

    @server.resource("golden://bundle", name="bundle", description="Three parts", mime_type="text/plain")
    def bundle() -> str:
        return "replaced by GoldenServer.read_resource"

    @server.resource("golden://greeting/{name}", name="greeting", mime_type="text/plain")
    def greeting(name: str) -> str:
        return f"Hello, {name}!"

    @server.prompt(name="review", title="Code review", description="Review some code")
    def review(code: str, language: str = "python") -> list[dict[str, Any]]:
        return [
            {"role": "user", "content": {"type": "text", "text": f"Review this {language}:\n{code}"}},
            {"role": "assistant", "content": {"type": "text", "text": "[red]literal[/red]"}},
        ]

    @server.prompt(name="hello")
    def hello() -> str:
        return "Say hello."

    return server


if __name__ == "__main__":
    build().run("stdio")

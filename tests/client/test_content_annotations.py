"""Content annotations (audience, priority, lastModified) travel from a real server into the blocks."""

from __future__ import annotations

from typing import Any

import mcp_types as types
from mcp.server.mcpserver import MCPServer
from servers.harness import running, wait_until

from tui.client.convert import content_block
from tui.config.model import ServerConfig
from tui.model.results import ContentAnnotations, ResourceLinkBlock, TextBlock


def annotated_server() -> MCPServer:
    server = MCPServer("annotated")

    @server.tool()
    def report() -> list[Any]:
        for_model = types.Annotations(audience=["assistant"], priority=0.2)
        for_you = types.Annotations(audience=["user"], priority=1.0, last_modified="2025-01-02T13:04:05Z")
        return [
            types.TextContent(type="text", text="raw numbers", annotations=for_model),
            types.TextContent(type="text", text="the summary", annotations=for_you),
            types.TextContent(type="text", text="no annotations"),
            types.ResourceLink(
                type="resource_link",
                uri="file:///r.txt",
                name="r",
                annotations=types.Annotations(priority=0.5),
            ),
        ]

    return server


async def test_a_servers_content_annotations_reach_the_blocks() -> None:
    config = ServerConfig(name="a", transport="stdio", command="unused")
    async with running([config], targets={"a": annotated_server()}) as (manager, _):
        await wait_until(lambda: bool(manager.tools("a")))
        outcome = await manager.call_tool("a", "report", {})
    model, summary, bare, link = outcome.content
    assert model == TextBlock("raw numbers", annotations=ContentAnnotations(("assistant",), 0.2))
    assert summary == TextBlock(
        "the summary", annotations=ContentAnnotations(("user",), 1.0, "2025-01-02T13:04:05Z")
    )
    assert bare == TextBlock("no annotations")
    assert bare.annotations is None
    assert isinstance(link, ResourceLinkBlock)
    assert link.annotations == ContentAnnotations(priority=0.5)


def test_malformed_annotation_fields_are_dropped_not_fatal() -> None:
    raw = {
        "type": "text",
        "text": "x",
        "annotations": {"audience": "user", "priority": True, "lastModified": 5},
    }
    assert content_block(raw) == TextBlock("x")
    odd = {"type": "text", "text": "x", "annotations": {"audience": ["user", 3], "priority": 1}}
    assert content_block(odd).annotations == ContentAnnotations(("user",), 1.0)
    assert content_block({"type": "text", "text": "x", "annotations": "loud"}).annotations is None

"""A low-level server whose resources, templates and prompts come two per page, and whose
resources/read answers with a base64 blob that does not decode."""

from __future__ import annotations

from typing import Any

import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server

RESOURCES = [types.Resource(uri=f"paged://{i}", name=f"r{i}") for i in range(5)]
TEMPLATES = [types.ResourceTemplate(uri_template=f"paged://t{i}/{{id}}", name=f"t{i}") for i in range(3)]
PROMPTS = [types.Prompt(name=f"p{i}") for i in range(3)]


def _page(items: list[Any], cursor: str | None) -> tuple[list[Any], str | None]:
    start = int(cursor or 0)
    end = start + 2
    return items[start:end], (str(end) if end < len(items) else None)


def build() -> Server[Any]:
    async def list_resources(
        ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourcesResult:
        page, cursor = _page(RESOURCES, params.cursor if params else None)
        return types.ListResourcesResult(resources=page, next_cursor=cursor)

    async def list_templates(
        ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourceTemplatesResult:
        page, cursor = _page(TEMPLATES, params.cursor if params else None)
        return types.ListResourceTemplatesResult(resource_templates=page, next_cursor=cursor)

    async def list_prompts(
        ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListPromptsResult:
        page, cursor = _page(PROMPTS, params.cursor if params else None)
        return types.ListPromptsResult(prompts=page, next_cursor=cursor)

    async def read_resource(
        ctx: ServerRequestContext[Any, Any], params: types.ReadResourceRequestParams
    ) -> dict[str, Any]:
        return {"contents": [{"uri": str(params.uri), "mimeType": "image/png", "blob": "not base64!"}]}

    return Server(
        "paged-test",
        on_list_resources=list_resources,
        on_list_resource_templates=list_templates,
        on_list_prompts=list_prompts,
        on_read_resource=read_resource,
    )

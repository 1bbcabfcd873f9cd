"""Shared helpers: a demo server on a tmp sandbox, and raw requests that keep every wire field."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Literal

import mcp
import mcp_types as types
import pytest
from pydantic import ConfigDict, TypeAdapter

from tui.demo.server import DemoServer, build_server

RAW = TypeAdapter(dict[str, Any])
MODES = ("legacy", "auto")


class AnyParams(types.RequestParams):
    model_config = ConfigDict(extra="allow")


class ResolveRequest(types.Request[AnyParams, Literal["tools/resolve"]]):
    method: Literal["tools/resolve"] = "tools/resolve"
    params: AnyParams


class AnnotationsRequest(types.Request[AnyParams, Literal["tools/annotations"]]):
    method: Literal["tools/annotations"] = "tools/annotations"
    params: AnyParams


async def resolve(client: mcp.Client, name: str, arguments: dict[str, Any] | None) -> dict[str, Any]:
    """The raw `tools/resolve` result."""
    request = ResolveRequest(params=AnyParams.model_validate({"name": name, "arguments": arguments}))
    return await client.session.send_request(request, RAW, request_read_timeout_seconds=10)


async def annotations(client: mcp.Client, name: str, arguments: dict[str, Any] | None) -> dict[str, Any]:
    """The raw `tools/annotations` result."""
    request = AnnotationsRequest(params=AnyParams.model_validate({"name": name, "arguments": arguments}))
    return await client.session.send_request(request, RAW, request_read_timeout_seconds=10)


async def raw_tools(client: mcp.Client) -> dict[str, dict[str, Any]]:
    """tools/list exactly as it came over the wire, by tool name."""
    result = await client.session.send_request(types.ListToolsRequest(), RAW, request_read_timeout_seconds=10)
    return {tool["name"]: tool for tool in result["tools"]}


def snapshot(root: Path) -> dict[str, str]:
    """Every path under `root` with a hash of its bytes and its mtime: to prove nothing changed."""
    return {
        p.relative_to(root).as_posix(): (
            hashlib.sha256(p.read_bytes()).hexdigest() + f"@{p.stat().st_mtime_ns}" if p.is_file() else "dir"
        )
        for p in sorted(root.rglob("*"))
    }


def hints_of(annotations: dict[str, Any]) -> tuple[bool, bool, bool, bool]:
    """(readOnly, destructive, idempotent, openWorld) from wire annotations, spec defaults filled in."""
    return (
        annotations.get("readOnlyHint", False),
        annotations.get("destructiveHint", True),
        annotations.get("idempotentHint", False),
        annotations.get("openWorldHint", True),
    )


@pytest.fixture
def sandbox(tmp_path: Path) -> Path:
    return tmp_path / "sandbox"


@pytest.fixture
def server(sandbox: Path) -> DemoServer:
    return build_server(sandbox)

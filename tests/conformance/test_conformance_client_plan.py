"""conformance/client.py chooses only what a person would: the server's protocol setting and which
tools to call with what. Everything else is mcp-tui's own core, measured by the suite itself."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from tui.model.servers import ToolInfo

ROOT = Path(__file__).resolve().parents[2]


def load_client() -> ModuleType:
    spec = importlib.util.spec_from_file_location("conformance_client", ROOT / "conformance" / "client.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


client = load_client()


def tool(name: str, schema: dict[str, Any]) -> ToolInfo:
    return ToolInfo("conformance", name, None, "", schema, None, None)


def test_the_protocol_setting_follows_the_spec_version_the_test_server_speaks() -> None:
    assert client.protocol_mode({"MCP_CONFORMANCE_PROTOCOL_VERSION": "2026-07-28"}) == "2026-07-28"
    assert client.protocol_mode({"MCP_CONFORMANCE_PROTOCOL_VERSION": "2025-11-25"}) == "legacy"
    assert client.protocol_mode({}) == "legacy"  # the 0.1.16 suite names no version


def test_every_tool_is_called_once_with_what_a_person_would_type() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}
    listed = {"add": tool("add", schema)}
    assert client.planned_calls("tools_call", {}, listed) == [("add", {"a": 1})]


def test_calls_the_scenario_spells_out_are_made_exactly_so() -> None:
    context = {"toolCalls": [{"name": "headers", "arguments": {"region": " padded "}}, {"name": "bare"}]}
    assert client.planned_calls("http-custom-headers", context, {}) == [
        ("headers", {"region": " padded "}),
        ("bare", {}),
    ]


def test_the_schema_echo_sends_back_the_schema_mcp_tui_holds() -> None:
    focal = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {}, "type": "object"}
    listed = {"json_schema_2020_12_tool": tool("json_schema_2020_12_tool", focal)}
    listed["json_schema_echo"] = tool("json_schema_echo", {"type": "object"})
    assert client.planned_calls("json-schema-2020-12-preservation", {}, listed) == [
        ("json_schema_echo", {"schema": focal})
    ]


def test_a_listing_only_scenario_calls_nothing() -> None:
    listed = {"lookup_user": tool("lookup_user", {"type": "object"})}
    assert client.planned_calls("json-schema-ref-no-deref", {}, listed) == []

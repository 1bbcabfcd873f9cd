"""What a demo tool is: its definition, how it runs, and (for resolvable tools) how it refines its hints."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import mcp_types as types
from mcp.server.context import ServerRequestContext

from tui.demo.dialects import SEED_FLAGS
from tui.demo.hints import Annotations
from tui.demo.rest_store import RestStore
from tui.demo.sandbox import Sandbox
from tui.model.display_templates import DISPLAY_TEMPLATES_ID as DISPLAY_TEMPLATES

JsonObject = dict[str, Any]


@dataclass
class DemoState:
    """Server-wide state that lives as long as the process (never across restarts)."""

    store: RestStore = field(default_factory=RestStore)
    long_runs_started: int = 0
    long_runs_cancelled: int = 0


@dataclass
class ToolEnv:
    """Everything a tool body may use: the sandbox, the server-wide state and the request."""

    sandbox: Sandbox
    state: DemoState
    ctx: ServerRequestContext[Any, Any]
    params: types.CallToolRequestParams


ToolResult = types.CallToolResult | types.InputRequiredResult
Runner = Callable[[ToolEnv, JsonObject], Awaitable[ToolResult]]
Refiner = Callable[[JsonObject], Annotations]


@dataclass(frozen=True)
class DemoTool:
    name: str
    title: str
    description: str
    input_schema: JsonObject
    annotations: Annotations | None
    """Static annotations; for a resolvable tool, the worst case over all arguments."""
    run: Runner
    refine: Refiner | None = None
    """Pure function of the (schema-valid) arguments: the hints for exactly this call."""
    output_schema: JsonObject | None = None
    dialects: frozenset[str] = frozenset()
    """Which resolution dialects this tool offers (``dialects.py``); only for a tool that can refine."""
    display_template: str | None = None
    """The one-line preview of a call (Display Templates extension), in the tool's ``_meta``; a tool with
    branches in its schema may carry one per branch instead."""

    @property
    def resolvable(self) -> bool:
        return self.refine is not None

    def seed_flags(self) -> JsonObject:
        """The SEP-1862 / dynamicAnnotations flags this tool carries in tools/list."""
        if not self.resolvable:
            return {}
        return {flag: True for dialect, flag in SEED_FLAGS.items() if dialect in self.dialects}

    def wire(self, annotations: Annotations | None = None) -> JsonObject:
        """The definition as it goes out in tools/list (or tools/resolve, with refined annotations)."""
        tool: JsonObject = {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "inputSchema": self.input_schema,
        }
        if self.output_schema is not None:
            tool["outputSchema"] = self.output_schema
        chosen = self.annotations if annotations is None else annotations
        if chosen is not None:
            tool["annotations"] = {"title": self.title, **chosen}
        if self.display_template is not None:
            tool["_meta"] = {DISPLAY_TEMPLATES: {"template": self.display_template}}
        tool.update(self.seed_flags())
        return tool


RESOLVE_FLAGS: JsonObject = {"resolve": True, "dynamicAnnotations": True}
"""The server-wide seed capabilities (``capabilities.tools``)."""


def text(message: str, *, error: bool = False, display: str | None = None) -> types.CallToolResult:
    """A one-block result; ``display``: the block's summary for a person (Display Templates), while
    ``message`` stays what the model reads."""
    meta = {DISPLAY_TEMPLATES: {"text": display}} if display is not None else None
    block = types.TextContent(type="text", text=message, _meta=meta)
    return types.CallToolResult(content=[block], is_error=error)


def schema(properties: JsonObject, required: list[str] | None = None) -> JsonObject:
    """An object schema that rejects unknown arguments (a typo should fail before anything runs)."""
    result: JsonObject = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        result["required"] = required
    return result

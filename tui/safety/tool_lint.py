"""Every lint finding about one listed tool: its hints and texts (``lint``), then its display templates
(``template_lint``). The one entry point the catalogue, the call flow and the tool view share."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tui.model.servers import ToolInfo
from tui.safety.lint import LintWarning, lint_tool
from tui.safety.template_lint import template_warnings


def lint_listed_tool(tool: ToolInfo, resolved: Mapping[str, Any] | None = None) -> list[LintWarning]:
    """The warnings about ``tool`` as listed, with a resolve result for one call when given."""
    warnings = lint_tool(
        tool.name, tool.annotations, resolved, description=tool.description, title=tool.display_title
    )
    return warnings + template_warnings(tool.input_schema, tool.raw.get("_meta"), tool.annotations)

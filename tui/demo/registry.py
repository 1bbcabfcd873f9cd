"""Every demo tool, in the order tools/list shows them."""

from __future__ import annotations

from tui.demo import tools_features, tools_files, tools_http, tools_sql, tools_static
from tui.demo.spec import DemoTool

TOOLS: tuple[DemoTool, ...] = (
    tools_files.TOOL,
    tools_sql.TOOL,
    tools_http.TOOL,
    *tools_static.TOOLS,
    *tools_features.TOOLS,
)
BY_NAME: dict[str, DemoTool] = {tool.name: tool for tool in TOOLS}

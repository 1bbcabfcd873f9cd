"""mcp-tui: a terminal client for MCP servers that shows what a tool call will do before it happens."""

__version__ = "0.1.0"

"""Connections to MCP servers. Only modules named in this package's docs import the mcp SDK;
``models`` and ``events`` stay import-cheap so the UI can paint before the SDK loads."""

"""The gateway: an MCP server in front of the user's servers, for agents (``mcp-tui gateway``)."""

"""Connections to MCP servers and the wire: transports, listing, resolve, sign-in, traffic.

Only modules named in this package's docs import the mcp SDK. What the package hands to the rest of the
app is plain data from ``tui.model``, which stays import-cheap so the UI can paint before the SDK loads."""

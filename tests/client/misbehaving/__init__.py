"""Misbehaving MCP servers for the preflight tests (one per failure case)."""

"""Safety core: hints with provenance, risk grades, decisions. Plain Python, no Textual, no mcp SDK."""

"""Safety core: pure rules over the hints of ``tui.model`` (grades, decisions, lint, bounds, visible
text). Plain Python, no Textual, no mcp SDK."""

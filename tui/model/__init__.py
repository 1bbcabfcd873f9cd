"""The value types every layer may import (tools, server states, outcomes, events, hints,
argument errors, an enum's choices). Nothing here imports another package of ``tui``, Textual or the
mcp SDK."""

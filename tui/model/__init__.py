"""The value types every layer may import (tools, server states, outcomes, events, hints,
argument errors). Nothing here imports another package of ``tui``, Textual or the mcp SDK."""

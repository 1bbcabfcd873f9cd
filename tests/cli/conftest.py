from __future__ import annotations

import sys
from pathlib import Path

# The TUI-and-CLI agreement tests drive the real app with the UI tests' harness; the exit-status tests
# sign in against the client tests' OAuth server.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "client"))

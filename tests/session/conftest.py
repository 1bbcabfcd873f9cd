from __future__ import annotations

import sys
from pathlib import Path

# The in-process test servers of the client tests (servers.*) drive the session here too.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "client"))

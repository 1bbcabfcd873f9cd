from __future__ import annotations

import sys
from pathlib import Path

# The console-route tests drive the real app (attached to a gateway) with the UI tests' harness.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

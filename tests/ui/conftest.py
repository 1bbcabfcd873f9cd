from __future__ import annotations

import sys
from pathlib import Path

# The misbehaving in-process servers of the client tests also drive the app in a few UI tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "client"))

"""The feature test server over real stdio (for the headless commands)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from feature_server import build

if __name__ == "__main__":
    build().run("stdio")

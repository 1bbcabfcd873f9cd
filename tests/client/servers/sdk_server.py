"""The in-process test server, served over real stdio by the SDK (both protocol eras)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from servers.inproc import build

if __name__ == "__main__":
    print("sdk_server starting", file=sys.stderr, flush=True)
    build().run("stdio")

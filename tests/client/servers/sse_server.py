"""The in-process test server, served over the legacy SSE transport on the port given as argument."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from servers.inproc import build

if __name__ == "__main__":
    build().run("sse", port=int(sys.argv[1]), host="127.0.0.1")

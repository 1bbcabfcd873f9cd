"""Run a stdio MCP server and copy every line the client sends it into a file: the raw wire, unchanged.

Usage: wire_tap.py LOG_FILE COMMAND [ARGS...]. Bytes are relayed as they are; only a copy is written.
"""

from __future__ import annotations

import subprocess
import sys
import threading


def main() -> int:
    log_path, command = sys.argv[1], sys.argv[2:]
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=sys.stdout.buffer)
    assert child.stdin is not None

    def relay() -> None:
        assert child.stdin is not None
        with open(log_path, "ab", buffering=0) as log:
            for line in sys.stdin.buffer:
                log.write(line)
                child.stdin.write(line)
                child.stdin.flush()
        child.stdin.close()

    threading.Thread(target=relay, daemon=True).start()
    return child.wait()


if __name__ == "__main__":
    raise SystemExit(main())

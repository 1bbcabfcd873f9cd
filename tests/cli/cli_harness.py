"""Run ``mcp-tui`` as a person does: a real subprocess against the demo server over real stdio."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

SLOW_SERVER = Path(__file__).resolve().parent / "slow_server.py"


def environment(home: Path) -> dict[str, str]:
    env = {**os.environ, "MCP_TUI_HOME": str(home)}
    env.pop("MCP_TUI_CONFIG", None)
    return env


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "tui", *args]


def run_cli(*args: str, home: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``mcp-tui ARGS`` with no terminal (stdin is a pipe), every file under ``home``."""
    return subprocess.run(
        command(*args), input=stdin, capture_output=True, text=True, env=environment(home), timeout=60
    )


def run_json(*args: str, home: Path) -> Any:
    result = run_cli(*args, "--json", home=home)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def write_config(home: Path, text: str) -> None:
    (home / "config.toml").write_text(text, encoding="utf-8")


def rule(tool: str, action: str, ceiling: str = "critical") -> str:
    return f'[[rules]]\nserver = "demo"\ntool = "{tool}"\naction = "{action}"\nceiling = "{ceiling}"\n'


def audit_records(home: Path) -> list[dict[str, Any]]:
    path = home / "audit.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def sandbox_bytes(home: Path) -> dict[str, bytes]:
    """Every file of the demo's sandbox with its exact content."""
    root = home / "demo-sandbox"
    return {
        path.relative_to(root).as_posix(): path.read_bytes() for path in root.rglob("*") if path.is_file()
    }

"""scripts/make_screenshots.py still drives the real app to every screen the README shows."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.timeout(180)
def test_the_screenshot_script_produces_every_screenshot(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_screenshots.py"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=170,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    expected = {
        "main.svg": "Manage sandbox files",
        "live-preflight.svg": "Resolved",
        "confirm-high.svg": "HIGH",
        "confirm-critical.svg": "launch_confetti",
        "result.svg": "banana",
        "preferences.svg": "Preferences",
    }
    for name, text in expected.items():
        svg = (tmp_path / name).read_text(encoding="utf-8")
        assert text.replace(" ", "&#160;") in svg or text in svg, name


def _script() -> Any:
    path = ROOT / "scripts" / "make_screenshots.py"
    spec = importlib.util.spec_from_file_location("make_screenshots", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_each_run_has_its_own_home_removed_afterwards_and_the_pictures_do_not_show_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = _script()
    homes: list[tuple[Path, list[Path]]] = []

    def picture(out: Path) -> list[Path]:
        """What the app would do: find an empty home, and show its path in a picture."""
        home = Path(os.environ["MCP_TUI_HOME"])
        homes.append((home, list(home.iterdir())))
        path = out / "main.svg"
        text = f'<style>.terminal-123-r1 {{}}</style><text class="terminal-123-r1">{home}/config.toml</text>'
        path.write_text(text, encoding="utf-8")
        return [path]

    async def drive(out: Path, size: tuple[int, int]) -> list[Path]:
        return picture(out)

    monkeypatch.setattr(script, "_drive", drive)
    pictures = []
    for run in ("one", "two"):
        assert script.main(["--out", str(tmp_path / run)]) == 0
        pictures.append((tmp_path / run / "main.svg").read_text(encoding="utf-8"))
    (first, first_had), (second, second_had) = homes
    assert first != second
    assert (first_had, second_had) == ([], [])
    assert not first.exists()
    assert not second.exists()
    assert pictures[0] == pictures[1]
    assert str(first) not in pictures[0]
    assert f"{first.parent}/mcp-tui-demo-XXXXXXXX/config.toml" in pictures[0]

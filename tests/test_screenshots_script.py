"""scripts/make_screenshots.py still drives the real app to every screen the README shows."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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

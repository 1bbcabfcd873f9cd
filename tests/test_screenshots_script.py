"""scripts/make_screenshots.py still drives the real app to every screen the README and docs/ show, and
what it makes now is what screenshots/ holds, byte for byte (the script makes the same bytes on every
run)."""

from __future__ import annotations

import difflib
import html
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
@pytest.mark.timeout(360)
def test_the_screenshot_script_makes_every_screenshot_as_committed(tmp_path: Path) -> None:
    # One run of the script (some 60 s on 2 shared cores, at two sizes) for both checks. NO_COLOR and
    # Textual's own settings would change the colours or the animations the pictures are taken with.
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR" and not k.startswith("TEXTUAL_")}
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_screenshots.py"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=340,
        env=env,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    expected = {
        "main.svg": "Manage sandbox files",
        "live-preflight.svg": "Resolved",
        "confirm-high.svg": "HIGH",
        "confirm-critical.svg": "launch_confetti",
        "result.svg": "banana",
        "preferences.svg": "Preferences",
        # The rules editor's test on the open SELECT, and the team's rule, locked, with file:line.
        "rule-editor.svg": "Would decide: allowed: your rule at config.toml:1",
        "locked-rule.svg": "team-policy.toml:2",
        "locked-rule-80x24.svg": "🔒",
        # At 80x24 too (every step must be on screen there): the arguments in the dialog, the result.
        "main-80x24.svg": "Manage sandbox files",
        "confirm-high-80x24.svg": '"path": "notes.txt"',
        "result-80x24.svg": "id | name | colour | stock",
    }
    for name, text in expected.items():
        svg = (tmp_path / name).read_text(encoding="utf-8")
        assert html.escape(text).replace(" ", "&#160;") in svg or text in svg, name
    made = sorted(path.name for path in tmp_path.glob("*.svg"))
    assert made == sorted(path.name for path in (ROOT / "screenshots").glob("*.svg"))
    differences = [
        difference(
            name,
            (ROOT / "screenshots" / name).read_text(encoding="utf-8"),
            (tmp_path / name).read_text(encoding="utf-8"),
        )
        for name in made
    ]
    if any(differences):
        pytest.fail(
            "\n".join(d for d in differences if d)
            + "\nIf the change is intended: .venv/bin/python scripts/make_screenshots.py, look at the "
            "pictures, and commit screenshots/.",
            pytrace=False,
        )


_TEXT = re.compile(
    r'<text [^>]*x="([\d.]+)"[^>]*textLength="([\d.]+)"[^>]*'
    r'clip-path="url\(#terminal-\d+-line-(\d+)\)">(.*?)</text>'
)


def screen_lines(svg: str) -> list[str]:
    """The text on screen, row by row: Textual's SVG has a <text> per run of one style (blanks between
    them are only drawn as background), each at its x in pixels; the runs are put back in their columns."""
    runs = [
        (float(x), float(width), int(row), html.unescape(text)) for x, width, row, text in _TEXT.findall(svg)
    ]
    cell = next((width / len(text) for _, width, _, text in runs if text.isascii() and text), 1.0)
    rows: dict[int, str] = {}
    for x, _, row, text in runs:
        line = rows.get(row, "")
        column = max(round(x / cell), len(line))
        rows[row] = line.ljust(column) + text.replace("\xa0", " ")
    return [rows[row].rstrip() for row in sorted(rows)]


def difference(name: str, committed: str, made: str) -> str:
    """Empty when the two are the same; else what differs, readably: the text on screen when it does,
    and otherwise where the bytes (colours, styles) first part."""
    if committed == made:
        return ""
    lines = list(
        difflib.unified_diff(
            screen_lines(committed),
            screen_lines(made),
            f"screenshots/{name}",
            f"{name} made now",
            lineterm="",
        )
    )
    if lines:
        return "\n".join(lines)
    # The element ids are a hash of the whole picture: they differ as soon as anything does.
    committed, made = (re.sub(r"terminal-\d+", "terminal-ID", svg) for svg in (committed, made))
    pairs = enumerate(zip(committed, made, strict=False))
    at = next((i for i, (a, b) in pairs if a != b), min(len(committed), len(made)))
    around = slice(max(0, at - 80), at + 80)
    return (
        f"screenshots/{name}: the same text on screen, other colours or styles; from offset {at}:\n"
        f"  committed: {committed[around]!r}\n  made now:  {made[around]!r}"
    )


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

    async def drive(out: Path, size: tuple[int, int], suffix: str = "") -> list[Path]:
        return picture(out)

    monkeypatch.setattr(script, "_drive", drive)
    pictures = []
    for run in ("one", "two"):
        assert script.main(["--out", str(tmp_path / run), "--size", "140x42"]) == 0
        pictures.append((tmp_path / run / "main.svg").read_text(encoding="utf-8"))
    (first, first_had), (second, second_had) = homes
    assert first != second
    assert (first_had, second_had) == ([], [])
    assert not first.exists()
    assert not second.exists()
    assert pictures[0] == pictures[1]
    assert str(first) not in pictures[0]
    assert f"{first.parent}/mcp-tui-demo-XXXXXXXX/config.toml" in pictures[0]

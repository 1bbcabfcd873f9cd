"""The app in UI and CLI tests runs with Textual's animations off, as ``TEXTUAL_ANIMATIONS=none`` sets them.

With them on, every tab switch slides the tab bar's underline for 0.3 s and a scroll may glide, and
Textual's pilot waits for each animation to end after each key it presses: about 0.3 s of every F-key
press was that wait (0.5 s a press at 80x24, 0.17 s without). No test is about an animation; each waits
for the state an animation ends in, which the app now reaches at once. The screenshots script runs the app
in its own process, animations and all (tests/test_screenshots_script.py drops the TEXTUAL_ variables).

``TEXTUAL_ANIMATIONS`` itself cannot be set here: Textual reads it once, when pytest-textual-snapshot
imports Textual before any conftest runs; the app takes its ``animation_level`` from that reading.
"""

from __future__ import annotations

import pytest


def animations_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every app made from now on in this test starts with ``animation_level`` "none"."""
    from textual import constants

    monkeypatch.setattr(constants, "TEXTUAL_ANIMATIONS", "none")

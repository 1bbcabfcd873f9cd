"""Quitting while the tabs on the right are being built ends the app cleanly, with no traceback.

The tabs are mounted once the first tools arrive; a person who quits at that moment (or a test that ends
there) had Textual's tab bar mount after the shutdown had already removed its tabs, and a tab bar told
to open a tab by id ("call") raised ValueError: No Tab with id '--content-tab-call'.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_harness import make_app

from tui.ui.screens.main_screen import MainScreen


async def test_quitting_as_the_workspace_mounts_raises_nothing(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mount_workspace = MainScreen.mount_workspace
    quit_asked: list[bool] = []

    async def quit_then_mount(self: MainScreen) -> None:
        if not quit_asked:
            quit_asked.append(True)
            self.app.exit()  # the person quits just as the tabs start to mount
        await mount_workspace(self)

    monkeypatch.setattr(MainScreen, "mount_workspace", quit_then_mount)
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.main_screen.mount_workspace()
        await pilot.pause()
    assert quit_asked
    assert app.return_code in (0, None)

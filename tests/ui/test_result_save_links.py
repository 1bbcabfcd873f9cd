"""The TUI's Save goes through the same function as ``--save-dir``: never through a link, a file replaced
only after Overwrite, and then the link itself is replaced, never the file it points to."""

from __future__ import annotations

from pathlib import Path

from test_result_save import PNG, message, open_save_dialog
from test_result_support import ResultApp, ok
from textual.widgets import Input

from tui.model.results import BinaryBlock
from tui.ui.screens.save_binary import SaveBinaryScreen


async def test_a_dangling_link_is_asked_about_and_then_replaced_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside.png"
    (tmp_path / "chart.png").symlink_to(outside)
    app = ResultApp(save_dir=tmp_path)
    async with app.run_test() as pilot:
        await app.view.show(ok(BinaryBlock("image", "image/png", PNG)), title="chart")
        screen = await open_save_dialog(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert "already exists" in message(screen)
        assert not outside.exists()
        await pilot.click("#save-confirm")  # Overwrite
        await pilot.pause()
        assert not isinstance(app.screen, SaveBinaryScreen)
    assert not outside.exists()
    assert not (tmp_path / "chart.png").is_symlink()
    assert (tmp_path / "chart.png").read_bytes() == PNG


async def test_overwrite_of_a_link_to_a_file_leaves_that_file_alone(tmp_path: Path) -> None:
    outside = tmp_path / "precious.txt"
    outside.write_bytes(b"keep me")
    (tmp_path / "chart.png").symlink_to(outside)
    app = ResultApp(save_dir=tmp_path)
    async with app.run_test() as pilot:
        await app.view.show(ok(BinaryBlock("image", "image/png", PNG)), title="chart")
        await open_save_dialog(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.click("#save-confirm")
        await pilot.pause()
    assert outside.read_bytes() == b"keep me"
    assert (tmp_path / "chart.png").read_bytes() == PNG


async def test_a_folder_that_is_a_link_is_refused_with_a_reason(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "linked").symlink_to(real, target_is_directory=True)
    app = ResultApp(save_dir=tmp_path)
    async with app.run_test() as pilot:
        await app.view.show(ok(BinaryBlock("image", "image/png", PNG)), title="chart")
        screen = await open_save_dialog(app, pilot)
        screen.query_one("#save-path", Input).value = str(tmp_path / "linked" / "chart.png")
        await pilot.press("enter")
        await pilot.pause()
        assert message(screen) == (
            f"The folder {tmp_path / 'linked'} is a symbolic link; choose the real folder it points to."
        )
        assert app.screen is screen
    assert list(real.iterdir()) == []

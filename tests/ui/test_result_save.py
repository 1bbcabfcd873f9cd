"""Saving an image, audio or resource blob: real files, overwrite only after confirmation, plain errors."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from app_harness import wait_for
from test_result_support import ResultApp, ok, rendered_text
from textual.widgets import Button, Input, Static

from tui.model.results import BinaryBlock, EmbeddedResourceBlock, TextBlock
from tui.ui.screens.save_binary import SaveBinaryScreen
from tui.ui.widgets.results.binary_block import BinaryBlockView
from tui.ui.widgets.results.resource_blocks import EmbeddedResourceView
from tui.ui.widgets.results.text_block import TextBlockView

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8


async def open_save_dialog(app: ResultApp, pilot: object) -> SaveBinaryScreen:
    button = app.view.query_one(BinaryBlockView).query_one(".save-button", Button)
    await pilot.pause()  # type: ignore[attr-defined]  # let the new blocks get their place on screen
    await pilot.click(button)  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    assert isinstance(app.screen, SaveBinaryScreen)
    return app.screen


def message(screen: SaveBinaryScreen) -> str:
    return rendered_text(screen.query_one("#save-message", Static))


async def test_save_an_image_writes_the_exact_bytes(tmp_path: Path) -> None:
    app = ResultApp(save_dir=tmp_path)
    async with app.run_test() as pilot:
        await app.view.show(ok(BinaryBlock("image", "image/png", PNG)), title="render chart")
        screen = await open_save_dialog(app, pilot)
        assert screen.query_one("#save-path", Input).value == str(tmp_path / "render_chart.png")
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, SaveBinaryScreen)
        assert (tmp_path / "render_chart.png").read_bytes() == PNG


async def test_the_s_key_saves_the_focused_block(tmp_path: Path) -> None:
    app = ResultApp(save_dir=tmp_path)
    async with app.run_test() as pilot:
        await app.view.show(ok(BinaryBlock("audio", "audio/mpeg", b"ID3" + bytes(50))), title="speak")
        app.view.query_one(BinaryBlockView).query_one(Button).focus()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SaveBinaryScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert (tmp_path / "speak.mp3").read_bytes() == b"ID3" + bytes(50)


async def test_existing_file_is_kept_until_overwrite_is_confirmed(tmp_path: Path) -> None:
    target = tmp_path / "chart.png"
    target.write_bytes(b"old")
    app = ResultApp(save_dir=tmp_path)
    async with app.run_test() as pilot:
        await app.view.show(ok(BinaryBlock("image", "image/png", PNG)), title="chart")
        screen = await open_save_dialog(app, pilot)
        await pilot.click("#save-confirm")
        await pilot.pause()
        assert target.read_bytes() == b"old"
        assert app.screen is screen
        assert "already exists" in message(screen)
        confirm = screen.query_one("#save-confirm", Button)
        assert str(confirm.label) == "Overwrite"
        # A Button ignores a click while it shows it was pressed (its "-active" flash): the second click
        # is the person's next one, after the flash.
        await wait_for(pilot, lambda: not confirm.has_class("-active"))
        await pilot.click("#save-confirm")
        await pilot.pause()
        assert target.read_bytes() == PNG
        assert app.screen is not screen


async def test_editing_the_path_withdraws_the_overwrite_confirmation(tmp_path: Path) -> None:
    (tmp_path / "a.png").write_bytes(b"a")
    (tmp_path / "b.png").write_bytes(b"b")
    app = ResultApp(save_dir=tmp_path)
    async with app.run_test() as pilot:
        await app.view.show(ok(BinaryBlock("image", "image/png", PNG)), title="a")
        screen = await open_save_dialog(app, pilot)
        await pilot.press("enter")  # first press on a.png: asks
        screen.query_one("#save-path", Input).value = str(tmp_path / "b.png")
        await pilot.pause()
        await pilot.press("enter")  # a different existing file: asks again, writes nothing
        await pilot.pause()
        assert (tmp_path / "a.png").read_bytes() == b"a"
        assert (tmp_path / "b.png").read_bytes() == b"b"
        assert "already exists" in message(screen)


async def test_a_write_that_fails_is_reported_and_the_dialog_stays(tmp_path: Path) -> None:
    (tmp_path / "plain-file").write_text("x")
    app = ResultApp(save_dir=tmp_path)
    async with app.run_test() as pilot:
        await app.view.show(ok(BinaryBlock("image", "image/png", PNG)), title="a")
        screen = await open_save_dialog(app, pilot)
        path_input = screen.query_one("#save-path", Input)
        path_input.value = str(tmp_path / "missing" / "a.png")
        await pilot.press("enter")
        await pilot.pause()
        assert message(screen) == f"The folder {tmp_path / 'missing'} does not exist."
        assert screen.query_one("#save-message").has_class("-error")
        path_input.value = str(tmp_path / "plain-file" / "a.png")
        await pilot.press("enter")
        await pilot.pause()
        assert message(screen).startswith(
            f"Could not write {tmp_path / 'plain-file' / 'a.png'}: Not a directory"
        )
        path_input.value = str(tmp_path)
        await pilot.press("enter")
        await pilot.pause()
        assert message(screen) == f"{tmp_path} is a folder; add a file name."
        assert app.screen is screen


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root may write anywhere")
async def test_permission_denied_is_reported_plainly(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    app = ResultApp(save_dir=locked)
    try:
        async with app.run_test() as pilot:
            await app.view.show(ok(BinaryBlock("image", "image/png", PNG)), title="a")
            screen = await open_save_dialog(app, pilot)
            await pilot.press("enter")
            await pilot.pause()
            assert message(screen) == f"Permission denied: cannot write {locked / 'a.png'}."
    finally:
        locked.chmod(0o700)


async def test_escape_cancels_without_writing(tmp_path: Path) -> None:
    app = ResultApp(save_dir=tmp_path)
    async with app.run_test() as pilot:
        await app.view.show(ok(BinaryBlock("image", "image/png", PNG)), title="a")
        await open_save_dialog(app, pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SaveBinaryScreen)
        assert not any(tmp_path.iterdir())  # noqa: ASYNC240


async def test_embedded_blob_saves_under_its_uri_name(tmp_path: Path) -> None:
    app = ResultApp(save_dir=tmp_path)
    async with app.run_test() as pilot:
        blob = EmbeddedResourceBlock("file:///reports/q3.pdf?v=2", "application/pdf", blob=b"%PDF-1.7 data")
        await app.view.show(ok(blob), title="t")
        await pilot.pause()
        await pilot.click(app.view.query_one(EmbeddedResourceView).query_one(".save-button", Button))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert (tmp_path / "q3.pdf").read_bytes() == b"%PDF-1.7 data"


async def test_large_text_can_be_saved_whole(tmp_path: Path) -> None:
    text = "row\n" * 100_000
    app = ResultApp(save_dir=tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await app.view.show(ok(TextBlock(text)), title="dump")
        await pilot.pause()
        await pilot.click(app.view.query_one(TextBlockView).query_one(".save-button", Button))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert (tmp_path / "dump.txt").read_text() == text

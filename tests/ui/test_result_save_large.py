"""Saving a large result saves all of it: the display caps what it shows, never what is kept or saved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from servers.harness import running, stdio, wait_until
from test_result_support import ResultApp, ok, rendered_text
from textual.widgets import Button, Static, TextArea

from tui.model.results import EmbeddedResourceBlock, TextBlock
from tui.ui.widgets.results import result_view
from tui.ui.widgets.results.structured_tree import StructuredTree
from tui.ui.widgets.results.text_block import RENDER_LIMIT_CHARS, TextBlockView


def files_in(folder: Path) -> list[Path]:
    return sorted(folder.iterdir())


async def save_block(app: ResultApp, pilot: object, view: TextBlockView) -> None:
    await pilot.pause()  # type: ignore[attr-defined]
    view.query_one(".save-button", Button).focus()
    await pilot.press("enter")  # type: ignore[attr-defined]  # opens the save dialog
    await pilot.pause()  # type: ignore[attr-defined]
    await pilot.press("enter")  # type: ignore[attr-defined]  # saves under the suggested name
    await pilot.pause()  # type: ignore[attr-defined]


async def test_a_five_megabyte_result_from_a_real_server_is_saved_whole(tmp_path: Path) -> None:
    # The raw test server answers tools/call "big" with that many megabytes of text, over real stdio.
    async with running([stdio("r", "raw_server.py")]) as (manager, _):
        await wait_until(lambda: bool(manager.tools("r")))
        outcome = await manager.call_tool("r", "big", {"mb": 5.1})
    assert outcome.error is None
    [block] = outcome.content
    assert isinstance(block, TextBlock)
    assert len(block.text) == 5_100_000  # the outcome keeps everything the server sent

    app = ResultApp(save_dir=tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await app.view.show(outcome, title="big")
        await pilot.pause()
        view = app.view.query_one(TextBlockView)
        assert len(app.view.query_one(TextArea).text) == RENDER_LIMIT_CHARS  # only the display is capped
        note = rendered_text(view.query_one(".text-cap-note", Static))
        assert note == "Showing the first 390.6 KB of 4.9 MB; save it to read the rest."
        await save_block(app, pilot, view)
    saved = (tmp_path / "big.txt").read_bytes()
    assert len(saved) == 5_100_000
    assert saved == block.text.encode()


async def test_blocks_share_one_display_budget_and_each_saves_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A small budget for speed: the first blocks fill it; the last shows nothing but still saves all.
    monkeypatch.setattr(result_view, "DISPLAY_LIMIT_CHARS", 1000)
    blocks = [TextBlock(str(n) * 400) for n in range(4)]
    app = ResultApp(save_dir=tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await app.view.show(ok(*blocks), title="many")
        await pilot.pause()
        views = list(app.view.query(TextBlockView).results(TextBlockView))
        assert [len(v.shown) for v in views] == [400, 400, 200, 0]
        assert [v.capped for v in views] == [False, False, True, True]
        last = rendered_text(views[3].query_one(".text-cap-note", Static))
        assert last == "Showing the first 0 B of 400 B; save it to read the rest."
        await save_block(app, pilot, views[3])
    assert (tmp_path / "many-4.txt").read_text() == blocks[3].text


async def test_json_text_is_saved_exactly_as_sent(tmp_path: Path) -> None:
    sent = json.dumps({"rows": [{"n": n, "name": f"row {n}"} for n in range(20_000)]})
    app = ResultApp(save_dir=tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await app.view.show(ok(TextBlock(sent)), title="rows")
        await pilot.pause()
        view = app.view.query_one(TextBlockView)
        await save_block(app, pilot, view)
    [saved] = files_in(tmp_path)
    assert saved.read_text() == sent


async def test_large_structured_content_and_resource_text_are_shown_capped_and_saved_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(result_view, "DISPLAY_LIMIT_CHARS", 1000)
    structured = {"values": ["v" * 100] * 25}  # over the (small) display budget
    resource = EmbeddedResourceBlock("mem://log.txt", "text/plain", text="L" * 1500)
    app = ResultApp(save_dir=tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await app.view.show(ok(resource, structured=structured), title="s")
        await pilot.pause()
        [resource_view, structured_view] = list(app.view.query(TextBlockView).results(TextBlockView))
        assert structured_view.id == "result-structured"
        assert not app.view.query(StructuredTree)
        assert resource_view.capped
        await save_block(app, pilot, structured_view)
        await save_block(app, pilot, resource_view)
    assert json.loads((tmp_path / "s-structured.txt").read_text()) == structured
    assert (tmp_path / "log.txt").read_text() == resource.text

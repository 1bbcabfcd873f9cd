"""The live preflight's pause (``preflight_debounce_ms``) in the preferences screen: typed, saved through
the settings service on Enter, refused plainly outside 0 to 2000 ms (the text stays for you to fix), and on
screen with its description at 80x24."""

from __future__ import annotations

from pathlib import Path

from test_preferences import CONFIG, Host, context_for
from textual.widgets import Input, Label, Static

from tui.config.loader import load_config


def status(app: Host) -> str:
    return str(app.screen.query_one("#prefs-status", Static).render())


def pause_field(app: Host) -> Input:
    return app.screen.query_one("#pref-preflight-pause", Input)


async def test_a_pause_typed_and_entered_is_saved_in_the_user_s_file_and_used(tmp_path: Path) -> None:
    ctx = context_for(tmp_path)
    app = Host(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        field = pause_field(app)
        assert field.value == "150"
        field.focus()
        field.value = "400"
        await pilot.press("enter")
        await pilot.pause()
        assert status(app) == f"Saved the live preflight pause (400 ms) to {tmp_path / 'config.toml'}"
    assert ctx.preferences.preflight_debounce_ms == 400
    assert app.changes == ["preference"]
    text = (tmp_path / "config.toml").read_text(encoding="utf-8")
    assert "preflight_debounce_ms = 400" in text
    assert "# keep asking for now" in text
    assert load_config(tmp_path / "config.toml", must_exist=True)[0].preferences.preflight_debounce_ms == 400


async def test_a_pause_out_of_range_is_refused_plainly_and_changes_nothing(tmp_path: Path) -> None:
    ctx = context_for(tmp_path)
    before = (tmp_path / "config.toml").read_bytes()
    app = Host(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        field = pause_field(app)
        field.focus()
        for typed in ("5000", "-1", "fast"):
            field.value = typed
            await pilot.press("enter")
            await pilot.pause()
            shown = f'"{typed}"' if typed == "fast" else typed
            assert status(app) == (
                "Not saved: the live preflight pause must be a whole number of milliseconds from 0 to 2000, "
                f"not {shown}."
            )
            assert field.value == typed  # yours to fix, not wiped
            assert field.has_class("-invalid")
    assert ctx.preferences.preflight_debounce_ms == 150
    assert (tmp_path / "config.toml").read_bytes() == before
    assert app.changes == []


async def test_the_pause_and_its_description_are_on_screen_at_80x24(tmp_path: Path) -> None:
    app = Host(context_for(tmp_path, CONFIG))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        field = pause_field(app)
        field.scroll_visible(animate=False, immediate=True)
        await pilot.pause()
        assert field.region.width >= 10
        assert field.region.right <= 78
        [label] = list(field.parent.query(Label)) if field.parent else []
        assert str(label.render()) == (
            "pause (ms): How long typing must pause before a resolve preflight is sent."
        )
        assert label.outer_size.width <= 78

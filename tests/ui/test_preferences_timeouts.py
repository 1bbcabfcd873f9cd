"""Timeouts in the preferences screen: each one typed, saved on Enter or on leaving the field, refused
plainly when it is not a sensible number of seconds (the text stays for you to fix while you are in the
field; once you leave it, it shows the value in force again), and on screen in full at every size."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_harness import KEEP_NOTIFICATIONS
from test_preferences import CONFIG, Host, context_for
from textual.widgets import Input, Label, Static

from tui.config.loader import load_config

TIMEOUTS = "[timeouts]  # my limits\ncall = 120  # long builds\n\n"
SIZES = [(80, 24), (120, 40), (160, 48)]


def status(app: Host) -> str:
    return str(app.screen.query_one("#prefs-status", Static).render())


def type_into(app: Host, field_id: str, text: str) -> Input:
    field = app.screen.query_one(f"#{field_id}", Input)
    field.focus()
    field.value = text
    return field


async def test_a_timeout_typed_and_entered_is_saved_in_the_user_s_file(tmp_path: Path) -> None:
    ctx = context_for(tmp_path, TIMEOUTS + CONFIG)
    app = Host(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        field = type_into(app, "timeout-call", "45")
        await pilot.press("enter")
        await pilot.pause()
        assert status(app) == f"Saved the call timeout (45 s) to {tmp_path / 'config.toml'}"
        assert field.value == "45"
        assert not field.has_class("-invalid")
    text = (tmp_path / "config.toml").read_text(encoding="utf-8")
    assert text == (TIMEOUTS + CONFIG).replace("call = 120  #", "call = 45  #")
    assert ctx.timeouts.call == 45
    assert app.changes == ["timeout"]


async def test_leaving_the_field_saves_it(tmp_path: Path) -> None:
    ctx = context_for(tmp_path)
    app = Host(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        type_into(app, "timeout-preflight", "1.5")
        await pilot.press("tab")
        await pilot.pause()
        assert status(app).startswith("Saved the preflight timeout (1.5 s)")
    assert load_config(tmp_path / "config.toml", must_exist=True)[0].timeouts.preflight == 1.5
    assert "# my servers, hand-written" in (tmp_path / "config.toml").read_text(encoding="utf-8")


async def test_a_bad_timeout_is_refused_plainly_and_the_text_stays(tmp_path: Path) -> None:
    ctx = context_for(tmp_path, TIMEOUTS + CONFIG)
    before = (tmp_path / "config.toml").read_bytes()
    app = Host(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        field = type_into(app, "timeout-call", "2 minutes")
        await pilot.press("enter")
        await pilot.pause()
        assert status(app) == 'Not saved: the call timeout must be a number of seconds, not "2 minutes".'
        assert app.screen.query_one("#prefs-status").has_class("-error")
        assert field.value == "2 minutes"  # yours to fix, not wiped
        assert field.has_class("-invalid")
        field.value = "0"
        await pilot.press("enter")
        await pilot.pause()
        assert status(app) == "Not saved: the call timeout must be greater than 0 seconds, not 0."
        field.value = "90"
        await pilot.press("enter")
        await pilot.pause()
        assert not field.has_class("-invalid")
        assert status(app).startswith("Saved the call timeout (90 s)")
    assert ctx.timeouts.call == 90
    assert (tmp_path / "config.toml").read_bytes() == before.replace(b"call = 120", b"call = 90")
    assert app.changes == ["timeout"]


async def test_a_refused_timeout_gives_way_to_the_value_in_force_once_the_field_is_left(
    tmp_path: Path,
) -> None:
    # Red text left in a field you moved away from said nothing once the status line showed something
    # else: the field shows what holds again, and the status line quotes what was refused.
    ctx = context_for(tmp_path, TIMEOUTS + CONFIG)
    app = Host(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        field = type_into(app, "timeout-call", "0")
        await pilot.press("enter")  # refused while you are still in the field: the text stays to fix
        await pilot.pause()
        assert field.value == "0"
        assert field.has_class("-invalid")
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is not field
        assert field.value == "120"
        assert not field.has_class("-invalid")
        assert status(app) == (
            "Not saved: the call timeout must be greater than 0 seconds, not 0. The call timeout stays 120 s."
        )
        type_into(app, "timeout-preflight", "2")
        await pilot.press("enter")
        await pilot.pause()
        assert status(app).startswith("Saved the preflight timeout (2 s)")
        assert field.value == "120"
        assert not field.has_class("-invalid")
    assert ctx.timeouts.call == 120
    assert b"call = 120  # long builds" in (tmp_path / "config.toml").read_bytes()


async def test_a_timeout_typed_before_escape_is_saved(tmp_path: Path) -> None:
    ctx = context_for(tmp_path)
    app = Host(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        type_into(app, "timeout-connect", "40")
        await pilot.press("escape")
        await pilot.pause()
    assert ctx.timeouts.connect == 40
    assert load_config(tmp_path / "config.toml", must_exist=True)[0].timeouts.connect == 40


async def test_a_bad_timeout_left_behind_on_escape_is_said_and_changes_nothing(tmp_path: Path) -> None:
    ctx = context_for(tmp_path)
    before = (tmp_path / "config.toml").read_bytes()
    app = Host(ctx)
    app.NOTIFICATION_TIMEOUT = KEEP_NOTIFICATIONS
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        type_into(app, "timeout-connect", "-1")
        await pilot.press("escape")
        await pilot.pause()
        [toast] = list(app._notifications)
        assert toast.message == "Not saved: the connect timeout must be greater than 0 seconds, not -1."
    assert ctx.timeouts.connect == 15
    assert (tmp_path / "config.toml").read_bytes() == before


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_every_timeout_field_and_its_words_are_on_screen(tmp_path: Path, size: tuple[int, int]) -> None:
    app = Host(context_for(tmp_path))
    width = size[0]
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        section = app.screen.query_one("#prefs-timeouts")
        for name in ("connect", "request", "call", "preflight"):
            field = section.query_one(f"#timeout-{name}", Input)
            field.scroll_visible(animate=False, immediate=True)
            await pilot.pause()
            assert field.region.width >= 10, f"{name} is {field.region.width} cells at {size}"
            assert field.region.right <= width - 2
            [label] = [w for w in field.parent.query(Label)] if field.parent else []
            assert str(label.render()).startswith(f"{name}: Seconds allowed")
            assert label.outer_size.width <= width - 2, f"the {name} label is cut at {size}"
        note = section.query(Label)[1]
        assert "at most 86400 (a day)" in str(note.render())
        assert note.outer_size.width <= section.content_size.width, f"the note is cut at {size}"

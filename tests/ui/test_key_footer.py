"""The footer shows the keys that work now, and rebuilds itself only when they change."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from app_harness import wait_for
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input

from tui.ui.textual_internals import FooterKey
from tui.ui.widgets.key_footer import KeyFooter


class Editor(Input):
    BINDINGS = [Binding("ctrl+s", "save", "Save")]


class Keys(Screen[None]):
    BINDINGS = [Binding("f5", "reload", "Reload"), Binding("f6", "check", "Check")]
    can_reload = True

    def compose(self) -> ComposeResult:
        yield Input(id="plain")
        yield Editor(id="editor")
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "reload" and not self.can_reload else True


class KeysApp(App[None]):
    ENABLE_COMMAND_PALETTE = False

    def get_default_screen(self) -> Screen[None]:
        return Keys()


def shown(app: App[None]) -> dict[str, bool]:
    """Each key on the footer: whether it is enabled."""
    return {key.key: not key.has_class("-disabled") for key in app.screen.query(FooterKey)}


def showing(app: App[None], keys: dict[str, bool]) -> Callable[[], bool]:
    """Textual rebuilds the footer after a refresh that follows the bindings signal: wait for that."""

    def condition() -> bool:
        return shown(app) == keys

    condition.__doc__ = f"the footer to show {keys}"
    return condition


class CountingFooter(KeyFooter):
    """A KeyFooter that counts the bindings signals it has handled and the times it built its keys."""

    def __init__(self) -> None:
        super().__init__()
        self.handled = 0
        self.builds = 0

    def compose(self) -> ComposeResult:
        self.builds += 1
        yield from super().compose()

    async def recompose(self) -> None:
        await super().recompose()
        self.handled += 1


async def test_the_keys_of_the_screen_are_shown_once_it_has_painted() -> None:
    async with KeysApp().run_test() as pilot:
        await wait_for(pilot, lambda: pilot.app.screen.query(FooterKey))
        assert shown(pilot.app) == {"f5": True, "f6": True}


class CountedKeys(Keys):
    def compose(self) -> ComposeResult:
        yield Input(id="plain")
        yield Editor(id="editor")
        yield CountingFooter()


class CountedKeysApp(KeysApp):
    def get_default_screen(self) -> Screen[None]:
        return CountedKeys()


async def test_signals_that_change_nothing_on_show_do_not_rebuild_the_keys() -> None:
    async with CountedKeysApp().run_test() as pilot:
        screen = pilot.app.screen
        footer = screen.query_one(CountingFooter)
        plain = screen.query_one("#plain", Input)
        plain.focus()  # an Input shows no keys of its own
        await wait_for(pilot, showing(pilot.app, {"f5": True, "f6": True}))
        await wait_for(pilot, lambda: screen.focused is plain)
        before, builds, handled = list(screen.query(FooterKey)), footer.builds, footer.handled
        for _ in range(5):
            screen.refresh_bindings()
        screen.set_focus(None)  # the focus leaves and comes back: a signal each, the same keys
        plain.focus()

        def signals_handled() -> bool:
            """the footer to handle the seven signals (each asks for one recompose)"""
            return screen.focused is plain and footer.handled >= handled + 7

        await wait_for(pilot, signals_handled)
        assert (footer.builds, list(screen.query(FooterKey))) == (builds, before)


async def test_a_key_that_stops_working_is_shown_disabled() -> None:
    async with KeysApp().run_test() as pilot:
        await wait_for(pilot, showing(pilot.app, {"f5": True, "f6": True}))
        screen = pilot.app.screen
        assert isinstance(screen, Keys)
        screen.can_reload = False
        screen.refresh_bindings()
        await wait_for(pilot, showing(pilot.app, {"f5": False, "f6": True}))


async def test_the_focused_widgets_keys_come_and_go_with_the_focus() -> None:
    async with KeysApp().run_test() as pilot:
        await wait_for(pilot, showing(pilot.app, {"f5": True, "f6": True}))
        pilot.app.screen.query_one("#editor").focus()
        await wait_for(pilot, showing(pilot.app, {"ctrl+s": True, "f5": True, "f6": True}))
        pilot.app.screen.query_one("#plain").focus()
        await wait_for(pilot, showing(pilot.app, {"f5": True, "f6": True}))


class Crowded(Screen[None]):
    BINDINGS = [Binding(f"f{n}", f"act{n}", f"Action number {n}") for n in range(1, 10)]

    def compose(self) -> ComposeResult:
        yield KeyFooter()


class CrowdedApp(App[None]):
    def get_default_screen(self) -> Screen[None]:
        return Crowded()


def fitted(app: App[None]) -> bool:
    """the footer built with its palette key, and the keys that do not fit hidden"""
    palette = app.screen.query("FooterKey.-command-palette")
    return (
        bool(palette)
        and palette.first().region.width > 0
        and not all(k.display for k in app.screen.query(FooterKey))
    )


async def test_keys_that_do_not_fit_never_show_beside_the_palette_key() -> None:
    # The palette key is docked on the right over the keys that overflow; the last column is its own.
    async with CrowdedApp().run_test(size=(60, 5)) as pilot:
        await wait_for(pilot, partial(fitted, pilot.app))
        widget, _ = pilot.app.screen.get_widget_at(59, 4)
        assert isinstance(widget, FooterKey)
        assert widget.has_class("-command-palette")


async def test_a_key_that_does_not_fit_whole_is_left_out_not_cut() -> None:
    async with CrowdedApp().run_test(size=(60, 5)) as pilot:
        await wait_for(pilot, partial(fitted, pilot.app))
        palette = pilot.app.screen.query_one("FooterKey.-command-palette", FooterKey)
        keys = [key for key in pilot.app.screen.query(FooterKey) if key is not palette]
        shown = [key for key in keys if key.display]
        assert 0 < len(shown) < len(keys)
        assert shown == keys[: len(shown)]  # the first ones, in order
        assert all(key.region.right <= palette.region.x for key in shown)


class PaletteScreen(Screen[None]):
    def compose(self) -> ComposeResult:
        yield KeyFooter()


class PaletteApp(App[None]):
    palette_works = True

    def get_default_screen(self) -> Screen[None]:
        return PaletteScreen()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "command_palette" and not self.palette_works else True


async def test_the_palette_key_follows_whether_the_palette_can_open() -> None:
    app = PaletteApp()
    async with app.run_test() as pilot:
        await wait_for(pilot, showing(app, {app.COMMAND_PALETTE_BINDING: True}))
        app.palette_works = False
        app.screen.refresh_bindings()
        await wait_for(pilot, showing(app, {app.COMMAND_PALETTE_BINDING: False}))
        palette = app.screen.query_one("FooterKey.-command-palette", FooterKey)
        assert palette.has_class("-disabled")

"""Preferences edited in the app and read back from disk: comments kept, refusals plain, nothing lost."""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Input, Label, Select, Static, Switch

from tui.config.loader import load_config
from tui.config.model import ServerConfig, ToolRule, Trust
from tui.safety.approvals import ApprovalBook
from tui.safety.grade import Grade
from tui.safety.tool_hash import DefinitionSnapshot
from tui.session.settings import SettingsService
from tui.store.approvals import ApprovalsStore, grant, set_override
from tui.ui.screens.preferences import PreferencesScreen

CONFIG = """\
# my servers, hand-written
[preferences]
auto_approve_safe = false  # keep asking for now

[servers.files]  # the filesystem server
command = "files-server"
args = ["/tmp"]

[servers.web]
url = "https://example.com/mcp"  # remote
"""


class Host(App[None]):
    def __init__(self, context: SettingsService) -> None:
        super().__init__()
        self.context = context
        self.changes: list[str] = []
        # What the session relays to every front end as SettingsChanged (the main screen redraws on it).
        context.listeners.append(self.changes.append)

    def compose(self) -> ComposeResult:
        yield Static("main")

    def on_mount(self) -> None:
        self.push_screen(PreferencesScreen(self.context))


def context_for(
    tmp_path: Path,
    text: str = CONFIG,
    servers: list[ServerConfig] | None = None,
    read_only_from: str | None = None,
) -> SettingsService:
    """``read_only_from``: the settings were read from another client's JSON file of that name."""
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    config, _ = load_config(path, must_exist=True)
    if read_only_from is not None:
        config.source = str(tmp_path / read_only_from)
    return SettingsService(
        config=config,
        config_file=path if read_only_from is None else None,
        servers=list(config.servers) if servers is None else servers,
        approvals_file=tmp_path / "approvals.json",
    )


def status(app: Host) -> str:
    return str(app.screen.query_one("#prefs-status", Static).render())


async def click_in_view(pilot: Pilot[None], selector: str) -> None:
    """Scroll the preferences to ``selector`` (the sections above it may fill the screen), then click it."""
    pilot.app.screen.query_one(selector).scroll_visible(animate=False, immediate=True)
    await pilot.pause()
    await pilot.click(selector)


async def test_edits_are_written_and_comments_survive(tmp_path: Path) -> None:
    ctx = context_for(tmp_path)
    app = Host(ctx)
    async with app.run_test(size=(160, 80)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PreferencesScreen)
        assert isinstance(app.focused, Switch)
        await pilot.press("enter")  # the first switch: auto-approve safe calls
        await pilot.pause()
        screen.query_one("#trust-1", Switch).value = True  # web: trusted
        await pilot.pause()
        screen.query_one("#rule-new-server", Select).value = "files"
        screen.query_one("#rule-new-tool", Input).value = "read_file"
        screen.query_one("#rule-new-action", Select).value = "always"
        screen.query_one("#rule-new-ceiling", Select).value = "low"
        await pilot.pause()
        await pilot.click("#rule-add")
        await pilot.pause()
        assert "Saved the rule for read_file on files" in status(app)

    config, problems = load_config(tmp_path / "config.toml", must_exist=True)
    assert problems == []
    assert config.preferences.auto_approve_safe is True
    assert {s.name: s.trust for s in config.servers} == {"files": Trust.UNTRUSTED, "web": Trust.TRUSTED}
    assert config.rules == [ToolRule("files", "read_file", "always", "low")]
    text = (tmp_path / "config.toml").read_text(encoding="utf-8")
    for comment in (
        "# my servers, hand-written",
        "# keep asking for now",
        "# the filesystem server",
        "# remote",
    ):
        assert comment in text
    # The app's live state follows, and it was told.
    assert ctx.preferences.auto_approve_safe is True
    assert ctx.policy.preferences.auto_approve_safe is True
    assert ctx.servers[1].trust is Trust.TRUSTED
    assert ctx.server("web").trust is Trust.TRUSTED
    assert ctx.rules == config.rules
    assert app.changes == ["preference", "trust", "rule"]


async def test_change_and_remove_a_rule(tmp_path: Path) -> None:
    ctx = context_for(
        tmp_path, CONFIG + '\n[[rules]]  # mine\nserver = "files"\ntool = "rm"\naction = "ask"\n'
    )
    app = Host(ctx)
    async with app.run_test(size=(160, 80)) as pilot:
        await pilot.pause()
        ceiling = app.screen.query_one("#rule-ceiling-0", Select)
        assert not ceiling.visible  # "always ask ... up to critical" would contradict itself
        app.screen.query_one("#rule-action-0", Select).value = "always"
        await pilot.pause()
        assert ceiling.visible
        app.screen.query_one("#rule-action-0", Select).value = "never"
        await pilot.pause()
        assert not ceiling.visible
        assert load_config(tmp_path / "config.toml", must_exist=True)[0].rules == [
            ToolRule("files", "rm", "never")
        ]
        await pilot.click("#rule-remove-0")
        await pilot.pause()
    assert load_config(tmp_path / "config.toml", must_exist=True)[0].rules == []
    assert ctx.rules == []
    assert "# my servers, hand-written" in (tmp_path / "config.toml").read_text(encoding="utf-8")


async def test_broken_config_says_it_cannot_save_and_stays_byte_identical(tmp_path: Path) -> None:
    broken = CONFIG + "\n[preferences\nauto_approve_low = true\n"
    ctx = context_for(tmp_path, broken)
    before = (tmp_path / "config.toml").read_bytes()
    app = Host(ctx)
    async with app.run_test(size=(160, 80)) as pilot:
        await pilot.pause()
        source = str(app.screen.query_one("#prefs-source", Static).render())
        assert source.startswith("Changes cannot be saved:")
        assert "TOML syntax error" in source
        switch = app.screen.query_one("#pref-auto_approve_low", Switch)
        switch.value = True
        await pilot.pause()
        assert status(app).startswith("Not saved:")
        assert switch.value is False  # the switch shows what is really in force
        assert ctx.preferences.auto_approve_low is False
        assert app.changes == []
    assert (tmp_path / "config.toml").read_bytes() == before


async def test_a_file_saved_by_windows_notepad_is_edited_and_keeps_its_byte_order_mark(
    tmp_path: Path,
) -> None:
    notepad = "\ufeff" + CONFIG.replace("\n", "\r\n")
    ctx = context_for(tmp_path, notepad)
    app = Host(ctx)
    async with app.run_test(size=(160, 80)) as pilot:
        await pilot.pause()
        assert "cannot be saved" not in str(app.screen.query_one("#prefs-source", Static).render())
        app.screen.query_one("#trust-0", Switch).value = True
        await pilot.pause()
        assert status(app).startswith("Saved the trust setting of files")
        app.screen.query_one("#pref-auto_approve_safe", Switch).value = True
        await pilot.pause()
        assert status(app).startswith("Saved auto approve safe (on)")
    expected = notepad.replace("= false  #", "= true  #").replace(
        'args = ["/tmp"]\r\n', 'args = ["/tmp"]\r\ntrust = "trusted"\r\n'
    )
    assert (tmp_path / "config.toml").read_bytes() == expected.encode()


async def test_json_source_is_read_only(tmp_path: Path) -> None:
    ctx = context_for(tmp_path, read_only_from="claude_desktop_config.json")
    before = (tmp_path / "config.toml").read_bytes()
    app = Host(ctx)
    async with app.run_test(size=(160, 80)) as pilot:
        await pilot.pause()
        assert "Read-only" in str(app.screen.query_one("#prefs-source", Static).render())
        app.screen.query_one("#trust-0", Switch).value = True
        await pilot.pause()
        assert "only reads that file" in status(app)
        assert ctx.servers[0].trust is Trust.UNTRUSTED
    assert (tmp_path / "config.toml").read_bytes() == before


def seed_approvals(tmp_path: Path) -> None:
    store = ApprovalsStore(tmp_path / "approvals.json")
    store.load()
    book = ApprovalBook()
    for tool in ("read_file", "delete_file"):
        definition = DefinitionSnapshot.of(tool, "d", {"type": "object"}, {"readOnlyHint": True})
        approval = book.grant("files|stdio|files-server /tmp", "files", definition, Grade.SAFE, "always")
        assert store.update(grant(approval)).result == "written"
    assert store.update(set_override("files", "delete_file", {"destructiveHint": True})).result == "written"


async def test_revoke_an_approval_and_edit_an_override(tmp_path: Path) -> None:
    seed_approvals(tmp_path)
    ctx = context_for(tmp_path)
    app = Host(ctx)
    async with app.run_test(size=(160, 80)) as pilot:
        await pilot.pause()
        screen = app.screen
        rows = [str(w.render()) for w in screen.query(".approval-text").results(Static)]
        assert rows[1].startswith("files / read_file: up to safe, always, since ")
        assert "files / delete_file: your override" in str(
            screen.query_one(".override-name", Static).render()
        )
        await click_in_view(pilot, "#approval-revoke-1")
        await pilot.pause()
        assert status(app) == (
            "read_file on files is no longer always allowed up to safe: your rules and preferences decide "
            f"its next call. Saved to {tmp_path / 'approvals.json'}."
        )
        screen.query_one("#override-0-readOnlyHint", Select).value = "false"
        await pilot.pause()

    stored = ApprovalsStore(tmp_path / "approvals.json").load()
    assert [a.tool for a in stored.approvals] == ["delete_file"]
    assert stored.overrides.get("files", "delete_file") == {"readOnlyHint": False, "destructiveHint": True}
    assert [a.tool for a in ctx.approvals()] == ["delete_file"]
    assert app.changes == ["approval", "override"]


async def test_refused_approvals_file_loses_nothing(tmp_path: Path) -> None:
    seed_approvals(tmp_path)
    ctx = context_for(tmp_path)
    path = tmp_path / "approvals.json"
    path.write_text(path.read_text(encoding="utf-8")[:-5], encoding="utf-8")  # the user broke it by hand
    before = path.read_bytes()
    app = Host(ctx)
    async with app.run_test(size=(160, 80)) as pilot:
        await pilot.pause()
        await click_in_view(pilot, "#approval-revoke-0")
        await pilot.pause()
        assert status(app).startswith("Not saved:")
        assert "not valid JSON" in status(app)
        assert len(ctx.approvals()) == 2
        assert len(app.screen.query("#approval-revoke-1")) == 1
    assert path.read_bytes() == before


async def test_servers_not_in_config_toml_can_be_trusted_for_this_session_only(tmp_path: Path) -> None:
    from tui.config.cli_servers import adhoc_servers
    from tui.config.defaults import demo_server_config

    servers = [demo_server_config(), *adhoc_servers(["http://127.0.0.1:9/mcp"])]
    context = context_for(tmp_path, "# nothing configured\n", servers)
    app = Host(context)
    async with app.run_test(size=(130, 50)) as pilot:
        await pilot.pause()
        words = [str(label.content) for label in app.screen.query(".trust-state").results(Label)]
        assert "for this session only (the bundled demo server starts untrusted)" in words[0]
        assert "add it to config.toml to keep it" in words[1]
        app.screen.query_one("#trust-0", Switch).value = True
        await pilot.pause()
        assert context.servers[0].trust is Trust.TRUSTED
        assert context.server("demo").trust is Trust.TRUSTED
        assert app.changes == ["trust"]
        label = app.screen.query_one("#trust-state-0", Label)
        assert str(label.content).startswith("trusted")
    assert (tmp_path / "config.toml").read_text(encoding="utf-8") == "# nothing configured\n"


async def test_a_rule_for_a_tool_the_server_does_not_offer_is_saved_with_a_warning(tmp_path: Path) -> None:
    ctx = context_for(tmp_path)
    ctx.tool_names = lambda server: ["read_text_file", "write_file"] if server == "files" else []
    app = Host(ctx)
    async with app.run_test(size=(160, 80)) as pilot:
        await pilot.pause()
        app.screen.query_one("#rule-new-server", Select).value = "files"
        app.screen.query_one("#rule-new-tool", Input).value = "read_txt_file"
        await pilot.click("#rule-add")
        await pilot.pause()
        assert "files offers no tool named 'read_txt_file'" in status(app)
    assert [r.tool for r in load_config(tmp_path / "config.toml", must_exist=True)[0].rules] == [
        "read_txt_file"
    ]

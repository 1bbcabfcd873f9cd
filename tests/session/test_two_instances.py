"""Two instances must not undo each other: every save applies its one change to the file as it is on disk
now, under an inter-process lock. Each instance here is a real process with its own SettingsService,
loaded before the other one writes (so its memory is stale, as a second running mcp-tui's would be)."""

from __future__ import annotations

import multiprocessing
from pathlib import Path
from typing import Any

from settings_support import settings_in

from tui.config.model import ServerConfig, ToolRule
from tui.safety.confirm import ConfirmChoice
from tui.safety.grade import Grade
from tui.safety.tool_hash import DefinitionSnapshot
from tui.session.settings import SettingsService

CONFIG = '# my settings\n[servers.files]  # the file server\ncommand = "files-server"\n'
SERVER = ServerConfig("files", "stdio", command="files-server")


def service(home: Path) -> SettingsService:
    return settings_in(home)


def approve(settings: SettingsService, tool: str) -> tuple[str, ...]:
    definition = DefinitionSnapshot.of(tool, "d", {"type": "object"}, {"readOnlyHint": True})
    return settings.remember(ConfirmChoice.ALWAYS, SERVER, definition, Grade.SAFE)


def remembered(settings: SettingsService) -> list[str]:
    return sorted(approval.tool for approval in settings.book.persistent())


def run_instances(home: Path, *steps: Any) -> list[Any]:
    """Start one process per step function; all load their settings, then run in the order given."""
    context = multiprocessing.get_context("spawn")
    loaded = context.Barrier(len(steps))
    turns = [context.Event() for _ in steps]
    results = context.Queue()
    processes = [
        context.Process(target=instance, args=(str(home), step, index, loaded, turns, results))
        for index, step in enumerate(steps)
    ]
    for process in processes:
        process.start()
    answers = dict(results.get(timeout=120) for _ in processes)
    for process in processes:
        process.join(timeout=60)
        assert process.exitcode == 0
    return [answers[index] for index in range(len(steps))]


def instance(home: str, step: Any, index: int, loaded: Any, turns: list[Any], results: Any) -> None:
    settings = service(Path(home))  # loaded before any instance writes
    loaded.wait()
    if index:
        turns[index - 1].wait(timeout=60)
    try:
        results.put((index, step(settings)))
    finally:
        turns[index].set()


def revoke_reader(settings: SettingsService) -> list[str]:
    [reader] = [a for a in settings.book.persistent() if a.tool == "reader"]
    assert settings.revoke(reader).ok
    return remembered(settings)


def approve_writer(settings: SettingsService) -> tuple[list[str], tuple[str, ...]]:
    assert remembered(settings) == ["reader"]  # stale: the other instance has revoked it by now
    notes = approve(settings, "writer")
    return remembered(settings), notes


def test_a_revoke_in_one_instance_and_a_grant_in_another_both_hold(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text(CONFIG, encoding="utf-8")
    approve(service(tmp_path), "reader")
    after_revoke, (after_grant, notes) = run_instances(tmp_path, revoke_reader, approve_writer)
    assert after_revoke == []
    assert after_grant == ["writer"], "the second instance reloaded the file and kept the revoke"
    assert any("changed elsewhere" in note for note in notes)
    assert remembered(service(tmp_path)) == ["writer"], "a new instance would still ask before reader"


def approve_x(settings: SettingsService) -> list[str]:
    approve(settings, "x")
    return remembered(settings)


def approve_y(settings: SettingsService) -> list[str]:
    approve(settings, "y")
    return remembered(settings)


def test_approvals_made_in_two_instances_both_survive(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text(CONFIG, encoding="utf-8")
    assert run_instances(tmp_path, approve_x, approve_y) == [["x"], ["x", "y"]]
    assert remembered(service(tmp_path)) == ["x", "y"]


def many_approvals(prefix: str) -> Any:
    def step(settings: SettingsService) -> None:
        for n in range(10):
            approve(settings, f"{prefix}{n}")

    return step


def approvals_a(settings: SettingsService) -> None:
    many_approvals("a")(settings)


def approvals_b(settings: SettingsService) -> None:
    many_approvals("b")(settings)


def rules_a(settings: SettingsService) -> None:
    for n in range(8):
        assert settings.set_rule(ToolRule("files", f"a{n}", "never")).ok


def rules_b(settings: SettingsService) -> None:
    for n in range(8):
        assert settings.set_rule(ToolRule("files", f"b{n}", "never")).ok


def test_two_instances_saving_at_the_same_time_lose_nothing(tmp_path: Path) -> None:
    """No turns here: both write at once, so only the lock keeps each read-merge-write whole."""
    (tmp_path / "config.toml").write_text(CONFIG, encoding="utf-8")
    context = multiprocessing.get_context("spawn")
    for pair in ((approvals_a, approvals_b), (rules_a, rules_b)):
        start = context.Barrier(2)
        processes = [context.Process(target=together, args=(str(tmp_path), step, start)) for step in pair]
        for process in processes:
            process.start()
        for process in processes:
            process.join(timeout=120)
            assert process.exitcode == 0
    fresh = service(tmp_path)
    assert remembered(fresh) == sorted([f"a{n}" for n in range(10)] + [f"b{n}" for n in range(10)])
    assert sorted(rule.tool for rule in fresh.rules) == sorted(
        [f"a{n}" for n in range(8)] + [f"b{n}" for n in range(8)]
    )
    assert (tmp_path / "config.toml").read_text(encoding="utf-8").startswith(CONFIG), "comments kept"


def test_two_instances_editing_a_file_with_a_byte_order_mark_at_once_lose_nothing(tmp_path: Path) -> None:
    """Windows Notepad starts the file with a BOM: both instances edit it, and it is still there after."""
    config_file = tmp_path / "config.toml"
    config_file.write_bytes(b"\xef\xbb\xbf" + CONFIG.encode())
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(2)
    processes = [
        context.Process(target=together, args=(str(tmp_path), step, start)) for step in (rules_a, rules_b)
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=120)
        assert process.exitcode == 0
    assert sorted(rule.tool for rule in service(tmp_path).rules) == sorted(
        [f"a{n}" for n in range(8)] + [f"b{n}" for n in range(8)]
    )
    assert config_file.read_bytes().decode("utf-8").startswith("\ufeff" + CONFIG), "BOM and comments kept"


def together(home: str, step: Any, start: Any) -> None:
    settings = service(Path(home))
    start.wait()
    step(settings)


def turn_on_auto_safe(settings: SettingsService) -> bool:
    assert settings.set_preference("auto_approve_safe", True).ok
    return settings.preferences.auto_approve_safe


def add_a_rule(settings: SettingsService) -> tuple[bool, str | None]:
    assert not settings.preferences.auto_approve_safe  # stale
    saved = settings.set_rule(ToolRule("files", "reader", "ask"))
    return settings.preferences.auto_approve_safe, saved.note


def test_a_config_edit_keeps_the_other_instance_s_edit_and_reloads_it(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text(CONFIG, encoding="utf-8")
    first, (reloaded_preference, note) = run_instances(tmp_path, turn_on_auto_safe, add_a_rule)
    assert first is True
    assert reloaded_preference is True, "the second instance now runs with the first one's preference"
    assert "changed elsewhere" in (note or "")
    fresh = service(tmp_path)
    assert fresh.preferences.auto_approve_safe
    assert [rule.tool for rule in fresh.rules] == ["reader"]


def set_call_timeout(settings: SettingsService) -> float:
    assert settings.set_timeout("call", "45").ok
    return settings.timeouts.call


def set_preflight_timeout(settings: SettingsService) -> tuple[float, float]:
    assert settings.timeouts.call == 120  # stale: the other instance saved 45 by now
    assert settings.set_timeout("preflight", "1.5").ok
    return settings.timeouts.call, settings.timeouts.preflight


def test_timeouts_saved_in_two_instances_both_hold(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text(CONFIG, encoding="utf-8")
    first, second = run_instances(tmp_path, set_call_timeout, set_preflight_timeout)
    assert first == 45
    assert second == (45, 1.5), "the second instance reloaded the first one's timeout"
    fresh = service(tmp_path)
    assert (fresh.timeouts.call, fresh.timeouts.preflight) == (45, 1.5)
    assert (tmp_path / "config.toml").read_text(encoding="utf-8").startswith(CONFIG), "comments kept"


def timeouts_a(settings: SettingsService) -> None:
    for n in range(1, 9):
        assert settings.set_timeout("call", str(100 + n)).ok


def timeouts_b(settings: SettingsService) -> None:
    for n in range(1, 9):
        assert settings.set_timeout("connect", str(10 + n)).ok


def test_two_instances_saving_timeouts_at_the_same_time_lose_nothing(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text(CONFIG, encoding="utf-8")
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(2)
    processes = [
        context.Process(target=together, args=(str(tmp_path), step, start))
        for step in (timeouts_a, timeouts_b)
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=120)
        assert process.exitcode == 0
    fresh = service(tmp_path)
    assert (fresh.timeouts.call, fresh.timeouts.connect) == (108, 18)

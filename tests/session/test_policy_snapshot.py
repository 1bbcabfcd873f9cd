"""The policy is a snapshot of the two files, swapped whole: after any change it is a new object equal to
one built fresh from what config.toml and the approvals file hold, and the snapshot read before is as it
was. Nothing assigns into a policy."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest
from settings_support import settings_in

from tui.config.loader import load_config
from tui.config.model import ServerConfig, ToolRule, Trust
from tui.safety.confirm import ConfirmChoice
from tui.safety.grade import Grade
from tui.safety.policy import Policy
from tui.safety.tool_hash import DefinitionSnapshot
from tui.session.settings import SettingsService, policy_of
from tui.store.approvals import load_approvals

CONFIG = """\
# mine
[preferences]
auto_approve_safe = false  # not yet

[servers.files]  # the file server
command = "files-server"

[[rules]]
server = "files"
tool = "rm"
action = "never"
"""
DEFINITION = DefinitionSnapshot(name="read", description="reads", input_schema={"type": "object"})


def fresh_from_the_files(home: Path) -> Policy:
    config, problems = load_config(home / "config.toml", must_exist=True)
    stored, problem = load_approvals(home / "approvals.json")
    assert problems == []
    assert problem is None
    return policy_of(config, stored)


def service(home: Path) -> SettingsService:
    (home / "config.toml").write_text(CONFIG, encoding="utf-8")
    return settings_in(home)


def files_server(settings: SettingsService) -> ServerConfig:
    return settings.server("files")


CHANGES: dict[str, Callable[[SettingsService], object]] = {
    "set_preference": lambda s: s.set_preference("auto_approve_safe", True),
    "set_preflight_debounce": lambda s: s.set_preflight_debounce("300"),
    "set_rule": lambda s: s.set_rule(ToolRule("files", "read", "always", "low")),
    "replace_rule": lambda s: s.set_rule(ToolRule("files", "rm", "ask")),
    "remove_rule": lambda s: s.remove_rule("files", "rm"),
    "set_override": lambda s: s.set_override("files", "read", {"readOnlyHint": True}),
    "remember_always": lambda s: s.remember(ConfirmChoice.ALWAYS, files_server(s), DEFINITION, Grade.LOW),
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_each_change_swaps_in_a_new_snapshot_equal_to_one_built_from_the_files(
    tmp_path: Path, change: str
) -> None:
    settings = service(tmp_path)
    before = settings.policy
    kept = dataclasses.replace(before)  # an equal copy, to see that ``before`` is left as it was
    assert before == fresh_from_the_files(tmp_path)

    CHANGES[change](settings)

    after = settings.policy
    assert after is not before
    assert after != before, "the change reached the snapshot"
    assert after == fresh_from_the_files(tmp_path)
    assert before == kept, "the snapshot read before the change is unchanged"


def test_an_edit_made_elsewhere_is_read_back_with_this_one_into_one_new_snapshot(tmp_path: Path) -> None:
    settings = service(tmp_path)
    before = settings.policy
    config_file = tmp_path / "config.toml"
    # Another instance (or the person, by hand) adds a rule and loosens a preference meanwhile.
    edited = CONFIG.replace("auto_approve_safe = false", "auto_approve_low = true\nauto_approve_safe = false")
    config_file.write_text(edited + '\n[[rules]]\nserver = "files"\ntool = "cp"\naction = "ask"\n')

    saved = settings.set_preference("auto_approve_safe", True)

    assert "changed elsewhere" in (saved.note or "")
    assert settings.policy == fresh_from_the_files(tmp_path)
    assert settings.policy.preferences.auto_approve_low is True
    assert [rule.tool for rule in settings.policy.rules] == ["rm", "cp"]
    assert before.preferences.auto_approve_low is False
    assert [rule.tool for rule in before.rules] == ["rm"]


def test_a_refused_save_keeps_the_very_same_snapshot(tmp_path: Path) -> None:
    settings = service(tmp_path)
    before = settings.policy
    (tmp_path / "approvals.json").write_text("{ not json", encoding="utf-8")
    settings.approvals_json.store.load()  # the person broke the file: changes to it are refused
    assert not settings.set_override("files", "read", {"readOnlyHint": True}).ok
    assert not settings.set_preflight_debounce("not a number").ok
    assert settings.policy is before


def test_a_snapshot_cannot_be_changed_in_place(tmp_path: Path) -> None:
    settings = service(tmp_path)
    assert settings.set_override("files", "read", {"readOnlyHint": True}).ok
    policy = settings.policy
    with pytest.raises(dataclasses.FrozenInstanceError):
        policy.preferences = policy.preferences  # type: ignore[misc]
    with pytest.raises(TypeError):
        policy.overrides[("files", "read")]["readOnlyHint"] = False  # type: ignore[index]
    with pytest.raises(AttributeError):
        policy.rules.append(ToolRule("files", "x", "never"))  # type: ignore[attr-defined]
    handed_out = policy.override("files", "read")
    assert handed_out is not None
    handed_out["readOnlyHint"] = False  # a copy: the snapshot keeps what the file says
    assert policy.override("files", "read") == {"readOnlyHint": True}


def test_a_server_s_config_has_one_holder_that_a_trust_or_roots_change_replaces(tmp_path: Path) -> None:
    settings = service(tmp_path)
    held = files_server(settings)
    assert settings.set_server_setting("files", "roots", (str(tmp_path),)).ok
    assert settings.set_trust("files", Trust.TRUSTED).ok
    now = settings.server("files")
    assert (now.trust, now.roots) == (Trust.TRUSTED, (str(tmp_path),))
    assert settings.servers == [now]
    assert (held.trust, held.roots) == (Trust.UNTRUSTED, ()), "replaced, not changed in place"

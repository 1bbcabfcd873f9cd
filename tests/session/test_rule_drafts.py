"""The rules editor's session side: a draft is read by its tier file's own reader, added at the file's end
(config.toml or the project's policy file, everything before it kept), and taken as this instance's own
change, not one "made elsewhere"."""

from __future__ import annotations

from pathlib import Path

from tui.config.loader import load_config
from tui.session.rule_drafts import ConditionDraft, RuleDraft
from tui.session.settings import SettingsService
from tui.session.tier_files import TierFiles

CONFIG = """\
# mine
[servers.demo]
command = "python"  # the demo
"""


def settings_with_project(home: Path, project: Path) -> SettingsService:
    config_file = home / "config.toml"
    config, problems = load_config(config_file, must_exist=True)
    assert problems == []
    tiers = TierFiles(environ={"MCP_TUI_SYSTEM_POLICY_PATH": str(home / "none.toml")}, cwd=project)
    return SettingsService(
        config=config,
        config_file=config_file,
        servers=list(config.servers),
        approvals_file=home / "approvals.json",
        tiers=tiers,
    )


def test_a_project_rule_goes_to_the_project_file_and_is_in_force(tmp_path: Path) -> None:
    home, project = tmp_path / "home", tmp_path / "project"
    home.mkdir()
    project.mkdir()
    (home / "config.toml").write_text(CONFIG, encoding="utf-8")
    settings = settings_with_project(home, project)
    heard: list[list[str]] = []
    settings.policy_listeners.append(heard.append)
    draft = RuleDraft(
        "project", "demo", "sql", "never", conditions=(ConditionDraft("query", "regex", r"(?i)\bdrop\b"),)
    )
    saved = settings.add_rule(draft)
    assert saved.ok, saved.message
    policy_file = project / ".mcp-tui" / "policy.toml"
    assert saved.message == f"Saved the rule to the project's policy: {policy_file}, line 1"
    assert policy_file.read_text(encoding="utf-8") == (
        '[[rules]]\nserver = "demo"\ntool = "sql"\naction = "never"\n'
        'when.query = { regex = "(?i)\\\\bdrop\\\\b" }\n'
    )
    [rule] = [r for r in settings.policy.rules if r.tier == "project"]
    assert (rule.action, rule.tool, rule.line) == ("never", "sql", 1)
    assert settings.refresh() == [], "its own write is not a change made elsewhere"
    assert heard == []
    assert (home / "config.toml").read_text(encoding="utf-8") == CONFIG


def test_a_user_rule_is_appended_and_a_bad_one_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text(CONFIG, encoding="utf-8")
    settings = settings_with_project(tmp_path, tmp_path)
    bad = RuleDraft("user", "demo", "sql", "always", "low", (ConditionDraft("count", "min", "many"),))
    saved = settings.add_rule(bad)
    assert not saved.ok
    assert saved.message.startswith("Not saved: ")
    assert "min must be a number" in saved.message
    assert (tmp_path / "config.toml").read_text(encoding="utf-8") == CONFIG

    good = RuleDraft("user", "demo", "sql", "always", "low", (ConditionDraft("grade", "max", "low"),))
    checked = settings.check_rule(good)
    assert checked.rule is not None
    assert checked.rule.line == 5, "after the file's three lines and a blank one"
    assert settings.add_rule(good).ok
    text = (tmp_path / "config.toml").read_text(encoding="utf-8")
    assert text == CONFIG + (
        '\n[[rules]]\nserver = "demo"\ntool = "sql"\naction = "always"\nceiling = "low"\n'
        'when.grade = { max = "low" }\n'
    )
    [rule] = [r for r in settings.policy.rules if r.tier == "user"]
    assert (rule.line, rule.ceiling, rule.when[0].describe()) == (5, "low", "grade max low")
    assert settings.refresh() == []

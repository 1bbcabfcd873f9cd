"""Editing a rule with conditions in place (issue 26): listed with its line, loaded back as a draft,
replaced where it is or removed, the text around it kept byte for byte; a file changed since the rule was
loaded is never written over."""

from __future__ import annotations

from pathlib import Path

from test_rule_drafts import settings_with_project

from tui.session.rule_drafts import ConditionDraft

CONFIG = """\
# mine
[servers.demo]
command = "python"  # the demo

# keep notes asking
[[rules]]
server = "demo"
tool = "manage_files"
action = "ask"
when.path = { glob = "notes/*" }
# a comment between the rules

[[rules]]
server = "demo"
tool = "sql"
action = "always"
ceiling = "low"
when.query = { equals = "1", prefix = "select" }
when.provenance = ["explicit"]
"""
SQL_LINE = 13


def test_rules_with_conditions_are_listed_loaded_and_replaced_in_place(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text(CONFIG, encoding="utf-8")
    settings = settings_with_project(tmp_path, tmp_path)
    files, sql = settings.editable_rules("user")
    assert (files.location, sql.location) == ("config.toml:6", f"config.toml:{SQL_LINE}")
    assert files.words == 'ask manage_files on demo when path glob "notes/*"'
    # Loaded back as typed: "1" stays a string (JSON), the provenance a list.
    assert sql.draft.conditions == (
        ConditionDraft("query", "equals", '"1"'),
        ConditionDraft("query", "prefix", "select"),
        ConditionDraft("provenance", "is", "explicit"),
    )
    assert sql.draft.table().endswith(
        'when.query = { equals = "1", prefix = "select" }\nwhen.provenance = ["explicit"]\n'
    )

    two = (ConditionDraft("path", "glob", "docs/*"), ConditionDraft("content", "present", "true"))
    saved = settings.save_rule_at(files, files.draft.__class__(**{**files.draft.__dict__, "conditions": two}))
    assert saved.ok, saved.message
    assert saved.message.endswith("config.toml, line 6")
    text = (tmp_path / "config.toml").read_text(encoding="utf-8")
    assert text == CONFIG.replace(
        'when.path = { glob = "notes/*" }\n',
        'when.path = { glob = "docs/*" }\nwhen.content = { present = true }\n',
    )
    [rule] = [r for r in settings.policy.rules if r.tool == "manage_files"]
    assert [c.describe() for c in rule.when] == ['path glob "docs/*"', "content present true"]
    assert settings.refresh() == [], "its own write is not a change made elsewhere"


def test_remove_deletes_only_that_rule(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text(CONFIG, encoding="utf-8")
    settings = settings_with_project(tmp_path, tmp_path)
    _, sql = settings.editable_rules("user")
    saved = settings.remove_rule_at(sql)
    assert saved.ok, saved.message
    assert saved.message == f"Removed the rule at config.toml:{SQL_LINE}"
    text = (tmp_path / "config.toml").read_text(encoding="utf-8")
    assert text == CONFIG[: CONFIG.index('\n[[rules]]\nserver = "demo"\ntool = "sql"')]  # the blank line too
    assert [r.tool for r in settings.policy.rules if r.tier == "user"] == ["manage_files"]


def test_a_file_changed_since_the_rule_was_loaded_is_not_written(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text(CONFIG, encoding="utf-8")
    settings = settings_with_project(tmp_path, tmp_path)
    files, sql = settings.editable_rules("user")
    by_hand = "# a line added by hand\n" + CONFIG  # every rule is a line lower now
    config.write_text(by_hand, encoding="utf-8")
    for saved in (settings.save_rule_at(files, files.draft), settings.remove_rule_at(sql)):
        assert not saved.ok
        assert saved.message.startswith(f"Not saved: {config} changed on disk since the rule was loaded")
        assert "nothing was written" in saved.message
    assert config.read_text(encoding="utf-8") == by_hand


def test_a_project_rule_is_replaced_in_the_project_file(tmp_path: Path) -> None:
    home, project = tmp_path / "home", tmp_path / "project"
    home.mkdir()
    (project / ".mcp-tui").mkdir(parents=True)
    (home / "config.toml").write_text("# mine\n", encoding="utf-8")
    policy = project / ".mcp-tui" / "policy.toml"
    policy.write_text(
        '# the team\'s\n[[rules]]\nserver = "demo"\ntool = "sql"\naction = "never"\n'
        'when.query = { regex = "drop" }\n',
        encoding="utf-8",
    )
    settings = settings_with_project(home, project)
    assert settings.editable_rules("user") == []
    [rule] = settings.editable_rules("project")
    assert rule.location == "policy.toml:2"
    changed = rule.draft.__class__(**{**rule.draft.__dict__, "action": "ask"})
    assert settings.save_rule_at(rule, changed).ok
    assert policy.read_text(encoding="utf-8").startswith("# the team's\n[[rules]]\n")
    [in_force] = [r for r in settings.policy.rules if r.tier == "project"]
    assert (in_force.action, in_force.line) == ("ask", 2)

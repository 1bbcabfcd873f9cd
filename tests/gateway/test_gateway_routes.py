"""Who the gateway asks, and in which order: ``[gateway] ask`` in config.toml, and a managed
``[gateway] elicitation_up_to`` that keeps high and critical calls off the agent host's forms."""

from __future__ import annotations

from pathlib import Path

import pytest
from gateway_harness import agent, answer, seed_sandbox, text_of, write_config
from test_gateway_command import run_gateway

from tui.config.loader import load_config
from tui.config.policy_files import read_policy_file

NOTES = "Buy milk.\n"
ALLOW = {"allow": True}


async def test_ask_without_elicitation_never_asks_the_host(home: Path) -> None:
    """ask = ["console"]: a host that offers forms is not asked; with no mcp-tui attached, nothing is sent."""
    seed_sandbox(home / "demo-sandbox", {"notes.txt": NOTES})
    write_config(home, '[gateway]\nask = ["console"]\n')
    accept = answer("accept", ALLOW)
    async with agent(home, accept) as client:
        result = await client.call_tool("manage_files", {"action": "delete", "path": "notes.txt"})
    assert accept.asked == []
    assert result.is_error
    assert "Approval needed" in text_of(result)
    assert "no mcp-tui is attached to the gateway" in text_of(result)
    assert (home / "demo-sandbox" / "notes.txt").exists()


async def test_a_managed_limit_keeps_high_calls_off_the_hosts_form(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    managed = home / "managed.toml"
    managed.write_text('[gateway]\nelicitation_up_to = "medium"\n', encoding="utf-8")
    monkeypatch.setenv("MCP_TUI_MANAGED_POLICY", str(managed))
    seed_sandbox(home / "demo-sandbox", {"notes.txt": NOTES})
    accept = answer("accept", ALLOW)
    async with agent(home, accept) as client:
        delete = await client.call_tool("manage_files", {"action": "delete", "path": "notes.txt"})
        append = await client.call_tool(
            "manage_files", {"action": "append", "path": "notes.txt", "content": "Call Ada.\n"}
        )
    assert delete.is_error
    assert "Approval needed" in text_of(delete)
    assert "managed policy does not allow asking through the agent's host about a high call" in text_of(
        delete
    )
    [form] = accept.asked  # only the append (medium) was asked, and accepted
    assert "Grade: medium" in form.message
    assert not append.is_error, text_of(append)
    assert (home / "demo-sandbox" / "notes.txt").read_text(encoding="utf-8") == NOTES + "Call Ada.\n"


def test_an_unknown_route_is_a_problem_naming_the_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[preferences]\n\n[gateway]\nask = ["console", "email"]\n', encoding="utf-8")
    config, problems = load_config(path, must_exist=True)
    assert config.gateway.ask == ("console", "elicitation")  # the default holds
    [problem] = problems
    assert problem.file == path
    assert problem.line == 4
    assert 'unknown route "email"' in problem.message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('ask = ["elicitation", "console"]', ("elicitation", "console")),
        ("ask = []", ()),
        ('ask = ["console", "console"]', ("console", "elicitation")),
        ('ask = "console"', ("console", "elicitation")),
        ('order = ["console"]', ("console", "elicitation")),
    ],
)
def test_the_order_is_read_or_the_default_kept(tmp_path: Path, text: str, expected: tuple[str, ...]) -> None:
    path = tmp_path / "config.toml"
    path.write_text(f"[gateway]\n{text}\n", encoding="utf-8")
    config, problems = load_config(path, must_exist=True)
    assert config.gateway.ask == expected
    assert bool(problems) == (expected == ("console", "elicitation"))


def test_a_managed_limit_that_is_not_a_grade_fails_closed(tmp_path: Path) -> None:
    path = tmp_path / "managed.toml"
    path.write_text('[gateway]\nelicitation_up_to = "mediun"\n', encoding="utf-8")
    read = read_policy_file(path, "managed", must_exist=True)
    assert read.elicitation_up_to == "none"  # no call of any grade goes through a host meanwhile
    assert read.fails_closed
    assert read.problems[0].line == 2


def test_the_gateway_does_not_serve_with_an_unknown_route(home: Path) -> None:
    write_config(home, '[gateway]\nask = ["consloe"]\n')
    result = run_gateway(home)
    assert result.returncode == 2
    assert 'config.toml, line 2: gateway: "ask": unknown route "consloe"' in result.stderr

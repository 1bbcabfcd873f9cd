"""The policy engine at scale: one decision over 1,000 rules with conditions, and the freshness check
(every policy file's stat) when nothing changed.

    .venv/bin/python bench/policy_bench.py [--runs N]

Rules are written as TOML and read by the real loader (so regexes and globs are compiled as in the app):
a managed file of 100 rules, a project file of 100, and 800 in config.toml, each with conditions on the
arguments (glob, regex, one_of, min/max) and on the assessment. Two spreads: "spread" puts them on 50
tools (20 about the tool called, each evaluated), "one tool" puts all 1,000 on the called tool (every
condition evaluated). No rule matches, so every decision walks the whole order to "otherwise". Targets:
a decision at most 1 ms (median); the freshness check at most 0.2 ms.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tui.config.loader import load_toml_config
from tui.config.model import AppConfig, Preferences, ServerConfig
from tui.config.policy_files import parse_policy_text
from tui.safety.approvals import ApprovalBook
from tui.safety.decision import decide
from tui.safety.effective import effective_hints
from tui.safety.policy import Policy
from tui.safety.tool_hash import DefinitionSnapshot

TOOL = "manage_files"
SERVER = ServerConfig("demo", "stdio", command="python", args=("-m", "tui.demo"))
DEFINITION = DefinitionSnapshot.of(
    TOOL, "Read, append, replace or delete a file", {"type": "object"}, {"destructiveHint": True}
)
ARGUMENTS = {"action": "append", "path": "~/projects/notes/today.txt", "sql": "select 1", "count": 4}
CONDITIONS = (
    'when.path = {{ glob = "~/scratch{n}/**" }}',
    'when.sql = {{ regex = "(?i)\\\\bdrop{n}\\\\b" }}',
    'when.action = {{ one_of = ["purge{n}", "wipe{n}"] }}',
    "when.count = {{ min = {big}, max = {bigger} }}",
    'when.grade = {{ min = "critical" }}\nwhen.path = {{ prefix = "/srv/{n}" }}',
)


def rules_text(count: int, *, start: int, tool_of: int, actions: tuple[str, ...]) -> str:
    out = []
    for i in range(start, start + count):
        tool = TOOL if i % tool_of == 0 else f"tool_{i % 50}"
        condition = CONDITIONS[i % len(CONDITIONS)].format(n=i, big=1000 + i, bigger=2000 + i)
        action = actions[i % len(actions)]
        out.append(f'[[rules]]\nserver = "demo"\ntool = "{tool}"\naction = "{action}"\n{condition}\n')
    return "\n".join(out)


def build(tool_of: int) -> Policy:
    managed = parse_policy_text(
        Path("managed.toml"), rules_text(100, start=0, tool_of=tool_of, actions=("never", "ask")), "managed"
    )
    project = parse_policy_text(
        Path("policy.toml"), rules_text(100, start=100, tool_of=tool_of, actions=("never", "ask")), "project"
    )
    user_text = rules_text(800, start=200, tool_of=tool_of, actions=("never", "ask", "always"))
    config, problems = load_toml_config(Path("config.toml"), user_text, {})
    assert not problems, problems
    assert not managed.problems, managed.problems
    assert not project.problems, project.problems
    policy = Policy.build(
        preferences=Preferences(), rules=config.rules, approvals=(), overrides=(), tiers=(managed, project)
    )
    assert len(policy.rules) == 1000
    return policy


def decision_times(policy: Policy, runs: int, clock: Callable[[], float] = time.perf_counter) -> list[float]:
    hints = effective_hints(DEFINITION.annotations, {"readOnlyHint": False, "destructiveHint": False})
    book = ApprovalBook()
    times = []
    for _ in range(runs):
        started = clock()
        decision = decide(
            server=SERVER,
            definition=DEFINITION,
            hints=hints,
            arguments=ARGUMENTS,
            book=book,
            preferences=policy.preferences,
            rules=policy.rules,
            enforced=policy.enforced,
        )
        times.append(clock() - started)
    assert decision.step == 9, decision
    return times


def freshness_times(runs: int) -> list[float]:
    from tui.session.settings import SettingsService
    from tui.session.tier_files import TierFiles

    with tempfile.TemporaryDirectory() as home:
        root = Path(home)
        (root / "config.toml").write_text("[preferences]\nauto_approve_safe = true\n")
        (root / "approvals.json").write_text('{"version": 1, "approvals": [], "overrides": []}\n')
        managed = root / "managed.toml"
        managed.write_text('[preferences]\nmax_auto_approve = "low"\n')
        environ = {"MCP_TUI_SYSTEM_POLICY_PATH": str(managed), "MCP_TUI_MANAGED_POLICY": str(managed)}
        config, _ = load_toml_config(root / "config.toml", (root / "config.toml").read_text(), {})
        settings = SettingsService(
            config=AppConfig(preferences=config.preferences),
            config_file=root / "config.toml",
            servers=[],
            approvals_file=root / "approvals.json",
            tiers=TierFiles(environ, cwd=root),
        )
        settings.refresh()  # the first check reads what was never stamped
        times = []
        for _ in range(runs):
            started = time.perf_counter()
            changed = settings.refresh()
            times.append(time.perf_counter() - started)
            assert changed == []
        return times


def show(label: str, times: list[float]) -> None:
    ordered = sorted(times)
    p95 = ordered[int(len(ordered) * 0.95)]
    print(f"{label}: median {statistics.median(times) * 1000:.3f} ms, p95 {p95 * 1000:.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    runs = parser.parse_args().runs
    # CPU time of this thread beside the wall time: on a shared, loaded machine the wall time also counts
    # the time the process waited for a core.
    for label, policy in (
        ("1000 rules spread over 50 tools (20 about this one)", build(50)),
        ("1000 rules all about this tool", build(1)),
    ):
        show(f"decision, {label}, wall", decision_times(policy, runs))
        show(f"decision, {label}, CPU", decision_times(policy, runs, time.thread_time))
    show("freshness check, nothing changed (5 files)", freshness_times(runs))


if __name__ == "__main__":
    main()

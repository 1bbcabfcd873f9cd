"""Golden outputs of the headless commands: exit status, stdout and stderr of each case, byte for byte
(after ``golden_runs.normalize``), against the real demo server over stdio (and ``golden_server.py`` for
resources and prompts, which the demo has none of). They hold a large refactor to "no visible change".

Each case is one file in ``tests/golden/headless/``. When a difference is intended, regenerate them and
read the diff before committing:

    MCP_TUI_UPDATE_GOLDEN=1 .venv/bin/pytest tests/golden

(a run in that mode rewrites every case's file, removes the files of cases that no longer exist, and
passes).
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest
from golden_runs import Case, cmd, normalize, run_case

from tui import __version__

GOLDEN = Path(__file__).resolve().parent / "headless"
UPDATE = os.environ.get("MCP_TUI_UPDATE_GOLDEN") == "1"

pytestmark = pytest.mark.timeout(300)  # a case is up to five commands, each its own mcp-tui and server


def rule(tool: str, action: str, ceiling: str = "critical") -> str:
    return f'[[rules]]\nserver = "demo"\ntool = "{tool}"\naction = "{action}"\nceiling = "{ceiling}"\n'


NOTES_RULE = rule("manage_files", "always", "high") + 'when.path = { glob = "notes/**" }\n'
GOLDEN_SERVER_CONFIG = '[servers.golden]\ncommand = "{python}"\nargs = ["{golden_server}"]\n'
SLOW = ("slow_count", "steps:=50", "delay_seconds:=0.2", "--timeout", "0.5", "--approve-up-to", "safe")
NO_SERVER = ("--", "{home}/no-such-program")
SMOKE = """[[calls]]
name = "clear the notes"
server = "demo"
tool = "clear_notes"

[[calls]]
name = "list the sandbox"
server = "demo"
tool = "list_sandbox"
expect.text_contains = "welcome.txt"

[[calls]]
name = "count zebras"
server = "demo"
tool = "word_count"
args = { path = "welcome.txt" }
expect.text_contains = "zebra"
"""


def one(name: str, about: str, *args: str, config: str = "") -> Case:
    return Case(name, about, (cmd(*args),), config)


def both(name: str, about: str, *args: str, config: str = "", typed: str | None = None) -> list[Case]:
    """The case as text and with ``--json``."""
    return [
        Case(name, about, (cmd(*args, typed=typed),), config),
        Case(f"{name}-json", about, (cmd(*args, "--json", typed=typed),), config),
    ]


# Every command with and without --json, every exit status of call. About 50 mcp-tui runs at some 1.4 s
# of CPU each (mcp-tui and its server): a variant that would only repeat another case's code path with
# other words (--json of a usage error, say) is left out.
# fmt: off
CASES: list[Case] = [
    *both("servers", "the demo, the one server with no configuration", "servers"),
    *both("tools", "every demo tool with its grade and hints", "tools"),
    one("tools-filter", "the filter language", "tools", "--filter", "grade:high+ -sql"),
    *both("show", "a resolvable tool: schema, hints, reasons", "show", "manage_files"),
    one("show-unannotated", "a tool with no annotations: spec defaults and lint", "show", "roll_dice"),
    one("show-unknown", "an unknown tool: exit 2 naming the closest and how to list them", "show",
        "manage_file"),
    *both("resolve", "a delete resolved for its arguments", "resolve", "manage_files", "action=delete",
          "path=welcome.txt"),
    *both("call-ok", "a rule lets it run: text and structured content", "call", "sandbox_stats",
          config=rule("sandbox_stats", "always", "safe")),
    *both("call-approve-up-to", "--approve-up-to covers a medium call", "call", "add_note", "text=hi",
          "--approve-up-to", "medium"),
    *both("call-is-error", "the tool reports isError: exit 1", "call", "world_clock",
          "timezone=Nowhere/Else", "--approve-up-to", "low"),
    *both("call-denied", "a never rule: exit 4, nothing sent", "call", "add_note", "text=hi",
          "--approve-up-to", "critical", config=rule("add_note", "never")),
    *both("call-needs-approval", "no terminal, no --approve-up-to: exit 5", "call", "clear_notes"),
    one("call-approve-up-to-too-low", "--approve-up-to below the grade: exit 5", "call", "add_note",
        "text=hi", "--approve-up-to", "low"),
    *both("call-declined", "N at the terminal's prompt: exit 6", "call", "add_note", "text=hi", typed="n"),
    *both("call-timeout", "no answer within --timeout: exit 7", "call", *SLOW),
    *both("call-bad-arguments", "arguments that fail the schema: exit 2", "call", "add_note", "count:=3",
          "--approve-up-to", "critical"),
    *both("call-no-server", "a server that does not start: exit 3", "call", "add_note", "text=hi",
          *NO_SERVER),
    Case(
        "audit",
        "a call, a call not sent, a call with an elicitation, then the audit log as text and as JSON",
        (
            cmd("call", "add_note", "text=audited", "--approve-up-to", "medium"),
            cmd("call", "clear_notes"),
            cmd("call", "ask_user", "--approve-up-to", "safe"),
            cmd("audit"),
            cmd("audit", "--json"),
        ),
    ),
    *both("demo-resources", "the demo offers no resources: exit 1", "resources"),
    one("demo-read", "nor reading one", "read", "demo://nothing"),
    one("demo-prompts", "the demo offers no prompts: exit 1", "prompts"),
    one("demo-prompt", "nor getting one", "prompt", "greet"),
    *both("resources", "resources and a template", "resources", config=GOLDEN_SERVER_CONFIG),
    *both("read", "text literally, JSON pretty, binary by size and saved", "read", "golden://bundle",
          "--save-dir", "{home}/out", config=GOLDEN_SERVER_CONFIG),
    one("read-missing", "a resource the server does not have: exit 1", "read", "golden://missing",
        config=GOLDEN_SERVER_CONFIG),
    *both("prompts", "prompts with their arguments", "prompts", config=GOLDEN_SERVER_CONFIG),
    *both("prompt", "a prompt's messages", "prompt", "review", "code=x = 1", "language=perl",
          config=GOLDEN_SERVER_CONFIG),
    one("prompt-missing-argument", "without its required argument: exit 2, nothing sent", "prompt",
        "review", "language=perl", config=GOLDEN_SERVER_CONFIG),
    *[Case(name, "saved calls: one needs approval (5), one passes, one fails: exit 8 all the same",
           (cmd("run", "{home}/smoke.toml", "--approve-up-to", "safe", *extra),),
           files=(("smoke.toml", SMOKE),))
      for name, extra in (("run", ()), ("run-json", ("--json",)))],
    Case("run-broken", "a collection with mistakes: each named by line, nothing runs, exit 2",
         (cmd("run", "{home}/c.toml"),),
         files=(("c.toml", '[[calls]]\nname = "a"\ntool = "sql"\nexpect.grade = "fine"\n[[calls]\n'),)),
    one("snapshot", "the demo's tool list as stable JSON", "snapshot"),
    Case("diff", "a snapshot, then the same list again: exit 0", (
        cmd("snapshot", "-o", "{home}/tools.json"), cmd("diff", "{home}/tools.json"),
        cmd("diff", "{home}/tools.json", "--json"))),
    *both("policy-explain", "each step of the order; a rule with a condition decides", "policy", "explain",
          "manage_files", "action=read", "path=notes/a.txt", config=NOTES_RULE),
    one("policy-check", "every problem of every file with its line: exit 2", "policy", "check",
        config=NOTES_RULE.replace('glob = "notes/**"', 'regex = "("')),
    *both("approvals-list", "nothing remembered yet", "approvals", "list"),
    one("approvals-revoke", "nothing to revoke: exit 0, and it says so", "approvals", "revoke", "demo",
        "add_note"),
]
# fmt: on


def golden_file(case: Case) -> Path:
    return GOLDEN / f"{case.name}.txt"


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_the_output_is_the_golden_one(case: Case, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    actual = run_case(case, home)
    path = golden_file(case)
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(actual, encoding="utf-8", newline="\n")
        return
    assert path.exists(), f"no golden file {path.name}: run with MCP_TUI_UPDATE_GOLDEN=1 to write it"
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                actual.splitlines(keepends=True),
                f"{path.name} (golden)",
                f"{path.name} (this run)",
            )
        )
        pytest.fail(
            f"{case.name}: the output is not the golden one\n{diff}\nIf the change is intended: "
            "MCP_TUI_UPDATE_GOLDEN=1 .venv/bin/pytest tests/golden, then read the diff before committing.",
            pytrace=False,
        )


def test_every_golden_file_belongs_to_a_case() -> None:
    names = [case.name for case in CASES]
    assert len(names) == len(set(names))
    stale = sorted({path.stem for path in GOLDEN.glob("*.txt")} - set(names))
    if UPDATE:
        for name in stale:
            (GOLDEN / f"{name}.txt").unlink()
        return
    assert not stale, f"golden files of no case (MCP_TUI_UPDATE_GOLDEN=1 removes them): {stale}"


def test_the_normalizer_replaces_only_what_differs_by_nature(tmp_path: Path) -> None:
    home = tmp_path / "home"
    given = "\n".join(
        [
            f"saved to {home}/out/bundle.png",
            "2026-11-26T18:49:20.291Z  cli  demo/list_sandbox  safe  ask (no-rule)  ok 124 ms",
            f'  "time": "2026-11-26T18:49:20.291Z", "duration_ms": 179, "server_version": "{__version__}",',
            # Lookalikes that are behaviour, not noise: each must stay as it is.
            '  "duration_ms": null, "server_version": "9.8.7", "date": "2026-11-26"',
            "  ok 124 ms",
            "Query the demo database on demo · done · 77 ms",
            "No answer within 0.5 s; definition_hash 9c1ddfe552203f515b02107e31ed778b",
            f"{tmp_path}/elsewhere",
        ]
    )
    assert normalize(given, home).split("\n") == [
        "saved to <HOME>/out/bundle.png",
        "<TIME>  cli  demo/list_sandbox  safe  ask (no-rule)  ok <MS> ms",
        '  "time": "<TIME>", "duration_ms": <MS>, "server_version": "<VERSION>",',
        '  "duration_ms": null, "server_version": "9.8.7", "date": "2026-11-26"',
        "  ok 124 ms",
        "Query the demo database on demo · done · 77 ms",
        "No answer within 0.5 s; definition_hash 9c1ddfe552203f515b02107e31ed778b",
        f"{tmp_path}/elsewhere",
    ]

"""The README and docs/ document what the code does, and every link between them leads somewhere.

The README holds what a newcomer needs (install and run, the test command, every command by name);
docs/ holds the reference. Each test below names which one it reads.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from dataclasses import fields
from functools import cache
from pathlib import Path

import pytest

from tui.store.audit_record import fields_markdown
from tui.store.request_records import (
    ELICITATION_FIELD_DOCS,
    ElicitationAuditRecord,
    elicitation_fields_markdown,
)

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [README, *DOCS]

INSTALL_AND_RUN = "python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/mcp-tui"
TEST_COMMAND = "./scripts/check"

# [text](target) and ![alt](target); the target ends at the first ) or space (a title may follow).
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)[^)]*\)")
CODE_SPAN = re.compile(r"`([^`\n]+)`")
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)


def text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def section(page: Path, heading: str) -> str:
    """The text under ``heading`` (a whole line, such as "## Install and run"), up to the next heading
    of the same or a higher level."""
    level = heading.split(" ", 1)[0]
    body = text(page).split(f"\n{heading}\n", 1)[1]
    ends = [m.start() for m in re.finditer(r"^(#+) ", body, re.M) if len(m.group(1)) <= len(level)]
    return body[: ends[0]] if ends else body


def without_code(markdown: str) -> str:
    """The page with its fenced blocks and code spans blanked: a link written as an example is not one."""
    return CODE_SPAN.sub("``", FENCE.sub("", markdown))


def code(markdown: str) -> list[str]:
    """Each code span, and each line of each fenced block."""
    blocks = [line for block in FENCE.findall(markdown) for line in block.splitlines()]
    return [*blocks, *CODE_SPAN.findall(FENCE.sub("", markdown))]


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    words = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return words.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    headings = re.findall(r"^#+ (.+)$", FENCE.sub("", text(page)), re.M)
    return {slug(heading) for heading in headings}


# --- install and test: the two commands a newcomer runs first -------------------------------------------


def test_the_readme_opens_with_the_install_command_and_the_test_command() -> None:
    install = section(README, "## Install and run")
    assert f"```sh\n{INSTALL_AND_RUN}\n```" in install
    tests = section(README, "## Run the tests")
    assert f"```sh\n{TEST_COMMAND}\n```" in tests
    # Install and run come before anything else the README explains.
    headings = re.findall(r"^## (.+)$", text(README), re.M)
    assert headings[:2] == ["Install and run", "Run the tests"]


def test_ci_runs_the_readmes_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert f"\nexec {TEST_COMMAND}\n" in ci
    assert (ROOT / TEST_COMMAND).stat().st_mode & 0o111


def test_the_install_command_installs_the_mcp_tui_the_readme_runs() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    # "Python 3.11 or newer" is what the package asks pip for.
    assert project["requires-python"] == ">=3.11"
    assert "Python 3.11 or newer" in section(README, "## Install and run")
    # .venv/bin/mcp-tui is the package's console script, and it starts.
    assert "mcp-tui" in project["scripts"]
    assert mcp_tui_help() != ""


# --- the commands the README and docs name ----------------------------------------------------------


def mcp_tui() -> Path:
    """The console script the install puts beside the interpreter (what ``.venv/bin/mcp-tui`` is)."""
    script = Path(sys.executable).parent / "mcp-tui"
    assert script.is_file(), f"{script}: the package's console script is not installed"
    return script


@cache
def mcp_tui_help(*command: str) -> str:
    """``mcp-tui COMMAND... --help``; empty when that command does not exist."""
    result = subprocess.run([str(mcp_tui()), *command, "--help"], capture_output=True, text=True, timeout=60)
    return result.stdout if result.returncode == 0 else ""


def headless_commands() -> list[str]:
    """The commands ``mcp-tui --help`` lists under "headless commands"."""
    listing = mcp_tui_help().split("headless commands", 1)[1].split("\n\n", 1)[0]
    return re.findall(r"^  ([a-z-]+)\s", listing, re.M)


def offers(help_text: str, option: str) -> bool:
    """Whether the command takes the option: its usage line, which argparse writes from the parser
    itself, lists it (``--no`` is not ``--no-input``; ``-h`` is ``--help``)."""
    usage = help_text.split("\n\n", 1)[0]
    return option == "--help" or re.search(re.escape(option) + r"(?![\w-])", usage) is not None


def options_with_values() -> set[str]:
    """Options of ``mcp-tui`` that take a value (``--config PATH``): the next word is not a command."""
    return set(re.findall(r"(--[a-z-]+) [A-Z]+", mcp_tui_help().split("\n\n", 1)[0]))


def documented_commands(markdown: str) -> list[tuple[list[str], list[str]]]:
    """Each ``mcp-tui ...`` written in a code span or block, as (command words, options):
    ``mcp-tui call add_note --approve-up-to safe`` is (["call"], ["--approve-up-to"]). Placeholders
    (SERVER, [ARGS]) and arguments are left out; so is everything after ``--`` (a server's own command)."""
    found = []
    for snippet in code(markdown):
        for match in re.finditer(r"^(?:\.venv/bin/)?mcp-tui((?: .*)?)$", snippet.strip()):
            words = match.group(1).replace("\\|", "|").split()
            words = words[: words.index("--")] if "--" in words else words
            commands: list[str] = []
            options: list[str] = []
            skip = False
            for word in words:
                bare = word.strip("[]")
                if skip:
                    skip = False
                elif bare.startswith("--"):
                    option = bare.split("=", 1)[0]
                    options.append(option)
                    skip = option in options_with_values() and "=" not in bare
                elif (not commands or commands == ["auth"]) and re.fullmatch(r"[a-z][a-z|-]*", bare):
                    commands.append(bare)  # the command, and after auth its subcommand(s): login|logout
            found.append((commands, options))
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_command_a_page_names_exists_with_the_options_it_shows(page: Path) -> None:
    wrong = []
    for commands, options in documented_commands(text(page)):
        for command in (
            ([commands[0], sub] for sub in commands[1].split("|")) if len(commands) > 1 else [commands]
        ):
            shown = mcp_tui_help(*command)
            if not shown:
                wrong.append(f"mcp-tui {' '.join(command)}: no such command")
            wrong += [
                f"mcp-tui {' '.join(command)} {option}" for option in options if not offers(shown, option)
            ]
    assert wrong == []


USER_PAGES = [README, ROOT / "docs" / "headless.md", ROOT / "docs" / "configuration.md"]


@pytest.mark.parametrize("page", USER_PAGES, ids=lambda page: page.name)
def test_every_option_a_user_page_names_is_one_mcp_tui_takes(page: Path) -> None:
    # An option written on its own (`--no-input`, `--sandbox DIR`) belongs to some mcp-tui command.
    helps = [
        mcp_tui_help(*command)
        for command in [[], *([name] for name in headless_commands()), ["demo-server"], ["auth", "login"]]
    ]
    named = {span.split()[0].split("=")[0] for span in CODE_SPAN.findall(text(page)) if span.startswith("--")}
    assert named
    unknown = [option for option in named - {"--"} if not any(offers(shown, option) for shown in helps)]
    assert sorted(unknown) == []


def test_the_readme_names_every_command() -> None:
    # A command the README does not name exists, for a newcomer, only in docs/ or in --help.
    table = {words[0] for words, _ in documented_commands(section(README, "## Headless commands")) if words}
    assert set(headless_commands()) | {"auth"} <= table
    assert len(headless_commands()) >= 10
    demo = {words[0] for words, _ in documented_commands(section(README, "## The demo server")) if words}
    assert "demo-server" in demo


# --- links and pictures -----------------------------------------------------------------------------


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_relative_link_leads_to_a_file_and_heading_that_exist(page: Path) -> None:
    broken = []
    for target in LINK.findall(without_code(text(page))):
        if re.match(r"[a-z]+:", target):  # https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        heading_missing = bool(anchor) and linked.suffix == ".md" and anchor not in anchors(linked)
        if not linked.exists() or heading_missing:
            broken.append(target)
    assert broken == []


def pictures(page: Path) -> set[Path]:
    return {
        (page.parent / target).resolve()
        for target in re.findall(r"!\[[^\]]*\]\(([^)\s]+)", without_code(text(page)))
    }


def test_every_screenshot_is_shown_and_the_readme_shows_the_main_screen() -> None:
    # scripts/make_screenshots.py makes each picture in screenshots/ for a page that shows it.
    shown = set().union(*(pictures(page) for page in PAGES))
    made = {path.resolve() for path in (ROOT / "screenshots").glob("*.svg")}
    assert sorted(path.name for path in made - shown) == []
    assert (ROOT / "screenshots" / "main.svg").resolve() in pictures(README)


# --- the reference tables the code renders ----------------------------------------------------------

AUDIT = ROOT / "docs" / "audit.md"


def test_the_audit_field_table_is_the_one_the_code_writes() -> None:
    assert fields_markdown().strip() in text(AUDIT)


def test_the_elicitation_record_table_is_the_one_the_code_writes() -> None:
    assert elicitation_fields_markdown().strip() in text(AUDIT)
    documented = [name for name, _, _ in ELICITATION_FIELD_DOCS]
    assert sorted(documented) == sorted(f.name for f in fields(ElicitationAuditRecord))

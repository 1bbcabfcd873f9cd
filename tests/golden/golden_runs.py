"""Run a golden case (``mcp-tui`` as a real subprocess, as tests/cli does) and write down what it printed.

A case is one or more commands run one after another in a fresh ``MCP_TUI_HOME``: with no configuration
that home's demo server is the one server, a case's ``config`` (config.toml) can set rules or name another
server. Each command's exit status, stdout and stderr go into one text file, after ``normalize`` (see it
for the exact list of what is replaced: only values that differ from run to run by nature).
"""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import dataclass
from pathlib import Path

from tui import __version__

HERE = Path(__file__).resolve().parent
GOLDEN_SERVER = HERE / "golden_server.py"
STEP_TIMEOUT = 60.0

# Placeholders a case may use in its arguments or config, and how the golden file shows them (so a golden
# file never holds a path of this machine); the command gets the real values (``_values``).
SHOWN = {"{home}": "<HOME>", "{python}": "<PYTHON>", "{golden_server}": "<GOLDEN_SERVER>"}


@dataclass(frozen=True)
class Step:
    args: tuple[str, ...]
    typed: str | None = None
    """With a value, stdin and stderr are a terminal (stdout stays a pipe, so it holds only the output):
    once ``prompt`` is on the terminal, ``typed`` and Enter are typed. With None, stdin is an empty pipe."""
    prompt: str = "[y/N] "


@dataclass(frozen=True)
class Case:
    name: str
    about: str
    steps: tuple[Step, ...]
    config: str = ""
    files: tuple[tuple[str, str], ...] = ()
    """(name, text) of files written into the case's home before it runs (a collection for ``run``)."""


def cmd(*args: str, typed: str | None = None) -> Step:
    return Step(tuple(args), typed=typed)


@dataclass(frozen=True)
class Ran:
    step: Step
    status: int
    stdout: str
    stderr: str
    typed: bool = False
    """On a terminal: the prompt was shown and the answer typed."""


# ---- normalizing ------------------------------------------------------------------------------------

_TIME = re.compile(r"\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\b")
_JSON_DURATION = re.compile(r'"duration_ms": \d+\b')
_AUDIT_DURATION = re.compile(r"^(<TIME>  .*) \d+ ms$", re.MULTILINE)
_RUN_DURATION = re.compile(r"^((?:passed|failed)   .*) \d+ ms$", re.MULTILINE)


def normalize(text: str, home: Path) -> str:
    """What differs between two runs of the same case, and nothing else, replaced by a marker:

    - the case's home directory (a fresh temporary directory; the demo's sandbox is inside it): ``<HOME>``
    - audit timestamps (``2026-11-26T18:49:20.291Z``, the audit record's ``time``): ``<TIME>``
    - how long a call took: ``"duration_ms": 124`` in JSON and the ``ok 124 ms`` at the end of an
      ``audit`` line or of a ``run`` line: ``<MS>`` (``"duration_ms": null``, nothing was sent, stays)
    - mcp-tui's version, which the demo reports as its ``server_version``: ``<VERSION>``

    Anything else that changes is a change of behaviour and shows as a difference.
    """
    for path in sorted({str(home.resolve()), str(home)}, key=len, reverse=True):
        text = text.replace(path, "<HOME>")
    text = _TIME.sub("<TIME>", text)
    text = _JSON_DURATION.sub('"duration_ms": <MS>', text)
    text = _AUDIT_DURATION.sub(r"\1 <MS> ms", text)
    text = _RUN_DURATION.sub(r"\1 <MS> ms", text)
    return text.replace(f'"server_version": "{__version__}"', '"server_version": "<VERSION>"')


# ---- running ----------------------------------------------------------------------------------------


def _values(home: Path) -> dict[str, str]:
    return {"{home}": str(home), "{python}": sys.executable, "{golden_server}": str(GOLDEN_SERVER)}


def _fill(text: str, values: dict[str, str]) -> str:
    for placeholder, value in values.items():
        text = text.replace(placeholder, value)
    return text


def _environment(home: Path) -> dict[str, str]:
    env = {**os.environ, "MCP_TUI_HOME": str(home)}
    env.pop("MCP_TUI_CONFIG", None)
    return env


def _command(args: tuple[str, ...], home: Path) -> list[str]:
    values = _values(home)
    return [sys.executable, "-m", "tui", *(_fill(arg, values) for arg in args)]


def _run_piped(step: Step, home: Path) -> Ran:
    result = subprocess.run(
        _command(step.args, home),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        env=_environment(home),
        timeout=STEP_TIMEOUT,
    )
    return Ran(step, result.returncode, _decode(result.stdout), _decode(result.stderr))


def _run_on_terminal(step: Step, home: Path) -> Ran:
    """stdin and stderr on a pseudo-terminal that neither echoes what is typed nor turns \\n into \\r\\n,
    so what is read back from it is exactly what mcp-tui wrote to stderr. A command that never shows the
    prompt or never ends is stopped after ``STEP_TIMEOUT``; what it wrote is kept, to show as a difference."""
    assert step.typed is not None
    master, terminal = os.openpty()
    modes = termios.tcgetattr(terminal)
    modes[1] &= ~termios.OPOST
    modes[3] &= ~(termios.ECHO | termios.ECHONL)
    termios.tcsetattr(terminal, termios.TCSANOW, modes)
    deadline = time.monotonic() + STEP_TIMEOUT
    with tempfile.TemporaryFile() as out:
        try:
            process = subprocess.Popen(
                _command(step.args, home), stdin=terminal, stderr=terminal, stdout=out, env=_environment(home)
            )
        finally:
            os.close(terminal)
        try:
            screen, typed = _converse(master, step, deadline)
            if time.monotonic() > deadline:  # it hangs: stop it, and show what it wrote
                process.kill()
            status = process.wait(timeout=STEP_TIMEOUT)
        finally:
            os.close(master)
            if process.poll() is None:
                process.kill()
                process.wait()
        out.seek(0)
        return Ran(step, status, _decode(out.read()), _decode(screen), typed)


def _converse(master: int, step: Step, deadline: float) -> tuple[bytes, bool]:
    """Everything written to the terminal until every holder has closed it, typing the answer once the
    prompt is there; (what was written, whether the answer was typed)."""
    assert step.typed is not None
    screen = b""
    typed = False
    while time.monotonic() < deadline:
        if not typed and step.prompt.encode() in screen:
            os.write(master, step.typed.encode() + b"\n")
            typed = True
        if not select.select([master], [], [], 0.1)[0]:
            continue
        try:
            chunk = os.read(master, 65536)
        except OSError:  # Linux: every holder of the terminal (mcp-tui, its server) has closed it
            break
        if not chunk:
            break
        screen += chunk
    return screen, typed


def _decode(data: bytes) -> str:
    # Exactly as written: no newline translation, invalid UTF-8 kept visible.
    return data.decode("utf-8", "backslashreplace")


def run_case(case: Case, home: Path) -> str:
    """Run every step of ``case`` in ``home`` (empty, made for this case) and render the golden text."""
    if case.config:
        (home / "config.toml").write_text(_fill(case.config, _values(home)), encoding="utf-8")
    for name, text in case.files:
        (home / name).write_text(_fill(text, _values(home)), encoding="utf-8")
    runs = [(_run_on_terminal if step.typed is not None else _run_piped)(step, home) for step in case.steps]
    return normalize(render(case, runs), home)


# ---- rendering --------------------------------------------------------------------------------------


def _shell_word(arg: str) -> str:
    if arg and re.fullmatch(r"[\w@%+=:,./{}<>?-]+", arg):
        return arg
    return "'" + arg.replace("'", "'\\''") + "'"


_CONTROL = {code: chr(0x2400 + code) for code in range(0x20) if code != 0x0A} | {0x7F: "\u2421"}


def _block(title: str, text: str) -> list[str]:
    """``text`` under a title line; control characters other than newline as their Unicode pictures
    (ESC as ␛, CR as ␍, TAB as ␉), so a golden file is plain text and a raw escape sequence on stdout
    never looks like the ``\\x1b`` mcp-tui prints for one it got from a server."""
    text = text.translate(_CONTROL)
    lines = [f"--- {title}" + ("" if text else " (empty)")]
    if text:
        parts = text.split("\n")
        lines.extend(parts[:-1] if text.endswith("\n") else [*parts, "\\ no newline at end"])
    return lines


def render(case: Case, runs: list[Ran]) -> str:
    lines = [f"# {case.name}: {case.about}", "# regenerate: MCP_TUI_UPDATE_GOLDEN=1 pytest tests/golden", ""]
    if case.config:
        lines.extend(_block("config.toml", _fill(case.config, SHOWN)))
        lines.append("")
    for ran in runs:
        command = "$ mcp-tui " + " ".join(_shell_word(_fill(arg, SHOWN)) for arg in ran.step.args)
        if ran.step.typed is not None:
            typed, prompt = json.dumps(ran.step.typed), json.dumps(ran.step.prompt)
            answer = f"{typed} typed at {prompt}" if ran.typed else f"{prompt} never shown, nothing typed"
            command += f"    # stdin and stderr on a terminal; {answer}"
        lines.append(command)
        lines.append(f"--- exit status {ran.status}")
        lines.extend(_block("stdout", ran.stdout))
        lines.extend(_block("stderr", ran.stderr))
        lines.append("")
    return "\n".join(lines)

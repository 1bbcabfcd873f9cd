"""Garbage collection pauses while mcp-tui starts and always comes back (tui/session/collector.py)."""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tui.cli.main import main
from tui.config.startup import load_startup
from tui.session import collector
from tui.session.session import Session


@pytest.fixture(autouse=True)
def collection_as_it_was() -> Iterator[None]:
    was_enabled = gc.isenabled()
    yield
    collector.resume()
    gc.unfreeze()  # what a resume froze goes back to the collector: the test worker lives on
    gc.enable() if was_enabled else gc.disable()


async def test_collection_resumes_once_the_session_has_loaded_the_sdk(home: Path) -> None:
    collector.pause()
    assert not gc.isenabled()
    session = Session(load_startup(config_path=None))
    await session.start(connect=False)
    try:
        assert gc.isenabled()
    finally:
        await session.aclose()


def test_resume_leaves_alone_what_it_did_not_pause() -> None:
    gc.disable()  # someone else's choice: a library user, a profiler
    collector.pause()  # already off: nothing to undo later
    collector.resume()
    assert not gc.isenabled()


def test_a_command_ending_before_any_session_resumes_collection(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["no-such-command"]) != 0
    assert gc.isenabled()
    assert "no-such-command" in capsys.readouterr().err


def test_the_headless_commands_run_with_collection_back_on(home: Path) -> None:
    """A real process: after the session started, the collector runs (and main's own resume is a no-op)."""
    probe = (
        "import gc, sys\n"
        "import tui.session.session as s\n"
        "original = s.Session.start\n"
        "async def start(self, **kw):\n"
        "    await original(self, **kw)\n"
        "    print('collecting' if gc.isenabled() else 'paused', file=sys.stderr)\n"
        "s.Session.start = start\n"
        "from tui.cli.main import main\n"
        "sys.exit(main(['tools', '--json']))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "collecting" in done.stderr

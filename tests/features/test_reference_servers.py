"""Against the reference servers from npm, pinned and installed by scripts/test-servers (skipped, saying
how to install them, when they are not): server-everything's resources, templates, prompts, completions,
sampling and logs; server-filesystem's roots."""

from __future__ import annotations

from pathlib import Path

import npm_servers
import pytest
from servers.harness import wait_until
from session_harness import of

from tui.config.model import LOG_LEVELS
from tui.config.startup import load_startup
from tui.model.events import SamplingRequested, ServerLog
from tui.model.features import SamplingReply
from tui.session.questions import Question
from tui.session.session import Session

pytestmark = [
    npm_servers.skip_unless_installed(),
    pytest.mark.timeout(180),
]

EVERYTHING_PACKAGE = "@modelcontextprotocol/server-everything"
FILESYSTEM_PACKAGE = "@modelcontextprotocol/server-filesystem"


async def test_server_everything_resources_prompts_sampling_and_logs(home: Path) -> None:
    config = f"""
[servers.everything]
{npm_servers.toml_command(EVERYTHING_PACKAGE)}
log_level = "warning"
"""
    (home / "config.toml").write_text(config, encoding="utf-8")
    session = Session(load_startup(config_path=None))
    events: list[object] = []
    session.subscribe(events.append)
    asked: list[SamplingRequested] = []

    def by_hand(question: Question) -> None:
        assert isinstance(question, SamplingRequested)
        asked.append(question)
        question.answer.set_result(SamplingReply("written by a person"))

    session.attach(by_hand)
    await session.start()
    try:
        (state,) = await session.ready("everything", timeout=120)
        assert state.status.value == "connected", state.error
        features = session.features
        listing = await features.resources("everything")
        assert listing.resources
        assert listing.templates
        (first,) = await features.read_resource("everything", listing.resources[0].uri)
        assert first.text
        (blob,) = await features.read_resource("everything", "demo://resource/dynamic/blob/3")
        assert blob.blob is not None
        assert blob.blob.startswith(b"Resource 3")
        prompt = await features.get_prompt("everything", "args-prompt", {"city": "Paris"})
        assert "Paris" in prompt.messages[0].content.text  # type: ignore[union-attr]
        assert await features.complete("everything", ("prompt", "completable-prompt"), "department", "E", {})
        assert session.find_tool("everything", "trigger-sampling-request") is not None
        manager = session.manager
        assert manager is not None
        outcome = await manager.call_tool("everything", "trigger-sampling-request", {"prompt": "hi"})
        assert "written by a person" in outcome.content[0].text  # type: ignore[union-attr]
        assert asked[0].request.system_prompt
        await manager.call_tool("everything", "toggle-simulated-logging", {})
        await wait_until(lambda: len(of(events, ServerLog)) >= 2, timeout=90)
        levels = {log.level for log in of(events, ServerLog)}
        assert all(LOG_LEVELS.index(level) >= LOG_LEVELS.index("warning") for level in levels)
    finally:
        await session.aclose()


async def test_server_filesystem_answers_the_configured_roots(home: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    config = f"""
[servers.fs]
{npm_servers.toml_command(FILESYSTEM_PACKAGE)}
roots = ["{first}", "{second}"]
"""
    (home / "config.toml").write_text(config, encoding="utf-8")
    session = Session(load_startup(config_path=None))
    await session.start()
    try:
        (state,) = await session.ready("fs", timeout=120)
        assert state.status.value == "connected", state.error
        manager = session.manager
        assert manager is not None
        # The server asks for the roots right after the handshake and applies the answer on its own time.
        sent = session.features.traffic
        await wait_until(lambda: any(r.method == "roots/list" and r.direction == "out" for r in sent("fs")))
        await wait_until(lambda: any("from MCP roots" in line for line in session.stderr("fs")))
        outcome = await manager.call_tool("fs", "list_allowed_directories", {})
        text = outcome.content[0].text  # type: ignore[union-attr]
        assert str(first.resolve()) in text
        assert str(second.resolve()) in text
    finally:
        await session.aclose()

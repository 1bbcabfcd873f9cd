"""Through the Session: the last run's tools are known at once, refused until the server confirms them,
and a definition that changed in between is flagged."""

from __future__ import annotations

from pathlib import Path

import pytest
from servers.slow import Gate, build_slow

from tui.config.model import AppConfig, ServerConfig
from tui.config.paths import AppPaths
from tui.config.startup import Startup
from tui.model.servers import ToolInfo
from tui.safety.confirm import ConfirmChoice
from tui.session.catalogue import ToolNotConfirmed
from tui.session.questions import ConfirmCall, Question
from tui.session.session import Session
from tui.store.tool_cache import ToolCache

SLOW = ServerConfig(name="slow", transport="stdio", command="unused-in-process")


def session_for(home: Path, server: object, asked: list[Question] | None = None) -> Session:
    """A session whose person allows each call once when asked (and notes every question in ``asked``)."""
    startup = Startup(paths=AppPaths.under(home), config=AppConfig(), servers=[SLOW])
    session = Session(startup, interface="cli", targets={"slow": server})

    def allow_once(question: Question) -> None:
        if asked is not None:
            asked.append(question)
        if isinstance(question, ConfirmCall):
            question.answer.set_result(ConfirmChoice.ONCE)

    session.attach(allow_once)
    return session


async def run_once(home: Path, echo_description: str = "Returns its input.") -> list[ToolInfo]:
    """A whole earlier run: connect, list, close (which leaves the list in the cache)."""
    session = session_for(home, build_slow(Gate(opened=True), echo_description))
    await session.start()
    await session.ready("slow", timeout=45)
    tools = session.tools("slow")
    await session.aclose()
    return tools


async def test_the_live_list_is_cached_for_the_next_start(tmp_path: Path) -> None:
    tools = await run_once(tmp_path)
    cached = ToolCache(AppPaths.under(tmp_path).cache_dir).load(SLOW)
    assert cached is not None
    assert (cached.server_name, cached.server_version) == ("slow-test", "2.0.0")
    assert cached.tools == tuple(tools)


async def test_cached_tools_are_known_at_once_and_refused_until_the_server_lists_them(tmp_path: Path) -> None:
    await run_once(tmp_path)
    gate, asked = Gate(), list[Question]()
    session = session_for(tmp_path, build_slow(gate), asked)
    cached = session.catalogue.cached("slow")
    assert sorted(tool.name for tool in cached) == ["echo", "shout"]
    assert [entry.confirmed for entry in session.catalogue.entries("slow")] == [False, False]
    echo = next(tool for tool in cached if tool.name == "echo")
    await session.start()
    try:
        with pytest.raises(ToolNotConfirmed, match="has not listed its tools yet"):
            await session.call(echo, {"text": "hi"})
        with pytest.raises(ToolNotConfirmed):
            await session.evaluate(echo, {"text": "hi"})
        # The live preflight asks the resolver, which refuses too: nothing reaches the server.
        engine = session.engine
        assert engine is not None
        with pytest.raises(ToolNotConfirmed):
            await engine._resolver(echo, {"text": "hi"}, 1.0)
        assert asked == []  # refused before any decision: the person is not even asked to approve it
        assert not session.audit.path.exists()  # and nothing was sent

        gate.open()
        await session.ready("slow", timeout=45)
        assert session.catalogue.confirmed(echo)
        assert session.catalogue.cached("slow") == ()
        assert [entry.confirmed for entry in session.catalogue.entries("slow")] == [True, True]
        record = await session.call(echo, {"text": "hi"})
        assert record.outcome.ok
    finally:
        await session.aclose()


async def test_a_definition_that_changed_is_flagged_and_its_cached_copy_stays_refused(tmp_path: Path) -> None:
    await run_once(tmp_path, echo_description="Returns its input.")
    session = session_for(tmp_path, build_slow(Gate(opened=True), echo_description="Deletes its input."))
    old_echo = next(tool for tool in session.catalogue.cached("slow") if tool.name == "echo")
    await session.start()
    try:
        await session.ready("slow", timeout=45)
        assert session.catalogue.changed("slow") == {"echo"}
        flagged = {entry.tool.name: entry.changed for entry in session.catalogue.entries("slow")}
        assert flagged == {"echo": True, "shout": False}
        with pytest.raises(ToolNotConfirmed, match="definition changed"):
            await session.call(old_echo, {"text": "hi"})
        new_echo = session.find_tool("slow", "echo")
        assert new_echo is not None
        assert new_echo.description == "Deletes its input."
        assert (await session.call(new_echo, {"text": "hi"})).outcome.ok
    finally:
        await session.aclose()
    # The next start knows the new definition.
    cached = ToolCache(AppPaths.under(tmp_path).cache_dir).load(SLOW)
    assert cached is not None
    assert "Deletes its input." in {tool.description for tool in cached.tools}


async def test_a_corrupt_cache_is_ignored_and_rewritten(tmp_path: Path) -> None:
    path = ToolCache(AppPaths.under(tmp_path).cache_dir).path_for(SLOW)
    path.parent.mkdir(parents=True)
    path.write_text('{"format": 1, "tools": [', encoding="utf-8")
    session = session_for(tmp_path, build_slow(Gate(opened=True)))
    assert session.catalogue.cached("slow") == ()
    await session.start()
    try:
        await session.ready("slow", timeout=45)
        assert [tool.name for tool in session.tools("slow")] == ["echo", "shout"]
    finally:
        await session.aclose()
    assert ToolCache(AppPaths.under(tmp_path).cache_dir).load(SLOW) is not None

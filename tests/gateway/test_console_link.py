"""The console link's pieces on their own: the peer check, the private directory, the wire's messages,
and the socket between a real listening gateway side and a real attaching mcp-tui side (one process, real
Unix socket)."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import stat
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tui.client.console_link import (
    ConsoleLink,
    ConsoleServer,
    peer_refusal,
    peer_uid,
    private_dir,
    running_gateways,
)
from tui.client.console_wire import WireError, decode_request, encode_request, read_choice
from tui.config.limits import ManagedLimits
from tui.config.model import Trust
from tui.model.agents import AgentInfo
from tui.model.display_templates import CallPreview
from tui.model.hints import Hint, Hints, Provenance
from tui.safety.confirm import ConfirmChoice, ConfirmRequest
from tui.safety.decision import Decision
from tui.safety.effective import HintChange
from tui.safety.grade import Grade, GradeResult, Reason
from tui.safety.lint import LintWarning


def _request() -> ConfirmRequest:
    hints = Hints.from_annotations({"readOnlyHint": False, "destructiveHint": True})
    return ConfirmRequest(
        server="demo",
        trust=Trust.UNTRUSTED,
        tool_name="manage_files",
        tool_title="Manage files\u202e",
        grade=GradeResult(Grade.HIGH, (Reason("destructive", Provenance.RESOLVED), Reason("x", None))),
        hints=hints,
        arguments_json='{\n  "action": "delete"\n}',
        decision=Decision(
            "ask",
            "Asking: high",
            "ask-rule",
            ["a change"],
            source="user",
            file="/home/me/config.toml",
            line=42,
            step=5,
            basis="the server resolved this call to destructive",
        ),
        resolution_changes=(
            HintChange("destructiveHint", Hint(False, Provenance.EXPLICIT), Hint(True, Provenance.RESOLVED)),
        ),
        resolution_note="resolved",
        lint=(LintWarning("destructive-name", "a name that says delete"),),
        definition_changes=("description changed",),
        warnings=("non-deterministic",),
        static=hints,
        claimed=hints,
        preview=CallPreview("delete notes.txt", ("mode",), "tool"),
        agent=AgentInfo("claude-code\n", "2.0"),
        limits=ManagedLimits(max_always_grade="medium", approval_max_age=3600.0),
        asked_at=datetime(2026, 11, 28, 4, 50, tzinfo=UTC),
    )


def test_a_request_crosses_the_wire_unchanged() -> None:
    request = _request()
    crossed = decode_request(encode_request(request))
    assert crossed == request
    # Left out of a Decision's equality, but the dialog names them: the rule's place and what it read.
    where = ("source", "file", "line", "step", "basis")
    assert [getattr(crossed.decision, f) for f in where] == [getattr(request.decision, f) for f in where]
    # The limits decide which remembered choices the attached dialog offers: the gateway's, not none.
    assert crossed.remembered == request.remembered
    plain = ConfirmRequest(**{**request.__dict__, "static": None, "claimed": None, "preview": None})
    assert decode_request(encode_request(plain)) == plain


@pytest.mark.parametrize(
    "broken",
    [
        {"grade": "extreme"},
        {"trust": "sort of"},
        {"tool_name": 7},
        {"hints": {"read_only": ["yes", "explicit"]}},
        {"reasons": [["x", "guessed"]]},
        {"agent": ["only a name"]},
        {"limits": {"allow_always_approvals": True}},
        {"limits": {**encode_request(_request())["limits"], "allow_always_approvals": "no"}},
        {"asked_at": "yesterday"},
    ],
)
def test_a_request_that_is_not_one_is_refused(broken: dict[str, object]) -> None:
    data = {**encode_request(_request()), **broken}
    with pytest.raises(WireError):
        decode_request(data)


def test_only_a_dialogs_choices_are_answers() -> None:
    answers = ("once", "session", "always", "exact", "hour", "today", "cancel")
    assert [read_choice(c) for c in answers] == [ConfirmChoice(c) for c in answers]
    for other in ("unanswered", "ONCE", None, 1, "yes"):
        with pytest.raises(WireError):
            read_choice(other)


def test_a_peer_of_another_user_is_refused() -> None:
    own = os.getuid()
    assert peer_refusal(own, own) is None
    refusal = peer_refusal(own + 1, own)
    assert refusal is not None
    assert f"user {own + 1}" in refusal
    assert peer_refusal(None, own) is None  # no SO_PEERCRED: the 0700 directory is the lock


def test_the_peer_check_reads_the_real_peer() -> None:
    left, right = socket.socketpair(socket.AF_UNIX)
    with left, right:
        assert peer_uid(left) == os.getuid()


def test_the_run_directory_is_made_and_kept_private(tmp_path: Path) -> None:
    made = private_dir(tmp_path / "run" / "deeper")
    assert stat.S_IMODE(made.stat().st_mode) == 0o700
    opened = tmp_path / "open"
    opened.mkdir(mode=0o755)
    opened.chmod(0o755)
    assert stat.S_IMODE(private_dir(opened).stat().st_mode) == 0o700


@pytest.fixture
def short_dir() -> Iterator[Path]:
    """A Unix socket's path has room for about 100 bytes: a short directory, removed afterwards."""
    made = Path(tempfile.mkdtemp(prefix="t34-"))
    yield made
    shutil.rmtree(made, ignore_errors=True)


async def test_a_console_answers_and_one_that_leaves_passes_the_question_on(short_dir: Path) -> None:
    run = short_dir / "run"
    server = ConsoleServer(run, {"pid": os.getpid()})
    await server.start()
    try:
        assert running_gateways(run) == [server.path]
        assert stat.S_IMODE(server.path.stat().st_mode) == 0o600
        assert await server.ask(_request()) is None  # no one attached

        link = await ConsoleLink.open(server.path)
        asked: list[ConfirmRequest] = []

        async def allow(request: ConfirmRequest) -> ConfirmChoice:
            asked.append(request)
            return ConfirmChoice.ONCE

        serving = asyncio.ensure_future(link.serve(allow))
        assert server.attached == 1
        assert await server.ask(_request()) is ConfirmChoice.ONCE
        assert asked == [_request()]

        never: asyncio.Future[ConfirmChoice] = asyncio.get_running_loop().create_future()
        reached = asyncio.Event()

        async def keep_asking(_request: ConfirmRequest) -> ConfirmChoice:
            reached.set()
            return await never

        link2 = await ConsoleLink.open(server.path)
        serving2 = asyncio.ensure_future(link2.serve(keep_asking))
        question = asyncio.ensure_future(server.ask(_request()))
        await reached.wait()  # the question reached the console attached last
        serving2.cancel()  # that mcp-tui closes: the question goes to the one attached before it
        assert await question is ConfirmChoice.ONCE
        assert never.cancelled()
        serving.cancel()
    finally:
        await server.aclose()
    assert not server.path.exists()

"""In the app, each answer to a server's question (accept, ctrl+n, Esc) is one audit record, from the
dialog's own keys, and what the person typed never reaches the audit log (only the field names)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from app_harness import audit_records, make_app, wait_for
from textual.widgets import Input

from tui.session.elicitation_audit import ACCEPTED, CANCELLED, DECLINED
from tui.ui.screens.elicitation import ElicitationScreen

pytestmark = pytest.mark.timeout(120)

SERVER = Path(__file__).resolve().parents[1] / "client" / "servers" / "flood_server.py"
SECRET = "s3cret-typed-here"


def elicitations(home: Path) -> list[dict[str, Any]]:
    return [r for r in audit_records(home) if r.get("kind") == "elicitation"]


async def test_accept_decline_and_cancel_are_each_audited_with_names_but_no_values(home: Path) -> None:
    answers = home / "answers.jsonl"
    args = json.dumps([str(SERVER), "elicit", "3", "--text", "Your token?", "--answers", str(answers)])
    app = make_app(home, f"[servers.flood]\ncommand = {json.dumps(sys.executable)}\nargs = {args}\n")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ElicitationScreen))
        await pilot.pause()
        assert isinstance(app.focused, Input)
        await pilot.press(*SECRET, "ctrl+s")
        await wait_for(pilot, lambda: len(elicitations(home)) == 1)
        await wait_for(pilot, lambda: isinstance(app.screen, ElicitationScreen))
        await pilot.press("ctrl+n")
        await wait_for(pilot, lambda: len(elicitations(home)) == 2)
        await wait_for(pilot, lambda: isinstance(app.screen, ElicitationScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(elicitations(home)) == 3)
    shown = [(r["answer"], r["reason"], r["fields"], r["answered_by"]) for r in elicitations(home)]
    assert shown == [
        ("accepted", ACCEPTED, ["x"], "person"),
        ("declined", DECLINED, [], "person"),
        ("cancelled", CANCELLED, [], "person"),
    ]
    assert [r["message"] for r in elicitations(home)] == ["Your token? 0", "Your token? 1", "Your token? 2"]
    assert {r["interface"] for r in elicitations(home)} == {"tui"}
    assert SECRET in answers.read_text(encoding="utf-8")  # the server got what was typed ...
    assert SECRET not in (home / "audit.jsonl").read_text(encoding="utf-8")  # ... the audit log did not

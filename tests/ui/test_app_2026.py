"""The app on a 2026-07-28 connection to the demo over real stdio: list, live preflight in the extension,
the dialog naming the dialect, the call, and elicitation through input_required round trips."""

from __future__ import annotations

import sys
from pathlib import Path

from app_harness import audit_records, make_app, open_tool, panel, status_text, wait_for, wait_for_tools

from tui.model.results import CallStatus
from tui.model.servers import EXTENSION_ID
from tui.safety.grade import Grade
from tui.session.preflight import PreflightStatus
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.screens.elicitation import ElicitationScreen
from tui.ui.widgets.form import ArgumentForm
from tui.ui.widgets.results.result_view import ResultView


def config(home: Path) -> str:
    sandbox = (home / "sandbox").as_posix()
    return (
        "[servers.demo]\n"
        f"command = {sys.executable!r}\n"
        f'args = ["-m", "tui.demo", "--sandbox", "{sandbox}"]\n'
        'protocol = "2026-07-28"\n'
    )


async def test_the_2026_era_end_to_end_in_the_app(home: Path) -> None:
    app = make_app(home, config(home))
    async with app.run_test(size=(140, 50)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        assert app.session.state("demo").protocol_version == "2026-07-28"
        assert tools["manage_files"].dialect == EXTENSION_ID

        await open_tool(pilot, app, tools["manage_files"], {"action": "read", "path": "welcome.txt"})

        def resolved() -> bool:
            """the extension's answer for a read"""
            result = panel(app).status_bar.result
            return result is not None and result.status is PreflightStatus.RESOLVED

        await wait_for(pilot, resolved)
        assert panel(app).badges.grade is Grade.SAFE
        assert "tool-resolution extension" in status_text(app)

        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
        dialog = app.screen
        assert isinstance(dialog, ConfirmCallScreen)
        assert "tool-resolution extension" in (dialog.request.resolution_note or "")
        await pilot.press("o")
        view = panel(app).query_one(ResultView)
        await wait_for(pilot, lambda: view.outcome is not None)
        assert view.outcome is not None
        assert view.outcome.status is CallStatus.OK
        assert "Welcome to the mcp-tui demo sandbox" in view.outcome.content[0].text  # type: ignore[union-attr]

        await open_tool(pilot, app, tools["ask_user"], {})
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
        await pilot.press("o")
        await wait_for(pilot, lambda: isinstance(app.screen, ElicitationScreen))
        form = app.screen.query_one(ArgumentForm)
        form.set_value({"name": "Grace"})
        await pilot.pause()
        await pilot.click("#elicit-accept")
        view = panel(app).query_one(ResultView)

        def greeted() -> bool:
            """the greeting after the input_required round trip"""
            outcome = view.outcome
            return outcome is not None and "Grace" in str(getattr(outcome.content[0], "text", ""))

        await wait_for(pilot, greeted)
        calls = [record for record in audit_records(home) if "kind" not in record]
        assert [record["outcome"] for record in calls][-2:] == ["ok", "ok"]
        # The question that came back as input_required is audited like one sent as a request.
        (question,) = [record for record in audit_records(home) if record.get("kind") == "elicitation"]
        assert (question["answer"], question["answered_by"]) == ("accepted", "person")
        assert "name" in question["fields"]
        assert "Grace" not in str(question)
        assert not isinstance(app.screen, ElicitationScreen)

"""The main screen's collection keys: save a call (ctrl+s), record every call (F12), open a saved call
from the Collections tab, and what follows each call (record it; judge a replay's expectations).

Functions over the main screen, which binds the keys and messages that lead here. The session's
``collections`` writes the files and judges the expectations; this only shows what it says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.model.collections import SavedCall
from tui.ui.safe_text import clean
from tui.ui.screens import tool_opening
from tui.ui.screens.replay import Replay

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from tui.session.call_flow import CallRecord
    from tui.ui.screens.main_view import MainView

DEFAULT_COLLECTION = "calls"


def save_call(screen: MainView) -> None:
    """Save the highlighted History entry (on the History tab), else the call open in the Call tab."""
    from tui.ui.screens.save_call import SaveCallScreen
    from tui.ui.widgets.history import CallHistory

    session, slot = screen.session, screen.slot
    history = slot.query_one(CallHistory) if slot.ready.is_set() else None
    if history is not None and slot.workspace.active == "history" and history.highlighted is not None:
        entry = history.entries[history.highlighted]
        tool = session.find_tool(entry.server, entry.tool)
        if tool is None:
            screen.notify(
                clean(f"{entry.server} no longer offers {entry.tool}."), severity="warning", markup=False
            )
            return
        arguments, outcome = dict(entry.arguments), entry.outcome
        grade = entry.grade.label if entry.grade is not None else None
    else:
        panel = screen.mounted_panel
        if panel is None or panel.tool is None or panel.form is None:
            screen.notify("Open a tool first (or pick a call in History), then ctrl+s saves it.")
            return
        given, errors = panel.current_arguments()
        if given is None or errors:
            panel.form.reveal_errors()
            screen.notify("Fix the arguments first: nothing was saved.", severity="warning")
            return
        from tui.ui.widgets.results.result_view import ResultView

        tool, arguments = panel.tool, given
        outcome = panel.query_one(ResultView).outcome if panel.has_class("-has-output") else None
        grade = panel.badges.grade.label if panel.badges.grade is not None else None
    name = (
        screen.replay.call.name
        if screen.replay is not None and screen.replay.call.tool == tool.name
        else tool.name
    )
    draft = session.collections.draft(name, tool, arguments, outcome, grade)
    collection = screen.replay.collection if screen.replay is not None else _last_collection(screen)
    screen.app.push_screen(
        SaveCallScreen(session.collections, draft, collection), lambda said: _saved(screen, said)
    )


def _last_collection(screen: MainView) -> str:
    recording = screen.session.collections.recording_to
    entries = screen.session.collections.entries()
    return recording or (entries[0].name if entries else DEFAULT_COLLECTION)


def _saved(screen: MainView, said: str | None) -> None:
    if said is not None:
        screen.notify(clean(said), markup=False)
        reload_collections(screen)


def reload_collections(where: DOMNode) -> None:
    """Read the collections again in the Collections tab, when ``where`` (a screen, a tab) holds it."""
    from tui.ui.widgets.collections_view import CollectionsView

    for view in where.query(CollectionsView):
        view.reload()


def toggle_recording(screen: MainView) -> None:
    from tui.ui.screens.record_to import RecordToScreen

    shelf = screen.session.collections
    if shelf.recording_to is not None:
        screen.notify(clean(shelf.stop_recording().message), markup=False)
        _recording_changed(screen)
        return
    screen.app.push_screen(
        RecordToScreen(shelf, _last_collection(screen)), lambda said: _record_started(screen, said)
    )


def _record_started(screen: MainView, said: str | None) -> None:
    if said is not None:
        screen.notify(clean(said), markup=False)
        _recording_changed(screen)


def _recording_changed(screen: MainView) -> None:
    screen.refresh_bindings()  # the footer's key says whether recording is on
    reload_collections(screen)


def recording_key(screen: MainView, action: str) -> bool:
    """F12 starts recording while it is off and stops it while it is on (the footer shows the latter)."""
    on = screen.session_started and screen.session.collections.recording_to is not None
    return on if action == "stop_recording" else not on


async def open_saved(screen: MainView, call: SavedCall) -> None:
    """Open ``call`` in the Call tab with its arguments; the person calls it the usual way (ctrl+r)."""
    session = screen.session
    tool = session.find_tool(call.server, call.tool)
    if tool is None:
        said = f"{call.server} does not offer {call.tool} (yet): wait until it lists its tools."
        screen.notify(clean(said), severity="warning", markup=False)
        return
    arguments, missing = session.collections.arguments_for(call)
    await tool_opening.open_tool(screen, tool, arguments)
    panel = screen.mounted_panel
    collection = call_collection(screen, call)
    screen.replay = Replay(call, panel.form if panel is not None else None, collection)
    for note in (missing, session.collections.definition_change(call, tool)):
        if note:
            screen.notify(clean(note), severity="warning", timeout=10, markup=False)


def call_collection(screen: MainView, call: SavedCall) -> str:
    for entry in screen.session.collections.entries():
        if entry.collection is not None and call in entry.collection.calls:
            return entry.name
    return DEFAULT_COLLECTION


def record_call(screen: MainView, record: CallRecord) -> None:
    """Right after each call from the Call tab: while recording is on, the session appends it."""
    recorded = screen.session.collections.record(record)
    if recorded is not None:
        screen.notify(
            clean(recorded.message), severity="information" if recorded.ok else "error", markup=False
        )
        reload_collections(screen)


async def show_verdicts(screen: MainView, record: CallRecord) -> None:
    """Once a replayed call's result is shown: each expectation's verdict above it, as the session judges."""
    from tui.ui.widgets.expectation_verdicts import ExpectationVerdicts
    from tui.ui.widgets.results.result_view import ResultView

    session = screen.session
    replay, panel = screen.replay, screen.mounted_panel
    if replay is None or panel is None or replay.form is None or panel.form is not replay.form:
        return
    if (record.tool.server, record.tool.name) != (replay.call.server, replay.call.tool):
        return
    verdicts = session.collections.verdicts(replay.call, record)
    output = panel.query_one(ResultView)
    await output.mount(ExpectationVerdicts(replay.call.name, verdicts), before=0 if output.children else None)
    output.scroll_home(animate=False)

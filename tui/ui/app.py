"""The mcp-tui Textual application: a view of one core ``Session``.

The app paints its first frame before anything else (the session, its settings and the SDK are imported
only after it), then creates and starts the session, turns its events and questions into Textual
messages, and opens the screens. Every decision, file write and SDK call happens in the session.
"""

from __future__ import annotations

import asyncio
import subprocess
from contextlib import suppress
from functools import cached_property
from typing import TYPE_CHECKING, Any

from textual import work
from textual.app import App
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.dom import NoScreen

from tui.session.startup import Startup, open_catalogue
from tui.ui.commands import AppCommands
from tui.ui.messages import QuestionAsked, SessionEventMessage, SessionStarted
from tui.ui.screens.main_screen import MainScreen

if TYPE_CHECKING:
    from collections.abc import Callable

    from tui.model.events import ElicitationRequested, SamplingRequested
    from tui.session.events import RequestsWaiting, SessionEvent
    from tui.session.questions import ConfirmCall, Question
    from tui.session.rule_drafts import RuleDraft
    from tui.session.rule_trial import RuleTrial
    from tui.session.session import Session
    from tui.ui.screens.request_dialog import RequestDialog


ATTACH_KEY = "ctrl+b"
"""Attach to the running gateways, to answer their agents' calls here (the console route)."""
POLICY_CHECK_S = 1.0
"""Seconds between two looks at the policy files' stamps (a change made elsewhere shows this soon)."""


class McpTuiApp(App[None]):
    TITLE = "mcp-tui"
    CSS_PATH = "app.tcss"
    COMMANDS = App.COMMANDS | {AppCommands}
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True),
        # priority, like the main screen's function keys: no focused widget's own binding takes them.
        Binding("f4", "open_preferences", "Preferences", id="open-preferences", priority=True),
        Binding("f5", "open_audit", "Audit", id="open-audit", priority=True),
        # Offered in a notice when a gateway is running; never done without the person asking for it.
        Binding(ATTACH_KEY, "attach_gateways", "Attach to gateway", id="attach-gateway", show=False),
    ]

    def __init__(
        self,
        startup: Startup,
        *,
        targets: dict[str, Any] | None = None,
        early: dict[str, subprocess.Popen[bytes]] | None = None,
    ) -> None:
        """``early``: stdio servers ``cli`` already started; ``targets``: in-process servers (tests)."""
        super().__init__()
        self.startup = startup
        self._targets = targets
        self._early = early
        self.catalogue = open_catalogue(startup)
        """The last run's tool lists, read before the first frame so a warm start shows names at once."""
        self.ready = asyncio.Event()
        """Set once the session has loaded the SDK and started connecting."""

    @cached_property
    def session(self) -> Session:
        """Created on first use: right after the first frame (its imports would only delay that frame)."""
        from tui.session.session import Session

        session = Session(
            self.startup, interface="tui", targets=self._targets, early=self._early, catalogue=self.catalogue
        )
        session.subscribe(self._relay_event)
        session.attach(self._relay_question)
        return session

    @property
    def main_screen(self) -> MainScreen:
        screen = self._main_screen()
        if screen is None:
            raise NoMatches("the main screen is not open")
        return screen

    def _main_screen(self) -> MainScreen | None:
        """None before the main screen is pushed and once the app has begun to close."""
        return next((s for s in self.screen_stack if isinstance(s, MainScreen)), None)

    def get_default_screen(self) -> MainScreen:
        # The main screen is the bottom of the stack from the start: no blank default screen is
        # composed and rendered (and thrown away) on the way to the first frame.
        return MainScreen(self.startup, self.catalogue, lambda: self.session)

    def on_mount(self) -> None:
        # Paint first, then create the session and load the SDK: importing mcp takes about a second.
        self.call_after_refresh(self.start_session)

    def _relay_event(self, event: SessionEvent) -> None:
        self.post_message(SessionEventMessage(event))

    def _relay_question(self, question: Question) -> None:
        self.post_message(QuestionAsked(question))

    @work(group="session", exclusive=True)
    async def start_session(self) -> None:
        session = self.session
        if (screen := self._main_screen()) is not None:
            screen.show_session()  # badges for the cached tools
        await session.start()
        if (screen := self._main_screen()) is not None:  # the app may be closing already
            screen.post_message(SessionStarted())
        for problem in self.session.problems:
            self.notify(problem, title="Could not read a file", severity="warning", timeout=15, markup=False)
        for notice in self.session.notices:
            self.notify(notice, title="Telemetry", severity="warning", timeout=15, markup=False)
        self._offer_gateways()
        # A revoke, a rule or a trust changed by another instance or by hand: seen within a second, said in
        # a notice, and the open call's decision line follows. One stat per policy file while nothing
        # changes; the session re-checks before every decision anyway.
        self.set_interval(POLICY_CHECK_S, self.session.check_policy_files, name="policy-check")
        self.ready.set()

    # ---- the console route: answering a gateway's agents -------------------------------------------

    def _offer_gateways(self) -> None:
        running = len(self.session.consoles.running())
        if running:
            what = "A gateway is running" if running == 1 else f"{running} gateways are running"
            self.notify(
                f"{what}. Press {ATTACH_KEY} to attach: its agents' calls that need a person are then "
                "asked here.",
                title="mcp-tui gateway",
                timeout=30,
                markup=False,
            )

    async def action_attach_gateways(self) -> None:
        lines = await self.session.consoles.attach()
        if lines:
            # The offer to attach (up to 30 s) would still say "press ctrl+b" beside "attached", and
            # could cover the first agent's dialog at 80x24: the person has acted on it, so it goes.
            self.clear_notifications()
        for line in lines or ["No gateway to attach to (none running, or attached already)."]:
            self.notify(line, title="mcp-tui gateway", timeout=10, markup=False)

    def on_session_event_message(self, message: SessionEventMessage) -> None:
        from tui.session.events import PolicyChanged, RequestsWaiting

        event: SessionEvent = message.event
        if isinstance(event, RequestsWaiting):
            self._show_waiting(event)
            return
        if isinstance(event, PolicyChanged):
            self.notify("\n".join(event.changes), title="Policy changed elsewhere", timeout=15, markup=False)
        # While the app closes its widgets go first: then there is nothing left to show the event on. A
        # call the closing cancels (its dialog went first) ends while the main screen is being taken
        # apart: a widget already detached from it has no screen (NoScreen), one already gone no match.
        with suppress(NoMatches, NoScreen):
            self.main_screen.handle_session_event(event)

    def on_question_asked(self, message: QuestionAsked) -> None:
        from tui.model.events import ElicitationRequested, SamplingRequested
        from tui.session.questions import ConfirmCall

        question: Question = message.question
        if question.answer.done():
            return  # answered before its turn came (declined with the others, or gone)
        if isinstance(question, ConfirmCall):
            self._confirm(question)
        elif isinstance(question, ElicitationRequested):
            self._elicit(question)
        elif isinstance(question, SamplingRequested):
            self._sample(question)

    def _confirm(self, question: ConfirmCall) -> None:
        from tui.safety.confirm import ConfirmChoice
        from tui.ui.screens.confirm_call import ConfirmCallScreen

        def answered(choice: ConfirmChoice | None) -> None:
            if not question.answer.done():
                question.answer.set_result(choice or ConfirmChoice.CANCEL)

        screen = ConfirmCallScreen(question.request)

        def gone(answer: asyncio.Future[ConfirmChoice]) -> None:
            # A gateway's question withdrawn (its agent went away, the gateway closed): close the dialog.
            if answer.cancelled() and screen.is_attached:
                # In the dialog's own message loop, as a key press would close it: this callback runs in
                # whichever task cancelled the question.
                screen.call_later(screen.withdraw)

        question.answer.add_done_callback(gone)
        self.push_screen(screen, answered)

    def _elicit(self, question: ElicitationRequested) -> None:
        from tui.ui.screens.elicitation import ElicitationScreen

        def answered(answer: tuple[str, dict[str, Any] | None] | None) -> None:
            if not question.answer.done():
                question.answer.set_result(answer or ("cancel", None))

        screen = ElicitationScreen(
            question.server, question.message, question.requested_schema, **self._queue_of(question.server)
        )
        self._push_request(screen, question.answer, answered)

    def _sample(self, question: SamplingRequested) -> None:
        from tui.ui.screens.sampling import SamplingScreen

        def answered(reply: object) -> None:
            if not question.answer.done():
                question.answer.set_result(reply)  # type: ignore[arg-type]

        screen = SamplingScreen(question.server, question.request, **self._queue_of(question.server))
        self._push_request(screen, question.answer, answered)

    def _queue_of(self, server: str) -> dict[str, Any]:
        """What a request's dialog says of the others from the same server, and how to decline them all."""
        requests = self.session.requests
        return {
            "waiting": requests.waiting(server),
            "declined": requests.declined(server),
            "decline_all": lambda: requests.decline_all(server),
        }

    def _push_request(
        self, screen: RequestDialog[Any], answer: asyncio.Future[Any], answered: Callable[[Any], None]
    ) -> None:
        def gone(_: object) -> None:
            # Answered elsewhere (declined with the others) or gone (its call was cancelled, the server
            # disconnected): close the dialog.
            if screen.is_attached:
                screen.withdraw()

        answer.add_done_callback(gone)
        self.push_screen(screen, answered)

    def _show_waiting(self, event: RequestsWaiting) -> None:
        from tui.ui.screens.request_dialog import RequestDialog

        for screen in self.screen_stack:
            if isinstance(screen, RequestDialog) and screen.server == event.server:
                screen.show_queue(event.waiting, event.declined)

    # ---- preferences and the audit log -----------------------------------------------------------

    async def action_open_preferences(self) -> None:
        from tui.ui.screens.preferences import PreferencesScreen

        session = self.session
        panel = self.main_screen.mounted_panel
        tool = panel.tool if panel is not None else None

        def tester(draft: RuleDraft, at_line: int | None) -> RuleTrial:
            # The arguments in the call panel right now: the rule is tried on what would be sent.
            evaluation = panel.evaluation if panel is not None else None
            return session.try_rule(draft, evaluation.latest if evaluation is not None else None, at_line)

        open_tool = (tool.server, tool.name) if tool is not None else None
        await self.push_screen(PreferencesScreen(session.settings, tester, open_tool))

    async def action_open_audit(self) -> None:
        from tui.session.audit_reading import audit_reader
        from tui.ui.screens.audit_view import AuditViewScreen

        await self.push_screen(AuditViewScreen(audit_reader(self.session.startup.paths)))

    async def action_quit(self) -> None:
        if (screen := self._main_screen()) is not None:
            screen.close_preflight()
        await self.session.aclose()
        self.exit()

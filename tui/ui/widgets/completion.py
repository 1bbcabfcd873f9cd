"""Completion for prompt arguments and template variables: the server's ``completion/complete``
suggestions, shown as the Input's inline suggestion (→ accepts it)."""

from __future__ import annotations

from textual.suggester import Suggester

from tui.client.feature_models import CompletionRef, FeatureError
from tui.session.session import Session
from tui.ui.widgets.form import ArgumentForm
from tui.ui.widgets.form.text_field import TextField


class ServerSuggester(Suggester):
    """Asks the server for completions of one argument, given what the other fields hold."""

    def __init__(
        self, session: Session, server: str, ref: CompletionRef, argument: str, form: ArgumentForm
    ) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.session = session
        self.server = server
        self.ref = ref
        self.argument = argument
        self.form = form

    async def get_suggestion(self, value: str) -> str | None:
        values, _ = self.form.current()
        context = {k: str(v) for k, v in (values or {}).items() if k != self.argument and v is not None}
        try:
            found = await self.session.features.complete(self.server, self.ref, self.argument, value, context)
        except FeatureError:
            return None  # a failed completion is no reason to interrupt typing
        # Only a suggestion that continues what was typed can be shown inline.
        return next((option for option in found if option.startswith(value) and option != value), None)


def attach_completions(form: ArgumentForm, session: Session, server: str, ref: CompletionRef) -> None:
    """Give every top-level text field of ``form`` the server's completions for that argument."""
    for field in form.query(TextField):
        if field.spec.depth == 1 and not field.spec.in_array:
            field.input.suggester = ServerSuggester(session, server, ref, field.spec.name, form)

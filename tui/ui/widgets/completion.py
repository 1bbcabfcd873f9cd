"""Completion for prompt arguments and template variables: the server's ``completion/complete``
suggestions, shown as the Input's inline suggestion (→ accepts it).

Typing sends nothing until it pauses (``DEBOUNCE_S``); each answer is kept for the open form, per
argument, value and what the other fields hold; an answer for a value the field no longer holds is
dropped, never shown.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from textual.suggester import Suggester

from tui.model.features import CompletionRef, FeatureError
from tui.safety.visible_text import visible
from tui.session.session import Session
from tui.ui.widgets.form import ArgumentForm
from tui.ui.widgets.form.text_field import TextField

DEBOUNCE_S = 0.15
"""The pause in typing before the server is asked (as for the live preflight)."""

Fetch = Callable[[str, str, dict[str, str]], Awaitable[list[str]]]
"""(argument, value, the other fields) -> the server's suggestions."""
Key = tuple[str, str, tuple[tuple[str, str], ...]]


class FormCompletions:
    """The completions of one open form: a new form (another prompt or template) starts empty."""

    def __init__(self, fetch: Fetch, debounce: float = DEBOUNCE_S) -> None:
        self._fetch = fetch
        self._debounce = debounce
        self._answers: dict[Key, list[str]] = {}

    async def options(
        self, argument: str, value: str, context: Callable[[], dict[str, str]], current: Callable[[], str]
    ) -> list[str] | None:
        """The suggestions for ``value``; None when the field has moved on (while waiting or asking)."""
        await self.typing_pause()
        if current() != value:
            return None  # typed on: a later keystroke asks instead
        others = context()
        key = (argument, value, tuple(sorted(others.items())))
        if key not in self._answers:
            try:
                self._answers[key] = await self._fetch(argument, value, others)
            except FeatureError:
                return None  # a failed completion is no reason to interrupt typing (nor to keep it)
        if current() != value:
            return None  # a late answer for an old value: the newer one decides
        return self._answers[key]

    async def typing_pause(self) -> None:
        """The wait after a keystroke before its value may be asked about: ``debounce`` seconds (a test
        ends it when it chooses instead, so what it checks does not depend on how fast keys are typed)."""
        await asyncio.sleep(self._debounce)


class ServerSuggester(Suggester):
    """Suggests the server's completion of one argument that continues what was typed."""

    def __init__(
        self,
        completions: FormCompletions,
        argument: str,
        current: Callable[[], str],
        context: Callable[[], dict[str, str]],
    ) -> None:
        super().__init__(use_cache=False, case_sensitive=True)  # FormCompletions keeps the answers
        self.completions = completions
        self.argument = argument
        self.current = current
        self.context = context

    async def get_suggestion(self, value: str) -> str | None:
        found = await self.completions.options(self.argument, value, self.context, self.current)
        # Only a suggestion that continues what was typed can be shown inline.
        # Accepting a suggestion types it into the field: one with characters that would not show
        # (controls, zero-width, bidi) is never offered, so nothing hidden gets in that way.
        return next(
            (o for o in found or () if o.startswith(value) and o != value and visible(o) == o),
            None,
        )


def attach_completions(form: ArgumentForm, session: Session, server: str, ref: CompletionRef) -> None:
    """Give every top-level text field of ``form`` the server's completions for that argument."""

    async def fetch(argument: str, value: str, context: dict[str, str]) -> list[str]:
        return await session.features.complete(server, ref, argument, value, context)

    def others(argument: str) -> dict[str, str]:
        values, _ = form.current()
        return {k: str(v) for k, v in (values or {}).items() if k != argument and v is not None}

    def suggester(field: TextField) -> ServerSuggester:
        name = field.spec.name
        return ServerSuggester(completions, name, lambda: field.input.value, lambda: others(name))

    completions = FormCompletions(fetch)
    for field in form.query(TextField):
        if field.spec.depth == 1 and not field.spec.in_array:
            field.input.suggester = suggester(field)

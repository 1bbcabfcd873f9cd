"""Resources: the list (every page) and templates; read one, fill a template's variables (with the
server's completions), subscribe to updates, save binary contents."""

from __future__ import annotations

from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from tui.model.features import (
    FeatureError,
    ResourceContent,
    ResourceInfo,
    ResourceListing,
    TemplateInfo,
)
from tui.model.formatting import suggested_file_name, uri_stem
from tui.model.uri_template import expand, variables_schema
from tui.session.argument_check import ArgumentChecker
from tui.ui.safe_text import literal, one_line
from tui.ui.widgets.completion import attach_completions
from tui.ui.widgets.content_text import resource_text, size_text
from tui.ui.widgets.feature_pane import FeaturePane, highlight_first
from tui.ui.widgets.form import ArgumentForm
from tui.ui.widgets.resource_rows import resource_details, resource_rows


class ResourcesView(FeaturePane):
    KIND = "Resources"
    DEFAULT_CSS = """
    /* One line a row, the columns aligned (resource_rows); the details line shows what a row cuts. */
    ResourcesView #resource-list { height: 12; text-wrap: nowrap; text-overflow: ellipsis; }
    ResourcesView #resource-detail { height: auto; max-height: 4; color: $text-muted; padding: 0 1; }
    ResourcesView #resource-form-holder { height: auto; }
    ResourcesView .pane-buttons { height: auto; }
    /* As wide as their words: four buttons of Textual's 16-cell minimum did not fit a pane at 80 columns. */
    ResourcesView .pane-buttons Button { margin-right: 1; min-width: 0; width: auto; }
    ResourcesView #resource-content { height: 1fr; }
    """
    LIST_ID = "resource-list"

    def __init__(self, session: object, *, id: str | None = None) -> None:
        super().__init__(session, id=id)  # type: ignore[arg-type]
        self.listing: ResourceListing | None = None
        self.template: TemplateInfo | None = None
        self.uri: str | None = None
        self.contents: tuple[ResourceContent, ...] = ()

    def compose(self) -> ComposeResult:
        yield self.status
        yield OptionList(id="resource-list")
        yield Static("", id="resource-detail")
        yield Vertical(id="resource-form-holder")
        with Horizontal(classes="pane-buttons"):
            yield Button("Read", id="resource-read", compact=True)
            yield Button("Subscribe", id="resource-subscribe", compact=True)
            yield Button("Save", id="resource-save", compact=True)
            yield Button("Refresh", id="resource-refresh", compact=True)
        with VerticalScroll(id="resource-content"):
            yield Static("", id="resource-text")

    @property
    def loaded(self) -> bool:
        return self.listing is not None

    def reload(self) -> None:
        self.listing = None
        self.query_one(OptionList).clear_options()
        self.query_one("#resource-detail", Static).update("")
        if self.server is not None and self.session.manager is not None:
            self.load(self.server)

    @work(group="resources", exclusive=True, exit_on_error=False)
    async def load(self, server: str) -> None:
        self.say(f"Listing the resources of {server}…")
        try:
            listing = await self.session.features.resources(server)
        except FeatureError as error:
            self.say(str(error), error=True)
            return
        self.listing = listing
        ids = [f"r{i}" for i in range(len(listing.resources))] + [
            f"t{i}" for i in range(len(listing.templates))
        ]
        options = [Option(row, id=row_id) for row, row_id in zip(resource_rows(listing), ids, strict=True)]
        highlight_first(self.query_one(OptionList).add_options(options))
        more = " (stopped at the page limit)" if listing.truncated else ""
        resources, templates = len(listing.resources), len(listing.templates)
        self.say(
            f"{resources} resource{'s' if resources != 1 else ''}, "
            f"{templates} template{'s' if templates != 1 else ''}{more}."
        )

    def _entry(self, option_id: str | None) -> ResourceInfo | TemplateInfo | None:
        if self.listing is None or option_id is None:
            return None
        index = int(option_id[1:])
        return self.listing.resources[index] if option_id.startswith("r") else self.listing.templates[index]

    @on(OptionList.OptionHighlighted, "#resource-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        entry = self._entry(event.option.id)
        detail = self.query_one("#resource-detail", Static)
        detail.update(literal(resource_details(entry)) if entry is not None else "")
        self._show_subscription()  # a subscription dropped meanwhile (a reconnect) shows as gone

    def _show_subscription(self) -> None:
        """The Subscribe button says what pressing it does to the resource read (the one it acts on)."""
        subscribed = self.server is not None and self.uri in self.session.features.subscribed(self.server)
        self.query_one("#resource-subscribe", Button).label = "Unsubscribe" if subscribed else "Subscribe"

    @on(OptionList.OptionSelected, "#resource-list")
    async def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.listing is None or self.server is None or event.option.id is None:
            return
        holder = self.query_one("#resource-form-holder")
        await holder.remove_children()
        index = int(event.option.id[1:])
        if event.option.id.startswith("r"):
            self.template = None
            self.read(self.server, self.listing.resources[index].uri)
            return
        self.template = template = self.listing.templates[index]
        schema = variables_schema(template.variables)
        form = ArgumentForm(
            schema,
            empty_text="This template has no variables.",
            check=ArgumentChecker(schema).check,  # the session validates
            id="template-form",
        )
        await holder.mount(form)
        if self.session.features.offers_completions(self.server):
            attach_completions(form, self.session, self.server, ("template", template.uri_template))
        self.say(f"Fill in {', '.join(template.variables) or 'nothing'} and press Read.")
        form.focus_first_field()

    def _target_uri(self) -> str | None:
        if self.template is None:
            return self.uri
        values, errors = self.query_one("#template-form", ArgumentForm).current()
        if values is None or errors:
            self.say("Fill in every variable of the template first.", error=True)
            return None
        return expand(self.template.uri_template, {k: str(v) for k, v in values.items()})

    @work(group="resource-read", exclusive=True, exit_on_error=False)
    async def read(self, server: str, uri: str) -> None:
        self.uri = uri
        self._show_subscription()
        self.say(f"Reading {uri}…")
        try:
            self.contents = await self.session.features.read_resource(server, uri)
        except FeatureError as error:
            self.say(str(error), error=True)
            return
        text = "\n\n".join(resource_text(c) for c in self.contents) or "(no contents)"
        self.query_one("#resource-text", Static).update(literal(text))
        self.say(f"Read {one_line(uri)}.")

    def show_update(self, uri: str) -> None:
        """notifications/resources/updated: read it again when it is the one shown."""
        self.say(f"{uri} was updated.")
        if self.server is not None and uri == self.uri:
            self.read(self.server, uri)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        button = event.button.id
        if button == "resource-refresh":
            self.reload()
        elif self.server is None:
            return
        elif button == "resource-read" and (uri := self._target_uri()) is not None:
            self.read(self.server, uri)
        elif button == "resource-subscribe" and self.uri is not None:
            self.toggle_subscription(self.server, self.uri)
        elif button == "resource-save":
            self._save()

    @work(group="resource-subscribe", exit_on_error=False)
    async def toggle_subscription(self, server: str, uri: str) -> None:
        subscribed = uri in self.session.features.subscribed(server)
        try:
            self.say(await self.session.features.subscribe(server, uri, on=not subscribed))
        except FeatureError as error:
            self.say(str(error), error=True)
        self._show_subscription()

    def _save(self) -> None:
        from tui.ui.screens.save_binary import SaveBinaryScreen

        binary = next((c for c in self.contents if c.blob is not None), None)
        if binary is None or binary.blob is None:
            self.say("Nothing binary to save: read a binary resource first.", error=True)
            return
        name = suggested_file_name(uri_stem(binary.uri), binary.mime_type)  # never a path from the server
        what = f"{binary.mime_type or 'binary'}, {size_text(len(binary.blob))}"
        self.app.push_screen(SaveBinaryScreen(binary.blob, Path.cwd() / name, what=what))

"""The Resources tab's rows line up: name and MIME columns of one width, long text cut with an ellipsis,
the whole of it in the details line of the highlighted row."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import OptionList

from tui.model.features import ResourceInfo, ResourceListing, TemplateInfo
from tui.ui.widgets.resource_rows import NAME_WIDTH, resource_details, resource_rows
from tui.ui.widgets.resources_view import ResourcesView

LONG_NAME = "a-resource-name-far-longer-than-the-column-allows"
LISTING = ResourceListing(
    resources=(
        ResourceInfo("mem://a", "a", mime_type="text/plain"),
        ResourceInfo("mem://long", LONG_NAME, mime_type="application/vnd.example.something+json", size=2048),
        ResourceInfo("mem://none", "no-type"),
    ),
    templates=(TemplateInfo("mem://greet/{name}", "greeting", mime_type="text/plain"),),
)


def test_the_mime_and_uri_columns_start_at_the_same_place_on_every_row() -> None:
    rows = [row.plain for row in resource_rows(LISTING)]
    uris = ["mem://a", "mem://long", "mem://none", "mem://greet/{name}"]
    starts = {row.index(uri) for row, uri in zip(rows, uris, strict=True)}
    assert len(starts) == 1, rows
    mimes = {0: "text/plain", 1: "application/", 3: "template"}  # the third resource states none
    assert len({rows[i].index(mime) for i, mime in mimes.items()}) == 1, rows


def test_text_longer_than_its_column_is_cut_with_an_ellipsis_and_shown_whole_in_the_details() -> None:
    long_row = resource_rows(LISTING)[1].plain
    assert long_row.startswith(LONG_NAME[: NAME_WIDTH - 1] + "…")
    assert "application/vnd.exa…" in long_row
    details = resource_details(LISTING.resources[1])
    assert details == f"{LONG_NAME} · mem://long · application/vnd.example.something+json · 2.0 KB"


def test_a_row_stays_on_one_line_even_when_a_name_holds_a_line_break() -> None:
    listing = ResourceListing(
        resources=(ResourceInfo("mem://x", "two\nlines\u202e", mime_type="text/plain"),)
    )
    [row] = resource_rows(listing)
    assert "\n" not in row.plain
    assert row.plain.startswith("two\\x0alines<U+202E>")


class Host(App[None]):
    def compose(self) -> ComposeResult:
        yield ResourcesView(None)


async def test_in_a_narrow_tab_each_row_keeps_to_one_line() -> None:
    async with Host().run_test(size=(50, 20)) as pilot:
        view = pilot.app.query_one(ResourcesView)
        view.listing = LISTING
        listing = view.query_one("#resource-list", OptionList)
        listing.add_options(resource_rows(LISTING))
        await pilot.pause()
        assert listing.virtual_size.height == 4  # wrapped, the long rows took two lines each

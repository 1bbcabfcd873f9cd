"""The Resources tab's rows: name, MIME type and URI in columns that line up, one line each.

The name and MIME columns are as wide as their longest entry, up to a limit; longer text is cut with an
ellipsis (the highlighted row's details line shows it whole). A template's MIME column says "template"
and its URI column shows the template with its {variables}. Every piece is server text: made visible and
put on one line before it is measured, so no character can hide, reorder or break a row.
"""

from __future__ import annotations

from textual.content import Content

from tui.model.features import ResourceInfo, ResourceListing, TemplateInfo
from tui.ui.safe_text import one_line
from tui.ui.widgets.content_text import size_text

NAME_WIDTH = 24
MIME_WIDTH = 20
GAP = "  "
TEMPLATE = "template"


def _cell(text: str, width: int) -> Content:
    return Content(text).truncate(width, ellipsis=True, pad=True)


def resource_rows(listing: ResourceListing) -> list[Content]:
    """One row per resource, then one per template, in the listing's order."""
    names = [one_line(r.name) for r in listing.resources] + [one_line(t.name) for t in listing.templates]
    mimes = [one_line(r.mime_type or "") for r in listing.resources] + [TEMPLATE] * len(listing.templates)
    uris = [one_line(r.uri) for r in listing.resources] + [
        one_line(t.uri_template) for t in listing.templates
    ]
    if not names:
        return []
    name_width = min(NAME_WIDTH, max(Content(name).cell_length for name in names))
    mime_width = min(MIME_WIDTH, max(Content(mime).cell_length for mime in mimes))
    return [
        Content.assemble(
            _cell(name, name_width), GAP, _cell(mime, mime_width).stylize("$text-muted"), GAP, uri
        )
        for name, mime, uri in zip(names, mimes, uris, strict=True)
    ]


def resource_details(entry: ResourceInfo | TemplateInfo) -> str:
    """Everything the row may have cut, whole (server text: pass it through ``literal``)."""
    parts = [entry.name]
    if entry.title:
        parts.append(entry.title)
    if isinstance(entry, TemplateInfo):
        parts.append(f"template {entry.uri_template}")
        if entry.mime_type:
            parts.append(entry.mime_type)
    else:
        parts.append(entry.uri)
        if entry.mime_type:
            parts.append(entry.mime_type)
        if entry.size is not None:
            parts.append(size_text(entry.size))
    text = " · ".join(parts)
    return f"{text}\n{entry.description}" if entry.description else text

"""Resource links (a pointer the server hands back) and embedded resources (the contents themselves)."""

from __future__ import annotations

import json
from pathlib import Path

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from tui.model.formatting import human_size, suggested_file_name, uri_stem
from tui.model.results import EmbeddedResourceBlock, ResourceLinkBlock, UnknownBlock
from tui.safety.visible_text import visible_line
from tui.ui.safe_text import literal
from tui.ui.widgets.results.saveable import SaveableBlock
from tui.ui.widgets.results.text_block import TextBlockView

# Fields whose line breaks are layout; in every other field (an address, a name, a type) a line break
# would start a line that reads as another field, so it shows as ``\x0a``.
MULTI_LINE_FIELDS = frozenset({"Description"})


def field_rows(rows: list[tuple[str, str | None]]) -> Content:
    """``Label: value`` lines; labels are ours (styled), values are server text (literal)."""
    lines = [
        Content.assemble(
            (f"{name}: ", "bold"), literal(value if name in MULTI_LINE_FIELDS else visible_line(value))
        )
        for name, value in rows
        if value is not None
    ]
    return Content("\n").join(lines)


class ResourceLinkView(Static):
    def __init__(self, block: ResourceLinkBlock) -> None:
        size = None if block.size is None else f"{human_size(block.size)} ({block.size} bytes)"
        rows = [
            ("URI", block.uri),
            ("Name", block.name),
            ("Title", block.title),
            ("Description", block.description),
            ("MIME type", block.mime_type),
            ("Size", size),
        ]
        body = Content.assemble(("Resource link\n", "bold"), field_rows(rows))
        super().__init__(body, classes="result-block resource-link-block")
        self.block = block


class EmbeddedResourceView(SaveableBlock):
    def __init__(
        self, block: EmbeddedResourceBlock, *, save_dir: Path | None = None, display_limit: int | None = None
    ) -> None:
        super().__init__(save_dir=save_dir, classes="result-block embedded-resource-block")
        self.block = block
        self.display_limit = display_limit
        self.data = block.blob or b""
        self.file_name = suggested_file_name(uri_stem(block.uri), block.mime_type)
        mime = visible_line(block.mime_type or "no MIME type")
        self.what = f"Resource {visible_line(block.uri)} · {mime} · {human_size(len(self.data))}"

    def compose(self) -> ComposeResult:
        rows: list[tuple[str, str | None]] = [
            ("URI", self.block.uri),
            ("MIME type", self.block.mime_type or "not stated"),
        ]
        if self.block.text is None and self.block.blob is not None:
            rows.append(("Size", f"{human_size(len(self.data))} ({len(self.data)} bytes)"))
        yield Static(
            Content.assemble(("Embedded resource\n", "bold"), field_rows(rows)), classes="block-title"
        )
        if self.block.text is not None:
            yield TextBlockView(
                self.block.text,
                label="Resource text",
                save_stem=uri_stem(self.block.uri),
                save_dir=self.save_dir,
                **({} if self.display_limit is None else {"display_limit": self.display_limit}),
            )
        elif self.data:
            yield self.save_button()
        elif self.block.decode_error:
            yield Static(
                literal(f"The data could not be decoded: {self.block.decode_error}"),
                classes="block-note block-problem",
            )
        else:
            yield Static("The resource has no contents.", classes="block-note")


class UnknownBlockView(TextBlockView):
    """A content type this client does not know: its JSON, so nothing the server sent is hidden."""

    def __init__(self, block: UnknownBlock, *, save_dir: Path | None = None) -> None:
        raw = json.dumps(block.raw, indent=2, ensure_ascii=False, default=repr)
        super().__init__(raw, label=f"Unknown content type {block.type!r}", save_dir=save_dir)
        self.add_class("unknown-block")

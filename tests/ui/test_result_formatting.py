"""The small helpers behind the result view: sizes, durations, JSON, safe file names."""

from __future__ import annotations

import pytest

from tui.model.formatting import (
    extension_for,
    human_duration,
    human_size,
    pretty_json,
    safe_stem,
    suggested_file_name,
    uri_stem,
)


@pytest.mark.parametrize(
    ("size", "shown"),
    [(0, "0 B"), (1023, "1023 B"), (1024, "1.0 KB"), (5 * 1024 * 1024, "5.0 MB"), (3 * 1024**4, "3.0 TB")],
)
def test_human_size(size: int, shown: str) -> None:
    assert human_size(size) == shown


def test_human_duration() -> None:
    assert human_duration(0.042) == "42 ms"
    assert human_duration(1.234) == "1.23 s"
    assert human_duration(59.994) == "59.99 s"
    assert human_duration(3599) == "59 min 59 s"


def test_pretty_json_only_for_objects_and_arrays() -> None:
    assert pretty_json(' {"a":1} ') == '{\n  "a": 1\n}'
    assert pretty_json("[1]") == "[\n  1\n]"
    assert pretty_json("42") is None
    assert pretty_json('"text"') is None
    assert pretty_json("{broken") is None


@pytest.mark.parametrize("depth", [3000, 100_000])
def test_pretty_json_leaves_json_nested_too_deeply_as_it_came(depth: int) -> None:
    assert pretty_json("[" * depth + "]" * depth) is None
    assert pretty_json('{"a":' * depth + "1" + "}" * depth) is None


@pytest.mark.parametrize(
    ("mime", "ext"),
    [
        ("image/png", ".png"),
        ("image/jpeg", ".jpg"),
        ("audio/wav", ".wav"),
        ("audio/mpeg", ".mp3"),
        ("text/plain; charset=utf-8", ".txt"),
        ("application/x-unheard-of", ".bin"),
        (None, ".bin"),
    ],
)
def test_extension_for(mime: str | None, ext: str) -> None:
    assert extension_for(mime) == ext


def test_file_names_from_server_text_are_safe() -> None:
    assert safe_stem("../../etc/passwd") == "etc_passwd"
    assert safe_stem(".hidden") == "hidden"
    assert safe_stem("\x1b[2J") == "2J"
    assert safe_stem("///") == "result"
    assert len(safe_stem("a" * 500)) == 60
    assert suggested_file_name("photo.png", "image/png") == "photo.png"
    assert suggested_file_name("get image", "image/png") == "get_image.png"


def test_uri_stem() -> None:
    assert uri_stem("file:///a/b/report.pdf?x=1#top") == "report.pdf"
    assert uri_stem("mem://") == "resource"


def test_the_result_resource_and_prompt_views_show_json_nested_too_deeply_as_it_came() -> None:
    from tui.model.features import ResourceContent
    from tui.model.results import TextBlock
    from tui.ui.widgets.content_text import message_text, resource_text
    from tui.ui.widgets.results.text_block import TextBlockView

    deep = "[" * 3000 + "]" * 3000
    view = TextBlockView(deep)
    assert (view.is_json, view.full_text) == (False, deep)
    assert resource_text(ResourceContent("mem://deep.json", "application/json", text=deep)).endswith(deep)
    assert message_text("user", TextBlock(deep)).endswith(deep)

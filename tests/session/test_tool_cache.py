"""The tool cache on disk: a faithful round trip, one file per launch, and a bad file is simply ignored."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.config.model import ServerConfig
from tui.model.servers import ToolInfo
from tui.store.tool_cache import ToolCache, launch_identity

CONFIG = ServerConfig(name="files", transport="stdio", command="files-server", args=("--root", "/srv"))
TOOLS = (
    ToolInfo(
        server="files",
        name="write",
        title="Write a file",
        description="Writes text to a file.",
        input_schema={"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]},
        output_schema={"type": "object"},
        annotations={"destructiveHint": True, "title": "Write"},
        resolve_method="tools/resolve",
        raw={"name": "write", "resolve": True},
    ),
    ToolInfo("files", "list", None, "", {"type": "object"}, None, None),
    # Every resolution dialect survives the trip (the demo's tools use the extension's).
    ToolInfo(
        "files",
        "move",
        None,
        "Moves a file.",
        {"type": "object"},
        None,
        None,
        resolve_method="io.modelcontextprotocol/tool-resolution",
    ),
    ToolInfo("files", "stat", None, "", {"type": "object"}, None, None, resolve_method="tools/annotations"),
)


def test_a_saved_list_loads_back_the_same_under_the_current_server_name(tmp_path: Path) -> None:
    cache = ToolCache(tmp_path)
    assert cache.save(CONFIG, "files-server", "1.4.0", TOOLS)
    loaded = cache.load(CONFIG)
    assert loaded is not None
    assert (loaded.server_name, loaded.server_version) == ("files-server", "1.4.0")
    assert loaded.tools == TOOLS
    assert loaded.tools[0].raw == TOOLS[0].raw  # raw is not part of equality: check it on its own
    # The same launch under another name in the config: the same cache, the tools under the new name.
    renamed = ToolCache(tmp_path).load(
        ServerConfig(name="fs", transport="stdio", command="files-server", args=("--root", "/srv"))
    )
    assert renamed is not None
    assert {tool.server for tool in renamed.tools} == {"fs"}


def test_another_launch_has_its_own_cache(tmp_path: Path) -> None:
    cache = ToolCache(tmp_path)
    assert cache.save(CONFIG, None, None, TOOLS)
    assert cache.load(CONFIG) is not None  # the control: this launch's own list is there
    other_args = ServerConfig(
        name="files", transport="stdio", command="files-server", args=("--root", "/tmp")
    )
    other_env = ServerConfig(
        name="files", transport="stdio", command="files-server", args=CONFIG.args, env={"TOKEN": "s3cret"}
    )
    url = ServerConfig(name="files", transport="http", url="http://127.0.0.1:9/mcp")
    assert [cache.load(config) for config in (other_args, other_env, url)] == [None, None, None]
    cache.save(other_env, None, None, TOOLS)
    # Environment values decide the key but are never written down.
    assert "s3cret" not in cache.path_for(other_env).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "content",
    [
        "not json at all {",
        "[1, 2, 3]",
        '{"format": 1}',
        '{"format": 99, "tools": []}',
        '{"format": 1, "launch": "LAUNCH", "tools": [{"name": "x"}]}',
        '{"format": 1, "launch": "LAUNCH", "tools": [{"name": "x", "description": "", "inputSchema": {},'
        ' "resolveMethod": "tools/run"}]}',
        "\x00\xff binary",
    ],
)
def test_a_corrupt_file_is_ignored_and_replaced_by_the_next_save(tmp_path: Path, content: str) -> None:
    cache = ToolCache(tmp_path)
    path = cache.path_for(CONFIG)
    path.parent.mkdir(parents=True)
    path.write_text(
        content.replace("LAUNCH", launch_identity(CONFIG)), encoding="utf-8", errors="surrogateescape"
    )
    assert cache.load(CONFIG) is None
    assert cache.save(CONFIG, "files-server", "1.4.0", TOOLS)
    loaded = cache.load(CONFIG)
    assert loaded is not None
    assert loaded.tools == TOOLS


def test_an_unwritable_cache_directory_is_not_an_error(tmp_path: Path) -> None:
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the directory should be", encoding="utf-8")
    cache = ToolCache(blocker)
    assert cache.save(CONFIG, None, None, TOOLS) is False
    assert cache.load(CONFIG) is None

"""The demo server declares display templates (one per manage_files action) and a result display text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import mcp
import pytest
from jsonschema import Draft202012Validator

from tests.demo.conftest import RAW, raw_tools
from tui.demo.server import DemoServer
from tui.model.display_templates import BRANCH_TEMPLATE_KEY, DISPLAY_TEMPLATES_ID, result_display_text
from tui.model.servers import ToolInfo
from tui.safety.display_template import call_preview
from tui.safety.tool_lint import lint_listed_tool

ACTIONS = {
    ("read", None): "read notes.md from the sandbox",
    ("append", "hi"): "append hi to notes.md in the sandbox",
    ("replace", "new"): "replace the contents of notes.md in the sandbox with new",
    ("delete", None): "delete notes.md from the sandbox",
}


def info(raw: dict[str, Any]) -> ToolInfo:
    return ToolInfo(
        "demo", raw["name"], raw.get("title"), raw.get("description", ""), raw["inputSchema"], None,
        raw.get("annotations"), raw=raw,
    )  # fmt: skip


async def test_every_template_is_usable_and_every_schema_still_valid(server: DemoServer) -> None:
    async with mcp.Client(server) as client:
        listed = await raw_tools(client)
    with_templates = set()
    for name, raw in listed.items():
        Draft202012Validator.check_schema(raw["inputSchema"])
        codes = {warning.code for warning in lint_listed_tool(info(raw))}
        assert not codes & {"template-invalid", "template-hides-arguments"}, name
        if DISPLAY_TEMPLATES_ID in raw.get("_meta", {}) or "oneOf" in raw["inputSchema"]:
            with_templates.add(name)
    # roll_dice keeps its raw display on purpose (like its missing annotations); every other tool has one.
    assert with_templates == set(listed) - {"roll_dice"}


async def test_manage_files_has_one_template_per_action_with_action_as_its_discriminator(
    server: DemoServer,
) -> None:
    async with mcp.Client(server) as client:
        raw = (await raw_tools(client))["manage_files"]
    branches = raw["inputSchema"]["oneOf"]
    assert [b["properties"]["action"] for b in branches] == [
        {"const": action} for action in ("read", "append", "replace", "delete")
    ]
    assert all(isinstance(b[BRANCH_TEMPLATE_KEY], str) for b in branches)
    for (action, content), expected in ACTIONS.items():
        arguments = {"action": action, "path": "notes.md"} | ({"content": content} if content else {})
        preview = call_preview(raw["inputSchema"], raw.get("_meta"), arguments)
        assert preview is not None
        assert (preview.text, preview.unreferenced) == (expected, ())
    stray = call_preview(raw["inputSchema"], None, {"action": "delete", "path": "a", "content": "x"})
    assert stray is not None
    assert stray.line == "delete a from the sandbox  (+1 argument not in this summary: content)"


@pytest.fixture
def notes(sandbox: Path) -> Path:
    sandbox.mkdir(parents=True, exist_ok=True)
    path = sandbox / "notes.md"
    path.write_text("one\ntwo\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_a_read_result_carries_a_display_text_beside_the_files_content(
    server: DemoServer, notes: Path, mode: str
) -> None:
    async with mcp.Client(server, mode=mode) as client:
        result = await client.call_tool("manage_files", {"action": "read", "path": "notes.md"})
    block = RAW.validate_python(result.content[0].model_dump(by_alias=True))
    assert block["text"] == "one\ntwo\n"  # what the model reads is unchanged
    assert result_display_text(block.get("_meta")) == "read notes.md: 2 lines, 8 characters"

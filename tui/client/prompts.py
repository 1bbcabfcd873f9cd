"""prompts/list (every page) and prompts/get, as plain data; messages keep their content blocks."""

from __future__ import annotations

from functools import partial
from typing import Any

import mcp_types as types
from mcp import Client

from tui.client.convert import _opt_str, content_block, wire_dict
from tui.client.list_entries import all_pages, list_page
from tui.client.resources import _ignore, guarded
from tui.model.features import PromptArgument, PromptInfo, PromptMessage, PromptResult
from tui.model.servers import Note


async def list_prompts(client: Client, timeout: float, note: Note = _ignore) -> tuple[PromptInfo, ...]:
    """Every prompt; ``note`` hears about each malformed entry, which is left out."""
    listed = await all_pages(
        lambda cursor, first: guarded(
            "prompts/list",
            timeout,
            partial(
                list_page,
                client,
                "prompts/list",
                types.Prompt,
                cursor=cursor,
                timeout=timeout,
                first_position=first,
            ),
        )
    )
    for problem in listed.left_out:
        note(problem)
    prompts = [
        PromptInfo(
            name=str(raw.get("name", "")),
            title=_opt_str(raw.get("title")),
            description=_opt_str(raw.get("description")),
            arguments=tuple(
                PromptArgument(
                    name=str(arg.get("name", "")),
                    description=_opt_str(arg.get("description")),
                    required=arg.get("required") is True,
                )
                for arg in raw.get("arguments", [])
                if isinstance(arg, dict)
            ),
        )
        for raw in (entry.raw for entry in listed.entries)
    ]
    return tuple(dict.fromkeys(prompts))  # the same prompt twice (a page handed back again) is one


async def get_prompt(client: Client, name: str, arguments: dict[str, str], timeout: float) -> PromptResult:
    result = await guarded(f"prompts/get {name}", timeout, lambda: client.get_prompt(name, arguments))
    raw = wire_dict(result)
    messages = tuple(_message(m) for m in raw.get("messages", []) if isinstance(m, dict))
    return PromptResult(description=_opt_str(raw.get("description")), messages=messages)


def _message(raw: dict[str, Any]) -> PromptMessage:
    block = raw.get("content")
    sent = block if isinstance(block, dict) else {}
    return PromptMessage(role=str(raw.get("role", "")), content=content_block(sent), raw_content=sent)

"""resources/list, resources/templates/list (every page), resources/read, subscribe and completions.

Each function takes a connected ``Client`` and returns plain data (``tui.model.features``); a server or
transport problem becomes a ``FeatureError`` whose text says what went wrong.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, TypeVar

import anyio
import mcp_types as types
from mcp import Client
from mcp.shared.exceptions import MCPError

from tui.client import errors
from tui.client.convert import _decode, _opt_str, wire_dict
from tui.client.legacy_requests import subscribe_resource
from tui.client.list_entries import Page, all_pages, list_page
from tui.model.features import (
    CompletionRef,
    FeatureError,
    ResourceContent,
    ResourceInfo,
    ResourceListing,
    TemplateInfo,
)
from tui.model.servers import Failure, LeftOut, Note

T = TypeVar("T")
"""Hears about each entry of a listing that was left out, and why."""


def _ignore(_problem: LeftOut) -> None:
    return None


async def guarded(what: str, timeout: float, request: Callable[[], Awaitable[T]]) -> T:
    """Run one request with a deadline; every failure becomes a ``FeatureError`` saying ``what`` failed."""
    try:
        with anyio.fail_after(timeout):
            return await request()
    except TimeoutError:
        raise FeatureError(f"{what}: no answer within {timeout:g} s", Failure.TIMEOUT) from None
    except (MCPError, Exception) as exc:
        if isinstance(exc, FeatureError):
            raise
        raise FeatureError(f"{what}: {errors.describe(exc)}", errors.failure_of(exc)) from exc


async def list_resources(client: Client, timeout: float, note: Note = _ignore) -> ResourceListing:
    """Every resource and template (templates only when the server answers templates/list); ``note``
    hears about each malformed entry, which is left out."""
    listed = await all_pages(
        lambda cursor, first: guarded(
            "resources/list",
            timeout,
            partial(
                list_page,
                client,
                "resources/list",
                types.Resource,
                cursor=cursor,
                timeout=timeout,
                first_position=first,
            ),
        )
    )

    async def template_page(cursor: str | None, first: int) -> Page[types.ResourceTemplate]:
        try:
            return await guarded(
                "resources/templates/list",
                timeout,
                partial(
                    list_page,
                    client,
                    "resources/templates/list",
                    types.ResourceTemplate,
                    cursor=cursor,
                    timeout=timeout,
                    first_position=first,
                ),
            )
        except FeatureError:
            # A server with resources but no templates may not know the method at all: no (more) pages.
            return Page([], [], None)

    listed_templates = await all_pages(template_page)
    for problem in [*listed.left_out, *listed_templates.left_out]:
        note(problem)
    resources = [
        ResourceInfo(
            uri=str(raw.get("uri", "")),
            name=str(raw.get("name", "")),
            title=_opt_str(raw.get("title")),
            description=_opt_str(raw.get("description")),
            mime_type=_opt_str(raw.get("mimeType")),
            size=raw.get("size") if isinstance(raw.get("size"), int) else None,
        )
        for raw in (entry.raw for entry in listed.entries)
    ]
    templates = [
        TemplateInfo(
            uri_template=str(raw.get("uriTemplate", "")),
            name=str(raw.get("name", "")),
            title=_opt_str(raw.get("title")),
            description=_opt_str(raw.get("description")),
            mime_type=_opt_str(raw.get("mimeType")),
        )
        for raw in (entry.raw for entry in listed_templates.entries)
    ]
    truncated = listed.truncated
    # The same entry twice (a page handed back under another cursor) is one entry, as with tools.
    return ResourceListing(tuple(dict.fromkeys(resources)), tuple(dict.fromkeys(templates)), truncated)


async def read_resource(client: Client, uri: str, timeout: float) -> tuple[ResourceContent, ...]:
    result = await guarded(f"reading {uri}", timeout, lambda: client.read_resource(uri, cache_mode="bypass"))
    contents = []
    for item in result.contents:
        raw = wire_dict(item)
        mime = _opt_str(raw.get("mimeType"))
        item_uri = str(raw.get("uri", uri))
        if "blob" in raw:
            data, problem = _decode(raw.get("blob"))
            contents.append(ResourceContent(item_uri, mime, blob=data, decode_error=problem))
        else:
            contents.append(ResourceContent(item_uri, mime, text=str(raw.get("text", ""))))
    return tuple(contents)


def subscribable(capabilities: dict[str, Any]) -> bool:
    """Whether the server offers resource subscriptions (``capabilities`` as sent)."""
    resources = capabilities.get("resources")
    return isinstance(resources, dict) and bool(resources.get("subscribe"))


async def subscribe(client: Client, uri: str, timeout: float, *, on: bool) -> None:
    """Legacy connections: resources/subscribe (or unsubscribe) ``uri``."""
    verb = "subscribe" if on else "unsubscribe"
    await guarded(f"resources/{verb} {uri}", timeout, lambda: subscribe_resource(client, uri, on=on))


async def follow_by_listening(
    follow: Callable[[frozenset[str]], Awaitable[frozenset[str]]],
    uri: str,
    uris: frozenset[str],
    timeout: float,
    *,
    on: bool,
) -> None:
    """2026: (un)subscribe by opening the subscriptions/listen stream anew for ``uris``, all the resources
    to follow from now on (``follow`` is the connection's)."""
    verb = "subscribe" if on else "unsubscribe"
    honored = await guarded(f"subscriptions/listen ({verb} {uri})", timeout, lambda: follow(uris))
    if on and uri not in honored:
        raise FeatureError(f"the server did not agree to send updates of {uri}", Failure.REFUSED)


async def complete(
    client: Client,
    ref: CompletionRef,
    argument: str,
    value: str,
    context: dict[str, str],
    timeout: float,
) -> list[str]:
    """The server's suggestions for ``argument`` of a prompt or resource template, given ``value`` so far."""
    kind, name = ref
    reference: types.ResourceTemplateReference | types.PromptReference = (
        types.PromptReference(name=name) if kind == "prompt" else types.ResourceTemplateReference(uri=name)
    )
    result = await guarded(
        f"completion/complete for {argument}",
        timeout,
        lambda: client.complete(reference, {"name": argument, "value": value}, context or None),
    )
    return [str(v) for v in result.completion.values]

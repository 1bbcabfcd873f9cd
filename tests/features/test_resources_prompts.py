"""Resources (list, templates, read, subscribe), prompts and completions against an in-process server."""

from __future__ import annotations

from pathlib import Path

import pytest
from feature_server import PNG, State, build
from servers.harness import wait_until
from session_harness import of, started

from tui.model.events import ListChanged, ResourceUpdated
from tui.model.features import FeatureError
from tui.model.results import TextBlock
from tui.model.uri_template import expand


async def test_resources_and_templates_are_listed_and_read(home: Path) -> None:
    async with started(home, build()) as (session, _):
        listing = await session.features.resources("f")
        assert [r.uri for r in listing.resources] == [
            "notes://plain",
            "notes://data.json",
            "notes://logo.png",
        ]
        assert listing.resources[2].mime_type == "image/png"
        (template,) = listing.templates
        assert template.variables == ("name",)
        uri = expand(template.uri_template, {"name": "Ada Lovelace"})
        assert uri == "notes://greeting/Ada%20Lovelace"
        (text,) = await session.features.read_resource("f", "notes://plain")
        assert text.text == "[b]not markup[/b]"
        (binary,) = await session.features.read_resource("f", "notes://logo.png")
        assert (binary.blob, binary.mime_type, binary.text) == (PNG, "image/png", None)
        (filled,) = await session.features.read_resource("f", "notes://greeting/Ada")
        assert filled.text == "Hello, Ada!"


async def test_a_failed_read_is_a_sentence_not_a_traceback(home: Path) -> None:
    async with started(home, build()) as (session, _):
        with pytest.raises(FeatureError, match="reading notes://missing"):
            await session.features.read_resource("f", "notes://missing")


async def test_subscribe_sends_the_request_and_updates_arrive(home: Path) -> None:
    state = State()
    async with started(home, build(state)) as (session, events):
        assert session.features.can_subscribe("f") is None
        await session.features.subscribe("f", "notes://plain")
        assert state.subscribed == ["notes://plain"]
        await wait_until(lambda: bool(of(events, ResourceUpdated)))
        assert of(events, ResourceUpdated)[0].uri == "notes://plain"
        assert session.features.subscribed("f") == {"notes://plain"}
        await session.features.subscribe("f", "notes://plain", on=False)
        assert state.subscribed == []
        assert session.features.subscribed("f") == frozenset()


async def test_a_server_not_configured_has_no_subscriptions(home: Path) -> None:
    async with started(home, build()) as (session, _):
        assert session.features.subscribed("gone") == frozenset()


async def test_on_2026_a_subscription_reopens_the_listen_stream_and_updates_arrive(home: Path) -> None:
    async with started(home, build(), 'protocol = "2026-07-28"') as (session, events):
        manager = session.manager
        assert manager is not None

        async def updated_after_touching(*uris: str) -> list[str]:
            """Touch each of ``uris``, then a canary that is always followed: what arrived by then."""
            events.clear()
            for uri in (*uris, "notes://canary"):
                await manager.call_tool("f", "touch", {"uri": uri})
            await wait_until(lambda: "notes://canary" in [e.uri for e in of(events, ResourceUpdated)])
            return [e.uri for e in of(events, ResourceUpdated) if e.uri != "notes://canary"]

        assert session.features.can_subscribe("f") is None
        await session.features.subscribe("f", "notes://canary")
        assert await updated_after_touching("notes://plain") == []
        await session.features.subscribe("f", "notes://plain")
        assert await updated_after_touching("notes://plain", "notes://data.json") == ["notes://plain"]
        await session.features.subscribe("f", "notes://data.json")
        assert session.features.subscribed("f") == {"notes://canary", "notes://plain", "notes://data.json"}
        await session.features.subscribe("f", "notes://plain", on=False)
        assert await updated_after_touching("notes://plain", "notes://data.json") == ["notes://data.json"]
        # The list changes are still followed by the stream that replaced the first.
        events.clear()
        await manager.call_tool("f", "change_lists", {})
        await wait_until(lambda: {e.what for e in of(events, ListChanged)} == {"resources", "prompts"})


async def test_prompts_are_listed_and_fetched_with_arguments(home: Path) -> None:
    async with started(home, build()) as (session, _):
        (prompt,) = await session.features.prompts("f")
        assert prompt.name == "review"
        assert [(a.name, a.required) for a in prompt.arguments] == [("code", True), ("language", False)]
        result = await session.features.get_prompt("f", "review", {"code": "x = 1", "language": "perl"})
        assert [m.role for m in result.messages] == ["user", "assistant"]
        assert result.messages[0].content == TextBlock("Review this perl: x = 1")
        assert result.messages[1].content == TextBlock("[red]literal[/red]")


async def test_completions_come_from_the_server(home: Path) -> None:
    async with started(home, build()) as (session, _):
        assert session.features.offers_completions("f")
        found = await session.features.complete("f", ("prompt", "review"), "language", "pe", {})
        assert found == ["perl"]
        names = await session.features.complete(
            "f", ("template", "notes://greeting/{name}"), "name", "al", {}
        )
        assert names == ["alan"]


async def test_every_page_is_listed(home: Path) -> None:
    from paged_server import build as build_paged

    async with started(home, build_paged()) as (session, _):
        listing = await session.features.resources("f")
        assert [r.uri for r in listing.resources] == [f"paged://{i}" for i in range(5)]
        assert [t.name for t in listing.templates] == ["t0", "t1", "t2"]
        assert not listing.truncated
        assert [p.name for p in await session.features.prompts("f")] == ["p0", "p1", "p2"]
        pages = [
            r for r in session.features.traffic("f") if r.method == "resources/list" and r.direction == "out"
        ]
        assert len(pages) == 3


async def test_a_blob_that_does_not_decode_is_said_so(home: Path) -> None:
    from paged_server import build as build_paged

    async with started(home, build_paged()) as (session, _):
        (content,) = await session.features.read_resource("f", "paged://0")
        assert content.blob == b""
        assert content.decode_error is not None
        assert "not valid base64" in content.decode_error


@pytest.mark.parametrize("protocol", ["legacy", "2026-07-28"])
async def test_list_changed_notifications_reach_the_front_end(home: Path, protocol: str) -> None:
    async with started(home, build(), f'protocol = "{protocol}"') as (session, events):
        assert (session.state("f").protocol_version == "2026-07-28") == (protocol != "legacy")
        if protocol != "legacy":
            # A 2026 connection follows changes once its subscription is acknowledged; what changed
            # before that is announced then (the stream has no replay). Only what comes after counts here.
            await wait_until(lambda: {e.what for e in of(events, ListChanged)} == {"resources", "prompts"})
            events.clear()
        await session.manager.call_tool("f", "change_lists", {})  # type: ignore[union-attr]
        await wait_until(lambda: {e.what for e in of(events, ListChanged)} == {"resources", "prompts"})
        assert {e.server for e in of(events, ListChanged)} == {"f"}

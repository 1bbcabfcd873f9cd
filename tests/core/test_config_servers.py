"""Ad-hoc servers from the command line and the demo-server fallback."""

from __future__ import annotations

import sys

import pytest

from tui.config.cli_servers import AdhocServerError, adhoc_servers, command_name
from tui.config.defaults import demo_server_config, servers_to_use
from tui.config.model import AppConfig, ServerConfig, Trust


def test_urls_and_a_command() -> None:
    http, sse_same_host, stdio = adhoc_servers(
        ["http://localhost:8000/mcp", "http://localhost:8000/other"],
        ["npx", "-y", "@modelcontextprotocol/server-everything"],
    )
    assert (http.name, http.transport, http.url) == ("localhost:8000", "http", "http://localhost:8000/mcp")
    assert sse_same_host.name == "localhost:8000-2"
    assert (stdio.name, stdio.transport, stdio.command) == ("server-everything", "stdio", "npx")
    assert stdio.args == ("-y", "@modelcontextprotocol/server-everything")
    assert all(s.trust is Trust.UNTRUSTED for s in (http, sse_same_host, stdio))


def test_sse_flag() -> None:
    (server,) = adhoc_servers(["https://user:pw@example.com/sse"], sse=True)
    assert (server.name, server.transport) == ("example.com", "sse")


@pytest.mark.parametrize(
    ("command", "name"),
    [
        (["uvx", "mcp-server-time"], "mcp-server-time"),
        (["python3", "-m", "mcp_server_fetch"], "mcp_server_fetch"),
        (["python", "server.py"], "server"),
        (["node", "/src/weather/build/index.js"], "weather"),
        (["npx", "@playwright/mcp@latest"], "playwright-mcp"),
        (["npx", "-y", "some-pkg@1.2.3"], "some-pkg"),
        (["uv", "run", "--with", "mcp", "srv.py"], "srv"),
        (["docker", "run", "-i", "--rm", "ghcr.io/github/github-mcp-server:latest"], "github-mcp-server"),
        (["/opt/bin/my-server", "--stdio"], "my-server"),
    ],
)
def test_readable_command_names(command: list[str], name: str) -> None:
    assert command_name(command) == name


@pytest.mark.parametrize("url", ["localhost:8000", "ftp://x/", "http://"])
def test_bad_urls_are_refused(url: str) -> None:
    with pytest.raises(AdhocServerError, match="not an http:// or https:// URL"):
        adhoc_servers([url])


def test_demo_server() -> None:
    demo = demo_server_config()
    assert demo == ServerConfig(
        name="demo",
        transport="stdio",
        command=sys.executable,
        args=("-m", "tui", "demo-server"),
        builtin=True,
    )
    assert (demo.trust, demo.protocol) == (Trust.UNTRUSTED, "legacy")


def test_which_servers_are_used() -> None:
    configured = ServerConfig(name="mine", transport="stdio", command="x")
    (adhoc,) = adhoc_servers(["http://127.0.0.1:1/mcp"])
    assert servers_to_use(AppConfig(), []) == [demo_server_config()]
    assert servers_to_use(AppConfig(servers=[configured]), []) == [configured]
    assert servers_to_use(AppConfig(servers=[configured]), [adhoc]) == [adhoc]
    assert servers_to_use(AppConfig(), [adhoc]) == [adhoc]

"""The client the official MCP conformance suite runs: ``python conformance/client.py SERVER_URL``.

The suite starts a test server per scenario, puts the scenario's name in ``MCP_CONFORMANCE_SCENARIO`` and
any extra data (pre-registered credentials, ...) in ``MCP_CONFORMANCE_CONTEXT`` (JSON), and then judges
what this process did on the wire. It drives mcp-tui's own core exactly as the app does: the connection
session connects and lists the tools, every call goes through the session's call (preflight, decision, the
confirmation answered "allow once", the audit log), elicitation is answered with the form's defaults,
and a sign-in runs through the core's own browser step and callback listener, with the browser played
by an HTTP client that reads the redirect. Only ``Driver`` knows the session's API.

The glue chooses only what a person would per scenario: the server's ``protocol`` setting (the 2026
version when the suite says its test server speaks it, else legacy) and which tools to call with what
(``planned_calls``: the calls a scenario spells out, else every tool once with plausible arguments).

Exit status: 0 when every step succeeded, 1 otherwise (the reason goes to stderr).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx2
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from tui.config.auth_model import AuthSettings
from tui.config.model import AppConfig, ServerConfig
from tui.config.paths import AppPaths
from tui.config.startup import Startup
from tui.model.events import ElicitationRequested
from tui.model.results import CallStatus
from tui.model.servers import ConnectionStatus, ServerState, ToolInfo
from tui.safety.confirm import ConfirmChoice
from tui.session.questions import ConfirmCall, Question
from tui.session.session import Session

SERVER = "conformance"
SETTLE_S = 30.0
"""How long the connection may take (a sign-in is several round trips)."""


class Driver:
    """mcp-tui's core session around one server, answering its questions the way a test person would."""

    def __init__(self, server: ServerConfig, home: Path) -> None:
        paths = AppPaths.under(home)
        startup = Startup(paths=paths, config=AppConfig(servers=[server]), servers=[server])
        self.session = Session(startup, interface="cli")
        self.session.attach(self._answer)
        self._browsing: set[asyncio.Task[None]] = set()

    def _answer(self, question: Question) -> None:
        if isinstance(question, ConfirmCall):
            question.answer.set_result(ConfirmChoice.ONCE)
        elif isinstance(question, ElicitationRequested):
            # What the form shows before anything is typed: each field's default.
            question.answer.set_result(("accept", form_defaults(question.requested_schema)))

    async def connect(self) -> ServerState:
        await self.session.start()
        [state] = await self.session.ready(SERVER, timeout=SETTLE_S)
        return state

    async def sign_in(self) -> ServerState:
        """What the person's sign-in key does, with the browser played by an HTTP client."""
        await self.session.sign_in(SERVER, self._browse, open_browser=False)
        [state] = await self.session.ready(SERVER, timeout=SETTLE_S)
        return state

    def _browse(self, url: str) -> None:
        task = asyncio.get_running_loop().create_task(follow_in_browser(url))
        self._browsing.add(task)
        task.add_done_callback(self._browsing.discard)

    def tools(self) -> list[ToolInfo]:
        return self.session.tools(SERVER)

    async def call(self, tool: ToolInfo, arguments: dict[str, Any]) -> str | None:
        """None when the call went through, else why it did not."""
        record = await self.session.call(tool, arguments)
        outcome = record.outcome
        if outcome.status is CallStatus.OK:
            return None
        return f"{tool.name}: {outcome.error}"

    async def aclose(self) -> None:
        await self.session.aclose()


def form_defaults(schema: dict[str, Any]) -> dict[str, Any]:
    properties = schema.get("properties") or {}
    return {
        name: spec["default"]
        for name, spec in properties.items()
        if isinstance(spec, dict) and "default" in spec
    }


def sample_arguments(schema: dict[str, Any]) -> dict[str, Any]:
    """Arguments a person would plausibly type: defaults, else a small value of the right type."""
    samples = {"number": 1, "integer": 1, "boolean": True, "string": "test", "array": [], "object": {}}
    arguments = form_defaults(schema)
    for name in schema.get("required") or []:
        if name not in arguments:
            spec = (schema.get("properties") or {}).get(name) or {}
            arguments[name] = samples.get(spec.get("type"), "test") if isinstance(spec, dict) else "test"
    return arguments


SCHEMA_ECHO = {"json-schema-2020-12-preservation": ("json_schema_echo", "json_schema_2020_12_tool")}
"""Scenarios that ask for one tool's input schema, as mcp-tui holds it, to be sent back through another."""
LIST_ONLY = {"json-schema-ref-no-deref"}
"""Scenarios that judge the listing alone: their servers answer no tools/call."""


def planned_calls(
    scenario: str, context: dict[str, Any], listed: dict[str, ToolInfo]
) -> list[tuple[str, dict[str, Any]]]:
    """The calls a person makes in this scenario: the ones its instructions name, else every tool once."""
    if scenario in LIST_ONLY:
        return []
    if "toolCalls" in context:  # the exact arguments to type, values that need encoding included
        return [(call["name"], dict(call.get("arguments") or {})) for call in context["toolCalls"]]
    if scenario in SCHEMA_ECHO:
        echo, focal = SCHEMA_ECHO[scenario]
        return [(echo, {"schema": listed[focal].input_schema})] if focal in listed else [(focal, {})]
    return [(name, sample_arguments(tool.input_schema)) for name, tool in listed.items()]


async def follow_in_browser(url: str) -> None:
    """A browser that signs in without asking: the authorization server redirects straight back to
    mcp-tui's callback listener, which this request then reaches like a browser would."""
    async with httpx2.AsyncClient(follow_redirects=True, timeout=10) as browser:
        try:
            await browser.get(url)
        except httpx2.HTTPError as error:
            print(f"conformance client: the browser step failed: {error}", file=sys.stderr)


def server_config(
    url: str, scenario: str, context: dict[str, Any], home: Path, protocol: str = "legacy"
) -> ServerConfig:
    """How a person would configure this server in config.toml, credentials included."""
    settings: dict[str, Any] = {"callback_port": 0, "sign_in_timeout": 20.0}
    # A DPoP key for this run only: the scenario's server is gone afterwards, so nothing goes to a keyring.
    settings["dpop_key"] = "memory"
    # The suite's own Client ID Metadata Document; used only where the server supports such documents.
    settings["client_metadata_url"] = "https://conformance-test.local/client-metadata.json"
    for key in ("client_id", "client_secret"):
        if key in context:
            settings[key] = context[key]
    if scenario.startswith("auth/client-credentials"):
        settings["grant"] = "client_credentials"
    if "private_key_pem" in context:
        key_file = home / "client-key.pem"
        key_file.write_text(context["private_key_pem"])
        key_file.chmod(0o600)
        settings["private_key_file"] = str(key_file)
        settings["signing_algorithm"] = context.get("signing_algorithm", "RS256")
        settings["token_endpoint_auth_method"] = "private_key_jwt"
    if "valid_jwt" in context:  # workload identity: the platform left its token in a file
        token_file = home / "workload-token.jwt"
        token_file.write_text(context["valid_jwt"])
        settings["grant"] = "jwt-bearer"
        settings["assertion_file"] = str(token_file)
    if "idp_id_token" in context:
        settings["grant"] = "identity_assertion"
        settings["token_endpoint_auth_method"] = "client_secret_basic"
        settings["id_token"] = context["idp_id_token"]
        settings["idp_token_endpoint"] = context["idp_token_endpoint"]
        settings["idp_client_id"] = context.get("idp_client_id")
        settings["issuer"] = advertised_issuer(url)
    return ServerConfig(
        name=SERVER, transport="http", url=url, protocol=protocol, auth=AuthSettings(**settings)
    )


def advertised_issuer(url: str) -> str:
    """What a person reads to fill in ``issuer``: the server's protected resource metadata (RFC 9728)."""
    parts = urlsplit(url)
    metadata = f"{parts.scheme}://{parts.netloc}/.well-known/oauth-protected-resource{parts.path}"
    return str(httpx2.get(metadata, timeout=10).json()["authorization_servers"][0])


async def run(url: str, scenario: str, context: dict[str, Any], protocol: str = "legacy") -> list[str]:
    """Connect, list, make the scenario's calls; the problems met (empty when all went well)."""
    with tempfile.TemporaryDirectory(prefix="mcp-tui-conformance-") as home:
        driver = Driver(server_config(url, scenario, context, Path(home), protocol), Path(home))
        try:
            state = await driver.connect()
            if state.status is ConnectionStatus.NEEDS_SIGN_IN:
                state = await driver.sign_in()
            if state.status is not ConnectionStatus.CONNECTED:
                return [f"not connected ({state.status}): {state.error}"]
            problems = []
            listed = {tool.name: tool for tool in driver.tools()}
            for name, arguments in planned_calls(scenario, context, listed):
                tool = listed.get(name)
                problem = await driver.call(tool, arguments) if tool else f"{name} is not in the tool list"
                if problem:
                    problems.append(problem)
            return problems
        finally:
            await driver.aclose()


def protocol_mode(environ: Mapping[str, str]) -> str:
    """The server's ``protocol`` setting, as a person who knows which version the server speaks sets it.

    The suite names the spec version its test server speaks in ``MCP_CONFORMANCE_PROTOCOL_VERSION``:
    a 2026 version is pinned (no ``server/discover`` probe to fall back from); anything earlier is legacy.
    """
    version = environ.get("MCP_CONFORMANCE_PROTOCOL_VERSION", "")
    return version if version in MODERN_PROTOCOL_VERSIONS else "legacy"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: client.py SERVER_URL", file=sys.stderr)
        return 2
    scenario = os.environ.get("MCP_CONFORMANCE_SCENARIO", "")
    context = json.loads(os.environ.get("MCP_CONFORMANCE_CONTEXT") or "{}")
    problems = asyncio.run(run(argv[0], scenario, context, protocol_mode(os.environ)))
    for problem in problems:
        print(f"conformance client: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

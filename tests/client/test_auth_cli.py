"""``mcp-tui auth login / logout / status`` as a person runs them (real subprocesses, a real OAuth server)."""

from __future__ import annotations

import asyncio
import os
import signal
import stat
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from servers.oauth_server import serving

from tui.cli.exit_codes import Exit
from tui.client.auth.store import token_file
from tui.config.startup import load_startup
from tui.session.session import Session

SERVERS = Path(__file__).parent / "servers"


async def start_mcp_tui(*args: str, home: Path, browser: bool = False) -> asyncio.subprocess.Process:
    env = {**os.environ, "MCP_TUI_HOME": str(home)}
    env.pop("MCP_TUI_CONFIG", None)
    # webbrowser runs $BROWSER with the URL: here a script that follows the sign-in like a browser.
    env["BROWSER"] = str(SERVERS / "follow_browser.py") if browser else "true"
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tui",
        *args,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def mcp_tui(*args: str, home: Path, browser: bool = False) -> tuple[int, str, str]:
    process = await start_mcp_tui(*args, home=home, browser=browser)
    try:
        out, err = await asyncio.wait_for(process.communicate(), 30)
    except TimeoutError:
        process.kill()
        out, err = await process.communicate()
        raise AssertionError(f"mcp-tui {' '.join(args)} did not finish: {err.decode()[-3000:]}") from None
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


def configure(home: Path, url: str) -> None:
    home.mkdir(exist_ok=True)
    (home / "config.toml").write_text(
        f'[servers.remote]\nurl = "{url}"\n\n[servers.remote.auth]\ncallback_port = 0\n\n'
        '[servers.local]\ncommand = "true"\n'
    )


@pytest.mark.slow
async def test_login_logout_and_status(tmp_path: Path) -> None:
    async with serving() as (url, provider):
        configure(tmp_path, url)
        code, _out, err = await mcp_tui("auth", "login", "remote", "--no-input", home=tmp_path)
        assert (code, err.strip()) == (3, "remote: needs sign-in: run mcp-tui auth login remote")
        assert provider.authorizations == 0

        code, out, err = await mcp_tui("auth", "login", "remote", home=tmp_path, browser=True)
        assert code == 0, err
        # Where the sign-in page is, by the host the browser contacts.
        assert f"Sign in to remote at {urlsplit(url).netloc} in your browser:" in out
        assert "code_challenge=" in out  # the authorization URL is always printed
        assert out.strip().endswith("Signed in to remote.\n  grant: authorization_code")
        path = token_file(tmp_path / "auth", "remote")
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        access = next(iter(provider.access))
        assert access not in out + err

        code, _out, err = await mcp_tui("auth", "login", "remote", "--no-input", home=tmp_path)
        assert code == 0, err

        code, out, _err = await mcp_tui("auth", "status", home=tmp_path)
        assert code == 0
        assert "remote: signed in, token valid for 59 min; renews itself" in out
        assert "local: stdio server (no sign-in)" in out
        assert access not in out

        code, out, _err = await mcp_tui("auth", "logout", "remote", home=tmp_path)
        assert (code, out.strip()) == (0, "Signed out of remote: its stored tokens are deleted.")
        assert not path.exists()
        code, out, _err = await mcp_tui("auth", "status", home=tmp_path)
        assert "remote: not signed in" in out


async def test_unknown_and_stdio_servers_are_usage_errors(tmp_path: Path) -> None:
    configure(tmp_path, "http://127.0.0.1:9/mcp")
    code, _out, err = await mcp_tui("auth", "login", "nope", home=tmp_path)
    assert code == 2
    assert "no server named 'nope' (configured: remote, local)" in err
    code, _out, err = await mcp_tui("auth", "logout", "local", home=tmp_path)
    assert (code, err.strip()) == (
        2,
        "mcp-tui auth: local has nothing to sign in to (only HTTP and SSE servers sign in).",
    )


async def test_login_refuses_a_server_by_the_sessions_rule_and_in_its_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    configure(tmp_path, "http://127.0.0.1:9/mcp")
    monkeypatch.setenv("MCP_TUI_HOME", str(tmp_path))
    session = Session(load_startup(config_path=None), interface="cli")
    await session.start(connect=False)
    try:
        for name in ("local", "remote"):
            code, _out, err = await mcp_tui("auth", "login", name, "--no-input", home=tmp_path)
            said = session.cannot_sign_in(name)
            if said is None:  # the session would sign in: so does the CLI (here: refused, no server)
                assert code != 2, err
            else:
                assert (code, err.strip()) == (2, f"mcp-tui auth: {said}")
    finally:
        await session.aclose()


async def test_login_refuses_a_sign_in_address_that_reads_as_another_site(tmp_path: Path) -> None:
    async with serving(authorize_at="https://good.example@{host}/authorize") as (url, provider):
        configure(tmp_path, url)
        code, out, err = await mcp_tui("auth", "login", "remote", home=tmp_path, browser=True)
        host = urlsplit(url).netloc
        assert (code, out) == (3, "")  # nothing printed to copy, no browser run
        assert err.strip() == (
            f"remote: sign-in refused: the server's sign-in address reads as good.example but goes to "
            f"{host} (the part before @ is a user name)"
        )
        assert provider.authorizations == 0
        assert not token_file(tmp_path, "remote").exists()


@pytest.mark.parametrize(
    "mode", [(), ("--no-input",), ("--no-browser",)], ids=["browser", "no-input", "no-browser"]
)
async def test_login_to_a_server_that_is_down_exits_3_as_every_headless_command_does(
    tmp_path: Path, mode: tuple[str, ...]
) -> None:
    configure(tmp_path, "http://127.0.0.1:9/mcp")  # nothing listens there: refused
    code, out, err = await mcp_tui("auth", "login", "remote", *mode, home=tmp_path)
    assert code == Exit.CONNECTION == 3, err
    assert "Signed in" not in out
    assert err.startswith("remote: ")
    assert not token_file(tmp_path / "auth", "remote").exists()


async def test_ctrl_c_while_waiting_for_the_browser_exits_130_without_a_traceback(tmp_path: Path) -> None:
    async with serving() as (url, _provider):
        configure(tmp_path, url)
        process = await start_mcp_tui("auth", "login", "remote", "--no-browser", home=tmp_path)
        assert process.stdout is not None
        waiting = "Open that address yourself; mcp-tui waits for the browser to come back."
        async with asyncio.timeout(30):
            while (line := await process.stdout.readline()) and line.decode().strip() != waiting:
                pass
            process.send_signal(signal.SIGINT)  # what Ctrl+C sends
            _out, err = await process.communicate()
        assert process.returncode == Exit.INTERRUPTED == 130, err.decode()
        assert err.decode().strip() == "mcp-tui: interrupted"
        assert not token_file(tmp_path / "auth", "remote").exists()

"""``mcp-tui auth`` with DPoP-bound tokens and workload identity, as a person runs it (real subprocesses,
a real DPoP-enforcing server): login says which grant it used and that the token is bound, status says
where the key is, ``--rotate-key`` makes a new key, logout discards it."""

from __future__ import annotations

import json
from pathlib import Path

from servers.dpop_server import serving
from test_auth_cli import mcp_tui

from tui.client.auth.dpop_keys import key_dir
from tui.client.auth.store import token_file


def configure(home: Path, url: str, auth: str) -> Path:
    """The config, and where the server's key file goes."""
    home.mkdir(exist_ok=True)
    (home / "config.toml").write_text(f'[servers.remote]\nurl = "{url}"\n\n[servers.remote.auth]\n{auth}\n')
    return key_dir(home / "auth") / token_file(home / "auth", "remote").with_suffix(".key").name


def thumbprint_of_stored_token(home: Path) -> str:
    return str(json.loads(token_file(home / "auth", "remote").read_text())["dpop_jkt"])


async def test_login_and_status_with_a_bound_token(tmp_path: Path) -> None:
    async with serving() as (url, authority):
        key_file = configure(tmp_path, url, 'callback_port = 0\ndpop_key = "file"')
        code, out, err = await mcp_tui("auth", "login", "remote", home=tmp_path, browser=True)
        assert code == 0, err
        assert out.strip().endswith(
            f"Signed in to remote.\n  grant: authorization_code\n  DPoP-bound token, key in {key_file}"
        )

        code, out, _ = await mcp_tui("auth", "status", home=tmp_path)
        assert code == 0
        assert out.strip().startswith("remote: signed in, token valid for ")
        assert out.strip().endswith(f"; renews itself; DPoP-bound token, key in {key_file}")
    assert authority.refusals == []


async def test_rotate_key_and_logout(tmp_path: Path) -> None:
    """Each run of mcp-tui is a process of its own, so this is split from the test above: a loaded
    machine keeps each test well inside the suite's limit."""
    async with serving() as (url, authority):
        key_file = configure(tmp_path, url, 'callback_port = 0\ndpop_key = "file"')
        code, _, err = await mcp_tui("auth", "login", "remote", home=tmp_path, browser=True)
        assert code == 0, err
        first = thumbprint_of_stored_token(tmp_path)

        # A new key without a person: the bound tokens go with the old key, so a sign-in is needed.
        code, _, err = await mcp_tui("auth", "login", "remote", "--rotate-key", "--no-input", home=tmp_path)
        assert (code, err.strip()) == (3, "remote: needs sign-in: run mcp-tui auth login remote")
        assert not key_file.exists()
        assert not token_file(tmp_path / "auth", "remote").exists()

        code, _, err = await mcp_tui("auth", "login", "remote", "--rotate-key", home=tmp_path, browser=True)
        assert code == 0, err
        assert thumbprint_of_stored_token(tmp_path) != first
        assert key_file.exists()

        code, _, _ = await mcp_tui("auth", "logout", "remote", home=tmp_path)
        assert code == 0
        assert not key_file.exists()
    assert authority.refusals == []


async def test_login_with_the_workload_s_token_says_the_grant(tmp_path: Path) -> None:
    workload = tmp_path / "workload.jwt"
    workload.write_text("the.workload.token")
    async with serving() as (url, authority):
        configure(
            tmp_path,
            url,
            f'grant = "jwt-bearer"\nclient_id = "ci"\nassertion_file = "{workload}"\ndpop_key = "memory"',
        )
        code, out, err = await mcp_tui("auth", "login", "remote", "--no-input", home=tmp_path)
    assert code == 0, err
    assert out.splitlines()[:2] == ["Signed in to remote.", "  grant: jwt-bearer"]
    assert "DPoP-bound token, key in memory (this run only)" in out
    assert authority.assertions == ["the.workload.token"]

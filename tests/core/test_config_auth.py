"""[servers.NAME.auth]: how mcp-tui signs in to an HTTP server; every key, ${VAR}, and each mistake named."""

from __future__ import annotations

from pathlib import Path

from tui.config.auth_model import AUTH_KEYS, AuthSettings
from tui.config.loader import load_config


def load(tmp_path: Path, text: str, environ: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    config, problems = load_config(path, must_exist=True, environ=environ or {})
    return config, [str(problem) for problem in problems]


def test_every_key(tmp_path: Path) -> None:
    config, problems = load(
        tmp_path,
        """
[servers.remote]
url = "https://mcp.example.com/mcp"

[servers.remote.auth]
client_id = "mcp-tui-desktop"
client_secret = "${SECRET}"
token_endpoint_auth_method = "client_secret_post"
client_metadata_url = "https://example.com/mcp-tui.json"
grant = "client_credentials"
private_key_file = "~/keys/mcp.pem"
signing_algorithm = "ES256"
issuer = "https://auth.example.com"
scope = "read write"
callback_port = 4711
sign_in_timeout = 60
idp_token_endpoint = "https://idp.example.com/token"
idp_client_id = "mcp-tui-at-idp"
id_token = "${ID_TOKEN}"
dpop = true
dpop_key = "file"
assertion_file = "~/run/workload.jwt"
assertion_env = "WORKLOAD_TOKEN"
""",
        {"SECRET": "s3cret", "ID_TOKEN": "eyJ.id.token"},
    )
    assert problems == []
    assert config.servers[0].auth == AuthSettings(
        client_id="mcp-tui-desktop",
        client_secret="s3cret",
        token_endpoint_auth_method="client_secret_post",
        client_metadata_url="https://example.com/mcp-tui.json",
        grant="client_credentials",
        private_key_file=str(Path("~/keys/mcp.pem").expanduser()),
        signing_algorithm="ES256",
        issuer="https://auth.example.com",
        scope="read write",
        callback_port=4711,
        sign_in_timeout=60,
        idp_token_endpoint="https://idp.example.com/token",
        idp_client_id="mcp-tui-at-idp",
        id_token="eyJ.id.token",
        dpop=True,
        dpop_key="file",
        assertion_file=str(Path("~/run/workload.jwt").expanduser()),
        assertion_env="WORKLOAD_TOKEN",
    )
    assert config.servers[0].auth.redirect_uri == "http://127.0.0.1:4711/callback"
    assert set(AuthSettings.__dataclass_fields__) == set(AUTH_KEYS)


def test_without_a_table_the_defaults_apply(tmp_path: Path) -> None:
    config, problems = load(tmp_path, '[servers.remote]\nurl = "https://mcp.example.com/mcp"\n')
    assert problems == []
    assert config.servers[0].auth is None


def test_mistakes_are_named_and_keep_the_defaults(tmp_path: Path) -> None:
    config, problems = load(
        tmp_path,
        """
[servers.remote]
url = "https://mcp.example.com/mcp"

[servers.remote.auth]
grant = "password"
callback_port = 70000
client_secret = "${MISSING}"
token_endpoint_auth_method = "magic"
client_metadata_url = "not a url"
clientid = "x"

[servers.local]
command = "srv"
auth = { client_id = "x" }
""",
    )
    assert config.servers[0].auth == AuthSettings(client_secret="")
    assert problems == [
        'config.toml, line 6: servers.remote.auth: "grant" must be one of authorization_code, '
        "client_credentials, identity_assertion, jwt-bearer; ignored",
        'config.toml, line 7: servers.remote.auth: "callback_port" must be a port number (0-65535); ignored',
        'config.toml, line 8: servers.remote.auth: "client_secret": ${MISSING} is not set in the environment',
        'config.toml, line 9: servers.remote.auth: "token_endpoint_auth_method" must be one of none, '
        "client_secret_basic, client_secret_post, private_key_jwt; ignored",
        'config.toml, line 10: servers.remote.auth: "client_metadata_url" must be an http:// or https:// '
        "URL; ignored",
        'config.toml, line 11: servers.remote.auth: unknown key "clientid" (ignored); did you mean '
        '"client_id"?',
        'config.toml, line 15: servers.local: "auth" applies only to HTTP and SSE servers; ignored',
    ]


def test_client_credentials_without_a_client_id_falls_back_to_the_browser(tmp_path: Path) -> None:
    config, problems = load(
        tmp_path,
        '[servers.remote]\nurl = "https://m.example.com/mcp"\n'
        '[servers.remote.auth]\ngrant = "client_credentials"\n',
    )
    assert config.servers[0].auth == AuthSettings(grant="authorization_code")
    assert problems == [
        'config.toml, line 3: servers.remote.auth: grant = "client_credentials" needs "client_id"; '
        "signing in in the browser instead"
    ]


def test_dpop_and_workload_identity_mistakes_are_named(tmp_path: Path) -> None:
    config, problems = load(
        tmp_path,
        """
[servers.remote]
url = "https://mcp.example.com/mcp"

[servers.remote.auth]
client_id = "workload"
grant = "jwt-bearer"
dpop = "yes"
dpop_key = "tpm"
assertion_env = ""
""",
    )
    assert config.servers[0].auth == AuthSettings(client_id="workload", grant="jwt-bearer")
    assert problems == [
        'config.toml, line 5: servers.remote.auth: grant = "jwt-bearer" needs "assertion_file" or '
        '"assertion_env" (the workload\'s token)',
        'config.toml, line 8: servers.remote.auth: "dpop" must be true or false; ignored',
        'config.toml, line 9: servers.remote.auth: "dpop_key" must be one of memory, keyring, file; ignored',
        'config.toml, line 10: servers.remote.auth: "assertion_env" must be a non-empty string; ignored',
    ]

"""Reads the ``[servers.NAME.auth]`` table into ``AuthSettings`` (``tui/config/auth_model.py``).

Without it, an HTTP server that asks for sign-in gets the defaults: the person signs in in the browser, and
mcp-tui registers itself with the server's authorization server (dynamic client registration). Secrets may
be written as ``${VAR}`` so they stay out of the file. Tokens are never kept here: they live in the user
data directory (see ``tui/client/auth/store.py``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping

from tui.config.auth_model import AUTH_KEYS, DPOP_KEY_PLACES, GRANTS, METHODS, AuthSettings
from tui.config.expand import expand_vars
from tui.config.locate import KeyPath
from tui.config.sections import Reporter
from tui.config.values import url_problem


def read_auth(data: object, table: KeyPath, rep: Reporter, environ: Mapping[str, str]) -> AuthSettings | None:
    """The settings, or None (reported) when the table is unusable; each bad key keeps its default."""
    if not isinstance(data, dict):
        rep.add(table, f"must be {rep.table_word}, not {rep.show(data)}; using the defaults")
        return None
    values: dict[str, object] = {}
    for key, value in data.items():
        if key not in AUTH_KEYS:
            rep.unknown(table, key, AUTH_KEYS)
            continue
        problem = _problem(key, value)
        if problem:
            rep.add(table, f"{json.dumps(key)} {problem}; ignored", key)
            continue
        if isinstance(value, str):
            value, missing = expand_vars(value, environ)
            for reference in missing:
                rep.add(table, f"{json.dumps(key)}: {reference} is not set in the environment", key)
        if key in ("private_key_file", "assertion_file") and isinstance(value, str):
            value = os.path.expanduser(value)
        values[key] = value
    settings = AuthSettings(**values)  # type: ignore[arg-type]
    if settings.grant != "authorization_code" and not settings.client_id:
        rep.add(table, f'grant = "{settings.grant}" needs "client_id"; signing in in the browser instead')
        return AuthSettings(**{**values, "grant": "authorization_code"})  # type: ignore[arg-type]
    if settings.grant == "jwt-bearer" and not (settings.assertion_file or settings.assertion_env):
        rep.add(
            table, 'grant = "jwt-bearer" needs "assertion_file" or "assertion_env" (the workload\'s token)'
        )
    return settings


def _problem(key: str, value: object) -> str | None:
    if key == "grant":
        return None if value in GRANTS else f"must be one of {', '.join(GRANTS)}"
    if key == "token_endpoint_auth_method":
        return None if value in METHODS else f"must be one of {', '.join(METHODS)}"
    if key == "callback_port":
        ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 65535
        return None if ok else "must be a port number (0-65535)"
    if key == "dpop":
        return None if isinstance(value, bool) else "must be true or false"
    if key == "dpop_key":
        return None if value in DPOP_KEY_PLACES else f"must be one of {', '.join(DPOP_KEY_PLACES)}"
    if key == "sign_in_timeout":
        ok = isinstance(value, int | float) and not isinstance(value, bool) and value > 0
        return None if ok else "must be a positive number of seconds"
    if not isinstance(value, str) or not value.strip():
        return "must be a non-empty string"
    if key in ("client_metadata_url", "issuer", "idp_token_endpoint") and url_problem(value):
        return "must be an http:// or https:// URL"
    return None

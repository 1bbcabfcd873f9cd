"""Sign-in tokens per server: one JSON file in the user data directory, mode 0600, written atomically.

Nothing here ever goes to config.toml, a log or the audit log. A file belongs to one server URL: if the
configured URL changes, its tokens are not sent to the new one. A client registration made during a
sign-in is kept in memory until that sign-in yields tokens, so a sign-in that fails stores nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from pathlib import Path
from typing import Any

from mcp.shared.auth import OAuthClientInformationFull, OAuthToken
from pydantic import ValidationError

from tui.model.servers import StoredSignIn

FILE_MODE = 0o600
DIR_MODE = 0o700


def token_file(auth_dir: Path, server: str) -> Path:
    """A file name safe for any server name, still readable, and distinct for names that slug alike."""
    slug = re.sub(r"[^A-Za-z0-9_.-]+", "-", server).strip(".-")[:40] or "server"
    digest = hashlib.sha256(server.encode()).hexdigest()[:8]
    return auth_dir / f"{slug}-{digest}.json"


class TokenStore:
    """The SDK's ``TokenStorage`` for one server, backed by its file."""

    def __init__(
        self, auth_dir: Path, server: str, server_url: str, preset: OAuthClientInformationFull | None = None
    ) -> None:
        """``preset``: a pre-registered client from the configuration (never written to the file)."""
        self.path = token_file(auth_dir, server)
        self.server_url = server_url
        self._preset = preset
        self._pending_client: OAuthClientInformationFull | None = None
        self._next_binding: str | None = None

    def bind_next_tokens(self, thumbprint: str | None) -> None:
        """The DPoP key (its JWK thumbprint) the next tokens stored are bound to; None: not bound."""
        self._next_binding = thumbprint

    def dpop_binding(self) -> str | None:
        """The thumbprint of the key the stored tokens are bound to, or None for bearer tokens."""
        value = self._read().get("dpop_jkt")
        return value if isinstance(value, str) else None

    # ---- the SDK's TokenStorage -----------------------------------------------------------------

    async def get_tokens(self) -> OAuthToken | None:
        data = self._read()
        try:
            return OAuthToken.model_validate(data["tokens"]) if "tokens" in data else None
        except ValidationError:
            return None

    async def set_tokens(self, tokens: OAuthToken) -> None:
        data = self._read()
        data["tokens"] = tokens.model_dump(mode="json", exclude_none=True)
        data["expires_at"] = time.time() + tokens.expires_in if tokens.expires_in else None
        # Only the key's thumbprint, never the key: the key is kept elsewhere (``dpop_keys.py``).
        data["dpop_jkt"], self._next_binding = self._next_binding, None
        if self._pending_client is not None:
            data["client_info"] = self._pending_client.model_dump(mode="json", exclude_none=True)
            self._pending_client = None
        self._write(data)

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        if self._preset is not None:
            return self._preset
        if self._pending_client is not None:
            return self._pending_client
        data = self._read()
        try:
            return (
                OAuthClientInformationFull.model_validate(data["client_info"])
                if "client_info" in data
                else None
            )
        except ValidationError:
            return None

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self._pending_client = client_info

    # ---- for the app ----------------------------------------------------------------------------

    def expires_at(self) -> float | None:
        value = self._read().get("expires_at")
        return float(value) if isinstance(value, int | float) else None

    def status(self) -> StoredSignIn:
        data = self._read()
        tokens = data.get("tokens")
        if not isinstance(tokens, dict) or not tokens.get("access_token"):
            return StoredSignIn(signed_in=False)
        return StoredSignIn(
            signed_in=True,
            expires_at=self.expires_at(),
            can_refresh=bool(tokens.get("refresh_token")),
            scope=tokens.get("scope") if isinstance(tokens.get("scope"), str) else None,
            dpop_bound=isinstance(data.get("dpop_jkt"), str),
        )

    def forget(self) -> bool:
        """Sign out: remove the file (tokens and registration). True when there was something to remove."""
        self._pending_client = None
        try:
            self.path.unlink()
        except FileNotFoundError:
            return False
        return True

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict) or data.get("server_url") != self.server_url:
            return {}
        return data

    def _write(self, data: dict[str, Any]) -> None:
        data["server_url"] = self.server_url
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=DIR_MODE)
        temp = self.path.with_suffix(f".{os.getpid()}.tmp")
        # Created 0600 from the start: the secret is never readable by others, not even for a moment.
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(data, handle, indent=2)
            os.replace(temp, self.path)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise

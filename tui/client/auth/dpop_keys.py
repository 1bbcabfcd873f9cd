"""Where a server's DPoP key lives: never beside the tokens it binds, so one stolen file never gives both.

- ``memory``: a new key each run; tokens bound to it are useless to whoever copies the token file, at
  the price of signing in again after a restart;
- ``keyring``: the operating system's keyring (the ``keyring`` package), where one exists; without a
  usable backend the key stays in memory, and ``where`` says so;
- ``file``: its own 0600 file under ``dpop-keys/`` beside (not inside) the token directory.

The default is the keyring where one exists, else memory.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Sequence
from contextlib import suppress
from functools import cached_property
from pathlib import Path

from tui.client.auth.dpop_proof import DpopKey, choose_algorithm
from tui.client.auth.store import DIR_MODE, FILE_MODE, token_file
from tui.config.auth_model import DpopKeyPlace

KEYRING_SERVICE = "mcp-tui DPoP key"
log = logging.getLogger(__name__)


def key_dir(auth_dir: Path) -> Path:
    """The key files' directory: a sibling of the token directory, not part of it."""
    return auth_dir.parent / "dpop-keys"


def keyring_usable() -> bool:
    """Whether an OS keyring backend exists (the ``keyring`` package's fail backend means none)."""
    try:
        import keyring
        from keyring.backends import fail
    except ImportError:
        return False
    try:
        backend = keyring.get_keyring()
    except Exception:  # a broken backend configuration is no keyring either
        return False
    return not isinstance(backend, fail.Keyring) and getattr(backend, "priority", 0) > 0


class DpopKeyHolder:
    """One server's proof key, kept where its settings say."""

    def __init__(self, server: str, server_url: str, place: DpopKeyPlace | None, auth_dir: Path) -> None:
        self.server = server
        self.server_url = server_url
        self.asked = place
        self.path = key_dir(auth_dir) / token_file(auth_dir, server).with_suffix(".key").name
        self._key: DpopKey | None = None

    @cached_property
    def _placement(self) -> tuple[DpopKeyPlace, str]:
        """Where the key is kept, and why not where asked; decided on first use, since asking for the
        keyring loads its backends (a server that never uses DPoP never pays for that)."""
        if self.asked in ("memory", "file"):
            return self.asked, ""
        if keyring_usable():
            return "keyring", ""
        return "memory", "no OS keyring is available" if self.asked == "keyring" else ""

    @property
    def place(self) -> DpopKeyPlace:
        return self._placement[0]

    @property
    def note(self) -> str:
        """Why the key is not where asked (a keyring that does not exist), for the status line."""
        return self._placement[1]

    @property
    def where(self) -> str:
        """In words, where the key is kept (for ``auth status``)."""
        said = {
            "memory": "in memory (this run only)",
            "keyring": "in the OS keyring",
            "file": f"in {self.path}",
        }
        return said[self.place] + (f"; {self.note}" if self.note else "")

    def current(self) -> DpopKey | None:
        """The stored key, if there is one (loaded once)."""
        if self._key is None and self.place != "memory":
            self._key = self._load()
        return self._key

    def key_accepted_by(self, advertised: Sequence[str] | None) -> DpopKey:
        """The key to sign with: the stored one if the authorization server accepts its algorithm (or
        has not said which it accepts), else a new one (stored) with one it accepts."""
        key = self.current()
        if key is None or (advertised and key.algorithm not in advertised):
            key = DpopKey.generate(choose_algorithm(advertised))
            self._save(key)
            self._key = key
        return key

    def discard(self) -> None:
        """Forget the key everywhere it is kept (sign-out, or before making a new one)."""
        self._key = None
        if self.place == "file":
            self.path.unlink(missing_ok=True)
        elif self.place == "keyring":
            import keyring
            import keyring.errors

            with suppress(keyring.errors.PasswordDeleteError):
                keyring.delete_password(KEYRING_SERVICE, self._account())

    def _account(self) -> str:
        """The keyring entry: the server and its URL, so a changed URL never gets the old key."""
        return f"{self.server} {self.server_url}"

    def _load(self) -> DpopKey | None:
        try:
            if self.place == "file":
                text = self.path.read_text(encoding="utf-8")
            else:
                import keyring

                text = keyring.get_password(KEYRING_SERVICE, self._account()) or ""
            if not text:
                return None
            data = json.loads(text)
            if data.get("server_url") != self.server_url:
                return None
            return DpopKey.from_pem(data["pem"], data["algorithm"])
        except FileNotFoundError:
            return None
        except Exception as error:  # unreadable or damaged: a new key replaces it, and the log says why
            log.warning("%s: the stored DPoP key is unusable (%s); making a new one", self.server, error)
            return None

    def _save(self, key: DpopKey) -> None:
        text = json.dumps({"server_url": self.server_url, "algorithm": key.algorithm, "pem": key.to_pem()})
        if self.place == "memory":
            return
        if self.place == "keyring":
            import keyring

            keyring.set_password(KEYRING_SERVICE, self._account(), text)
            return
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=DIR_MODE)
        temp = self.path.with_suffix(f".{os.getpid()}.tmp")
        # Created 0600 from the start, as the token file is.
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
            os.replace(temp, self.path)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise

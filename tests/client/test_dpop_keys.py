"""Where a server's DPoP key is kept: memory, the OS keyring (a real ``keyring`` backend holding its
entries in a dict, since this machine has no secret service), or its own 0600 file outside the token
directory; and what happens with a damaged key, another URL, or no keyring at all."""

from __future__ import annotations

import stat
from collections.abc import Iterator
from pathlib import Path

import keyring
import pytest
from keyring.backend import KeyringBackend
from keyring.backends import fail
from keyring.errors import PasswordDeleteError

from tui.client.auth.dpop_keys import KEYRING_SERVICE, DpopKeyHolder, key_dir
from tui.config.auth_model import DpopKeyPlace

URL = "https://mcp.example.com/mcp"


class DictKeyring(KeyringBackend):
    """A keyring backend, as a platform's would be, that keeps its entries in this process."""

    priority = 1

    def __init__(self) -> None:
        super().__init__()
        self.entries: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.entries.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.entries[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if self.entries.pop((service, username), None) is None:
            raise PasswordDeleteError(username)


@pytest.fixture
def os_keyring() -> Iterator[DictKeyring]:
    before = keyring.get_keyring()
    backend = DictKeyring()
    keyring.set_keyring(backend)
    try:
        yield backend
    finally:
        keyring.set_keyring(before)


@pytest.fixture
def no_keyring() -> Iterator[None]:
    before = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    try:
        yield
    finally:
        keyring.set_keyring(before)


@pytest.fixture
def auth_dir(tmp_path: Path) -> Path:
    """A token directory inside the test's own directory: the key directory is its sibling, so with
    ``tmp_path`` itself as the token directory the keys would land in the directory all tests share."""
    return tmp_path / "auth"


def holder(auth_dir: Path, place: DpopKeyPlace | None, url: str = URL) -> DpopKeyHolder:
    return DpopKeyHolder("remote", url, place, auth_dir)


def test_a_file_key_is_private_outside_the_token_directory_and_survives_a_restart(auth_dir: Path) -> None:
    key = holder(auth_dir, "file").key_accepted_by(["ES256"])
    [path] = key_dir(auth_dir).iterdir()
    assert path.parent != auth_dir
    assert not path.is_relative_to(auth_dir)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = holder(auth_dir, "file").current()
    assert again is not None
    assert again.thumbprint() == key.thumbprint()
    holder(auth_dir, "file").discard()
    assert not path.exists()


def test_a_memory_key_is_new_each_run(auth_dir: Path) -> None:
    first = holder(auth_dir, "memory")
    key = first.key_accepted_by(None)
    assert first.current() is key
    assert holder(auth_dir, "memory").current() is None
    assert not key_dir(auth_dir).exists()


def test_the_keyring_keeps_the_key_and_logout_removes_it(auth_dir: Path, os_keyring: DictKeyring) -> None:
    keys = holder(auth_dir, None)
    assert keys.place == "keyring", "the keyring is the default where one exists"
    key = keys.key_accepted_by(None)
    [(service, _account)] = os_keyring.entries
    assert service == KEYRING_SERVICE
    again = holder(auth_dir, "keyring").current()
    assert again is not None
    assert again.thumbprint() == key.thumbprint()
    holder(auth_dir, "keyring").discard()
    assert os_keyring.entries == {}
    holder(auth_dir, "keyring").discard()  # nothing left to remove: still fine


def test_without_a_keyring_the_key_stays_in_memory_and_says_so(auth_dir: Path, no_keyring: None) -> None:
    asked = holder(auth_dir, "keyring")
    assert asked.place == "memory"
    assert asked.where == "in memory (this run only); no OS keyring is available"
    default = holder(auth_dir, None)
    assert (default.place, default.note) == ("memory", "")


def test_a_key_for_another_url_is_not_used(auth_dir: Path) -> None:
    holder(auth_dir, "file").key_accepted_by(None)
    assert holder(auth_dir, "file", url="https://elsewhere.example.com/mcp").current() is None


def test_a_damaged_key_file_is_replaced(auth_dir: Path) -> None:
    holder(auth_dir, "file").key_accepted_by(None)
    [path] = key_dir(auth_dir).iterdir()
    path.write_text("{not json")
    keys = holder(auth_dir, "file")
    assert keys.current() is None
    keys.key_accepted_by(None)
    assert holder(auth_dir, "file").current() is not None


def test_a_key_of_an_algorithm_no_longer_accepted_is_replaced(auth_dir: Path) -> None:
    keys = holder(auth_dir, "file")
    first = keys.key_accepted_by(["ES256"])
    assert keys.key_accepted_by(None) is first, "no list: the key in hand serves"
    second = keys.key_accepted_by(["ES384"])
    assert second.algorithm == "ES384"
    stored = holder(auth_dir, "file").current()
    assert stored is not None
    assert stored.thumbprint() == second.thumbprint()

"""An edit of config.toml that would leave a file no TOML reader accepts is refused, with a message that says
the change was not saved and to make it by hand, and the file stays byte-identical (same bytes, same
modification time, nothing left beside it).

A real layout gets there. The first comment mentions triple quotes, so the line scanner
(``tui/config/locate.py``) takes it for the start of a multi-line string and sees no table after it: each
line edit below then adds a second ``[preferences]`` or ``[servers.files]`` table, which no reader
accepts. tomlkit, the fallback, cannot keep this layout either (it moves the ``[[rules]]`` table that
splits the two servers), so only the re-parse of the edited text before writing stands between the user and
an unreadable file.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
import tomlkit

from tui.config import edit
from tui.config.edit import ConfigWriteError
from tui.config.model import Trust
from tui.config.toml_text import set_value

USER_FILE = '''\
# My mcp-tui setup. Long values may span lines between """ quotes.

[preferences]
auto_approve_safe = false

[servers.files]
command = "files-server"

[[rules]]
server = "files"
tool = "read_file"
action = "always"
ceiling = "low"

[servers.remote]
url = "https://example.com/mcp"
'''

Change = Callable[[Path], bool]
LineEdit = Callable[[str], str | None]
CASES: list[tuple[str, Change, LineEdit]] = [
    (
        "preference",
        lambda path: edit.set_preference(path, "auto_approve_safe", True),
        lambda text: set_value(text, ("preferences",), "auto_approve_safe", True),
    ),
    (
        "server trust",
        lambda path: edit.set_server_trust(path, "files", Trust.TRUSTED),
        lambda text: set_value(text, ("servers", "files"), "trust", "trusted"),
    ),
]


def unreadable(text: str | None) -> bool:
    try:
        tomllib.loads(text or "")
    except tomllib.TOMLDecodeError:
        return True
    return False


@pytest.mark.parametrize(("change", "line_edit"), [case[1:] for case in CASES], ids=[c[0] for c in CASES])
def test_an_edit_that_would_leave_the_file_unreadable_is_refused_and_the_file_kept(
    tmp_path: Path, change: Change, line_edit: LineEdit
) -> None:
    # The premise, so that a fix to the scanner or to tomlkit says why this test no longer applies.
    assert tomllib.loads(USER_FILE)["preferences"] == {"auto_approve_safe": False}
    assert unreadable(line_edit(USER_FILE)), "the line edit now copes with this layout: find another"
    assert tomlkit.parse(USER_FILE).as_string() != USER_FILE, "tomlkit now keeps this layout: find another"

    path = tmp_path / "config.toml"
    path.write_bytes(USER_FILE.encode())
    before = path.stat().st_mtime_ns
    with pytest.raises(ConfigWriteError) as raised:
        change(path)
    message = str(raised.value)
    assert message.startswith(f"{path} is laid out in a way mcp-tui cannot change")
    assert "the change was not saved; please make it by hand" in message
    assert path.read_bytes() == USER_FILE.encode()
    assert path.stat().st_mtime_ns == before
    assert [p.name for p in tmp_path.iterdir()] == ["config.toml"]  # no temp file, no lock file

"""The settings config.toml holds, and the session's servers: the only writer of config.toml.

Every change is written to the file first; what the session then runs with is read back from the file as
written (``config``, replaced whole), so a refused save changes nothing and an edit made meanwhile by
another instance or by hand is picked up in the same step. The session's servers live here and only here:
the connections, the decision and the front ends ask ``server(name)`` for the config that holds now.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tui.config.atomic import SeenText, file_lock, read_text_or_none, without_bom
from tui.config.debounce_limits import debounce_ms
from tui.config.edit import (
    ConfigWriteError,
    editable_problem,
    remove_rule,
    set_preference,
    set_rule,
    set_server_setting,
    set_timeout,
)
from tui.config.edit import set_server_trust as write_trust
from tui.config.loader import load_toml_config
from tui.config.model import AppConfig, ServerConfig, Timeouts, ToolRule, Trust
from tui.config.rule_append import append_rule
from tui.config.rule_replace import edit_rule_at
from tui.config.timeout_limits import seconds_text, timeout_seconds
from tui.session.saved import ChangeKind, Saved, with_note


def preference_words(name: str, value: bool | int) -> str:
    """What "Saved ..." names: "auto approve safe (on)", not "auto approve safe" (on or off?)."""
    words = name.replace("_", " ")
    if isinstance(value, bool):
        return f"{words} ({'on' if value else 'off'})"
    return f"{words} ({value})"


class ConfigSettings:
    def __init__(
        self,
        *,
        config: AppConfig,
        config_file: Path | None,
        servers: Sequence[ServerConfig],
        changed: Callable[[ChangeKind], None],
        timeout_overrides: Mapping[str, float] | None = None,
    ) -> None:
        self.config = config
        """What config.toml says now: replaced whole by each read-back, never assigned into."""
        self.config_file = config_file
        """The config.toml to write; None when the settings came from another client's JSON (read-only)."""
        self.servers: tuple[ServerConfig, ...] = tuple(servers)
        """Every server of this session as it holds now (the file's, plus those given on the command line,
        with this session's changes): the one copy. Replaced whole on a change."""
        self.timeout_overrides = dict(timeout_overrides or {})
        """Timeouts for this run only (the headless ``--timeout``); they hold over the file's."""
        self._changed = changed
        self._seen = SeenText()
        """config.toml as this instance last read or wrote it, to notice another instance's edits."""
        if config_file is not None and config.source == str(config_file) and config.source_read:
            self._seen.note(config.source_text)  # the loader's read at start-up, not another one
        elif config_file is not None:
            with contextlib.suppress(OSError, UnicodeDecodeError):  # unreadable: edits are refused anyway
                self._seen.note(read_text_or_none(config_file))

    # ---- what the session reads ------------------------------------------------------------------

    @property
    def timeouts(self) -> Timeouts:
        return dataclasses.replace(self.config.timeouts, **self.timeout_overrides)

    def server(self, name: str) -> ServerConfig:
        """The server's config as it holds now (its trust included)."""
        for server in self.servers:
            if server.name == name:
                return server
        raise KeyError(f"no server named {name!r}")

    def in_config_file(self, server: str) -> bool:
        return any(entry.name == server for entry in self.config.servers)

    @property
    def read_only_reason(self) -> str | None:
        if self.config_file is None:
            source = self.config.source or "another MCP client's JSON file"
            return (
                f"Settings were read from {source}; mcp-tui only reads that file, "
                "so changes here cannot be saved."
            )
        return None

    def problems(self) -> list[str]:
        reason = self.read_only_reason
        if reason is not None:
            return [f"Read-only: {reason}"]
        if self.config_file is not None and (problem := editable_problem(self.config_file)) is not None:
            return [f"Changes cannot be saved: {problem}"]
        return []

    # ---- changes -----------------------------------------------------------------------------------

    def set_preference(self, name: str, value: bool | int, what: str | None = None) -> Saved:
        if getattr(self.config.preferences, name) == value:
            return Saved(True, "")
        saved = self._write(
            lambda path: set_preference(path, name, value, seen=self._seen),
            what or preference_words(name, value),
        )
        if saved.ok:
            self._changed("preference")
        return saved

    def set_preflight_debounce(self, value: str | int) -> Saved:
        """Save ``[preferences] preflight_debounce_ms``; ``value`` may be what the person typed. A value that
        is not whole milliseconds from 0 to 2000 is refused with the reason, and nothing changes."""
        try:
            ms = debounce_ms(value)
        except ValueError as error:
            return Saved(False, f"Not saved: the live preflight pause {error}.")
        return self.set_preference("preflight_debounce_ms", ms, f"the live preflight pause ({ms} ms)")

    def set_timeout(self, name: str, value: str | float) -> Saved:
        """Save ``[timeouts] name``; ``value`` may be what the person typed. A value that is not a number
        of seconds greater than 0 and at most a day is refused with the reason, and nothing changes."""
        what = f"the {name} timeout"
        try:
            seconds = timeout_seconds(value)
        except ValueError as error:
            return Saved(False, f"Not saved: {what} {error}.")
        if getattr(self.config.timeouts, name) == seconds:
            return Saved(True, "")
        saved = self._write(
            lambda path: set_timeout(path, name, seconds, seen=self._seen),
            f"{what} ({seconds_text(seconds)} s)",
        )
        if saved.ok:
            if name in self.timeout_overrides:
                kept = seconds_text(self.timeout_overrides[name])
                saved = with_note(saved, f"This run keeps {kept} s (given with --timeout).")
            self._changed("timeout")
        return saved

    def set_trust(self, server: str, trust: Trust) -> Saved:
        """Save a server's trust; a server not defined in config.toml keeps it for this session only."""
        if self.server(server).trust is trust:
            return Saved(True, "")
        if self.in_config_file(server):
            saved = self._write(
                lambda path: write_trust(path, server, trust, seen=self._seen),
                f"the trust setting of {server}",
            )
            if not saved.ok:
                return saved
            # The read-back gave the server the trust the file holds now: the one just written.
        else:
            saved = Saved(True, f"{server} is {trust.value} until mcp-tui exits (it is not in config.toml).")
            self._replace_server(server, trust=trust)
        self._changed("trust")
        return saved

    def set_server_setting(self, server: str, key: str, value: str | tuple[str, ...] | None) -> Saved:
        """Save a server's ``log_level`` or ``roots`` (a server not in config.toml: this session only)."""
        if getattr(self.server(server), key) == value:
            return Saved(True, "")
        if self.in_config_file(server):
            on_disk = list(value) if isinstance(value, tuple) else value
            saved = self._write(
                lambda path: set_server_setting(path, server, key, on_disk, seen=self._seen),
                f"the {key.replace('_', ' ')} of {server}",
            )
            if not saved.ok:
                return saved
        else:
            saved = Saved(
                True,
                f"The {key.replace('_', ' ')} of {server}: kept until mcp-tui exits (not in config.toml).",
            )
        self._replace_server(server, **{key: value})
        self._changed("server")
        return saved

    def set_rule(self, rule: ToolRule) -> Saved:
        """Add a per-tool rule, or replace the one for the same server and tool."""
        saved = self._write(
            lambda path: set_rule(path, rule, seen=self._seen), f"the rule for {rule.tool} on {rule.server}"
        )
        if saved.ok:
            self._changed("rule")
        return saved

    def remove_rule(self, server: str, tool: str) -> Saved:
        saved = self._write(
            lambda path: remove_rule(path, server, tool, seen=self._seen),
            f"the removal of the rule for {tool} on {server}",
        )
        if saved.ok:
            self._changed("rule")
        return saved

    def append_rule(self, table: str, check: Callable[[str, str], list[str]]) -> Path:
        """Add a ``[[rules]]`` table at the end of config.toml (its text before it kept byte for byte),
        then run with what the file holds; ``ConfigWriteError`` or ``ValueError`` when not saved."""
        reason = self.read_only_reason
        if reason is not None or self.config_file is None:
            raise ValueError(reason or "there is no config.toml to write")
        append_rule(self.config_file, table, check=check, seen=self._seen)
        self._read_back(self.config_file)
        return self.config_file

    def edit_rule(
        self, line: int, table: str | None, loaded: str, check: Callable[[str, str], list[str]]
    ) -> Path:
        """Replace (``table``) or remove (None) the ``[[rules]]`` table at ``line`` of config.toml, if the
        file is still ``loaded``; then run with what it holds. ``ConfigWriteError`` or ``ValueError`` when
        not saved."""
        reason = self.read_only_reason
        if reason is not None or self.config_file is None:
            raise ValueError(reason or "there is no config.toml to write")
        edit_rule_at(self.config_file, line, table, loaded=loaded, check=check, seen=self._seen)
        self._read_back(self.config_file)
        return self.config_file

    def reload_from_disk(self) -> bool:
        """Run with what config.toml holds now, read under the lock its writers take (another instance's
        edit, a hand edit); True when its text differed from what this instance had."""
        path = self.config_file
        if path is None:
            return False
        with file_lock(path):
            try:
                text = read_text_or_none(path)
            except (OSError, UnicodeDecodeError):
                return False  # unreadable now: keep running with the last good settings
        if self._seen.known and text == self._seen.text:
            return False
        self._seen.note(text)
        if text is None:
            return False  # removed by hand: the settings in force stay until it is back
        self._read_back(path)
        return True

    # ---- internals ---------------------------------------------------------------------------------

    def _write(self, change: Callable[[Path], bool], what: str) -> Saved:
        reason = self.read_only_reason
        if reason is not None or self.config_file is None:
            return Saved(False, f"Not saved: {reason}")
        try:
            change(self.config_file)
        except (ConfigWriteError, ValueError) as error:
            return Saved(False, f"Not saved: {error}")
        elsewhere = self._seen.changed_elsewhere
        self._read_back(self.config_file)
        if not elsewhere:
            return Saved(True, f"Saved {what} to {self.config_file}")
        self._changed("preference")  # another instance's edits may have changed anything
        note = (
            f"{self.config_file} had been changed elsewhere (another mcp-tui?); its settings were reloaded."
        )
        return Saved(True, f"Saved {what} to {self.config_file}", note)

    def _read_back(self, path: Path) -> None:
        """Run with the settings config.toml holds now (the edit just made is in it, as last written):
        the file's model is replaced whole, and each server the file defines takes its trust from it."""
        text = without_bom(self._seen.text or "")
        self.config, _ = load_toml_config(path, text, os.environ)
        configured = {server.name: server.trust for server in self.config.servers}
        self.servers = tuple(
            dataclasses.replace(server, trust=configured[server.name])
            if server.name in configured and configured[server.name] is not server.trust
            else server
            for server in self.servers
        )

    def _replace_server(self, name: str, **change: Any) -> None:
        self.servers = tuple(
            dataclasses.replace(server, **change) if server.name == name else server
            for server in self.servers
        )

"""Change config.toml the way a careful person would: keep every comment and the layout, write atomically,
write only when something changed, and refuse (leaving the file byte-identical) when the file does not parse
or is a JSON file imported from another client.

Each change is made on the lines of the file and then checked: the new text must parse to exactly the old
data plus the change. When a layout defeats the line edit, tomlkit does it if it can reproduce the file
unchanged; otherwise the change is refused rather than risk the user's file.

A byte order mark at the start (Windows Notepad writes one) is set aside for the edit and written back.

Every function returns True when the file was written and False when it already said that.

Several instances may run at once: each edit reads the file once, under an inter-process lock, and is
applied to the file as it is on disk at that moment, so one instance never writes back an older copy over
another's change. Pass a ``SeenText`` as ``seen`` to learn whether the file had changed since this
instance last read or wrote it (``seen.changed_elsewhere``): then reload the settings from it.
"""

from __future__ import annotations

import copy
import dataclasses
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tui.config.atomic import BOM, SeenText, file_lock, read_text_or_none, without_bom, write_atomically
from tui.config.debounce_limits import DEBOUNCE_RULE, is_debounce
from tui.config.model import Preferences, Timeouts, ToolRule, Trust
from tui.config.sections import GRADES, RULE_ACTIONS
from tui.config.timeout_limits import timeout_seconds
from tui.config.toml_text import append_table, remove_table, set_value

NEW_FILE_HEADER = (
    "# mcp-tui configuration: servers, timeouts, preferences and per-tool rules.\n"
    "# mcp-tui edits this file from its preferences screen and keeps your comments and layout.\n"
)
_PREFERENCES = {f.name for f in dataclasses.fields(Preferences)}
_TIMEOUTS = {f.name for f in dataclasses.fields(Timeouts)}

Data = dict[str, Any]
Scalar = bool | int | float | str
LineEdit = Callable[[str, Data, Data], str | None]


class ConfigWriteError(Exception):
    """The change was not saved; the message says why. The file was left exactly as it was."""


def editable_problem(path: Path) -> str | None:
    """Why ``path`` cannot be edited (the text ConfigWriteError would carry), or None when it can."""
    try:
        _read(path)
    except ConfigWriteError as error:
        return str(error)
    return None


def set_preference(path: Path, key: str, value: bool | int, *, seen: SeenText | None = None) -> bool:
    """Set ``[preferences] key``; a preference not in the file and set to its default is not written."""
    if key not in _PREFERENCES:
        raise ValueError(f"unknown preference {key!r}")
    default = getattr(Preferences(), key)
    if isinstance(default, bool) != isinstance(value, bool) or (not isinstance(value, bool) and value < 0):
        raise ValueError(f"preference {key!r} cannot be {value!r}")
    if key == "preflight_debounce_ms" and not is_debounce(value):
        raise ValueError(f"the live preflight pause must be {DEBOUNCE_RULE}, not {value!r}")
    return _set_setting(path, "preferences", key, value, default, seen)


def set_timeout(path: Path, key: str, seconds: float, *, seen: SeenText | None = None) -> bool:
    """Set ``[timeouts] key`` to ``seconds`` (greater than 0, at most a day: ``timeout_limits``); whole
    numbers are written without a fraction."""
    if key not in _TIMEOUTS:
        raise ValueError(f"unknown timeout {key!r}")
    try:
        seconds = timeout_seconds(seconds)
    except ValueError as error:
        raise ValueError(f"the {key} timeout {error}") from None
    value: float | int = int(seconds) if float(seconds).is_integer() else float(seconds)
    return _set_setting(path, "timeouts", key, value, getattr(Timeouts(), key), seen)


def set_server_trust(path: Path, server: str, trust: Trust | str, *, seen: SeenText | None = None) -> bool:
    """Set ``trust`` of ``[servers.<server>]``, which must be defined in this file."""
    level = Trust(trust).value

    def expect(data: Data) -> None:
        entry = data.get("servers", {}).get(server) if isinstance(data.get("servers"), dict) else None
        if not isinstance(entry, dict):
            raise ConfigWriteError(
                f"{path} has no server named {server!r} (only servers defined in this file have a trust "
                "setting that can be saved there), so the change was not saved"
            )
        if "trust" in entry or level != Trust.UNTRUSTED.value:
            entry["trust"] = level

    return _edit(
        path, expect, lambda text, data, wanted: set_value(text, ("servers", server), "trust", level), seen
    )


def set_server_setting(
    path: Path, server: str, key: str, value: str | list[str] | None, *, seen: SeenText | None = None
) -> bool:
    """Set ``key`` of ``[servers.<server>]`` (``log_level``, ``roots``); None or an empty list removes it."""
    if key not in ("log_level", "roots"):
        raise ValueError(f"unknown server setting {key!r}")

    def expect(data: Data) -> None:
        entry = data.get("servers", {}).get(server) if isinstance(data.get("servers"), dict) else None
        if not isinstance(entry, dict):
            raise ConfigWriteError(
                f"{path} has no server named {server!r} (only servers defined in this file can have "
                f"{key} saved there), so the change was not saved"
            )
        if value is None or value == []:
            entry.pop(key, None)
        else:
            entry[key] = value

    def line_edit(text: str, data: Data, wanted: Data) -> str | None:
        # Lists and removals are left to tomlkit, which keeps the layout or refuses.
        return set_value(text, ("servers", server), key, value) if isinstance(value, str) else None

    return _edit(path, expect, line_edit, seen)


def set_rule(path: Path, rule: ToolRule, *, seen: SeenText | None = None) -> bool:
    """Add the rule, or change the one already there for the same server and tool (keeping its comments)."""
    if rule.action not in RULE_ACTIONS or rule.ceiling not in GRADES:
        raise ValueError(f"invalid rule {rule!r}")
    fields: list[tuple[str, Scalar]] = [("server", rule.server), ("tool", rule.tool), ("action", rule.action)]
    if rule.action == "always":
        fields.append(("ceiling", rule.ceiling))

    def expect(data: Data) -> None:
        matches = _matching(data, rule.server, rule.tool)
        if not matches:
            data.setdefault("rules", []).append(dict(fields))
            return
        entry = data["rules"][matches[-1]]  # the loader uses the last one, so that is the one to change
        entry["action"] = rule.action
        if rule.action == "always" or "ceiling" in entry:
            entry["ceiling"] = rule.ceiling

    def line_edit(text: str, data: Data, wanted: Data) -> str | None:
        matches = _matching(data, rule.server, rule.tool)
        if not matches:
            return append_table(text, "[[rules]]", fields)
        index = matches[-1]
        edited = set_value(text, ("rules", index), "action", rule.action)
        if edited is not None and (rule.action == "always" or "ceiling" in data["rules"][index]):
            edited = set_value(edited, ("rules", index), "ceiling", rule.ceiling)
        return edited

    return _edit(path, expect, line_edit, seen)


def remove_rule(path: Path, server: str, tool: str, *, seen: SeenText | None = None) -> bool:
    """Remove every rule for this server and tool (an earlier duplicate must not take over)."""

    def expect(data: Data) -> None:
        for index in reversed(_matching(data, server, tool)):
            del data["rules"][index]
        if data.get("rules") == []:
            del data["rules"]

    def line_edit(text: str, data: Data, wanted: Data) -> str | None:
        edited: str | None = text
        for index in reversed(_matching(data, server, tool)):
            edited = remove_table(edited, ("rules", index)) if edited is not None else None
        return edited

    return _edit(path, expect, line_edit, seen)


def _set_setting(
    path: Path, table: str, key: str, value: Scalar, default: Scalar, seen: SeenText | None
) -> bool:
    def expect(data: Data) -> None:
        section = data.setdefault(table, {})
        if not isinstance(section, dict):
            raise ConfigWriteError(f"[{table}] in {path} is not a table; fix it by hand first")
        if key in section or value != default:  # absent means default: writing it would change nothing
            section[key] = value
        if not section:
            del data[table]

    return _edit(path, expect, lambda text, data, wanted: set_value(text, (table,), key, value), seen)


def _edit(
    path: Path, expect: Callable[[Data], None], line_edit: LineEdit, seen: SeenText | None = None
) -> bool:
    _refuse_json_name(path)
    lock = file_lock(path)
    created = not Path(lock.lock_file).exists()
    try:
        with lock:
            return _edit_locked(path, expect, line_edit, seen)
    except TimeoutError:
        raise ConfigWriteError(
            f"{path} is being changed by another mcp-tui right now, so the change was not saved; try again"
        ) from None
    except ConfigWriteError:
        if created:  # a refused first edit leaves nothing behind beside the user's file
            Path(lock.lock_file).unlink(missing_ok=True)
        raise


def _edit_locked(
    path: Path, expect: Callable[[Data], None], line_edit: LineEdit, seen: SeenText | None
) -> bool:
    on_disk = _read_raw(path)
    if seen is not None:
        seen.check(on_disk)
        seen.note(on_disk)
    bom = BOM if on_disk is not None and on_disk.startswith(BOM) else ""
    text, data = _parse(path, on_disk)
    wanted = copy.deepcopy(data)
    expect(wanted)
    if _same_data(wanted, data):
        return False
    for attempt in (line_edit, _tomlkit_edit):
        new_text = attempt(text, data, wanted)
        if new_text is not None and _parses_to(new_text, wanted):
            written = bom + new_text  # it parses to other data, so it differs from what is there
            write_atomically(path, written)
            if seen is not None:
                seen.note(written)
            return True
    raise ConfigWriteError(
        f"{path} is laid out in a way mcp-tui cannot change without rearranging it, so the change was not "
        "saved; please make it by hand"
    )


def _tomlkit_edit(text: str, data: Data, wanted: Data) -> str | None:
    """For inline tables and dotted keys; only when tomlkit reproduces the file exactly as it is."""
    import tomlkit  # deferred: only this fallback needs it

    doc = tomlkit.parse(text)
    if doc.as_string() != text:
        return None
    _sync(doc, data, wanted)
    return doc.as_string()


def _sync(container: Any, old: Data, new: Data) -> None:
    for key in [k for k in old if k not in new]:
        del container[key]
    for key, value in new.items():
        before = old.get(key)
        if isinstance(before, dict) and isinstance(value, dict):
            _sync(container[key], before, value)
        elif isinstance(before, list) and isinstance(value, list) and len(before) == len(value):
            for index, (was, now) in enumerate(zip(before, value, strict=True)):
                if isinstance(was, dict) and isinstance(now, dict):
                    _sync(container[key][index], was, now)
                elif not _same_data(was, now):
                    container[key][index] = now
        elif key not in old or not _same_data(before, value):
            container[key] = value


def _read(path: Path) -> tuple[str, Data]:
    """The text to edit (a header for a new file) and its data; ConfigWriteError when it cannot be."""
    return _parse(path, _read_raw(path))


def _refuse_json_name(path: Path) -> None:
    if path.suffix.lower() in (".json", ".jsonc"):
        raise _json_refusal(path)


def _read_raw(path: Path) -> str | None:
    _refuse_json_name(path)
    try:
        return read_text_or_none(path)  # bytes decoded as they are: keep "\r\n" as the user wrote it
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigWriteError(f"{path} cannot be read ({error}), so the change was not saved") from None


def _parse(path: Path, on_disk: str | None) -> tuple[str, Data]:
    """The text to edit, without a byte order mark (TOML parsers refuse one), and its data."""
    if on_disk is None:
        return NEW_FILE_HEADER, {}
    text = without_bom(on_disk)
    if text.lstrip().startswith("{"):
        raise _json_refusal(path)
    try:
        return text, tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigWriteError(
            f"{path} has a TOML syntax error ({error}); mcp-tui does not rewrite a file it cannot read "
            "completely, so the change was not saved. Fix the file and try again."
        ) from None


def _json_refusal(path: Path) -> ConfigWriteError:
    return ConfigWriteError(
        f"{path} is a JSON file from another MCP client; mcp-tui only reads it, so the change was not saved. "
        "Use a config.toml (the default, or --config FILE.toml) to keep preferences and rules."
    )


def _matching(data: Data, server: str, tool: str) -> list[int]:
    rules = data.get("rules", [])
    if not isinstance(rules, list):
        raise ConfigWriteError(
            "rules in the config file is not a list of [[rules]] tables; fix it by hand first"
        )
    return [
        i
        for i, r in enumerate(rules)
        # A rule with conditions is another rule for its own case (written by hand or by the rules
        # editor): the per-tool controls never change or remove it.
        if isinstance(r, dict) and (r.get("server"), r.get("tool")) == (server, tool) and "when" not in r
    ]


def _parses_to(text: str, wanted: Data) -> bool:
    try:
        return _same_data(tomllib.loads(text), wanted)
    except tomllib.TOMLDecodeError:
        return False


def _same_data(a: object, b: object) -> bool:
    """Equal as settings: 90 and 90.0 are the same number, but true is not 1."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same_data(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same_data(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return a == b

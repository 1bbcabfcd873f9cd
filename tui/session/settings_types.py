"""The settings as the front ends show and edit them: their types, the limits a person may set, the words a
setting may take.

The session alone reads and writes the user's files (``SettingsService``); the preferences screen, the
confirm dialog, the server pane and ``mcp-tui auth`` show these values and hand changes back to the session,
which checks them by the same limits (``config.edit``) as a hand-written config.toml is checked. The types
are config.toml's own model, named here so that no front end imports the config package.
"""

from __future__ import annotations

from tui.config.debounce_limits import MAX_DEBOUNCE_MS
from tui.config.model import LOG_LEVELS, Preferences, ServerConfig, Timeouts, ToolRule, Trust
from tui.config.sections import GRADES, RULE_ACTIONS
from tui.config.timeout_limits import MAX_TIMEOUT_S, seconds_text

__all__ = [
    "GRADES",
    "LOG_LEVELS",
    "MAX_DEBOUNCE_MS",
    "MAX_TIMEOUT_S",
    "RULE_ACTIONS",
    "Preferences",
    "ServerConfig",
    "Timeouts",
    "ToolRule",
    "Trust",
    "seconds_text",
]

"""The sections of the preferences screen, one widget per file, each editing through the settings service."""

from tui.ui.widgets.prefs.context import PreferencesChanged

__all__ = ["PreferencesChanged"]

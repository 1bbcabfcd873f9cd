"""The sections of the preferences screen, one widget per file, sharing a ``PreferencesContext``."""

from tui.ui.widgets.prefs.context import PreferencesChanged, PreferencesContext

__all__ = ["PreferencesChanged", "PreferencesContext"]

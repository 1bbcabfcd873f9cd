"""Showing a tool call while it runs (CallProgress) and what it returned (ResultView)."""

from tui.ui.widgets.results.call_progress import CallProgress
from tui.ui.widgets.results.result_view import ResultView
from tui.ui.widgets.results.saveable import SaveableBlock

__all__ = ["CallProgress", "ResultView", "SaveableBlock"]

"""The tool query language (``tui.session.tool_query``) in short, for help lines.

Apart from the language itself: the TUI's filter box shows this help on its first frame, before any tool
is there to filter and before the grading the language builds on is loaded.
"""

from __future__ import annotations

FILTER_HELP = (
    "words · ro rw dest idem open closed unannotated resolvable lint · safe…critical grade:high+ · "
    "server:NAME · -word excludes"
)
"""The filter language in short (``tool_query``'s docstring has it in full; so does docs/headless.md)."""
FILTER_HELP_SHORT = "ro rw dest open… · grade:high+ · server:NAME · -word excludes"
"""The most used words of ``FILTER_HELP``, for a sidebar too narrow for all of it (80 columns)."""

"""Python's cyclic garbage collector, paused while mcp-tui starts.

Start-up creates a few hundred thousand objects that live as long as the process: modules, classes,
functions, the SDK's pydantic models. On the way the collector walks them again and again and frees
next to nothing: about 60 ms before the TUI's first frame and 50 to 150 ms during the SDK import, as
measured on our 2-core machines (bench/startup.py shows the effect on the whole start). So collection
pauses at launch; once the SDK is loaded, everything alive is moved out of the collector's sight
(``gc.freeze``) and collection resumes for whatever the session allocates from then on.

Only a pause this module made is resumed, so code that never paused (tests, a library user) is left
exactly as it was.
"""

from __future__ import annotations

import gc

_paused = False


def pause() -> None:
    """Stop cyclic collection until ``resume`` (a no-op when it is already off)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    """Freeze what start-up created and collect again; only undoes a ``pause`` of this module."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()

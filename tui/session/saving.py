"""Saving a server's bytes to a file the person chose: the one function both front ends use
(``tui.store.saved_files``: no link followed, nothing written over)."""

from __future__ import annotations

from tui.store.saved_files import IfExists, LinkRefused, numbered, save_bytes

__all__ = ["IfExists", "LinkRefused", "numbered", "save_bytes"]

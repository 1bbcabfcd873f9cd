"""Every place mcp-tui reaches a private name of Textual: this module and no other.

Textual is pinned to 8.x in pyproject.toml. Each name below says which private thing it touches, why
there is no public way, and what to check when Textual is upgraded; ``tests/ui/test_textual_canary.py``
exercises every one against the installed Textual, so an upgrade that moves a name fails there, in one
obvious place. ``tests/test_private_access.py`` fails if any other module of ``tui`` imports a private
Textual module or overrides or reads a private Textual name.
"""

from __future__ import annotations

from textual.widgets import _footer

__all__ = ["FooterKey"]

FooterKey = _footer.FooterKey
"""The widget ``Footer.compose`` yields for each key.

Touches ``textual.widgets._footer.FooterKey``: Textual exports ``Footer`` but not the class of its keys,
and the key footer must tell its keys from the other widgets the footer composes (to pin Quit on the
right and hide the keys that do not fit). On upgrade: ``Footer.compose`` still yields ``FooterKey``
widgets with an ``action`` attribute, the palette's key carrying the ``-command-palette`` class; or
Textual now exports it (then import it from there).
"""

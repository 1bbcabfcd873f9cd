"""Text a hostile server sends, and the checks that it reached the screen as data (it holds no tests).

Shared by the test_hidden_text* files: each puts such text where a server can put it and checks what the
widget shows and draws.
"""

from __future__ import annotations

from textual.geometry import Region
from textual.widget import Widget

from tui.safety.visible_text import visible

# Reads as "safe_deleted" in a bidi terminal; zero-width space, word joiner and a tag "A" hide inside.
NAME = "safe_\u202eeteled"
SHOWN_NAME = "safe_<U+202E>eteled"
SNEAKY = "ok\u200b\u2066x\u2069\U000e0041"
SHOWN_SNEAKY = "ok<U+200B><U+2066>x<U+2069><U+E0041>"

# Parsed as markup, this would be bold, a link and a button that quits the app.
MARKUP = '[b]bold[/b] [link="https://evil.example"]site[/link] [@click=app.quit]quit[/]'
# Written to the terminal, these would turn the text red, retitle the window and start a hyperlink.
ESCAPES = "\x1b[31mred\x1b]0;pwned\x07\x1b]8;;https://evil.example\x1b\\osc"
SHOWN_ESCAPES = "\\x1b[31mred\\x1b]0;pwned\\x07\\x1b]8;;https://evil.example\\x1b\\osc"
HOSTILE = f"{MARKUP} {ESCAPES} {SNEAKY}"
SHOWN_HOSTILE = f"{MARKUP} {SHOWN_ESCAPES} {SHOWN_SNEAKY}"


def assert_shown(text: str, *shown: str) -> None:
    """No control or hidden character in ``text``, and each of ``shown`` in it exactly."""
    assert visible(text) == text, f"control or hidden characters reached the screen: {text!r}"
    for part in shown:
        assert part in text, f"{part!r} is not in {text!r}"


def drawn(widget: Widget) -> str:
    """The lines ``widget`` draws, after checking that no part of them is a link or a click action."""
    strips = widget.render_lines(Region(0, 0, widget.size.width, widget.size.height))
    for strip in strips:
        for segment in strip:
            style = segment.style
            if style is None:
                continue
            assert style.link is None, f"{segment.text!r} links to {style.link!r}"
            assert "@click" not in style.meta, f"{segment.text!r} runs {style.meta['@click']!r} when clicked"
    return "\n".join(strip.text for strip in strips)

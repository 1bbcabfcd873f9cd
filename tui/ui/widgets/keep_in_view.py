"""Scroll a focused field into view with its label, clear of what is docked over its scroll container.

Textual scrolls the focused widget itself into view, which leaves a form field's label above the fold,
and it counts the rows under a container's own docked children (a dialog's buttons) as visible, so a
field behind them got the focus without being seen.
"""

from __future__ import annotations

from textual.containers import ScrollableContainer
from textual.widget import Widget


def scroll_container(widget: Widget) -> ScrollableContainer | None:
    """The nearest ancestor that scrolls vertically."""
    for ancestor in widget.ancestors:
        if isinstance(ancestor, ScrollableContainer) and ancestor.allow_vertical_scroll:
            return ancestor
    return None


def visible_rows(container: Widget) -> tuple[int, int]:
    """The screen rows (top, bottom) the container shows its scrolled content in, docks excluded."""
    region = container.scrollable_content_region
    top, bottom = region.y, region.bottom
    for child in container.children:
        if not child.display or child.styles.dock == "none":
            continue
        if child.styles.dock == "bottom":
            bottom = min(bottom, child.region.y)
        elif child.styles.dock == "top":
            top = max(top, child.region.bottom)
    return top, bottom


WAIT_FOR_SCROLL = 0.05
"""Seconds between looks while a scroll is still moving (Textual's own, centring the focused widget)."""


def keep_in_view(target: Widget, focused: Widget, tries: int = 40, check_again: bool = True) -> None:
    """Scroll the nearest scroll container so ``target`` (a field with its label) shows in full; when it
    is taller than the room, its top down to ``focused``, else ``focused`` alone.

    Waits for a scroll that is still moving: Textual centres a widget focused before its layout settled
    (a freshly opened form), smoothly, and that would carry the label out of view again afterwards. Looks
    once more after the next refresh: the regions it reads are those of the last one, which a scroll that
    ended just now has not moved yet (seen on loaded machines: the label stayed out of view)."""
    if not focused.has_focus:
        # The focus moved on (a Tab pressed right after a form opened): this look is late, and what it
        # would scroll to undoes the newly focused field's own look, leaving that field under the buttons.
        return
    container = scroll_container(focused)
    if container is None or not target.region or not focused.region:
        return
    if tries and container.app.animator.is_being_animated(container, "scroll_y"):
        focused.set_timer(WAIT_FOR_SCROLL, lambda: keep_in_view(target, focused, tries - 1, check_again))
        return
    top, bottom = visible_rows(container)
    start = target.region.y
    end = target.region.bottom
    if end - start > bottom - top:  # too tall: the label and the focused part, or that part alone
        end = focused.region.bottom
        if end - start > bottom - top:
            start = focused.region.y
            end = min(focused.region.bottom, start + bottom - top)
    delta = 0
    if start < top:
        delta = start - top
    elif end > bottom:
        delta = min(end - bottom, start - top)
    if delta:
        container.scroll_to(y=container.scroll_y + delta, animate=False, immediate=True)
    if check_again:
        focused.call_after_refresh(keep_in_view, target, focused, tries, False)

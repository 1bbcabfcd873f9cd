"""structuredContent as a collapsible tree, built lazily so a huge structure costs only what is opened."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from tui.ui.safe_text import clean

# Children shown per object or array before a "… N more" line; the rest stays in the saved JSON.
MAX_CHILDREN = 100
MAX_SCALAR_CHARS = 200


@dataclass
class _Slot:
    value: Any
    filled: bool = False


def _scalar(value: Any) -> str:
    shown = json.dumps(value, ensure_ascii=False, default=repr)
    return shown if len(shown) <= MAX_SCALAR_CHARS else shown[: MAX_SCALAR_CHARS - 1] + "…"


def _summary(value: Any) -> str:
    if isinstance(value, dict):
        return f"{{{len(value)} key{'s' if len(value) != 1 else ''}}}"
    return f"[{len(value)} item{'s' if len(value) != 1 else ''}]"


def node_label(key: str | None, value: Any) -> Text:
    """A Rich Text label (never markup): ``key: value`` for scalars, ``key {n keys}`` for containers."""
    label = Text()
    if key is not None:
        label.append(clean(key), style="bold")
        label.append(" " if isinstance(value, dict | list) else ": ")
    if isinstance(value, dict | list):
        label.append(_summary(value), style="dim")
    else:
        label.append(clean(_scalar(value)))
    return label


class StructuredTree(Tree[_Slot]):
    """A read-only tree of a JSON value; objects and arrays expand and collapse."""

    DEFAULT_CSS = """
    StructuredTree { height: auto; max-height: 30; }
    """

    def __init__(self, value: Any, *, id: str | None = None) -> None:
        super().__init__(node_label(None, value), _Slot(value), id=id, classes="structured-tree")
        self.value = value
        self.guide_depth = 3
        self._fill(self.root)
        self.root.expand()

    def _fill(self, node: TreeNode[_Slot]) -> None:
        slot = node.data
        if slot is None or slot.filled:
            return
        slot.filled = True
        value = slot.value
        items: list[tuple[str, Any]]
        if isinstance(value, dict):
            items = [(str(key), child) for key, child in value.items()]
        elif isinstance(value, list):
            items = [(f"[{index}]", child) for index, child in enumerate(value)]
        else:
            return  # a scalar: the root label already shows it
        for key, child in items[:MAX_CHILDREN]:
            if isinstance(child, dict | list) and child:
                node.add(node_label(key, child), _Slot(child))
            else:
                node.add_leaf(node_label(key, child), _Slot(child, filled=True))
        if len(items) > MAX_CHILDREN:
            node.add_leaf(Text(f"… {len(items) - MAX_CHILDREN} more", style="italic"))

    def on_tree_node_expanded(self, event: Tree.NodeExpanded[_Slot]) -> None:
        self._fill(event.node)

"""structuredContent shows as a tree whose objects and arrays collapse and expand; long lists are capped."""

from __future__ import annotations

from test_result_support import ResultApp, ok

from tui.ui.widgets.results.structured_tree import MAX_CHILDREN, StructuredTree

STRUCTURED = {
    "user": {"name": "Ada", "langs": ["en", "fr"]},
    "ids": list(range(MAX_CHILDREN + 50)),
    "n": None,
}


def labels(node: object) -> list[str]:
    return [child.label.plain for child in node.children]  # type: ignore[attr-defined]


async def test_tree_starts_with_the_top_level_open_and_the_rest_closed() -> None:
    app = ResultApp()
    async with app.run_test():
        await app.view.show(ok(structured=STRUCTURED), title="t")
        tree = app.view.query_one(StructuredTree)
        assert tree.root.is_expanded
        assert tree.root.label.plain == "{3 keys}"
        assert labels(tree.root) == ["user {2 keys}", "ids [150 items]", "n: null"]
        assert not tree.root.children[0].is_expanded


async def test_keyboard_expands_and_collapses_a_node() -> None:
    app = ResultApp()
    async with app.run_test() as pilot:
        await app.view.show(ok(structured=STRUCTURED), title="t")
        tree = app.view.query_one(StructuredTree)
        tree.focus()
        user = tree.root.children[0]
        tree.move_cursor(user)
        await pilot.press("space")
        await pilot.pause()
        assert user.is_expanded
        assert labels(user) == ['name: "Ada"', "langs [2 items]"]
        rows_open = tree.last_line
        await pilot.press("space")
        await pilot.pause()
        assert not user.is_expanded
        assert tree.last_line < rows_open


async def test_long_lists_are_capped_with_a_count_of_the_rest() -> None:
    app = ResultApp()
    async with app.run_test() as pilot:
        await app.view.show(ok(structured=STRUCTURED), title="t")
        tree = app.view.query_one(StructuredTree)
        ids = tree.root.children[1]
        ids.expand()
        await pilot.pause()
        shown = labels(ids)
        assert len(shown) == MAX_CHILDREN + 1
        assert shown[0] == "[0]: 0"
        assert shown[-1] == "… 50 more"


async def test_a_scalar_structured_value_is_the_root_label() -> None:
    app = ResultApp()
    async with app.run_test():
        await app.view.show(ok(structured=42), title="t")
        tree = app.view.query_one(StructuredTree)
        assert tree.root.label.plain == "42"
        assert not tree.root.children

"""The banner at the top of the main screen: how many configuration problems, the first few, and F6 for
every one."""

from __future__ import annotations

from pathlib import Path

from app_harness import make_app, wait_for
from textual.widgets import Static

from tui.config.problems import PROBLEMS_SHOWN, problems_notice

BROKEN = "".join(
    f'[servers.s{n}]\ncommand = {n}\n\n[servers.ok{n}]\ncommand = "x"\nargs = "y"\n\n' for n in range(4)
)


def shown_rows(notice: Static) -> str:
    return "\n".join(notice.render_line(y).text for y in range(notice.scrollable_content_region.height))


async def test_the_banner_counts_every_problem_and_f6_shows_them_all(home: Path) -> None:
    app = make_app(home, BROKEN)
    problems = app.startup.problems
    assert len(problems) == 8
    async with app.run_test(size=(80, 24)) as pilot:
        notice = app.main_screen.query_one("#notice", Static)
        # On screen, not cut off: capped to two lines at 80x24, the last one names the key for the rest.
        await wait_for(
            pilot, lambda: shown_rows(notice).splitlines()[-1].strip() == "Press F6 to see every one."
        )
        assert "8 configuration problems" in shown_rows(notice)
        await pilot.press("f6")
        await pilot.pause()
        text = str(notice.content)
        for problem in problems:
            assert f"• {problem}" in text
        assert notice.size.height >= len(text.splitlines())
        await pilot.press("f6")
        await wait_for(
            pilot, lambda: shown_rows(notice).splitlines()[-1].strip() == "Press F6 to see every one."
        )


async def test_a_taller_banner_lists_the_first_problems_and_ends_with_the_key(home: Path) -> None:
    app = make_app(home, BROKEN)
    async with app.run_test(size=(120, 40)) as pilot:
        notice = app.main_screen.query_one("#notice", Static)
        await wait_for(pilot, lambda: "• " in shown_rows(notice))
        rows = shown_rows(notice).splitlines()
        assert rows[0].startswith("8 configuration problems")
        listed = sum(row.startswith("• ") for row in rows)
        assert listed == 3  # room for the first few, the key line and the demo's hint
        assert f"… and {8 - listed} more: press F6 to see every one." in rows


def test_the_banner_lines() -> None:
    assert problems_notice([]) == []
    one = problems_notice(["config.toml, line 2: bad"])
    assert one == [
        "1 configuration problem; the rest of the configuration was loaded:",
        "• config.toml, line 2: bad",
    ]
    many = [f"problem {n}" for n in range(PROBLEMS_SHOWN + 2)]
    short = problems_notice(many)
    assert short[-1] == "… and 2 more: press F6 to see every one."
    assert len(problems_notice(many, everything=True)) == len(many) + 2
    none_listed = problems_notice(many, listed=0)
    assert none_listed == [
        f"{len(many)} configuration problems; the rest of the configuration was loaded:",
        "Press F6 to see every one.",
    ]


async def test_a_broken_approvals_file_is_counted_in_the_banner(home: Path) -> None:
    """Issue 28, item 12: the approvals file's problem joins the config's in the banner's count."""
    from app_harness import wait_for

    (home / "approvals.json").write_text('{"approvals": [', encoding="utf-8")
    app = make_app(home, BROKEN)
    assert len(app.startup.problems) == 8
    async with app.run_test(size=(120, 40)) as pilot:
        notice = app.main_screen.query_one("#notice", Static)
        await wait_for(pilot, lambda: "9 configuration problems" in str(notice.content))
        await pilot.press("f6")
        await wait_for(pilot, lambda: "approvals.json" in str(notice.content))
        assert notice.has_class("-problems")
    assert (home / "approvals.json").read_text(encoding="utf-8") == '{"approvals": ['


async def test_the_demo_hint_goes_away_with_f6_or_a_click_and_stays_away(home: Path) -> None:
    """Issue 28, item 4: the first-run hint can be put away, for the rest of the run."""
    from app_harness import wait_for, wait_for_tools

    for dismiss in ("f6", "click"):
        app = make_app(home)
        async with app.run_test(size=(80, 24)) as pilot:
            notice = app.main_screen.query_one("#notice", Static)
            assert "bundled demo server" in str(notice.content)
            await wait_for_tools(pilot, app)
            assert "bundled demo server (F6 hides this)" in shown_rows(notice)  # on screen at 80x24
            if dismiss == "f6":
                await pilot.press("f6")
            else:
                await pilot.click("#notice")
            await wait_for(pilot, lambda notice=notice: not notice.display)
            await pilot.press("f6")  # pressed again, it does not come back
            await pilot.pause()
            assert not notice.display
            assert "bundled demo server" not in str(notice.content)

"""An argument form with an enum of 100,000 choices beside the same form with three, in a headless app.

Prints the time from starting the app to the form mounted, for each (median of a few runs), and their
ratio. The long enum gets a typed box checked against the choices instead of a dropdown (see
tests/ui/test_form_long_enum.py), so building it should cost about what the short one does.

    .venv/bin/python bench/long_enum_form.py [--runs 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from typing import Any

from textual.app import App, ComposeResult

from tui.ui.widgets.form import ArgumentForm


def schema(choices: int) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "city": {"type": "string", "enum": [f"city-{n}" for n in range(choices)]},
            "size": {"type": "string", "enum": ["s", "m", "l"]},
        },
        "required": ["city"],
    }


class FormHost(App[None]):
    def __init__(self, form_schema: dict[str, Any]) -> None:
        super().__init__()
        self.form_schema = form_schema

    def compose(self) -> ComposeResult:
        yield ArgumentForm(self.form_schema)


async def seconds_to_mount(form_schema: dict[str, Any]) -> float:
    started = time.perf_counter()
    app = FormHost(form_schema)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert app.query_one(ArgumentForm).is_mounted
        return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    long_schema, short_schema = schema(100_000), schema(3)
    long_times, short_times = [], []
    for _ in range(runs):  # alternating, so a busy moment of the machine falls on both
        long_times.append(asyncio.run(seconds_to_mount(long_schema)))
        short_times.append(asyncio.run(seconds_to_mount(short_schema)))
    long_median, short_median = statistics.median(long_times), statistics.median(short_times)
    print(f"100,000 choices: {long_median * 1000:.0f} ms (median of {runs})")
    print(f"3 choices:       {short_median * 1000:.0f} ms")
    print(f"ratio:           {long_median / short_median:.2f}x")


if __name__ == "__main__":
    main()

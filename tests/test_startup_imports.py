"""What start-up imports, checked in a fresh interpreter (not timed: these machines are too noisy).

The TUI paints its first frame before the session, its settings and the SDK load, and the client core
loads only what connecting needs; bench/startup.py measures the times. These tests keep a heavy module
from creeping back onto those paths unnoticed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def modules_loaded_by(code: str) -> set[str]:
    probe = f"{code}\nimport sys\nprint('\\n'.join(sys.modules))\n"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(result.stdout.split())


def loaded(modules: set[str], package: str) -> list[str]:
    return sorted(m for m in modules if m == package or m.startswith(package + "."))


FIRST_FRAME = "import tui.cli.main, tui.cli.tui_launch, tui.session.startup, tui.ui.app"


@pytest.mark.parametrize(
    "heavy",
    [
        "mcp",  # the SDK: about half a second; it loads in a thread once the frame is up
        "opentelemetry",  # the SDK's own tracing API, and the otel extra when export is on
        "tui.telemetry",  # export settings come with the session, the exporter after it starts
        "jsonschema",
        "tui.session.session",  # the session and its settings are created right after the first frame
        "tui.session.settings",
        "filelock",
        "tui.store.approvals",  # approvals and overrides come with the session
        "tui.ui.widgets.feature_tabs",  # the tabs on the right mount after the first frame
        "tui.ui.widgets.call_panel",
        "tui.ui.widgets.history",
        "tui.model.results",  # what calls return: nothing to show before a tool is called
        "tui.cli.parsing",  # a headless command's options and ARGS: the TUI has no command word
        "argparse",  # a plain mcp-tui has no options to parse
        "tomllib",  # read only when there is a config.toml (see the test below)
        "tui.config.sections",  # so are the config readers
        "tui.config.toml_servers",
        "tui.session.check_config",  # --check-config only
        "tui.session.tool_query",  # grading, badges and the filter language come with the first rows
        "tui.safety.grade",
        "tui.ui.widgets.tool_rows",
        "tui.ui.widgets.badges",
    ],
)
def test_the_first_frame_does_not_wait_for(heavy: str) -> None:
    assert loaded(modules_loaded_by(FIRST_FRAME), heavy) == []


def test_a_cold_first_frame_grades_nothing_and_reads_no_configuration(tmp_path: Path) -> None:
    # What the app loads while it runs up to its first frame, not only what its modules import: a call
    # in compose or on_mount (the filter, the row layout, the banner) can load them as surely.
    code = """
import asyncio, sys
import textual.app
from tui.config.startup import load_startup
from tui.ui.app import McpTuiApp

first = []
drawn = asyncio.Event()
display = textual.app.App._display
def _display(self, screen, update):
    display(self, screen, update)
    if update is not None and not first:
        first.append(sorted(sys.modules))
        drawn.set()
textual.app.App._display = _display

async def main():
    app = McpTuiApp(load_startup(config_path=None))
    async with app.run_test():
        await drawn.wait()
    print(*first[0])
asyncio.run(main())
"""
    env = {k: v for k, v in os.environ.items() if k != "MCP_TUI_CONFIG"} | {"MCP_TUI_HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    at_first_frame = set(result.stdout.split())
    assert "tui.ui.widgets.tool_list" in at_first_frame, result.stderr[-2000:]  # the probe saw the frame
    late = ["tui.session.tool_query", "tui.safety.grade", "tui.ui.widgets.tool_rows", "tui.config.sections"]
    assert [module for module in late if module in at_first_frame] == []


def test_a_first_run_with_no_configuration_loads_no_toml_parser(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "MCP_TUI_CONFIG"} | {"MCP_TUI_HOME": str(tmp_path)}

    def modules_after_loading_the_configuration() -> set[str]:
        probe = "from tui.config.startup import load_startup\nload_startup(config_path=None)\n"
        probe += "import sys\nprint(*sys.modules)"
        run = subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, check=True, env=env
        )
        return set(run.stdout.split())

    assert "tomllib" not in modules_after_loading_the_configuration()  # the demo, nothing to parse
    (tmp_path / "config.toml").write_text('[servers.mine]\ncommand = "true"\n', encoding="utf-8")
    assert "tomllib" in modules_after_loading_the_configuration()


@pytest.mark.parametrize(
    "heavy",
    [
        "jsonschema",  # checks a result against its output schema: loaded by the first such result
        "tui.client.auth.providers",  # OAuth (with jwt): only for a server that may need sign-in
        "jwt",
        "tui.ui",
        "textual",
    ],
)
def test_the_client_core_loads_only_what_connecting_needs(heavy: str) -> None:
    code = "import tui.client.manager, tui.session.call_flow, tui.session.preflight"
    assert loaded(modules_loaded_by(code), heavy) == []


def test_the_first_tools_are_drawn_before_the_call_panel_loads(tmp_path: Path) -> None:
    # The panel is built right after the first tools are on screen; its module (forms, results) must not
    # load on the way there, e.g. by a lookup of the panel that does not exist yet.
    code = """
import asyncio, sys
from tui.config.startup import load_startup
from tui.ui.app import McpTuiApp
from tui.ui.screens.main_screen import MainScreen

seen = []
asked = asyncio.Event()
build = MainScreen.mount_call_panel
async def mount_call_panel(self):
    seen.append("tui.ui.widgets.call_panel" in sys.modules)
    asked.set()
    await build(self)
MainScreen.mount_call_panel = mount_call_panel

async def main():
    app = McpTuiApp(load_startup(config_path=None))
    async with app.run_test():
        await app.session.ready("demo", timeout=30)
        await asked.wait()
        # Leave once the tabs are mounted: quitting while Textual mounts them can fail inside Textual
        # (Tabs._on_mount after its tabs were removed), which is not what this test is about.
        await app.main_screen.workspace_ready.wait()
    print("loaded before" if seen[0] else "not loaded")
asyncio.run(main())
"""
    env = {**os.environ, "MCP_TUI_HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert result.stdout.split()[-2:] == ["not", "loaded"], result.stderr[-2000:]

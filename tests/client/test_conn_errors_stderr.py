"""A crashed server's message quotes the stderr lines that explain it, not its last few lines."""

from __future__ import annotations

from tui.client.errors import telling_lines

NODE_MISSING_MODULE = """node:internal/modules/cjs/loader:1228
  throw err;
  ^

Error: Cannot find module '/srv/index.js'
    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)
    at node:internal/main/run_main_module:28:49 {
  code: 'MODULE_NOT_FOUND',
  requireStack: []
}

Node.js v20.20.2""".splitlines()


def test_node_ends_with_a_brace_and_its_version_after_the_real_message() -> None:
    assert telling_lines(NODE_MISSING_MODULE) == ["Error: Cannot find module '/srv/index.js'"]


def test_python_traceback_keeps_the_exception_line() -> None:
    lines = [
        "Traceback (most recent call last):",
        '  File "s.py", line 1',
        "ModuleNotFoundError: No module named 'x'",
    ]
    assert telling_lines(lines) == ["ModuleNotFoundError: No module named 'x'"]


def test_without_an_error_word_the_last_meaningful_lines_stand() -> None:
    assert telling_lines(["starting", "about to stop", "", "}"]) == ["starting", "about to stop"]

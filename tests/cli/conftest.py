from __future__ import annotations

import sys
from pathlib import Path

import pytest

# The TUI-and-CLI agreement tests drive the real app with the UI tests' harness; the exit-status tests
# sign in against the client tests' OAuth server.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "client"))


from no_animations import animations_off
from staged_mounts import end_after_staged_mounts


@pytest.fixture(autouse=True)
def staged_mounts_end_before_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """The agreement tests drive the app as the UI tests do: a test that ends while the main screen
    mounts its tabs or call panel closes the app after that mount (see tests/ui/staged_mounts.py)."""
    end_after_staged_mounts(monkeypatch)


@pytest.fixture(autouse=True)
def no_animations(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual's animations off: the pilot waits out each one after every key (see no_animations.py)."""
    animations_off(monkeypatch)

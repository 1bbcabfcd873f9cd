"""Another mcp-tui instance on the same home, as a separate process: ``python other_instance.py HOME ACTION``.

It loads its settings from the files (so its memory is its own), makes one change the way the app makes
it, and exits: ``revoke TOOL`` (every remembered approval for it), ``untrust SERVER``, ``never SERVER TOOL``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tui.config.loader import load_config
from tui.config.model import ToolRule, Trust
from tui.session.settings import SettingsService


def main(home: Path, action: str, *names: str) -> int:
    config_file = home / "config.toml"
    config, _ = load_config(config_file, must_exist=True)
    settings = SettingsService(
        config=config,
        config_file=config_file,
        servers=list(config.servers),
        approvals_file=home / "approvals.json",
    )
    if action == "revoke":
        found = [a for a in settings.book.persistent() if a.tool == names[0]]
        assert found, f"no approval for {names[0]}"
        saved = [settings.revoke(approval) for approval in found]
    elif action == "untrust":
        saved = [settings.set_trust(names[0], Trust.UNTRUSTED)]
    elif action == "never":
        saved = [settings.set_rule(ToolRule(names[0], names[1], "never"))]
    else:
        raise SystemExit(f"unknown action {action}")
    assert all(s.ok for s in saved), saved
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), sys.argv[2], *sys.argv[3:]))

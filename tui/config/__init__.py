"""The user's files, parsed and modelled: config.toml, JSON imports, preferences edits.

What the app itself writes (remembered approvals, the audit log, the tool cache) is ``tui.store``."""

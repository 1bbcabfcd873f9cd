"""Configuration, preferences, remembered approvals and the audit log: plain files on disk."""

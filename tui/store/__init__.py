"""What the app owns on disk: remembered approvals, the audit log, the tool cache."""

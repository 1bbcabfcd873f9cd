"""The sections of the preferences screen, one widget per file, each editing through the settings service."""

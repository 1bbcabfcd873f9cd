"""What the last run's telemetry export delivered, kept beside the audit log for ``--check-config``.

Written once, when a session that exported closes (atomically, small); read by ``--check-config``, which
runs in another process and could not otherwise say what the collector did not take.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

from tui.config.atomic import write_atomically
from tui.model.telemetry import DeliveryCounts, TelemetryStatus

FILE_NAME = "telemetry.json"


def state_file(audit_file: Path) -> Path:
    return audit_file.parent / FILE_NAME


def save_last_run(path: Path, status: TelemetryStatus, when: str) -> None:
    data = {
        "time": when,
        "endpoint": status.endpoint,
        "spans": asdict(status.spans),
        "logs": asdict(status.logs),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, json.dumps(data, indent=2) + "\n")


def load_last_run(path: Path) -> tuple[str, TelemetryStatus] | None:
    """(when, what was delivered) of the last run that exported; None when none did or it is unreadable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        spans, logs = DeliveryCounts(**data["spans"]), DeliveryCounts(**data["logs"])
        return str(data["time"]), TelemetryStatus("on", str(data["endpoint"]), spans=spans, logs=logs)
    except (OSError, ValueError, KeyError, TypeError):
        return None

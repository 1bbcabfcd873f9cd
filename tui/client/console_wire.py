"""The console link's messages: JSON lines between a gateway and an attached mcp-tui (protocol 1).

gateway -> mcp-tui::

    {"type": "hello", "protocol": 1, "gateway": {"pid": 123, "version": "0.9.0"}}
    {"type": "attached"}                              # the answer to attach: questions come here now
    {"type": "refused", "reason": "..."}              # instead of hello or attached: the link closes
    {"type": "ask", "id": "1", "request": {...}}     # one confirmation, the dialog's fields (below)
    {"type": "withdraw", "id": "1"}                   # no longer needed (the agent went away)

mcp-tui -> gateway::

    {"type": "attach", "protocol": 1}
    {"type": "answer", "id": "1", "choice": "once"}   # once | session | always | cancel

``request`` carries what the confirmation dialog shows (``ConfirmRequest``): server, trust, tool, grade and
reasons with provenance, the arguments exactly as they will be sent, the decision, what resolution changed,
lint and warnings, the server's own wording, and the agent. Every string in it came from a server or an
agent: the dialog renders it as data, as it does for a call made in the TUI. A message that is not what
this protocol says raises ``WireError``; the link that sent it is closed.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from tui.config.limits import ManagedLimits
from tui.config.model import Trust
from tui.model.agents import AgentInfo
from tui.model.display_templates import CallPreview
from tui.model.hints import Hint, Hints, Provenance
from tui.safety.confirm import ConfirmChoice, ConfirmRequest
from tui.safety.decision import Decision
from tui.safety.effective import HintChange
from tui.safety.grade import Grade, GradeResult, Reason
from tui.safety.lint import LintWarning

PROTOCOL = 1
MAX_LINE = 16 * 1024 * 1024
"""The longest message read (the arguments of one call can be long; a runaway peer cannot fill memory)."""
CHOICES = tuple(choice for choice in ConfirmChoice if choice is not ConfirmChoice.UNANSWERED)
"""Every answer a dialog can give; the gateway's call flow still remembers only what the request offered."""
_HINT_FIELDS = ("read_only", "destructive", "idempotent", "open_world")


class WireError(ValueError):
    """A message that does not follow the console protocol."""


def line(message: dict[str, Any]) -> bytes:
    return json.dumps(message, ensure_ascii=True, separators=(",", ":")).encode() + b"\n"


def parse(raw: bytes) -> dict[str, Any]:
    try:
        message = json.loads(raw)
    except ValueError as error:
        raise WireError(f"not JSON: {error}") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise WireError("a message is a JSON object with a type")
    return message


# ---- the request -------------------------------------------------------------------------------------


def _hint(hint: Hint) -> list[Any]:
    return [hint.value, hint.provenance.value]


def _hints(hints: Hints) -> dict[str, Any]:
    found: dict[str, Any] = {name: _hint(getattr(hints, name)) for name in _HINT_FIELDS}
    return {**found, "unannotated": hints.unannotated}


def encode_request(request: ConfirmRequest) -> dict[str, Any]:
    decision = request.decision
    return {
        "server": request.server,
        "trust": request.trust.value,
        "tool_name": request.tool_name,
        "tool_title": request.tool_title,
        "grade": request.grade.grade.label,
        "reasons": [[r.text, r.provenance.value if r.provenance else None] for r in request.grade.reasons],
        "hints": _hints(request.hints),
        "arguments_json": request.arguments_json,
        "decision": {
            "action": decision.action,
            "reason": decision.reason,
            "rule": decision.rule,
            "changes": list(decision.changes),
            "source": decision.source,
            # Where the deciding rule is and what it looked at: the dialog names them
            # ("your rule at config.toml:42"), in the attached mcp-tui as in the gateway's own.
            "file": decision.file,
            "line": decision.line,
            "step": decision.step,
            "basis": decision.basis,
        },
        "limits": {
            "max_auto_approve": request.limits.max_auto_approve,
            "max_always_grade": request.limits.max_always_grade,
            "allow_always_approvals": request.limits.allow_always_approvals,
            "approval_max_age": request.limits.approval_max_age,
        },
        "asked_at": request.asked_at.isoformat() if request.asked_at is not None else None,
        "resolution_changes": [[c.name, _hint(c.before), _hint(c.after)] for c in request.resolution_changes],
        "resolution_note": request.resolution_note,
        "lint": [[w.code, w.message] for w in request.lint],
        "definition_changes": list(request.definition_changes),
        "warnings": list(request.warnings),
        "static": _hints(request.static) if request.static is not None else None,
        "claimed": _hints(request.claimed) if request.claimed is not None else None,
        "preview": (
            [request.preview.text, list(request.preview.unreferenced), request.preview.source]
            if request.preview is not None
            else None
        ),
        "agent": [request.agent.name, request.agent.version] if request.agent is not None else None,
    }


def decode_request(data: object) -> ConfirmRequest:
    """The dialog's request from an ``ask``; ``WireError`` naming the first field that is wrong."""
    try:
        return _decode(_dict(data))
    except WireError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise WireError(f"the request is not a confirmation this mcp-tui can show ({error!r})") from None


def _decode(data: dict[str, Any]) -> ConfirmRequest:
    decision = _dict(data["decision"])
    reasons = tuple(
        Reason(_str(text), Provenance(p) if p is not None else None) for text, p in data["reasons"]
    )
    changes = tuple(
        HintChange(_str(name), _read_hint(before), _read_hint(after))
        for name, before, after in data["resolution_changes"]
    )
    preview = data.get("preview")
    agent = data.get("agent")
    return ConfirmRequest(
        server=_str(data["server"]),
        trust=Trust(data["trust"]),
        tool_name=_str(data["tool_name"]),
        tool_title=_str(data["tool_title"]),
        grade=GradeResult(Grade.parse(_str(data["grade"])), reasons),
        hints=_read_hints(data["hints"]),
        arguments_json=_str(data["arguments_json"]),
        decision=Decision(
            action=_str(decision["action"]),  # type: ignore[arg-type]
            reason=_str(decision["reason"]),
            rule=_str(decision["rule"]),
            changes=[_str(change) for change in decision["changes"]],
            source=_str(decision["source"]),  # type: ignore[arg-type]
            file=_optional_str(decision.get("file")),
            line=_optional_int(decision.get("line")),
            step=_optional_int(decision.get("step")),
            basis=_optional_str(decision.get("basis")),
        ),
        resolution_changes=changes,
        resolution_note=_str(data["resolution_note"]) if data.get("resolution_note") is not None else None,
        lint=tuple(LintWarning(_str(code), _str(message)) for code, message in data["lint"]),
        definition_changes=tuple(_str(change) for change in data["definition_changes"]),
        warnings=tuple(_str(warning) for warning in data["warnings"]),
        static=_read_hints(data["static"]) if data.get("static") is not None else None,
        claimed=_read_hints(data["claimed"]) if data.get("claimed") is not None else None,
        preview=(
            CallPreview(_str(preview[0]), tuple(_str(n) for n in preview[1]), _str(preview[2]))
            if preview is not None
            else None
        ),
        agent=AgentInfo(_str(agent[0]), _str(agent[1])) if agent is not None else None,
        limits=_read_limits(data["limits"]),
        asked_at=datetime.fromisoformat(_str(data["asked_at"])) if data.get("asked_at") is not None else None,
    )


def _read_limits(data: object) -> ManagedLimits:
    """The managed limits the gateway decided under: they decide which remembered choices the dialog
    offers, so a missing or wrong field is an error, never "no limits"."""
    limits = _dict(data)
    allow = limits["allow_always_approvals"]
    if not isinstance(allow, bool):
        raise WireError("allow_always_approvals is not true or false")
    max_age = limits["approval_max_age"]
    if max_age is not None and (isinstance(max_age, bool) or not isinstance(max_age, int | float)):
        raise WireError("approval_max_age is not a number of seconds")
    return ManagedLimits(
        max_auto_approve=_optional_str(limits["max_auto_approve"]),
        max_always_grade=_optional_str(limits["max_always_grade"]),
        allow_always_approvals=allow,
        approval_max_age=float(max_age) if max_age is not None else None,
    )


def _optional_str(data: object) -> str | None:
    return None if data is None else _str(data)


def _optional_int(data: object) -> int | None:
    if data is None:
        return None
    if isinstance(data, bool) or not isinstance(data, int):
        raise WireError(f"expected a whole number, not {type(data).__name__}")
    return data


def _read_hint(data: object) -> Hint:
    if not isinstance(data, list) or len(data) != 2:
        raise WireError(f"a hint is [value, provenance], not {data!r}")
    value, provenance = data
    if not isinstance(value, bool):
        raise WireError(f"a hint's value is true or false, not {value!r}")
    return Hint(value, Provenance(provenance))


def _read_hints(data: object) -> Hints:
    fields = _dict(data)
    unannotated = fields.get("unannotated", False)
    if not isinstance(unannotated, bool):
        raise WireError("unannotated is true or false")
    read_only, destructive, idempotent, open_world = (_read_hint(fields[name]) for name in _HINT_FIELDS)
    return Hints(read_only, destructive, idempotent, open_world, unannotated=unannotated)


def _dict(data: object) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise WireError(f"expected an object, not {type(data).__name__}")
    return data


def _str(data: object) -> str:
    if not isinstance(data, str):
        raise WireError(f"expected a string, not {type(data).__name__}")
    return data


def read_choice(data: object) -> ConfirmChoice:
    """An ``answer``'s choice; anything else is a ``WireError`` (and so never an approval)."""
    for choice in CHOICES:
        if data == choice.value:
            return choice
    raise WireError(f"unknown choice {data!r}")

"""The Display Templates extension's names and its rendered preview: plain data (the rules are in
``tui.safety.display_template``).

A server may declare a one-line, argument-aware preview of a call (``"delete {path} from the sandbox"``) on
the tool's ``_meta``, or one per ``oneOf``/``anyOf`` branch of its input schema, and a literal summary on a
result content block's ``_meta``. Experimental draft: ``io.modelcontextprotocol/display-templates``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

DISPLAY_TEMPLATES_ID: Final = "io.modelcontextprotocol/display-templates"
"""The ``_meta`` key on a Tool (``{"template": ...}``) and on a result content block (``{"text": ...}``)."""

BRANCH_TEMPLATE_KEY: Final = "io.modelcontextprotocol/display-template"
"""The key beside a ``oneOf``/``anyOf`` branch's own keywords whose value is that branch's template."""


def tool_template_value(meta: Any) -> Any:
    """What a tool's ``_meta`` holds as its template (anything: checking it is the rules' job), else None."""
    entry = meta.get(DISPLAY_TEMPLATES_ID) if isinstance(meta, dict) else None
    return entry.get("template") if isinstance(entry, dict) else None


def result_display_text(meta: Any) -> str | None:
    """A content block's server-rendered display ``text``, when its ``_meta`` carries a string one."""
    entry = meta.get(DISPLAY_TEMPLATES_ID) if isinstance(meta, dict) else None
    text = entry.get("text") if isinstance(entry, dict) else None
    return text if isinstance(text, str) else None


@dataclass(frozen=True)
class CallPreview:
    """A call rendered through the server's template: the server's own wording, made visible."""

    text: str
    """The rendered line; every character of the server's template and of the arguments in it is visible
    (no controls, no line breaks, no hidden characters), but markup is not escaped: a front end does that."""
    unreferenced: tuple[str, ...]
    """The names of the arguments this call supplies that the line does not show (made visible too)."""
    source: str
    """Which template rendered it: ``tool`` (the tool's ``_meta``) or ``oneOf[1]`` / ``anyOf[0]``."""

    @property
    def omission(self) -> str:
        """``(+1 argument not in this summary: upload_to)``, or "" when the line shows every argument."""
        count = len(self.unreferenced)
        if not count:
            return ""
        noun = "argument" if count == 1 else "arguments"
        return f"(+{count} {noun} not in this summary: {', '.join(self.unreferenced)})"

    @property
    def short_omission(self) -> str:
        """``[+1 not shown: upload_to]``: the marker for a line cut at its end (a row, a bar), where it
        goes before the wording, so a cut takes the wording, never the marker; "" when none is left out."""
        if not self.unreferenced:
            return ""
        return f"[+{len(self.unreferenced)} not shown: {', '.join(self.unreferenced)}]"

    @property
    def line(self) -> str:
        """The rendered text and, when it leaves arguments out, the omission marker after two spaces."""
        return f"{self.text}  {self.omission}" if self.unreferenced else self.text

"""``${VAR}`` expansion in env values and headers, from the process environment.

Understood: ``${VAR}``, ``${VAR:-fallback}`` (Claude Code) and ``${env:VAR}`` (VS Code). Anything that cannot
be resolved becomes an empty string and is reported, so the user learns which variable is missing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

_REFERENCE = re.compile(r"\$\{([^}]*)\}")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def expand_vars(
    text: str,
    environ: Mapping[str, str],
    extra: Mapping[str, str] | None = None,
) -> tuple[str, list[str]]:
    """Return ``text`` with references replaced, and the references (as written) that had no value.

    ``extra`` holds names that are not environment variables (VS Code's ``workspaceFolder``, say).
    """
    unresolved: list[str] = []

    def replace(match: re.Match[str]) -> str:
        inner = match.group(1)
        name, has_fallback, fallback = inner.partition(":-")
        if name.startswith("env:"):
            name = name[4:]
        if extra is not None and name in extra:
            return extra[name]
        if _NAME.fullmatch(name) and name in environ:
            return environ[name]
        if has_fallback:
            return fallback
        unresolved.append(match.group(0))
        return ""

    return _REFERENCE.sub(replace, text), unresolved

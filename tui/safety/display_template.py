"""The Display Templates extension's rendering rules: a server's one-line preview of one call.

Following the draft (``io.modelcontextprotocol/display-templates``) exactly:
- ``{name}`` is replaced, literally, by the call's top-level argument ``name``; no expressions, no formats.
- A missing argument, or one whose value is an object or an array, renders as ``...``.
- ``{{`` and ``}}`` are literal braces; a lone brace stays as it is.
- Scalars print as JSON does (``true``, ``false``, ``null``, ``-3``, ``0.5``), strings without quotes.
- With ``oneOf``/``anyOf`` branches, the template of the first branch (document order) the arguments
  validate against; when that branch has no usable template (or none matches), the tool-level one; else
  there is no preview.
- A template that is not a string, or names a placeholder the schema has nowhere, is not used (the lint
  says why: ``template_lint``).
The rendered line is server text: it goes through ``visible_line`` (no controls, no line breaks, no hidden
characters). Arguments the line does not show are named (the omission marker), except those the matched
branch pins with ``const`` (choosing that branch's template already says them).

Nothing here is cached: the template is read from the tool definition at hand, so a new listing
(tools/list_changed) brings new templates at once.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from tui.model.display_templates import BRANCH_TEMPLATE_KEY, CallPreview, tool_template_value
from tui.safety.visible_text import visible_line

MISSING = "..."
"""What a placeholder renders as when its argument is missing or not a scalar (the draft's spelling)."""

BRANCH_KEYWORDS = ("oneOf", "anyOf")

# ``{{``, ``}}``, or ``{name}`` with a name holding no brace. Anything else is literal text.
_TOKEN = re.compile(r"\{\{|\}\}|\{([^{}]+)\}")


@dataclass(frozen=True)
class Candidate:
    """A template found in a tool definition, with where it sits and what its branch pins."""

    source: str
    """``tool`` or ``oneOf[1]`` / ``anyOf[0]``."""
    value: Any
    """As the server sent it: maybe not a string."""
    branch: Mapping[str, Any] | None = None
    """The branch subschema, for a branch template."""


def placeholders(template: str) -> list[str]:
    """The argument names ``template`` refers to, in order, each once."""
    names = (match.group(1) for match in _TOKEN.finditer(template) if match.group(1) is not None)
    return list(dict.fromkeys(names))


def scalar_text(value: Any) -> str | None:
    """A scalar as the template shows it (a string as is, the rest as JSON); None for objects and arrays."""
    if isinstance(value, str):
        return value
    if value is None or isinstance(value, bool | int | float):
        return json.dumps(value)
    return None


def substitute(template: str, arguments: Mapping[str, Any]) -> str:
    """``template`` with its placeholders replaced by ``arguments`` (raw: not yet made visible)."""

    def replacement(match: re.Match[str]) -> str:
        token, name = match.group(), match.group(1)
        if name is None:
            return token[0]  # ``{{`` -> ``{``, ``}}`` -> ``}``
        shown = scalar_text(arguments[name]) if name in arguments else None
        return MISSING if shown is None else shown

    return _TOKEN.sub(replacement, template)


def branches(schema: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """The ``oneOf``/``anyOf`` branch subschemas of ``schema``, in document order, each with its label."""
    for keyword in schema:  # a dict keeps the order the JSON had
        if keyword in BRANCH_KEYWORDS and isinstance(schema[keyword], list):
            for index, branch in enumerate(schema[keyword]):
                if isinstance(branch, dict):
                    yield f"{keyword}[{index}]", branch


def _properties(schema: Mapping[str, Any]) -> dict[str, Any]:
    properties = schema.get("properties")
    return properties if isinstance(properties, dict) else {}


def known_names(schema: Mapping[str, Any]) -> set[str]:
    """Every argument name the schema declares: its own properties and those of each branch."""
    names = set(_properties(schema))
    for _, branch in branches(schema):
        names |= set(_properties(branch))
    return names


def pinned_names(branch: Mapping[str, Any] | None) -> set[str]:
    """The properties a branch fixes to one value (``const``, or an ``enum`` of one): its discriminators."""
    if branch is None:
        return set()
    return {
        name
        for name, spec in _properties(branch).items()
        if isinstance(spec, dict)
        and ("const" in spec or (isinstance(spec.get("enum"), list) and len(spec["enum"]) == 1))
    }


def candidates(schema: Mapping[str, Any], meta: Any) -> list[Candidate]:
    """Every template the definition carries: the branches' in document order, then the tool's."""
    found = [
        Candidate(source, branch[BRANCH_TEMPLATE_KEY], branch)
        for source, branch in branches(schema)
        if BRANCH_TEMPLATE_KEY in branch
    ]
    tool_level = tool_template_value(meta)
    if tool_level is not None:
        found.append(Candidate("tool", tool_level))
    return found


def unknown_placeholders(candidate: Candidate, schema: Mapping[str, Any]) -> list[str]:
    """The names a string template refers to that the schema declares nowhere."""
    if not isinstance(candidate.value, str):
        return []
    known = known_names(schema)
    return [name for name in placeholders(candidate.value) if name not in known]


def usable(candidate: Candidate, schema: Mapping[str, Any]) -> bool:
    """A string naming only arguments the schema has: anything else is ignored (and linted)."""
    return isinstance(candidate.value, str) and not unknown_placeholders(candidate, schema)


def branch_matches(schema: Mapping[str, Any], branch: Mapping[str, Any], arguments: Any) -> bool:
    """Whether ``arguments`` validate against ``branch`` alone (with the root's definitions for ``$ref``).

    A branch that cannot be checked (a broken subschema, a reference that goes nowhere) does not match.
    """
    # jsonschema costs about 90 ms to import: only a tool with branches pays for it.
    from jsonschema import Draft202012Validator
    from jsonschema.validators import validator_for

    candidate = dict(branch)
    for key in ("$schema", "$defs", "definitions"):
        if key in schema and key not in candidate:
            candidate[key] = schema[key]
    try:
        validator = validator_for(candidate, default=Draft202012Validator)
        return bool(validator(candidate).is_valid(arguments))
    except Exception:  # any failure to check is "not this branch", never a crash
        return False


def choose(schema: Mapping[str, Any], meta: Any, arguments: Mapping[str, Any]) -> Candidate | None:
    """The template for this call: the first matching branch's when usable, else the tool's, else None."""
    found = candidates(schema, meta)
    for source, branch in branches(schema):
        if branch_matches(schema, branch, dict(arguments)):
            own = next((c for c in found if c.source == source), None)
            if own is not None and usable(own, schema):
                return own
            break  # the first matching branch decides; without a template of its own, the tool's
    tool_level = next((c for c in found if c.source == "tool"), None)
    return tool_level if tool_level is not None and usable(tool_level, schema) else None


def render(candidate: Candidate, arguments: Mapping[str, Any]) -> CallPreview:
    """``candidate`` (a usable template) rendered for ``arguments``, made visible, with what it leaves out."""
    assert isinstance(candidate.value, str)
    shown = set(placeholders(candidate.value)) | pinned_names(candidate.branch)
    left_out = tuple(visible_line(name) for name in arguments if name not in shown)
    text = visible_line(substitute(candidate.value, arguments))
    return CallPreview(text=text, unreferenced=left_out, source=candidate.source)


def call_preview(
    input_schema: Mapping[str, Any] | None, meta: Any, arguments: Mapping[str, Any] | None
) -> CallPreview | None:
    """The server's preview of a call with ``arguments`` (top level), or None when it declares none that
    fits. ``meta`` is the tool's ``_meta`` as listed."""
    if arguments is None:
        return None
    schema = input_schema if isinstance(input_schema, Mapping) else {}
    chosen = choose(schema, meta, arguments)
    return render(chosen, arguments) if chosen is not None else None


def tool_preview(tool: Any, arguments: Mapping[str, Any] | None) -> CallPreview | None:
    """``call_preview`` for anything shaped like ``tui.model.servers.ToolInfo`` (its wire ``_meta``)."""
    return call_preview(tool.input_schema, tool.raw.get("_meta"), arguments)

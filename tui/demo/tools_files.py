"""manage_files: one tool, four actions, and a risk that follows the action."""

from __future__ import annotations

import anyio

from tui.demo.dialects import ALL
from tui.demo.hints import ADD, DESTROY, DESTROY_ONCE, READ, Annotations
from tui.demo.sandbox import SandboxError
from tui.demo.spec import DemoTool, JsonObject, ToolEnv, ToolResult, schema, text
from tui.model.display_templates import BRANCH_TEMPLATE_KEY as DISPLAY_TEMPLATE

MAX_READ = 100_000

_BY_ACTION: dict[str, Annotations] = {"read": READ, "append": ADD, "replace": DESTROY, "delete": DESTROY}


def refine(arguments: JsonObject) -> Annotations:
    return _BY_ACTION[arguments["action"]]


def _act(env: ToolEnv, action: str, relative: str, content: str | None) -> ToolResult:
    try:
        path = env.sandbox.path(relative)
    except SandboxError as refused:
        return text(f"Refused: {refused}.", error=True)
    shown = env.sandbox.display(path)
    if action in ("append", "replace") and content is None:
        return text(f"Nothing done: {action} needs 'content'.", error=True)
    if action in ("read", "delete") and not path.is_file():
        what = "a directory" if path.is_dir() else "missing"
        return text(f"Nothing done: {shown} is {what}; {action} works on existing files.", error=True)
    if action == "read":
        data = path.read_text(encoding="utf-8", errors="replace")
        # The model reads the file; a person watching gets its size (Display Templates' result side).
        lines = len(data.splitlines())
        summary = f"read {shown}: {lines} line{'' if lines == 1 else 's'}, {len(data)} characters"
        if len(data) > MAX_READ:
            more = f"\n[... truncated: {len(data) - MAX_READ} more characters]"
            return text(data[:MAX_READ] + more, display=summary)
        return text(data, display=summary)
    if action == "delete":
        path.unlink()
        return text(f"Deleted {shown}.")
    assert content is not None
    path.parent.mkdir(parents=True, exist_ok=True)
    existed = path.exists()
    if action == "append":
        with path.open("a", encoding="utf-8") as handle:
            handle.write(content)
        return text(f"Appended {len(content)} characters to {shown}{'' if existed else ' (new file)'}.")
    path.write_text(content, encoding="utf-8")
    return text(
        f"Replaced the contents of {shown} ({len(content)} characters)." if existed else f"Created {shown}."
    )


# One branch per action (Display Templates): ``action`` pinned by ``const``, the arguments the action
# uses, and the one-line preview of such a call. The top-level schema above still describes every field.
_PREVIEWS = (
    ("read", ("path",), "read {path} from the sandbox"),
    ("append", ("path", "content"), "append {content} to {path} in the sandbox"),
    ("replace", ("path", "content"), "replace the contents of {path} in the sandbox with {content}"),
    ("delete", ("path",), "delete {path} from the sandbox"),
)


def _branch(action: str, fields: tuple[str, ...], preview: str) -> JsonObject:
    return {
        "title": action,
        "properties": {"action": {"const": action}, **{name: {} for name in fields}},
        "required": ["action"],
        DISPLAY_TEMPLATE: preview,
    }


async def run(env: ToolEnv, arguments: JsonObject) -> ToolResult:
    env.sandbox.ensure()
    return await anyio.to_thread.run_sync(
        _act, env, arguments["action"], arguments["path"], arguments.get("content")
    )


TOOL = DemoTool(
    name="manage_files",
    title="Manage sandbox files",
    description=(
        "Read, append to, replace or delete a text file in the demo sandbox. "
        "The risk depends on the action: read only looks, append adds text, "
        "replace and delete overwrite or remove what was there. "
        "Paths are relative to the sandbox, for example notes.md; nothing outside it can be reached."
    ),
    input_schema=schema(
        {
            "action": {
                "type": "string",
                "enum": ["read", "append", "replace", "delete"],
                "description": "What to do with the file.",
            },
            "path": {
                "type": "string",
                "minLength": 1,
                "description": "File path inside the sandbox, e.g. notes.md.",
            },
            "content": {"type": "string", "description": "Text to append or to replace the file with."},
        },
        ["action", "path"],
    )
    | {"oneOf": [_branch(action, fields, preview) for action, fields, preview in _PREVIEWS]},
    annotations=DESTROY_ONCE,
    run=run,
    refine=refine,
    dialects=ALL,
)

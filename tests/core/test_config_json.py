"""--config accepts the JSON files other MCP clients use, written here as real files."""

from __future__ import annotations

import json
from pathlib import Path

from tui.config.json_import import strip_jsonc
from tui.config.loader import load_config
from tui.config.model import ServerConfig, Trust


def load(path: Path, environ: dict[str, str] | None = None) -> tuple[list[ServerConfig], list[str]]:
    config, problems = load_config(path, must_exist=True, environ=environ or {})
    return config.servers, [str(p) for p in problems]


def test_claude_desktop(tmp_path: Path) -> None:
    path = tmp_path / "claude_desktop_config.json"
    data = {
        "mcpServers": {
            "filesystem": {
                "command": "npx",
                "args": ["-y", "@modelcontextprotocol/server-filesystem", "/Users/me/Desktop"],
            },
            "github": {"command": "docker", "args": ["run", "-i"], "env": {"GITHUB_TOKEN": "${GH}"}},
        },
        "globalShortcut": "",
    }
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    servers, problems = load(path, {"GH": "ghp_1"})
    assert problems == []
    fs, gh = servers
    assert (fs.name, fs.transport, fs.command) == ("filesystem", "stdio", "npx")
    assert fs.args == ("-y", "@modelcontextprotocol/server-filesystem", "/Users/me/Desktop")
    assert gh.env == {"GITHUB_TOKEN": "ghp_1"}
    assert all(s.trust is Trust.UNTRUSTED and s.protocol == "legacy" for s in servers)


def test_cursor_url_and_headers_and_foreign_keys(tmp_path: Path) -> None:
    path = tmp_path / "mcp.json"
    path.write_text(
        json.dumps(
            {
                "mcpServers": {
                    "remote": {"url": "https://api.example.com/mcp", "headers": {"API_KEY": "${KEY}"}},
                    "local": {"command": "node", "args": ["server.js"], "autoApprove": ["x"], "timeout": 60},
                    "off": {"command": "node", "disabled": True},
                }
            }
        ),
        encoding="utf-8",
    )
    servers, problems = load(path, {"KEY": "abc"})
    assert problems == []
    assert [(s.name, s.transport) for s in servers] == [("remote", "http"), ("local", "stdio")]
    assert servers[0].headers == {"API_KEY": "abc"}


def test_claude_code_mcp_json_types_and_fallbacks(tmp_path: Path) -> None:
    path = tmp_path / ".mcp.json"
    path.write_text(
        """{
  "mcpServers": {
    "api": {"type": "http", "url": "${API_BASE:-https://api.example.com}/mcp",
            "headers": {"Authorization": "Bearer ${API_KEY}"}},
    "events": {"type": "sse", "url": "https://events.example.com/sse"},
    "streamable": {"type": "streamable-http", "url": "https://s.example.com/mcp"},
    "tool": {"type": "stdio", "command": "${HOME}/bin/tool", "args": ["--root", "${HOME}"], "cwd": "/srv"}
  }
}""",
        encoding="utf-8",
    )
    servers, problems = load(path, {"HOME": "/home/me"})
    assert [(s.name, s.transport) for s in servers] == [
        ("api", "http"),
        ("events", "sse"),
        ("streamable", "http"),
        ("tool", "stdio"),
    ]
    api, _, _, tool = servers
    assert api.url == "https://api.example.com/mcp"
    assert api.headers == {"Authorization": "Bearer "}
    assert (tool.command, tool.args, tool.cwd) == ("/home/me/bin/tool", ("--root", "/home/me"), "/srv")
    assert problems == [
        '.mcp.json, line 4: mcpServers.api.headers: "Authorization": ${API_KEY} is not set in the '
        "environment; left empty"
    ]


def test_vscode_jsonc_with_comments_trailing_commas_and_variables(tmp_path: Path) -> None:
    workspace = tmp_path / "project"
    (workspace / ".vscode").mkdir(parents=True)
    path = workspace / ".vscode" / "mcp.json"
    path.write_text(
        """{
  // Servers for this workspace
  "inputs": [{"type": "promptString", "id": "api-key", "password": true}],
  "servers": {
    "files": {
      "type": "stdio",
      "command": "npx", /* the launcher */
      "args": ["-y", "server", "${workspaceFolder}/data",],
      "env": {"TOKEN": "${env:VS_TOKEN}"},
    },
    "remote": {"type": "http", "url": "https://x.example/mcp", "headers": {"Key": "${input:api-key}"}},
    "url // not a comment": {"type": "sse", "url": "https://y.example/sse"},
  },
}
""",
        encoding="utf-8",
    )
    servers, problems = load(path, {"VS_TOKEN": "vt"})
    files, remote, odd = servers
    assert files.args == ("-y", "server", f"{workspace.resolve()}/data")
    assert files.env == {"TOKEN": "vt"}
    assert remote.headers == {"Key": ""}
    assert (odd.name, odd.transport) == ("url // not a comment", "sse")
    assert problems == [
        'mcp.json, line 11: servers.remote.headers: "Key": ${input:api-key} asks for input in VS Code, '
        "which mcp-tui cannot do; left empty"
    ]


def test_vscode_settings_json_nested_under_mcp(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(
        '{"editor.fontSize": 14, "mcp": {"servers": {"t": {"command": "uvx", "args": ["mcp-server-time"]}}}}'
    )
    servers, problems = load(path)
    assert problems == []
    assert [(s.name, s.command, s.args) for s in servers] == [("t", "uvx", ("mcp-server-time",))]


def test_json_under_another_suffix_is_recognised(tmp_path: Path) -> None:
    path = tmp_path / "servers.conf"
    path.write_text('\ufeff  {"mcpServers": {"a": {"command": "a"}}}', encoding="utf-8")
    servers, problems = load(path)
    assert problems == []
    assert [s.name for s in servers] == ["a"]


def test_unknown_keys_duplicates_and_both_command_and_url(tmp_path: Path) -> None:
    path = tmp_path / "mcp.json"
    path.write_text(
        '{\n"mcpServers": {\n"a": {"command": "a", "comand": "x"},\n"a": {"command": "a2"},\n'
        '"b": {"command": "b", "url": "http://b.test/"},\n"c": {"type": "stdio", "url": "http://c.test/"}\n}\n}\n'
    )
    servers, problems = load(path)
    assert [(s.name, s.command) for s in servers] == [("a", "a2")]
    assert problems == [
        'mcp.json, line 3: "a" appears more than once in an object; the last one is used',
        'mcp.json, line 5: mcpServers.b: has both "command" and "url"; a server is either stdio (command) '
        "or HTTP/SSE (url); server skipped",
        'mcp.json, line 6: mcpServers.c: "type" is "stdio", which needs a "command", but this server has '
        'a "url"; server skipped',
    ]


def test_strip_jsonc_keeps_strings_and_line_numbers() -> None:
    text = '{"a": "http://x", // c\n /* multi\nline */ "b": [1, 2,],\n}'
    stripped = strip_jsonc(text)
    assert stripped.count("\n") == text.count("\n")
    assert json.loads(stripped) == {"a": "http://x", "b": [1, 2]}

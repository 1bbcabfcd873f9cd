"""The MCP reference servers from npm that some tests run, installed once by the repo's own step.

The versions are pinned, with every dependency, in ``tests/npm-servers/package.json`` and
``package-lock.json``. ``scripts/test-servers`` (run by ``scripts/check`` before pytest) installs exactly
those with ``npm ci`` into ``.test-servers/`` (git-ignored; ``MCP_TUI_TEST_SERVERS`` names another
directory), with the Node the conformance suite uses (``conformance/node.py``), and writes
``installed.json`` last: the node and each server's entry script. The tests run ``node <entry>``: nothing
is fetched while they run. Where nothing is installed (no Node, or the registry could not be reached),
they skip and say how to install.

An install that fails because the registry cannot be reached warns and exits 0, so ``scripts/check``
offline still runs everything else and these tests skip, saying why; any other failure (a pin that does
not exist, a broken lock file, no Node) exits 1: that is the repo's defect, not the network's.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pytest

ROOT = Path(__file__).resolve().parents[1]
PINS = ROOT / "tests" / "npm-servers"
PIN_FILES = ("package.json", "package-lock.json")
DIR_VARIABLE = "MCP_TUI_TEST_SERVERS"
MANIFEST = "installed.json"
HOW = "install them with scripts/test-servers (scripts/check runs it; it needs the npm registry once)"
# npm's codes for a registry it could not reach (DNS, refused, reset, no route, timed out) or that did not
# serve (rate limit, server errors): the network's trouble, not the repo's.
NETWORK_CODES = re.compile(
    r"\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ENETDOWN|"
    r"ERR_SOCKET_TIMEOUT|E429|E5\d\d)\b"
)
# Two retries a few seconds apart ride out a hiccup; with npm's defaults (10 s to 60 s apart, five minutes
# per request) an offline install took over a minute to say so.
NPM_NETWORK = ["--fetch-retries=2", "--fetch-retry-mintimeout=2000", "--fetch-retry-maxtimeout=10000"]
NPM_NETWORK += ["--fetch-timeout=60000"]
NPM_TIMEOUT = 600  # seconds: only bounds a stall npm's own timeouts miss


@dataclass(frozen=True)
class Installed:
    node: Path
    entries: dict[str, Path]  # package name -> the script its bin runs


def install_dir() -> Path:
    return Path(os.environ.get(DIR_VARIABLE) or ROOT / ".test-servers")


def pinned_packages() -> list[str]:
    return list(json.loads((PINS / "package.json").read_text(encoding="utf-8"))["dependencies"])


def pins_digest() -> str:
    digest = hashlib.sha256()
    for name in PIN_FILES:
        digest.update((PINS / name).read_bytes())
    return digest.hexdigest()


def find_installed(where: Path | None = None) -> Installed | str:
    """What is installed in ``where`` (default: :func:`install_dir`), or why nothing usable is."""
    where = where or install_dir()
    try:
        manifest = json.loads((where / MANIFEST).read_text(encoding="utf-8"))
        pins = manifest["pins"]
        found = Installed(Path(manifest["node"]), {n: Path(p) for n, p in manifest["servers"].items()})
    except (OSError, ValueError, LookupError, TypeError, AttributeError):
        return f"the npm reference servers are not installed in {where}: {HOW}"
    if pins != pins_digest():
        return f"the servers in {where} are not the versions tests/npm-servers pins: {HOW}"
    lost = [str(path) for path in (found.node, *found.entries.values()) if not path.is_file()]
    if lost:
        return f"{', '.join(lost)} went missing from the install in {where}: {HOW}"
    return found


def skip_unless_installed() -> pytest.MarkDecorator:
    """A mark that skips a test, saying how to install the servers, when they are not installed."""
    import pytest

    found = find_installed()
    reason = found if isinstance(found, str) else ""
    return pytest.mark.skipif(bool(reason), reason=reason)


def toml_command(package: str) -> str:
    """``command`` and ``args`` lines of a config.toml server running the installed ``package``."""
    found = find_installed()
    assert not isinstance(found, str), found
    return f"command = {_toml_string(found.node)}\nargs = [{_toml_string(found.entries[package])}]"


def _toml_string(path: Path) -> str:
    return json.dumps(str(path), ensure_ascii=False)  # JSON's escapes are TOML's too


def install(where: Path) -> int:
    """Install the pinned servers into ``where`` unless they already are; the exit status for the script."""
    if not isinstance(find_installed(where), str):
        print(f"test-servers: already installed in {where}")
        return 0
    sys.path.insert(0, str(ROOT))
    from conformance.node import NoNode, node_binary, npm_cli, npm_env

    started = time.monotonic()
    try:
        node = node_binary()
        npm = [str(node), str(npm_cli(node))]
    except NoNode as error:
        print(f"test-servers: {error}", file=sys.stderr)
        return 1
    where.mkdir(parents=True, exist_ok=True)
    (where / MANIFEST).unlink(missing_ok=True)  # written again only once everything is in place
    for name in PIN_FILES:
        shutil.copyfile(PINS / name, where / name)
    # One request first: offline, npm ci would try each of the 120 packages (with retries) before failing.
    ping = [*npm, "ping", "--loglevel=error", *NPM_NETWORK]
    ci = [*npm, "ci", "--prefix", str(where), "--prefer-offline", "--no-audit", "--no-fund"]
    for command in (ping, [*ci, "--loglevel=error", *NPM_NETWORK]):
        try:
            done = subprocess.run(
                command, env=npm_env(node), capture_output=True, text=True, timeout=NPM_TIMEOUT, check=False
            )
        except subprocess.TimeoutExpired:
            return _unreachable(f"npm {command[2]} did not finish in {NPM_TIMEOUT} s")
        if done.returncode != 0:
            network = NETWORK_CODES.search(done.stderr)
            if network:
                return _unreachable(network.group(1))
            print(done.stderr, end="", file=sys.stderr)
            print(f"test-servers: npm {command[2]} failed (exit {done.returncode})", file=sys.stderr)
            return 1
    servers = {name: str(_entry(where, name)) for name in pinned_packages()}
    manifest = {"pins": pins_digest(), "node": str(node), "servers": servers}
    (where / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    print(f"test-servers: installed {', '.join(servers)} in {where} ({time.monotonic() - started:.1f} s)")
    return 0


BINS = {"@modelcontextprotocol/inspector": "mcp-inspector"}
"""The bin a test runs, for a package with several (the Inspector also ships ``mcpdo``)."""


def _entry(where: Path, package: str) -> Path:
    """The script the package's bin runs (its only one, or the one ``BINS`` names)."""
    package_dir = where / "node_modules" / package
    bin_field = json.loads((package_dir / "package.json").read_text(encoding="utf-8"))["bin"]
    if package in BINS:
        return package_dir / bin_field[BINS[package]]
    (relative,) = [bin_field] if isinstance(bin_field, str) else bin_field.values()
    return package_dir / relative


def _unreachable(why: str) -> int:
    print(
        f"test-servers: WARNING: could not use the npm registry ({why}); the tests that run the "
        "reference servers will be skipped. Install them with scripts/test-servers once it can be reached.",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(install(install_dir()))

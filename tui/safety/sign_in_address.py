"""The sign-in address a server hands us: where it really goes, and when it must not be opened.

The address comes from the server's authorization-server metadata, so a hostile server chooses it. The SDK
has already parsed it (a look-alike host arrives as ``xn--`` punycode, spaces as ``%20``); what is left to
catch is an address that reads as one site and goes to another, or that sends the sign-in in the clear:

- a user name before the host (``https://good.example@evil.example/``): browsers go to evil.example;
- ``http://`` to anything but this machine: the MCP authorization spec requires https, and the page asks
  for a password;
- anything but http and https.
"""

from __future__ import annotations

from ipaddress import ip_address
from urllib.parse import SplitResult, urlsplit

from tui.safety.visible_text import visible_line

LOOPBACK_NAMES = ("localhost",)


def _is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ip_address(host).is_loopback
    except ValueError:
        return False


def _split(url: str) -> SplitResult | None:
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        return None
    return parts


def address_host(url: str) -> str:
    """The host (with a port that is not the scheme's default) a browser contacts for ``url``, shown
    visibly: this, not the start of the address, is where the sign-in happens."""
    parts = _split(url)
    if parts is None or not parts.hostname:
        return "(no host)"
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname  # IPv6, as in a URL
    if parts.port is not None:
        host = f"{host}:{parts.port}"
    return visible_line(host)


def address_problem(url: str) -> str | None:
    """Why the sign-in address must not be shown as something to open, or None when it may be."""
    parts = _split(url)
    if parts is None or not parts.hostname:
        return "is not a web address a browser can open"
    if parts.scheme not in ("http", "https"):
        return f"is not a web address ({visible_line(parts.scheme)}:)"
    if any(c.isspace() or not c.isprintable() for c in parts.netloc):
        return f"has spaces or invisible characters in its host part ({visible_line(parts.netloc)})"
    if "@" in parts.netloc:
        user = visible_line(parts.netloc.rpartition("@")[0])
        return f"reads as {user} but goes to {address_host(url)} (the part before @ is a user name)"
    if parts.scheme == "http" and not _is_loopback(parts.hostname):
        return f"is not encrypted (http://{address_host(url)}); sign-in pages must use https"
    return None

"""A sign-in address a server hands us: where it really goes, and which ones are never shown or opened."""

from __future__ import annotations

import pytest

from tui.safety.sign_in_address import address_host, address_problem


@pytest.mark.parametrize(
    ("url", "host"),
    [
        ("https://auth.example.com/authorize?state=x", "auth.example.com"),
        ("https://auth.example.com:8443/authorize", "auth.example.com:8443"),
        ("http://127.0.0.1:41234/authorize", "127.0.0.1:41234"),
        ("https://[::1]:9000/a", "[::1]:9000"),
        # What the part before @ says is not where the browser goes.
        ("https://good.example@evil.example/authorize", "evil.example"),
        ("https://good.example%20%20%20@evil.example/authorize", "evil.example"),
        # urlsplit drops tabs and line breaks, as browsers do, so they cannot split the host.
        ("https://good.example\n\t@evil.example/", "evil.example"),
        ("https://xn--gd-fmca.example/a", "xn--gd-fmca.example"),
        ("not a url", "(no host)"),
        ("https://host:notaport/", "(no host)"),
    ],
)
def test_the_host_shown_is_the_one_a_browser_contacts(url: str, host: str) -> None:
    assert address_host(url) == host


@pytest.mark.parametrize(
    "url",
    [
        "https://auth.example.com/authorize?response_type=code&state=x",
        "https://auth.example.com:8443/authorize",
        "http://127.0.0.1:41234/authorize",
        "http://localhost:8080/authorize",
        "http://[::1]:9000/authorize",
        "http://auth.localhost/authorize",
        # An @ in the query is data, not a user name: the host is still auth.example.com.
        "https://auth.example.com/authorize?login_hint=me@example.com",
    ],
)
def test_ordinary_addresses_may_be_opened(url: str) -> None:
    assert address_problem(url) is None


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        (
            "https://good.example@evil.example/authorize",
            "reads as good.example but goes to evil.example (the part before @ is a user name)",
        ),
        (
            "https://good.example%20%20%20%20%20@evil.example/",
            "reads as good.example%20%20%20%20%20 but goes to evil.example "
            "(the part before @ is a user name)",
        ),
        (
            "http://auth.example.com/authorize",
            "is not encrypted (http://auth.example.com); sign-in pages must use https",
        ),
        (
            "http://10.0.0.5:8080/authorize",
            "is not encrypted (http://10.0.0.5:8080); sign-in pages must use https",
        ),
        ("javascript://evil.example/%0aalert(1)", "is not a web address (javascript:)"),
        ("file://host/etc/passwd", "is not a web address (file:)"),
        (
            "https://good.example\u202e.evil/",
            "has spaces or invisible characters in its host part (good.example<U+202E>.evil)",
        ),
        ("https:///authorize", "is not a web address a browser can open"),
    ],
)
def test_addresses_that_mislead_or_leak_are_refused_with_the_reason(url: str, problem: str) -> None:
    assert address_problem(url) == problem

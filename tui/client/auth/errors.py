"""Why a sign-in cannot go on, in words; and the SDK's OAuth errors phrased for a person."""

from __future__ import annotations

import json

SIGN_IN_DOCUMENTS: frozenset[str] = frozenset(
    {
        "OAuthToken",
        "OAuthMetadata",
        "ProtectedResourceMetadata",
        "OAuthClientInformationFull",
        "OAuthClientMetadata",
    }
)
"""The models the SDK's sign-in flow parses documents into (``mcp.shared.auth``): a ``ValidationError``
about one of them is a malformed sign-in document; about anything else (a tools/list result, say) it is
not a sign-in problem at all."""


class SignInProblem(Exception):
    """Any reason the server is not usable until someone signs in (again)."""


class NeedsSignIn(SignInProblem):
    """The server asks for sign-in and no one started one (or the stored sign-in can no longer be renewed)."""


class SignInFailed(SignInProblem):
    """A sign-in was attempted and did not work; the message says why. Nothing was stored."""


class SignInCancelled(SignInProblem):
    """The person cancelled the sign-in."""


def describe_oauth(exc: BaseException) -> str | None:
    """A readable line for the SDK's OAuth exceptions, or None for anything else."""
    from mcp.client.auth import OAuthFlowError, OAuthRegistrationError, OAuthTokenError
    from pydantic import ValidationError

    text = str(exc).strip()
    if isinstance(exc, SignInCancelled):
        return "sign-in cancelled"
    if isinstance(exc, SignInProblem):
        return text
    if isinstance(exc, OAuthRegistrationError):
        return f"sign-in failed: could not register mcp-tui with the authorization server ({text})"
    if isinstance(exc, OAuthTokenError):
        return f"sign-in failed: the authorization server refused the token request: {_oauth_error(text)}"
    if isinstance(exc, OAuthFlowError):
        return f"sign-in failed: {text}"
    if isinstance(exc, ValidationError) and exc.title in SIGN_IN_DOCUMENTS:
        return f"sign-in failed: the authorization server sent a malformed document ({exc.title})"
    return None


def _oauth_error(text: str) -> str:
    """``error (error_description)`` from the JSON body the SDK quotes, else the SDK's own words."""
    _, _, body = text.partition(": ")
    try:
        data = json.loads(body)
    except ValueError:
        return _short(text)
    if not isinstance(data, dict) or not isinstance(data.get("error"), str):
        return _short(text)
    detail = data.get("error_description")
    return _short(f"{data['error']} ({detail})" if isinstance(detail, str) and detail else data["error"])


def _short(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"

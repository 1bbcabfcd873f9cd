"""Where the workload's token comes from (SEP-1933): its file, read afresh each time, or an environment
variable; and what is said when it is not there. The exchange itself runs against a real server in
test_auth_dpop.py, test_auth_cli_dpop.py and the conformance suite's auth/wif-jwt-bearer."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tui.client.auth.errors import SignInFailed
from tui.client.auth.jwt_bearer import workload_token
from tui.config.auth_model import AuthSettings


def test_the_file_is_read_afresh_each_time(tmp_path: Path) -> None:
    path = tmp_path / "token"
    settings = AuthSettings(grant="jwt-bearer", assertion_file=str(path), assertion_env="IGNORED")
    path.write_text("first.jwt.token\n")
    assert workload_token(settings, {"IGNORED": "x"}) == "first.jwt.token"
    path.write_text("rotated.jwt.token")
    assert workload_token(settings, {}) == "rotated.jwt.token"


def test_the_environment_variable_when_there_is_no_file() -> None:
    settings = AuthSettings(grant="jwt-bearer", assertion_env="CI_JOB_JWT")
    assert workload_token(settings, {"CI_JOB_JWT": " a.b.c "}) == "a.b.c"


@pytest.mark.parametrize(
    ("settings", "said"),
    [
        (
            AuthSettings(assertion_file="/nonexistent/token"),
            "cannot read assertion_file /nonexistent/token: ",
        ),
        (
            AuthSettings(assertion_env="CI_JOB_JWT"),
            "assertion_env: the environment variable CI_JOB_JWT is not set",
        ),
        (AuthSettings(grant="jwt-bearer"), 'grant = "jwt-bearer" needs assertion_file or assertion_env'),
    ],
)
def test_a_missing_token_is_named(settings: AuthSettings, said: str) -> None:
    with pytest.raises(SignInFailed, match="^" + re.escape(said)):
        workload_token(settings, {})


def test_an_empty_file_is_named(tmp_path: Path) -> None:
    (tmp_path / "token").write_text("\n")
    with pytest.raises(SignInFailed, match=r"is empty$"):
        workload_token(AuthSettings(assertion_file=str(tmp_path / "token")), {})

"""Whether and where telemetry exports: config.toml, the standard variables, and a forced (managed) table
that wins over both. Reading them imports nothing of OpenTelemetry."""

from __future__ import annotations

from pathlib import Path

from tui.config.loader import load_config
from tui.config.model import TelemetryTable
from tui.telemetry.settings import DEFAULT_ENDPOINT, parse_pairs, telemetry_config


def test_off_by_default() -> None:
    config = telemetry_config(TelemetryTable(), {})
    assert not config.enabled
    assert config.endpoint == DEFAULT_ENDPOINT


def test_the_switch_and_the_standard_variables_turn_it_on_and_point_it() -> None:
    environ = {
        "MCP_TUI_TELEMETRY": "otlp",
        "OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318/",
        "OTEL_EXPORTER_OTLP_HEADERS": "Authorization=Bearer%20abc,x-team=tools",
        "OTEL_RESOURCE_ATTRIBUTES": "user.name=ci-bot,deployment.environment=ci",
    }
    config = telemetry_config(TelemetryTable(), environ)
    assert config.enabled
    assert config.url("traces") == "http://collector:4318/v1/traces"
    assert config.headers == {"Authorization": "Bearer abc", "x-team": "tools"}
    assert config.resource["service.name"] == "mcp-tui"
    assert config.resource["user.name"] == "ci-bot"  # overridable, as the issue asks
    assert config.resource["deployment.environment"] == "ci"
    assert "host.name" in config.resource


def test_the_environment_wins_over_config_toml() -> None:
    table = TelemetryTable(exporter="otlp", endpoint="http://from-file:4318")
    assert telemetry_config(table, {}).endpoint == "http://from-file:4318"
    config = telemetry_config(table, {"OTEL_EXPORTER_OTLP_ENDPOINT": "http://from-env:4318"})
    assert config.endpoint == "http://from-env:4318"
    assert not telemetry_config(table, {"MCP_TUI_TELEMETRY": "none"}).enabled


def test_a_forced_table_wins_and_cannot_be_turned_off_or_redirected() -> None:
    user = TelemetryTable(exporter="none", endpoint="http://mine:4318", include_arguments=True)
    environ = {"MCP_TUI_TELEMETRY": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://elsewhere:4318"}
    forced = TelemetryTable(endpoint="http://team:4318", include_arguments=False)
    config = telemetry_config(user, environ, forced)
    assert config.enabled
    assert config.forced
    assert config.endpoint == "http://team:4318"
    assert config.include_arguments is False
    # Even with exporter = "none" written in the managed table itself, a forced table exports.
    assert telemetry_config(user, environ, TelemetryTable(exporter="none", endpoint="http://t:1")).enabled


def test_a_bad_switch_is_reported_not_guessed() -> None:
    config = telemetry_config(TelemetryTable(), {"MCP_TUI_TELEMETRY": "yes"})
    assert not config.enabled
    assert config.problems == ('MCP_TUI_TELEMETRY=\'yes\' is not "otlp" or "none"; ignored',)


def test_pairs_skip_what_is_not_a_pair() -> None:
    assert parse_pairs("a=1, junk ,b=x%3Dy,=z") == {"a": "1", "b": "x=y"}


def test_the_telemetry_table_in_config_toml(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(
        "[telemetry]\n"
        'exporter = "otlp"\n'
        'endpoint = "http://127.0.0.1:4318"\n'
        'headers = { Authorization = "Bearer ${OTLP_TOKEN}" }\n'
        'resource_attributes = { "team" = "tools" }\n'
        "include_arguments = true\n",
        encoding="utf-8",
    )
    config, problems = load_config(path, must_exist=True, environ={"OTLP_TOKEN": "t0k"})
    assert problems == []
    assert config.telemetry == TelemetryTable(
        "otlp", "http://127.0.0.1:4318", None, {"Authorization": "Bearer t0k"}, {"team": "tools"}, True
    )


def test_bad_telemetry_keys_are_reported_with_their_line_and_left_unset(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(
        '[telemetry]\nexporter = "jaeger"\nendpoint = "collector:4318"\n'
        'include_arguments = "yes"\nendpont = 1\n',
        encoding="utf-8",
    )
    config, problems = load_config(path, must_exist=True, environ={})
    assert config.telemetry == TelemetryTable()
    messages = [(problem.line, problem.message) for problem in problems]
    assert [line for line, _ in messages] == [2, 3, 4, 5]
    assert 'telemetry: "exporter" must be "otlp" or "none", not "jaeger"; ignored' in messages[0][1]
    assert "http:// or https://" in messages[1][1]
    assert "include_arguments" in messages[2][1]
    assert 'did you mean "endpoint"?' in messages[3][1]

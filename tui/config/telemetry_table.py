"""``[telemetry]`` in config.toml: each key checked on its own; a bad one is reported and left unset."""

from __future__ import annotations

import json
from collections.abc import Mapping

from tui.config.locate import KeyPath
from tui.config.model import TelemetryTable
from tui.config.sections import Reporter, read_str, read_str_map

EXPORTERS = ("otlp", "none")
PROTOCOLS = ("http/protobuf",)
_KEYS = ("exporter", "endpoint", "protocol", "headers", "resource_attributes", "include_arguments")


def read_telemetry(data: object, rep: Reporter, environ: Mapping[str, str]) -> TelemetryTable:
    table: KeyPath = ("telemetry",)
    if not isinstance(data, dict):
        rep.add(table, f"must be {rep.table_word}, not {rep.show(data)}; telemetry stays off")
        return TelemetryTable()
    for key in data:
        if key not in _KEYS:
            rep.unknown(table, key, _KEYS)
    exporter = _choice(data, "exporter", EXPORTERS, rep)
    protocol = _choice(data, "protocol", PROTOCOLS, rep)
    endpoint = read_str(data, "endpoint", table, rep, "; ignored")
    if endpoint is not None and not endpoint.startswith(("http://", "https://")):
        rep.add(
            table,
            f'"endpoint" must be an http:// or https:// URL, not {rep.show(endpoint)}; ignored',
            "endpoint",
        )
        endpoint = None
    headers = (
        read_str_map(data, "headers", table, rep, environ, then="; ignored") if "headers" in data else None
    )
    attributes = (
        read_str_map(data, "resource_attributes", table, rep, environ, then="; ignored")
        if "resource_attributes" in data
        else None
    )
    include = data.get("include_arguments")
    if include is not None and not isinstance(include, bool):
        rep.add(
            table,
            f'"include_arguments" must be true or false, not {rep.show(include)}; keeping false',
            "include_arguments",
        )
        include = None
    return TelemetryTable(exporter, endpoint, protocol, headers, attributes, include)


def _choice(data: Mapping[str, object], key: str, allowed: tuple[str, ...], rep: Reporter) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, str) and value.strip().lower() in allowed:
        return value.strip().lower()
    words = " or ".join(json.dumps(word) for word in allowed)
    rep.add(("telemetry",), f"{json.dumps(key)} must be {words}, not {rep.show(value)}; ignored", key)
    return None

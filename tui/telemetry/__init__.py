"""OpenTelemetry export: an observer of the session's calls, requests and audit records.

Off by default and free when off: ``settings`` (and this package) import nothing of OpenTelemetry; only
``pipeline`` and the modules that use it do, and the session imports them only once export is on and the
``otel`` extra is installed. Nothing here is wired into a front end.
"""

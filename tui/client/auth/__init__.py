"""Signing in to OAuth-protected HTTP servers, with the SDK's providers (see ``providers.py``)."""

"""This request's object itself, not werkzeug's proxy to it: each use of a proxy (``request.x``)
looks the request up again through a context variable, about a microsecond on this machine,
and a write once went through it some twenty times."""

from __future__ import annotations

from flask import Request, request

RUNTIME_KEY = "mock_services.runtime"
"""The WSGI environ key of the service's runtime, set before any view runs."""


def current_request() -> Request:
    """The request being served (only inside a request context)."""
    # flask types the proxy as the Request it stands for, so its unwrapping method is unknown
    return request._get_current_object()  # type: ignore[attr-defined,no-any-return]

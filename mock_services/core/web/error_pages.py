"""Errors as a browser sees them: a page in the service's look with what went wrong and a way
on, where an API client gets the JSON error. Which one is content negotiation: the request's
``Accept`` must prefer HTML to JSON (a browser's does, ``*/*`` does not), and its path must be
the web UI's, not one of the machine routes (``/api``, ``/admin``, ``/mcp``, the OpenAPI
document, ``/health``), which answer JSON to everyone."""

from __future__ import annotations

from collections.abc import Callable

from flask import Request, Response, render_template, request

from mock_services.core.web.wording import for_people

MACHINE_PATHS = ("/api", "/admin", "/mcp", "/openapi.json", "/health")
_HEADINGS = {
    401: "Log in to see this page",
    403: "This page is not open to you",
    404: "Page not found",
    405: "This page cannot do that",
    409: "That cannot be done now",
    413: "What you sent is too large",
    422: "Something you entered was not accepted",
    429: "Too many requests",
}
"""What a page says first, by status; a server error (5xx) says the fault is the service's."""


def wants_page(req: Request) -> bool:
    """Whether ``req`` is a browser's on the web UI: an HTML answer suits it better than JSON."""
    machine = any(req.path == p or req.path.startswith(f"{p}/") for p in MACHINE_PATHS)
    if machine:
        return False
    return req.accept_mimetypes.best_match(("application/json", "text/html")) == "text/html"


def heading(status: int) -> str:
    if status >= 500:
        return f"Something went wrong on our side ({status})"
    return _HEADINGS.get(status, f"The request was refused ({status})")


def error_page(title: str) -> Callable[[int, str, dict[str, str]], Response | None]:
    """The error page of the service titled ``title``, for ``install_error_handlers``: a
    response for a browser's request (status, message, headers as the JSON error has them),
    None for any other."""

    def page(status: int, message: str, headers: dict[str, str]) -> Response | None:
        if not wants_page(request):
            return None
        html = render_template(
            "service_error.html",
            status=status,
            message=for_people(message),
            service_title=title,
            back=None,
        )
        return Response(html, status=status, headers=headers, mimetype="text/html")

    return page

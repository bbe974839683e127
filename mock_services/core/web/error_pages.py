"""Errors as a browser sees them: a page in the service's look with what went wrong and a way
on, where an API client gets the JSON error. Which one is content negotiation: the request's
``Accept`` must prefer HTML to JSON (a browser's does, ``*/*`` does not), and its path must be
the web UI's, not one of the machine routes (``/api``, ``/admin``, ``/mcp``, the OpenAPI
document, ``/health``), which answer JSON to everyone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Request, Response, current_app, redirect, render_template, request
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from mock_services.core.base.unrouted import misaddressed_thing
from mock_services.core.spec.api import Ctx, RequestScope
from mock_services.core.web.runtime import request_runtime
from mock_services.core.web.wording import for_people

LAYOUT_VALUES = "mock_services.layout_values"
"""The app extension holding a service's ``layout_values``."""
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


def layout_values(
    blueprint: Blueprint,
) -> Callable[[Callable[[Ctx], dict[str, Any]]], Callable[[Ctx], dict[str, Any]]]:
    """Register ``values(ctx)`` for the service of ``blueprint``: what its layout shows of the
    signed-in reader beyond the header (chat's sidebar of channels and DMs, the zone of its
    times), so that its error pages, drawn outside its views, show them as every page does."""

    def register(values: Callable[[Ctx], dict[str, Any]]) -> Callable[[Ctx], dict[str, Any]]:
        blueprint.record_once(lambda state: state.app.extensions.update({LAYOUT_VALUES: values}))
        return values

    return register


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
        if status == 404 and (page_without_slash := _without_trailing_slash()):
            return redirect(page_without_slash, 308)  # type: ignore[return-value]
        if status == 405 and request.method in ("GET", "HEAD"):
            return redirect(_page_of_form_address(), 303)  # type: ignore[return-value]
        if status == 404 and request.url_rule is None:  # no page, or text for a number
            message = _no_page_words()
        if status == 405 and message == MethodNotAllowed.description:
            message = NOT_THIS_WAY
        html = render_template(
            "service_error.html",
            status=status,
            message=for_people(message),
            service_title=title,
            back=None,
            **_signed_in(),
        )
        return Response(html, status=status, headers=headers, mimetype="text/html")

    return page


NO_PAGE_HERE = (
    "There is no page at this address. Check it for a typo, or find what you want in the "
    "site's menu."
)
"""A mistyped address said as the sites do, in place of Flask's stock sentence."""


NOT_THIS_WAY = (
    "This address takes only what a page's buttons and forms send it. Go back to the page you "
    "were on and use its buttons and forms."
)
"""An address asked in a way it does not answer, in place of Werkzeug's stock sentence."""


def _no_page_words() -> str:
    """An address no page takes, as the sites say it: the thing it seems to name where it puts
    text in place of a number ("There is no message “send”."), never the API's "ids are
    numbers"."""
    found = misaddressed_thing(current_app.url_map.iter_rules(), request.method, request.path)
    if found is None:
        return NO_PAGE_HERE
    kind, value, _prefix = found
    return (
        f"There is no {kind} “{value}”. Check the address for a typo, or find the {kind} "
        "in the site's menu."
    )


def form_origin_cookie() -> str:
    """The cookie that keeps, at a form's address, the page a refused form was sent from."""
    return f"mock_form_page_{request_runtime(request).spec.name}"


def _page_of_form_address() -> str:
    """Where a browser opening a form's address (``/invoices/INV-0003/payments``, reloaded after
    a refusal left it there) is sent: the page its refused form was sent from, else the nearest
    page up the path (``/invoices/INV-0003``), else the start page."""
    kept = request.cookies.get(form_origin_cookie(), "")
    if kept.startswith("/") and not kept.startswith(("//", "/\\")) and "\\" not in kept:
        return kept  # a path of this site: never "//host" nor "/\\host", which browsers follow
    adapter = current_app.create_url_adapter(request)
    segments = request.path.rstrip("/").split("/")
    while adapter is not None and len(segments) > 2:
        segments.pop()
        try:
            adapter.match("/".join(segments), method="GET")
        except HTTPException:
            continue
        return "/".join(segments)
    return "/"


def _without_trailing_slash() -> str | None:
    """The address of the page ``/invoices/`` means (``/invoices``, its query kept) where the
    request's path ends in a slash that no route has and a page answers without it, as the
    real sites lead there; else None."""
    path = request.path
    if path == "/" or not path.endswith("/") or request.method not in ("GET", "HEAD"):
        return None
    adapter = current_app.create_url_adapter(request)
    if adapter is None:
        return None
    bare = path.rstrip("/") or "/"
    try:
        adapter.match(bare, method="GET")
    except HTTPException:
        return None
    query = request.query_string.decode()
    return bare + (f"?{query}" if query else "")


def _signed_in() -> dict[str, Any]:
    """The header's signed-in part for an error page (the user's name, Log out, the day), read
    from the session the browser holds, as every other page shows it; nothing where it cannot
    be read (no session, or the failure came before the service's runtime or its data)."""
    try:
        runtime = request_runtime(request)
        with RequestScope(runtime, request, mutating=False, auth="optional") as ctx:
            if ctx.user is None:
                return {}
            now = ctx.now
            shown = {
                "current_user": ctx.user,
                "now": now,
                "local_now": now.astimezone(runtime.clock.tz),
            }
            service_values = current_app.extensions.get(LAYOUT_VALUES)
            return shown | (service_values(ctx) if service_values is not None else {})
    except Exception:  # an error page must be drawn whatever else failed
        return {}

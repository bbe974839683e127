"""Every exception a service raises, Flask's own included, answered in the one JSON error shape
of ``errors`` (or as a page, for a browser on the web UI)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, Response, jsonify, request
from werkzeug.exceptions import HTTPException

from mock_services.core.base.errors import ApiError, ErrorBody, ErrorResponse, disk_full
from mock_services.core.base.unrouted import misaddressed


def error_response(
    status: int, code: str, message: str, details: Any = None, headers: dict[str, str] | None = None
) -> Response:
    body = ErrorResponse(error=ErrorBody(code=code, message=message, details=details))
    response = jsonify(body.model_dump(mode="json"))
    response.status_code = status
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


ErrorPage = Callable[[int, str, dict[str, str]], Response | None]
"""An error as a page (status, message, headers), or None where the JSON error serves."""


def install_error_handlers(app: Flask, page: ErrorPage | None = None) -> None:
    """Route every exception, Flask's own included, into the JSON error shape, or into
    ``page``'s answer where it gives one (a browser's request on the web UI)."""

    def answer(
        status: int,
        code: str,
        message: str,
        details: Any = None,
        headers: dict[str, str] | None = None,
    ) -> Response:
        shown = page(status, message, headers or {}) if page is not None else None
        return shown or error_response(status, code, message, details, headers)

    @app.errorhandler(ApiError)
    def _api_error(exc: ApiError) -> Response:
        return answer(exc.status, exc.code, exc.message, exc.details, exc.headers)

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException) -> Response:
        code = (exc.name or "error").lower().replace(" ", "_")
        headers = {k: v for k, v in exc.get_headers() if k.lower() != "content-type"}
        message = exc.description or exc.name
        if exc.code == 404 and request.url_rule is None:  # no route: an id given as text?
            message = (
                misaddressed(app.url_map.iter_rules(), request.method, request.path) or message
            )
        return answer(exc.code or 500, code, message, headers=headers)

    @app.errorhandler(OverflowError)
    def _overflow(exc: OverflowError) -> Response:
        # SQLite integers are 64-bit; a larger number in a query or body cannot match anything.
        return answer(
            422,
            "out_of_range",
            f"a number in the request is out of range (integers must fit in 64 bits): {exc}",
        )

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception) -> Response:
        route = f"{request.method} {request.url_rule.rule if request.url_rule else request.path}"
        if disk_full(exc):  # the transaction was rolled back: nothing of the request was kept
            app.logger.error("disk full on %s: %s", route, exc)
            return answer(
                507,
                "insufficient_storage",
                "the service's disk is full: nothing of this request was saved; "
                "retry once space is freed",
            )
        app.logger.exception("unhandled error on %s", route)
        return answer(500, "internal_error", f"internal error: {type(exc).__name__}")

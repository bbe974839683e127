"""The one JSON error shape every service answers with, and the exceptions that produce it."""

from __future__ import annotations

import errno
import sqlite3
from collections.abc import Callable
from typing import Any

from flask import Flask, Response, jsonify, request
from pydantic import BaseModel
from werkzeug.exceptions import HTTPException

from mock_services.core.base.unrouted import misaddressed


class ErrorBody(BaseModel):
    code: str
    message: str
    details: dict[str, Any] | list[Any] | None = None


class ErrorResponse(BaseModel):
    """Every 4xx and 5xx answer: ``{"error": {"code", "message", "details"}}``."""

    error: ErrorBody


class ApiError(Exception):
    """A failure the caller can act on, in plain words (``status`` picks the HTTP code)."""

    status = 400
    code = "bad_request"

    def __init__(
        self,
        message: str,
        *,
        details: Any = None,
        status: int | None = None,
        code: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.details = details
        self.headers = headers or {}
        if status is not None:
            self.status = status
        if code is not None:
            self.code = code


class NotFound(ApiError):
    status, code = 404, "not_found"


class Unauthorized(ApiError):
    status, code = 401, "unauthorized"


class Forbidden(ApiError):
    status, code = 403, "forbidden"


class NotReady(ApiError):
    """No seeded DB to serve yet."""

    status, code = 503, "not_ready"


class SeedOutdated(NotReady):
    """A DB seeded before the service's tables changed: it stays unservable until seeded again."""

    code = "seed_outdated"


class Conflict(ApiError):
    """The request is well-formed but the current state forbids it (e.g. cancel a shipped order)."""

    status, code = 409, "conflict"


class ValidationFailed(ApiError):
    status, code = 422, "validation_error"


def invalid_field(field: str, message: str) -> ValidationFailed:
    """A 422 naming the body field that is wrong (``a.b`` for a nested one), as the API
    models' own refusals name it."""
    return ValidationFailed(
        f"{field}: {message}",
        details=[{"loc": ["body", *field.split(".")], "message": message, "type": "value_error"}],
    )


def error_response(
    status: int, code: str, message: str, details: Any = None, headers: dict[str, str] | None = None
) -> Response:
    body = ErrorResponse(error=ErrorBody(code=code, message=message, details=details))
    response = jsonify(body.model_dump(mode="json"))
    response.status_code = status
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def disk_full(exc: BaseException) -> bool:
    """SQLite's "database or disk is full" or the OS's ENOSPC, also as SQLAlchemy wraps them."""
    for error in (exc, getattr(exc, "orig", None), exc.__cause__):
        if isinstance(error, sqlite3.Error) and getattr(error, "sqlite_errorcode", 0) & 0xFF == (
            sqlite3.SQLITE_FULL
        ):
            return True
        if isinstance(error, OSError) and error.errno == errno.ENOSPC:
            return True
    return False


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

"""The one JSON error shape every service answers with, and the exceptions that produce it
(without Flask: the verifier SDK raises and reads them too; ``error_handlers`` answers them)."""

from __future__ import annotations

import errno
import sqlite3
from typing import Any

from pydantic import BaseModel


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

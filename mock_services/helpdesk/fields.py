"""The 422 naming a body field, shared by every area that resolves names in a body."""

from __future__ import annotations

from mock_services.core.base.errors import ValidationFailed


def invalid(field: str, message: str) -> ValidationFailed:
    """A 422 naming the body field that is wrong."""
    return ValidationFailed(
        f"{field}: {message}",
        details=[{"loc": ["body", field], "message": message, "type": "value_error"}],
    )

"""Mail addresses as every field takes them: ``name@domain.tld`` or
``Name <name@domain.tld>``, lower-cased, de-duplicated; a 422 names the field."""

from __future__ import annotations

import re
from collections.abc import Iterable
from email.utils import parseaddr

from mock_services.core.base.errors import ValidationFailed

ADDRESS = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def parse_address(value: str, where: str) -> str:
    """``'bob@x.test'`` or ``'Bob <bob@x.test>'`` -> ``'bob@x.test'``; 422 naming the field."""
    _name, address = parseaddr(value.strip()) if isinstance(value, str) else ("", "")
    address = address.strip().lower()
    if not address or len(address) > 254 or not ADDRESS.match(address):
        message = f"{value!r} is not a valid email address (expected name@domain.tld)"
        raise ValidationFailed(
            f"{where}: {message}",
            details=[
                {
                    "loc": ["body", *where.replace("[", ".").rstrip("]").split(".")],
                    "message": message,
                    "type": "value_error",
                }
            ],
        )
    return address


def parse_addresses(values: Iterable[str], field_name: str) -> list[str]:
    """Valid, lower-cased, de-duplicated addresses of one field (to, cc or bcc)."""
    result: list[str] = []
    for i, value in enumerate(values):
        address = parse_address(value, f"{field_name}[{i}]")
        if address not in result:
            result.append(address)
    return result

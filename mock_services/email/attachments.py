"""Attachments as uploaded (base64, size-limited) and as copied onto a new message."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from mock_services.core.base.errors import ValidationFailed
from mock_services.email.models import Attachment

MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024


@dataclass
class NewAttachment:
    filename: str
    content_type: str
    content_base64: str
    size: int


def decode_attachments(items: Sequence[Any]) -> list[NewAttachment]:
    """Validate uploaded attachments (``filename``, ``content_type``, ``content_base64``)."""
    result = []
    for i, item in enumerate(items):
        try:
            raw = base64.b64decode(item.content_base64, validate=True)
        except (binascii.Error, ValueError):
            raise ValidationFailed(
                f"attachments[{i}].content_base64: not valid base64 (standard alphabet, padded)"
            ) from None
        if len(raw) > MAX_ATTACHMENT_BYTES:
            raise ValidationFailed(
                f"attachments[{i}]: {item.filename!r} is {len(raw)} bytes; the limit is "
                f"{MAX_ATTACHMENT_BYTES} bytes"
            )
        result.append(
            NewAttachment(
                filename=item.filename,
                content_type=item.content_type,
                content_base64=base64.b64encode(raw).decode(),
                size=len(raw),
            )
        )
    return result


def copy_attachments(source: Iterable[Attachment | NewAttachment]) -> list[Attachment]:
    return [
        Attachment(
            filename=a.filename,
            content_type=a.content_type,
            size=a.size,
            content_base64=a.content_base64,
        )
        for a in source
    ]

"""A file's content as a seed or an API body gives it: ``text`` (stored UTF-8) or
``content_base64`` (any bytes), exactly one of the two."""

from __future__ import annotations

import base64
import binascii


def check_one_content(text: str | None, content_base64: str | None) -> None:
    """Refuse both or neither, and base64 that does not decode (a ``ValueError`` naming it)."""
    if (text is None) == (content_base64 is None):
        raise ValueError("give exactly one of 'text' or 'content_base64'")
    if content_base64 is not None:
        try:
            base64.b64decode(content_base64, validate=True)
        except (binascii.Error, ValueError):
            raise ValueError("'content_base64' is not valid base64") from None


def content_bytes(text: str | None, content_base64: str | None) -> bytes:
    """The bytes of a content ``check_one_content`` accepted."""
    return text.encode() if text is not None else base64.b64decode(content_base64 or "")

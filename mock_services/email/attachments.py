"""Attachments as uploaded (base64, size-limited), as copied onto a new message, and the text
a PDF attachment shows (its page's preview)."""

from __future__ import annotations

import base64
import binascii
import re
import zlib
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


_STREAM = re.compile(rb"stream\r?\n(.*?)\r?\nendstream", re.S)
_STRING = rb"\((?:[^()\\]|\\.)*\)"
# A text-showing operator with its string or array of strings, or an operator that starts a line.
_TEXT_OP = re.compile(
    rb"(" + _STRING + rb"|\[(?:" + _STRING + rb"|[^\]])*\])\s*(Tj|TJ|'|\")|(T\*|(?:Td|TD|ET)\b)"
)
_ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}


def _unescape(literal: bytes) -> str:
    def one(match: re.Match[bytes]) -> bytes:
        code = match[1]
        if code[:1].isdigit():
            return bytes([int(code, 8) & 0xFF])
        return _ESCAPES.get(code, code)

    return re.sub(rb"\\([0-7]{1,3}|.)", one, literal[1:-1], flags=re.S).decode("latin-1")


def pdf_text(raw: bytes) -> str | None:
    """The text a PDF shows, a line per text line, read from its content streams (plain or
    Flate-compressed); None when it shows no text (a scan, an encrypted or unusual file)."""
    lines: list[str] = []
    line: list[str] = []
    for stream in _STREAM.finditer(raw):
        head = raw[raw.rfind(b"obj", 0, stream.start()) : stream.start()]
        content = stream[1]
        if b"/FlateDecode" in head:
            try:
                content = zlib.decompress(content)
            except zlib.error:
                continue
        for shown, operator, newline in _TEXT_OP.findall(content):
            if (newline or operator in (b"'", b'"')) and line:
                lines.append("".join(line))
                line = []
            line += [_unescape(s) for s in re.findall(_STRING, shown)]
        if line:
            lines.append("".join(line))
            line = []
    return "\n".join(lines) if any(lines) else None

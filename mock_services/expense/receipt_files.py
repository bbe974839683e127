"""What a receipt file may be, judged by its content (its first bytes), never by the name or
type the uploader gives it: a picture (PNG, JPEG, GIF, WebP), a PDF, or plain text (the till
slips the service draws as paper receipts). Anything else is refused, naming the file and the
kinds accepted; an accepted file is stored with the type its content shows."""

from __future__ import annotations

from dataclasses import dataclass

from mock_services.core.base.errors import ValidationFailed

MAX_RECEIPT_BYTES = 5 * 1024 * 1024


@dataclass(frozen=True)
class ReceiptKind:
    name: str
    content_type: str
    signatures: tuple[bytes, ...]

    def holds(self, raw: bytes) -> bool:
        if self.content_type == "image/webp":  # RIFF, a 4-byte size, then WEBP
            return raw[:4] == b"RIFF" and raw[8:12] == b"WEBP"
        return raw.startswith(self.signatures)


PICTURES_AND_PDF = (
    ReceiptKind("PNG", "image/png", (b"\x89PNG\r\n\x1a\n",)),
    ReceiptKind("JPEG", "image/jpeg", (b"\xff\xd8\xff",)),
    ReceiptKind("GIF", "image/gif", (b"GIF87a", b"GIF89a")),
    ReceiptKind("WebP", "image/webp", ()),
    ReceiptKind("PDF", "application/pdf", (b"%PDF-",)),
)
ACCEPTED = "a PNG, JPEG, GIF or WebP picture, a PDF or plain text (UTF-8)"
"""The kinds of receipt accepted, as refusals name them."""
_CONTROLS = frozenset(range(32)) - {9, 10, 12, 13}  # tab, line feed, form feed, return pass


class ReceiptRefused(ValidationFailed):
    """A file that cannot be a receipt (empty, too large, or of another kind): a 422 naming
    the upload's content (``content_base64``), which the web form shows by its file field."""

    def __init__(self, message: str) -> None:
        super().__init__(
            f"content_base64: {message}",
            details=[
                {"loc": ["body", "content_base64"], "message": message, "type": "value_error"}
            ],
        )
        self.reason = message


def _is_text(raw: bytes) -> bool:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return not any(ord(char) in _CONTROLS for char in text)


def receipt_type(filename: str, raw: bytes) -> str:
    """The content type of the receipt file ``filename`` by what ``raw`` holds; refused when
    it is empty, over ``MAX_RECEIPT_BYTES`` or of no accepted kind."""
    if not raw:
        raise ReceiptRefused(f"receipt {filename!r} is empty")
    if len(raw) > MAX_RECEIPT_BYTES:
        raise ReceiptRefused(
            f"receipt {filename!r} is {len(raw)} bytes; at most {MAX_RECEIPT_BYTES} are accepted"
        )
    for kind in PICTURES_AND_PDF:
        if kind.holds(raw):
            return kind.content_type
    if _is_text(raw):
        return "text/plain"
    raise ReceiptRefused(
        f"{filename!r} is not a receipt picture or PDF: its content is none of {ACCEPTED}"
    )

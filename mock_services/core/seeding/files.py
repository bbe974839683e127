"""A file in a seed document (a mail's attachment, an expense's receipt): its content given as
UTF-8 ``text`` or as ``content_base64`` (any bytes), stored as base64 with its size; the export
shows a text file that decodes as UTF-8 as text again, any other as base64."""

from __future__ import annotations

import base64
from typing import Any

from pydantic import Field, model_validator

from mock_services.core.base.file_content import check_one_content, content_bytes
from mock_services.core.seeding.seed import SeedModel
from mock_services.core.seeding.seed_map import Entry, Exporting, FieldMap, Hook


class FileSeed(SeedModel):
    """A file: give ``text`` (stored UTF-8) or ``content_base64`` (any bytes)."""

    id: int | None = Field(None, ge=1)
    filename: str = Field(min_length=1, max_length=255)
    content_type: str = Field("text/plain", min_length=1, max_length=200)
    text: str | None = None
    content_base64: str | None = None

    @model_validator(mode="after")
    def _one_content(self) -> FileSeed:
        check_one_content(self.text, self.content_base64)
        return self

    def raw(self) -> bytes:
        return content_bytes(self.text, self.content_base64)


def _stored_base64(entry: Entry) -> str:
    return base64.b64encode(entry.seed.raw()).decode()


def _shown_text(row: Any, _: Exporting) -> str | None:
    """A text file's content as text (None when it is binary or not UTF-8)."""
    if not row.content_type.startswith("text/"):
        return None
    try:
        return str(base64.b64decode(row.content_base64).decode())
    except UnicodeDecodeError:
        return None


def _shown_base64(row: Any, export: Exporting) -> str | None:
    """The file's bytes as base64, unless it is shown as text."""
    return None if _shown_text(row, export) is not None else row.content_base64


FILE_FIELDS: tuple[FieldMap | str, ...] = (
    "filename",
    "content_type",
    Hook(column="size", load_with=lambda entry: len(entry.seed.raw())),
    Hook("content_base64", load_with=_stored_base64, dump_with=_shown_base64),
    Hook("text", dump_with=_shown_text),
)
"""A ``FileSeed``'s columns: filename, content_type, size and content_base64."""

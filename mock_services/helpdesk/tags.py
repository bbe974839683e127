"""Tag names on tickets and macros: lowercase letters, digits, '-' or '_', stored sorted."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import AfterValidator, Field
from sqlalchemy import ColumnElement, func

TAG = re.compile(r"^[a-z0-9][a-z0-9_-]{0,49}$")


def clean_tags(tags: list[str]) -> list[str]:
    """Tags as stored: lowercase, without duplicates, sorted; a bad name is a ``ValueError``."""
    cleaned = sorted({tag.strip().lower() for tag in tags})
    for tag in cleaned:
        if not TAG.match(tag):
            raise ValueError(
                f"tag {tag!r} is not a tag name; use letters, digits, '-' or '_' (at most 50)"
            )
    return cleaned


TagNames = Annotated[
    list[str],
    AfterValidator(clean_tags),
    Field(max_length=30, description="tag names: letters, digits, '-' or '_' (kept lowercase)"),
]


def tag_condition(column: Any, tag: str) -> ColumnElement[bool]:
    """``column`` (a JSON list of tag names) holds ``tag``."""
    return func.instr(column, f'"{tag.strip().lower()}"') > 0

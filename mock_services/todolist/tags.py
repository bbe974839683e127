"""Tag names on tasks and notes: lowercase letters, digits, '-' or '_', stored sorted."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, Field

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
    Field(max_length=20, description="tag names: letters, digits, '-' or '_' (kept lowercase)"),
]

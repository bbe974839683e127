"""Folder and label names compared as users see them: ignoring case."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def same_name(rows: Iterable[Any], name: str) -> Any:
    """The row whose ``name`` equals ``name`` ignoring case (Unicode-aware, unlike SQL lower())."""
    wanted = name.casefold()
    return next((row for row in rows if row.name.casefold() == wanted), None)

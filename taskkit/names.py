"""Telling a user which name they meant: one helper for every command taking a task name."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def closest_hint(name: str, known: Iterable[str]) -> str:
    """``closest: a, b`` (the known names nearest ``name``), else how many there are."""
    names = sorted(known)
    closest = difflib.get_close_matches(name, names, n=3, cutoff=0.5)
    if closest:
        return f"closest: {', '.join(closest)}"
    return (
        f"known: {', '.join(names[:8])}{', ...' if len(names) > 8 else ''}"
        if names
        else "none known"
    )

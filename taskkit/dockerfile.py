"""Reading a task's ``environment/Dockerfile``: its instructions and the sources of a COPY.

The validator checks these and the no-Docker runner emulates the COPYs, so both read here."""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Iterator


def instructions(text: str) -> Iterator[tuple[int, str, str]]:
    """(line, INSTRUCTION, arguments) with continuation lines joined and comments dropped."""
    pending, start = "", 0
    for number, raw in enumerate(text.splitlines(), 1):
        stripped = raw.strip()
        if not pending and (not stripped or stripped.startswith("#")):
            continue
        if not pending:
            start = number
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        pending += stripped
        parts = pending.split(None, 1)
        pending = ""
        if parts:
            yield start, parts[0].upper(), parts[1] if len(parts) > 1 else ""


def copy_sources(arguments: str) -> list[str]:
    """The sources of a COPY's ``arguments`` (flags dropped, shell or JSON form); [] when they
    do not parse."""
    arguments = re.sub(r"^(?:--\S+\s+)+", "", arguments)
    try:
        parts = json.loads(arguments) if arguments.startswith("[") else shlex.split(arguments)
    except ValueError:
        return []
    return [str(p) for p in parts[:-1]]

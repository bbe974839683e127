"""Line numbers for dotted keys of a TOML file (tomllib does not report them).

A light scan: table headers (``[a.b]``, ``[[steps]]`` with its index) and ``key =`` lines,
enough to point a finding at the right line of a hand-written ``task.toml``.
"""

from __future__ import annotations

import re

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
_KEY = re.compile(r"""^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_.-]+)\s*=""")


def _parts(dotted: str) -> list[str]:
    return [p.strip().strip("\"'") for p in re.findall(r"""("[^"]*"|'[^']*'|[^.]+)""", dotted)]


def key_lines(text: str) -> dict[str, int]:
    """Map ``section.key`` (arrays of tables as ``steps[0].agent``) to 1-based line numbers."""
    lines: dict[str, int] = {}
    counts: dict[str, int] = {}
    table: list[str] = []
    for number, raw in enumerate(text.splitlines(), 1):
        header = _HEADER.match(raw)
        if header:
            names = _parts(header[2])
            if header[1] == "[[":
                base = ".".join(names)
                index = counts.get(base, -1) + 1
                counts[base] = index
                table = [*names[:-1], f"{names[-1]}[{index}]"]
            else:
                table = _resolve(names, counts)
            lines.setdefault(".".join(table), number)
            continue
        key = _KEY.match(raw)
        if key:
            path = ".".join([*table, *_parts(key[1])])
            lines.setdefault(path, number)
    return lines


def _resolve(names: list[str], counts: dict[str, int]) -> list[str]:
    """``[steps.agent]`` belongs to the latest ``[[steps]]``."""
    resolved: list[str] = []
    for name in names:
        prefix = ".".join([*(p.split("[")[0] for p in resolved), name])
        resolved.append(f"{name}[{counts[prefix]}]" if prefix in counts else name)
    return resolved


def line_of(lines: dict[str, int], dotted: str) -> int | None:
    """The line of ``dotted`` or of its nearest enclosing table."""
    parts = dotted.split(".")
    while parts:
        found = lines.get(".".join(parts))
        if found:
            return found
        parts.pop()
    return None

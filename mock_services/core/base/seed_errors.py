"""Where a seed error is and what was meant: the line of a JSON path in a seed file, and the
fields a mistyped field name may have meant."""

from __future__ import annotations

import difflib
import functools
import json
import re
from collections.abc import Sequence
from json.decoder import scanstring  # type: ignore[attr-defined]  # json's own scanner, not in typeshed
from pathlib import Path
from typing import Any, get_args

JsonPath = Sequence[str | int]
_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


def line_of(text: str, path: JsonPath) -> int:
    """The line where ``path`` starts in the JSON ``text`` (an object member: its key); for a
    path the text does not hold (a missing field), the line of the deepest part it holds."""
    position = shown = _skip(text, 0)
    try:
        for part in path:
            found = _member(text, position, part)
            if found is None:
                break
            shown, position = found
    except (ValueError, IndexError):  # not JSON past this point: the last part found stands
        pass
    return text.count("\n", 0, shown) + 1


def file_line(source: str, path: JsonPath) -> int | None:
    """``line_of`` in the file ``source`` names, or None when it is no readable file."""
    try:
        stat = Path(source).stat()
        return line_of(_text(source, stat.st_mtime_ns, stat.st_size), path)
    except (OSError, UnicodeDecodeError):
        return None


@functools.lru_cache(maxsize=1)
def _text(source: str, _mtime_ns: int, _size: int) -> str:
    """The file's text, read once for the errors of one seed (keyed by its change time)."""
    return Path(source).read_text()


def _skip(text: str, position: int) -> int:
    match = _SPACE.match(text, position)
    return match.end() if match else position


def _member(text: str, position: int, part: str | int) -> tuple[int, int] | None:
    """(where to point, where its value starts) of ``part`` in the object or array at
    ``position``; None when it has no such member."""
    if text[position] == "{" and isinstance(part, str):
        position = _skip(text, position + 1)
        while text[position] == '"':
            key_at = position
            key, position = scanstring(text, position + 1)
            position = _skip(text, _skip(text, position) + 1)  # past the ':'
            if key == part:
                return key_at, position
            position = _next(text, position)
        return None
    if text[position] == "[" and isinstance(part, int):
        position = _skip(text, position + 1)
        for _ in range(part):
            if text[position] == "]":
                return None
            position = _next(text, position)
        return None if text[position] == "]" else (position, position)
    return None


def _next(text: str, position: int) -> int:
    """Past the value at ``position`` and the comma after it."""
    _value, position = _DECODER.raw_decode(text, position)
    position = _skip(text, position)
    return _skip(text, position + 1) if text[position] == "," else position


def did_you_mean(model: type | None, loc: JsonPath) -> str:
    """``; did you mean 'username'?`` for an unknown field ``loc[-1]`` of ``model``'s rows at
    ``loc``, or "" when no known field is close."""
    known = _fields_at(model, loc[:-1]) if model is not None else []
    close = difflib.get_close_matches(str(loc[-1]), known, n=3, cutoff=0.6) if loc else []
    return f"; did you mean {' or '.join(map(repr, close))}?" if close else ""


def did_you_mean_among(name: str, known: Sequence[str]) -> str:
    """``; did you mean 'email'?`` when a known name is close to ``name``, else the known ones
    (the first 12)."""
    close = difflib.get_close_matches(name, known, n=3, cutoff=0.6)
    if close:
        return f"; did you mean {' or '.join(map(repr, close))}?"
    shown = ", ".join(sorted(known)[:12]) + (", ..." if len(known) > 12 else "")
    return f"; expected one of: {shown}" if known else ""


def _fields_at(model: type, loc: JsonPath) -> list[str]:
    """The field names of the row type ``loc`` lands in, following ``model``'s annotations."""
    current: Any = model
    for part in loc:
        if isinstance(part, int):
            continue  # a list's item: the annotation was unwrapped already
        field = _fields(current).get(part)
        current = _model_in(field.annotation) if field is not None else None
        if current is None:
            return []
    return [field.alias or name for name, field in _fields(current).items()]


def _fields(kind: Any) -> dict[str, Any]:
    """A pydantic model's or pydantic dataclass's fields, by name ({} for anything else)."""
    fields = getattr(kind, "__pydantic_fields__", None) or getattr(kind, "model_fields", None)
    return fields if isinstance(fields, dict) else {}


def _model_in(annotation: Any) -> Any:
    """The first type with pydantic fields in an annotation (``list[X]``, ``X | None``...)."""
    if _fields(annotation):
        return annotation
    for argument in get_args(annotation):
        found = _model_in(argument)
        if found is not None:
            return found
    return None

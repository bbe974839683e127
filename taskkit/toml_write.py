"""A small TOML writer for the task.toml files the scaffolder generates (no extra dependency)."""

from __future__ import annotations

import json
import re
from typing import Any

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else json.dumps(key)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {type(value).__name__} to TOML")


def _is_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def dumps(data: dict[str, Any], comments: dict[str, str] | None = None) -> str:
    """TOML for ``data``; ``comments`` maps a table path ("metadata") to a line put above it."""
    comments = comments or {}
    out: list[str] = []
    _emit(data, [], out, comments)
    return "\n".join(out).strip() + "\n"


def _emit(table: dict[str, Any], path: list[str], out: list[str], comments: dict[str, str]) -> None:
    scalars = {k: v for k, v in table.items() if not isinstance(v, dict) and not _is_table_array(v)}
    for key, value in scalars.items():
        out.append(f"{_key(key)} = {_value(value)}")
    for key, value in table.items():
        if isinstance(value, dict):
            name = ".".join(_key(p) for p in [*path, key])
            only_tables = bool(value) and all(
                isinstance(v, dict) or _is_table_array(v) for v in value.values()
            )
            if not only_tables:  # a table holding only sub-tables needs no header of its own
                out.append("")
                if name in comments:
                    out.append(f"# {comments[name]}")
                out.append(f"[{name}]")
            _emit(value, [*path, key], out, comments)
        elif _is_table_array(value):
            name = ".".join(_key(p) for p in [*path, key])
            for item in value:
                out.append("")
                out.append(f"[[{name}]]")
                _emit(item, [*path, key], out, comments)

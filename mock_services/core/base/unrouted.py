"""Why no route takes a path, when one would but for text where it takes a number:
``GET /api/products/ABC`` is answered "product ids are numbers; no product 'ABC'; GET
/api/products/sku/ABC finds one by sku" rather than Flask's "The requested URL was not found"."""

from __future__ import annotations

import re
from collections.abc import Iterable

from werkzeug.routing import Rule

_PARAM = re.compile(r"<(?:(?P<converter>\w+)(?:\([^)]*\))?:)?(?P<name>\w+)>")


def misaddressed(rules: Iterable[Rule], method: str, path: str) -> str | None:
    """Why no route takes ``path``, when one would but for text where it takes a number (an id):
    what that number names, and the routes that find the thing by the text instead."""
    rules = list(rules)
    found = misaddressed_thing(rules, method, path)
    if found is None:
        return None
    kind, value, prefix = found
    return f"{kind} ids are numbers; no {kind} {value!r}" + _found_by(rules, prefix, value)


def misaddressed_thing(
    rules: Iterable[Rule], method: str, path: str
) -> tuple[str, str, str] | None:
    """The kind of thing ``path`` would name but for text where its route takes a number, the
    text, and the route's path before it (``("message", "send", "/messages/")``)."""
    for rule in rules:
        if method not in (rule.methods or ()):
            continue
        match = re.fullmatch(_loose(rule.rule), path)
        if match is None:
            continue
        for param in _PARAM.finditer(rule.rule):
            value = match[param["name"]]
            if param["converter"] == "int" and not value.isdigit():
                kind = param["name"].removesuffix("_id").replace("_", " ")
                return kind, value, rule.rule[: param.start()]
    return None


def _loose(rule: str) -> str:
    """A regular expression of a Flask rule whose parameters take any segment."""
    parts, end = [], 0
    for param in _PARAM.finditer(rule):
        parts.append(re.escape(rule[end : param.start()]))
        parts.append(f"(?P<{param['name']}>{'.+' if param['converter'] == 'path' else '[^/]+'})")
        end = param.end()
    return "".join(parts) + re.escape(rule[end:])


def _found_by(rules: list[Rule], prefix: str, value: str) -> str:
    """``; GET /api/products/sku/ABC finds one by sku`` for each GET route under ``prefix``
    that takes one key after a fixed word."""
    by_key = re.compile(re.escape(prefix) + r"(?P<word>[\w-]+)/<(?:\w+:)?(?P<key>\w+)>")
    routes = [
        (found["word"], found["key"])
        for rule in rules
        if "GET" in (rule.methods or ()) and (found := by_key.fullmatch(rule.rule))
    ]
    return "".join(f"; GET {prefix}{word}/{value} finds one by {key}" for word, key in routes)

"""The task's UI solution (``solution/ui.py``, run by ``invoke oracle --ui``), where it has one:
a browser user's work only: no API call, no HTTP library, no crafted cookie or header, no
database, no task file read. (That each of our tasks with services has one is a test of the
task set, ``tests/tasks/test_ui_solutions.py``; imported and new tasks may not have one yet.)"""

from __future__ import annotations

import ast

from taskkit.agents import UI_SCRIPT
from taskkit.validate.context import TaskContext

ALLOWED_OWN_MODULE = "mock_services.browser"
FORBIDDEN_MODULES = (
    "urllib",
    "http",
    "requests",
    "httpx",
    "aiohttp",
    "socket",
    "sqlite3",
    "subprocess",
    "mock_services",
    "taskkit",
)
"""Modules a browser user has no use for (``mock_services`` except its browser module)."""
FORBIDDEN_ATTRIBUTES = {
    "request": "Playwright's API client (page.request, context.request) is not the UI",
    "add_cookies": "a browser user gets cookies by logging in, not by writing them",
    "set_extra_http_headers": "a browser user sends the headers the browser sends",
    "route": "intercepting requests changes what the services see",
    "add_init_script": "scripts injected into every page are not a user's clicks",
}
FORBIDDEN_TEXT = {
    "/api": "an API path",
    "/mcp": "the MCP endpoint",
    "openapi.json": "the API description",
    "fetch(": "a script's HTTP call",
    "XMLHttpRequest": "a script's HTTP call",
    "/var/lib/mock-data": "the services' data folder",
    "seed.json": "the task's seed",
    "/tests": "the verifier's folder",
}


def check_ui_solution(ctx: TaskContext) -> None:
    config = ctx.config
    bases = [f"steps/{step.name}/" for step in (config.steps if config else None) or []] or [""]
    for base in bases:
        relative = f"{base}solution/{UI_SCRIPT}"
        if ctx.exists(relative):
            for line, problem in ui_only_problems(ctx.text(relative) or ""):
                ctx.report("ui-solution-channel", relative, problem, line=line)


def ui_only_problems(source: str) -> list[tuple[int | None, str]]:
    """What in a UI solution's source is not a browser user's work, with its line."""
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        return [(exc.lineno, f"not valid Python: {exc.msg}")]
    problems: list[tuple[int | None, str]] = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", None)
        for module in _imported(node):
            if module != ALLOWED_OWN_MODULE and module.split(".")[0] in FORBIDDEN_MODULES:
                problems.append((line, f"imports {module}: a UI solution drives the browser"))
        if isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_ATTRIBUTES:
            problems.append((line, f".{node.attr}: {FORBIDDEN_ATTRIBUTES[node.attr]}"))
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            for text, what in FORBIDDEN_TEXT.items():
                if text in node.value:
                    problems.append((line, f"{text!r} in a string: {what}, not a page"))
    return problems


def _imported(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom) and node.module and not node.level:
        return [node.module]
    return []

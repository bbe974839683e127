"""The core sits at the bottom: no module of ``mock_services.core`` imports the registry, the
platform runner or any service, not even inside a function."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import mock_services.core
from mock_services.registry import SERVICE_MODULES

CORE = Path(mock_services.core.__file__).parent
ABOVE_THE_CORE = (
    "mock_services.registry",
    "mock_services.platform",
    "mock_services.cli",
    "mock_services.wsgi",
    *sorted({module.rsplit(".", 1)[0] for module in SERVICE_MODULES.values()}),
    "mock_services.shop",
    "mock_services.airline",
    "mock_services.email",
    "mock_services.calendar",
    "mock_services.expense",
    "mock_services.health",
    "mock_services.social",
    "mock_services.todolist",
)


def imported_modules(path: Path) -> Iterator[tuple[int, str]]:
    """``(line, module)`` of every import in a core module, at any depth; a relative import is
    made absolute, and ``from package import name`` also yields ``package.name``."""
    package = "mock_services.core"
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            yield node.lineno, module
            for alias in node.names:
                yield node.lineno, f"{module}.{alias.name}"
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            yield node.lineno, str(node.args[0].value)


def reaches_above(module: str) -> bool:
    return any(module == top or module.startswith(f"{top}.") for top in ABOVE_THE_CORE)


@pytest.mark.parametrize("path", sorted(CORE.rglob("*.py")), ids=lambda p: p.name)
def test_core_module_imports_nothing_above_the_core(path: Path) -> None:
    wrong = [
        f"line {line}: {module}" for line, module in imported_modules(path) if reaches_above(module)
    ]
    assert not wrong, f"{path} reaches above the core: {wrong}"


def test_the_check_sees_imports_inside_functions_and_relative_ones(tmp_path: Path) -> None:
    """The checker itself: each way of importing a service or the registry is caught."""
    module = tmp_path / "sample.py"
    module.write_text(
        "import mock_services.shop.logic\n"
        "def later():\n"
        "    from mock_services.registry import get_spec\n"
        "    from .. import email\n"
        "    importlib.import_module('mock_services.calendar.service')\n"
        "from mock_services.core import clock\n"
    )
    found = [module for _, module in imported_modules(module) if reaches_above(module)]
    assert found == [
        "mock_services.shop.logic",
        "mock_services.registry",
        "mock_services.registry.get_spec",
        "mock_services.email",
        "mock_services.calendar.service",
    ]

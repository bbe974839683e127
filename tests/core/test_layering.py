"""The house rules of ``../shared/DESIGN.md`` that imports can break, each guarded here:

- the core's floors: a core module imports only its own floor and the floors below it (a type
  named under ``if TYPE_CHECKING:`` included), never a service, the registry or anything above
  the core, and no module is on an import cycle;
- no import of our own packages inside a function (the way a cycle used to be dodged);
- no service imports another service, and ``mock_services`` never imports ``taskkit``;
- a service writes no MCP code: its tools come from the core (no service imports ``mcp``);
- a task's verifier reaches the services only through the SDK (``mock_services.verify``), which
  loads neither the web framework nor the ORM (a verifier runs once per trial: it starts fast);
- ``tasks.py`` is a thin front door: it imports only ``taskkit``, never a service or the core.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import mock_services
from mock_services.registry import SERVICE_MODULES

ROOT = Path(mock_services.__file__).parent.parent
PACKAGE = ROOT / "mock_services"
CORE = PACKAGE / "core"
FLOORS = ("base", "data", "seeding", "spec", "web", "mcp", "docs", "serve")
SERVICES = sorted({module.split(".")[1] for module in SERVICE_MODULES.values()})
OURS = ("mock_services", "taskkit")


@dataclass(frozen=True)
class Import:
    line: int
    module: str
    in_function: bool
    type_only: bool = False  # under ``if TYPE_CHECKING:``: names a type, never runs


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, root: Path = ROOT) -> Iterator[Import]:
    """Every import in ``path`` at any depth, made absolute; ``from package import name`` also
    yields ``package.name``; ``type_only`` marks those under ``if TYPE_CHECKING:``."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def visit(node: ast.AST, in_function: bool, type_only: bool) -> Iterator[Import]:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(node.lineno, alias.name, in_function, type_only)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            module = ".".join(
                part for part in (base if node.level else "", node.module or "") if part
            )
            yield Import(node.lineno, module, in_function, type_only)
            for alias in node.names:
                yield Import(node.lineno, f"{module}.{alias.name}", in_function, type_only)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            yield Import(node.lineno, str(node.args[0].value), in_function, type_only)
        nested = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        typing = type_only or (
            isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING")
        )
        for child in ast.iter_child_nodes(node):
            yield from visit(child, nested, typing)

    yield from visit(ast.parse(path.read_text(), str(path)), False, False)


def within(module: str, top: str) -> bool:
    return module == top or module.startswith(f"{top}.")


def floor_of(module: str) -> str | None:
    """The floor a ``mock_services.core`` module (or a name in it) stands on."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["mock_services", "core"] else None


def core_files() -> list[Path]:
    return sorted(CORE.rglob("*.py"))


def ours(paths: list[Path]) -> list[tuple[Path, Import]]:
    return [(p, i) for p in paths for i in imports_of(p) if any(within(i.module, t) for t in OURS)]


def test_every_core_module_stands_on_a_floor() -> None:
    loose = [p.name for p in CORE.glob("*.py") if p.name != "__init__.py"]
    unknown = [p.name for p in CORE.iterdir() if p.is_dir() and p.name not in FLOORS]
    unknown = [name for name in unknown if name not in ("templates", "__pycache__")]
    assert not loose, f"core modules outside a floor (move each into one of {FLOORS}): {loose}"
    assert not unknown, f"core folders that are no floor (known: {FLOORS}): {unknown}"


def upward_imports(path: Path, root: Path = ROOT) -> list[str]:
    """The imports of core module ``path`` that reach above its floor or out of the core,
    those under ``if TYPE_CHECKING:`` too: naming a type from above is leaning on that floor
    (move the type down, or describe what is used with a Protocol on the lower floor)."""
    own = floor_of(module_name(path, root))
    wrong = []
    for found in imports_of(path, root):
        if not within(found.module, "mock_services") and not within(found.module, "taskkit"):
            continue
        floor = floor_of(found.module)
        if floor is None and found.module != "mock_services.core":
            wrong.append(f"line {found.line}: {found.module} (above the core)")
        elif floor is not None and own is not None and FLOORS.index(floor) > FLOORS.index(own):
            wrong.append(f"line {found.line}: {found.module} (floor {floor!r} is above {own!r})")
    return wrong


@pytest.mark.parametrize("path", core_files(), ids=lambda p: str(p.relative_to(CORE)))
def test_core_module_imports_only_its_floor_and_below(path: Path) -> None:
    wrong = upward_imports(path)
    assert not wrong, f"{path.relative_to(ROOT)} imports upward: {wrong}"


def test_no_core_module_is_on_an_import_cycle() -> None:
    graph: dict[str, set[str]] = {}
    modules = {module_name(p): p for p in core_files()}
    for name, path in modules.items():
        runs = (i.module for i in imports_of(path) if not i.type_only)
        graph[name] = {module for module in runs if module in modules} - {name}
    cycle = find_cycle(graph)
    assert cycle is None, f"the core's modules import each other in a cycle: {' -> '.join(cycle)}"


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` (as the path that closes it), or None."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node], path[len(path) :] = "open", [node]
        for target in sorted(graph.get(node, ())):
            if state.get(target) == "open":
                return [*path[path.index(target) :], target]
            if target not in state and (found := visit(target)):
                return found
        state[node] = "done"
        path.pop()
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


LAZY = "# lazy:"
"""The mark of an import kept inside a function on purpose (a start-up cost saved), with why."""


@pytest.mark.parametrize("package", ["mock_services", "taskkit"])
def test_an_import_inside_a_function_is_lazy_on_purpose(package: str) -> None:
    """Never a cycle dodged (the floor and cycle tests count these imports like any other): an
    import inside a function says on its line why it is late (``# lazy: <why>``)."""
    paths = sorted((ROOT / package).rglob("*.py"))
    unmarked = sorted(
        {
            f"{p.relative_to(ROOT)}:{i.line} {i.module}"
            for p, i in ours(paths)
            if i.in_function and LAZY not in statement_text(p, i.line)
        }
    )
    assert not unmarked, (
        "imports inside functions without a reason: import each at the top (moving the code "
        f"to the floor it belongs on), or say on the line why it is late ({LAZY} ...): {unmarked}"
    )


def statement_text(path: Path, line: int) -> str:
    """The import statement starting at ``line`` (to its closing parenthesis)."""
    lines = path.read_text().splitlines()[line - 1 :]
    end = next((n for n, text in enumerate(lines) if "(" not in lines[0] or ")" in text), 0)
    return "\n".join(lines[: end + 1])


@pytest.mark.parametrize("service", SERVICES)
def test_a_service_imports_no_other_service_and_no_toolkit(service: str) -> None:
    others = [f"mock_services.{other}" for other in SERVICES if other != service]
    wrong = [
        f"{p.relative_to(ROOT)}:{i.line} {i.module}"
        for p, i in ours(sorted((PACKAGE / service).rglob("*.py")))
        if any(within(i.module, top) for top in (*others, "taskkit", "mock_services.registry"))
    ]
    assert not wrong, f"{service} reaches into another service or above: {sorted(set(wrong))}"


@pytest.mark.parametrize("service", SERVICES)
def test_a_service_writes_no_mcp_code(service: str) -> None:
    """Tools are made from the service's routes by the core (``mock_services.core.mcp``)."""
    paths = sorted((PACKAGE / service).rglob("*.py"))
    wrong = [
        f"{p.relative_to(ROOT)}:{i.line} {i.module}"
        for p in paths
        for i in imports_of(p)
        if within(i.module, "mcp") or within(i.module, "mock_services.core.mcp")
    ]
    assert not wrong, f"{service} imports MCP code (its tools come from its routes): {wrong}"


def test_mock_services_never_imports_taskkit() -> None:
    wrong = [
        f"{p.relative_to(ROOT)}:{i.line} {i.module}"
        for p, i in ours(sorted(PACKAGE.rglob("*.py")))
        if within(i.module, "taskkit")
    ]
    assert not wrong, f"mock_services runs in the container, where taskkit is not: {wrong}"


def test_task_verifiers_reach_the_services_only_through_the_sdk() -> None:
    verifiers = sorted((ROOT / "tasks").glob("**/tests/*.py"))
    wrong = [
        f"{p.relative_to(ROOT)}:{i.line} {i.module}"
        for p, i in ours(verifiers)
        if not within(i.module, "mock_services.verify")
    ]
    assert verifiers, "no task verifiers found under tasks/"
    assert not wrong, f"verifiers importing around the SDK (mock_services.verify): {wrong}"


HEAVY = ("flask", "werkzeug", "jinja2", "sqlalchemy")
"""What a service needs and a verifier does not."""
_FIRST_IMPORTERS = f"""
import builtins, json, sys
heavy, found, load = {HEAVY!r}, {{}}, builtins.__import__
def noting(name, globals=None, *rest, **named):
    top = name.partition(".")[0]
    if top in heavy and top not in sys.modules and top not in found:
        found[top] = (globals or {{}}).get("__name__", "?")
    return load(name, globals, *rest, **named)
builtins.__import__ = noting
import mock_services.verify
mock_services.verify.check_names("shop", "POST /api/orders/*/cancel")  # a shipped service's names
print(json.dumps(found))
"""


@pytest.mark.process  # runs a subprocess
def test_the_verifier_sdk_loads_neither_the_web_framework_nor_the_orm() -> None:
    done = subprocess.run(
        [sys.executable, "-I", "-c", _FIRST_IMPORTERS], capture_output=True, text=True, check=True
    )
    loaded = json.loads(done.stdout)
    assert not loaded, (
        f"importing mock_services.verify or checking a shipped service's names loads "
        f"(package: first importer) {loaded}"
    )


def test_tasks_py_is_a_thin_front_door() -> None:
    path = ROOT / "tasks.py"
    wrong = [
        f"line {i.line}: {i.module}" for i in imports_of(path) if within(i.module, "mock_services")
    ]
    classes = [n.name for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.ClassDef)]
    assert not wrong, f"tasks.py imports the services directly (go through taskkit): {wrong}"
    assert not classes, f"tasks.py declares classes (logic belongs in taskkit): {classes}"


def test_the_checks_see_every_kind_of_import(tmp_path: Path) -> None:
    """The checker itself: relative, nested, late and ``import_module`` imports are all seen."""
    module = tmp_path / "mock_services" / "core" / "data" / "sample.py"
    module.parent.mkdir(parents=True)
    module.write_text(
        "import mock_services.shop.logic\n"
        "from ..web import runtime\n"
        "def later():\n"
        "    from mock_services.registry import get_spec\n"
        "    importlib.import_module('mock_services.calendar.service')\n"
        "if TYPE_CHECKING:\n"
        "    from mock_services.core.spec.api import Ctx\n"
    )
    found = [(i.module, i.in_function) for i in imports_of(module, tmp_path)]
    assert found == [
        ("mock_services.shop.logic", False),
        ("mock_services.core.web", False),
        ("mock_services.core.web.runtime", False),
        ("mock_services.registry", True),
        ("mock_services.registry.get_spec", True),
        ("mock_services.calendar.service", True),
        ("mock_services.core.spec.api", False),
        ("mock_services.core.spec.api.Ctx", False),
    ]
    assert [i.type_only for i in imports_of(module, tmp_path)][-2:] == [True, True]
    assert "line 7: mock_services.core.spec.api.Ctx (floor 'spec' is above 'data')" in (
        upward_imports(module, tmp_path)
    ), "a type named from above counts"
    assert floor_of("mock_services.core.web.runtime") == "web"
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize("package", ["mock_services", "taskkit", "bench", "tests"])
def test_no_module_borrows_another_modules_private_names(package: str) -> None:
    """What another module needs is public under a name that says what it is: a
    ``from module import _name`` of our own packages is a borrowed private."""
    borrowed = []
    for path in sorted((ROOT / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.ImportFrom) or not (
                node.level or (node.module or "").split(".")[0] in (*OURS, "bench", "tests")
            ):
                continue
            names = [a.name for a in node.names if a.name.startswith("_")]
            borrowed += [
                f"{path.relative_to(ROOT)}:{node.lineno} {n}" for n in names if n[1] != "_"
            ]
    assert not borrowed, f"private names imported from another module: {borrowed}"

"""``invoke new-service NAME``: a working service on the kit (model, seed with a default world,
API, UI page, MCP tools and ``/docs`` from the core, tests), registered, on a free port."""

from __future__ import annotations

import importlib.util
import json
import keyword
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mock_services.core.base.cast import CAST
from mock_services.registry import SERVICE_MODULES, all_specs
from taskkit.scaffold import render
from taskkit.task_model import DOMAINS

NAME_PATTERN = r"^[a-z][a-z0-9]{1,19}$"
FIRST_PORT = 5100
"""New services take the first free port from here (the shipped ones sit below, 1234-5006)."""
RESERVED_PORTS = frozenset({5999})  # the core's test service (tests/core/notes_service.py)
REGISTRY = Path("mock_services/registry.py")
RESERVED_NAMES = frozenset(
    {"all", "api", "admin", "docs", "mcp", "health", "login", "logout", "static", "test", "tests"}
    | {"bench", "images", "metadata", "tasks", "taskkit"}
)
"""Words a command line or a URL already gives a meaning (``mock-services serve all``)."""
SERVICES_README = Path("mock_services/README.md")
REGISTRY_END = "\n}\n"
"""How ``SERVICE_MODULES`` ends in the registry: the new service's line goes right before."""
PACKAGE_FILES = (
    "__init__.py",
    "models.py",
    "schemas.py",
    "seed.py",
    "items.py",
    "api.py",
    "ui.py",
    "service.py",
    "default_seed.json",
    "README.md",
    "templates/@@name@@/layout.html",
    "templates/@@name@@/items.html",
    "templates/@@name@@/item.html",
)
DEFAULT_USERS = ("alice", "bob")
TEST_FILES = ("__init__.py", "conftest.py", "test_api.py", "test_seed.py", "test_ui.py")


class ServiceScaffoldError(ValueError):
    """A new service that cannot be written as asked: the message says what and why."""


class NewService(BaseModel):
    """What ``invoke new-service`` is asked for."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(pattern=NAME_PATTERN, description="package, URL and seed-section name")
    title: str = Field(
        "",
        max_length=60,
        pattern=r"^$|^[^\s\"\\`<>]([^\"\\`<>]*[^\s\"\\`<>])?$",
        description="default: the name, capitalised; no quotes, backslashes, backticks or <>",
    )
    port: int = Field(0, ge=0, le=65535, description="default: the first free one from 5100")
    domain: str = Field("Documents & Knowledge", description="a LiveClawBench domain")


@dataclass(frozen=True)
class ServicePlan:
    """The files a new service gets, by path relative to the checkout, and its facts."""

    service: NewService
    title: str
    port: int
    files: dict[Path, str]


def _taken(root: Path, name: str) -> str | None:
    """Why ``name`` cannot be a new service's, or None."""
    package = root / "mock_services"
    if name in SERVICE_MODULES:
        return "a service already"
    if name in RESERVED_NAMES:
        return "a word the command lines and URLs use"
    if name in {p.stem for p in package.iterdir()} or (root / "tests" / name).exists():
        return f"mock_services/{name} or tests/{name} exists"
    if name in sys.stdlib_module_names or keyword.iskeyword(name):
        return "a standard module or a Python keyword"
    if importlib.util.find_spec(name) is not None:
        return "a module Python already imports (an installed package)"
    return None


def _free_port(asked: int) -> int:
    used = {spec.port: name for name, spec in all_specs().items()}
    if asked:
        if asked < 1024:
            raise ServiceScaffoldError(
                f"--port {asked}: expected 1024-65535 (0: the first free one)"
            )
        if asked in used or asked in RESERVED_PORTS:
            owner = used.get(asked, "the core's test service")
            raise ServiceScaffoldError(f"--port {asked}: already {owner}'s port")
        return asked
    return next(p for p in range(FIRST_PORT, 65536) if p not in used and p not in RESERVED_PORTS)


def parse(name: str, title: str = "", port: int = 0, domain: str = "") -> NewService:
    """The options, validated: each refusal names the option, the value and what is expected."""
    try:
        options = NewService(
            name=name, title=title, port=port, **({"domain": domain} if domain else {})
        )
    except ValidationError as exc:
        error = exc.errors()[0]
        field = error["loc"][0]
        raise ServiceScaffoldError(
            f"--{field} {error['input']!r}: {error['msg']}"
            + (
                " (2-20 lowercase letters and digits, starting with a letter)"
                if field == "name"
                else ""
            )
        ) from None
    if options.domain not in DOMAINS:
        raise ServiceScaffoldError(
            f"--domain {options.domain!r}: expected one of {', '.join(repr(d) for d in DOMAINS)}"
        )
    return options


def plan(root: Path, options: NewService) -> ServicePlan:
    """Every file of the new service, rendered; nothing is written."""
    why = _taken(root, options.name)
    if why is not None:
        raise ServiceScaffoldError(f"name {options.name!r}: taken ({why}); choose another")
    title = options.title or options.name.capitalize()
    port = _free_port(options.port)
    values = {
        "name": options.name,
        "Name": options.name.capitalize(),
        "title": title,
        "title_literal": json.dumps(title),
        "port": str(port),
        "domain": options.domain,
        "users": _cast_users(),
    }
    files: dict[Path, str] = {}
    for name in PACKAGE_FILES:
        target = Path("mock_services", options.name, name.replace("@@name@@", options.name))
        files[target] = render(f"service/package/{name}.tmpl", values)
    for name in TEST_FILES:
        files[Path("tests", options.name, name)] = render(f"service/tests/{name}.tmpl", values)
    return ServicePlan(options, title, port, files)


def _cast_users() -> str:
    """The default seed's users: alice and bob as the cast has them in every service."""
    users = [
        {
            "username": name,
            "password": f"{name}-pass",
            "display_name": CAST[name].full_name,
            "email": CAST[name].email,
        }
        for name in DEFAULT_USERS
    ]
    return json.dumps(users, indent=2).replace("\n", "\n  ")


def registered(registry_text: str, name: str) -> str:
    """The registry with ``name`` added last to ``SERVICE_MODULES``."""
    start = registry_text.index("SERVICE_MODULES = {")
    end = registry_text.find(REGISTRY_END, start)
    if end < 0:
        raise ServiceScaffoldError(f"{REGISTRY}: SERVICE_MODULES does not end with '}}' alone")
    line = f'\n    "{name}": "mock_services.{name}.service",'
    return registry_text[:end] + line + registry_text[end:]


def write(root: Path, service_plan: ServicePlan) -> list[Path]:
    """Write the files (refusing to overwrite any) and register the service; the paths written."""
    existing = [path for path in service_plan.files if (root / path).exists()]
    if existing:
        raise ServiceScaffoldError(
            f"would overwrite {', '.join(map(str, existing))}: remove them first"
        )
    name = service_plan.service.name
    registry, readme = root / REGISTRY, root / SERVICES_README
    kept = {path: path.read_text() for path in (registry, readme)}
    try:
        registry.write_text(registered(kept[registry], name))
        for path, content in service_plan.files.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(content)
        _tidy(root, [path for path in service_plan.files if path.suffix == ".py"])
        readme.write_text(with_guide_row(kept[readme], name, _guide_size(root, name)))
        names = _write_names(root, name)
    except BaseException:  # all or nothing: a half-written service breaks every other one
        for path, text in kept.items():
            path.write_text(text)
        for folder in (root / "mock_services" / name, root / "tests" / name):
            shutil.rmtree(folder, ignore_errors=True)
        raise
    return [*service_plan.files, names, REGISTRY, SERVICES_README]


GUIDE_ROW = re.compile(r"^\| `\w+` \| ~\d+ \|$", re.MULTILINE)


def with_guide_row(readme: str, name: str, tokens: int) -> str:
    """The services README with ``name``'s row added last to its table of guide sizes."""
    rows = list(GUIDE_ROW.finditer(readme))
    if not rows:
        raise ServiceScaffoldError(
            f"{SERVICES_README}: no table of overview sizes ('| `shop` | ~833 |')"
        )
    end = rows[-1].end()
    return readme[:end] + f"\n| `{name}` | ~{tokens} |" + readme[end:]


def _guide_size(root: Path, name: str) -> int:
    """The new service's ``/docs`` overview in estimated tokens, read from its app (run in a
    process of its own: this one has imported the services as they were)."""
    script = (
        "import sys, tempfile; from pathlib import Path\n"
        "from mock_services.core.base.settings import Settings\n"
        "from mock_services.core.docs.guide import estimate_tokens\n"
        "from mock_services.core.serve.app import create_app\n"
        "from mock_services.core.serve.seeding import seed_service\n"
        "from mock_services.registry import get_spec\n"
        "spec = get_spec(sys.argv[1])\n"
        "with tempfile.TemporaryDirectory() as folder:\n"
        "    settings = Settings(data_dir=Path(folder))\n"
        "    seed_service(spec, spec.default_seed(), settings)\n"
        "    text = create_app(spec, settings).test_client().get('/docs').get_data(as_text=True)\n"
        "    print(estimate_tokens(text))\n"
    )
    found = subprocess.run(
        [sys.executable, "-c", script, name], cwd=root, capture_output=True, text=True, check=False
    )
    if found.returncode != 0:
        raise ServiceScaffoldError(
            f"the new service {name!r} does not start:\n{found.stderr[-2000:]}"
        )
    return int(found.stdout.split()[-1])


def _write_names(root: Path, name: str) -> Path:
    """The new service's ``names.json``, which verifiers check names against, written from
    its app by the command a maintainer runs after a change (in a process of its own)."""
    written = subprocess.run(
        [sys.executable, "-m", "mock_services.names_index", name],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    if written.returncode != 0:
        raise ServiceScaffoldError(
            f"cannot write the new service {name!r}'s names:\n{written.stderr[-2000:]}"
        )
    return Path("mock_services", name, "names.json")


def _tidy(root: Path, paths: list[Path]) -> None:
    """Sort the imports (their order depends on the service's name) and format, as CI checks."""
    for command in (["check", "--fix-only", "--quiet"], ["format", "--quiet"]):
        subprocess.run(
            [sys.executable, "-m", "ruff", *command, *map(str, paths)], cwd=root, check=True
        )


def new_service(root: Path, options: NewService) -> ServicePlan:
    service_plan = plan(root, options)
    write(root, service_plan)
    return service_plan

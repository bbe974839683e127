"""``invoke new-service``: a working service on the kit, refused names and ports said plainly,
and the generated service passing its own tests in a copy of the checkout."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mock_services.registry import all_specs
from taskkit import service_scaffold
from taskkit.service_scaffold import (
    FIRST_PORT,
    ServiceScaffoldError,
    new_service,
    parse,
    plan,
    registered,
    with_guide_row,
)

ROOT = Path(__file__).resolve().parents[2]
COPIED = (
    "bench",
    "mock_services",
    "taskkit",
    "metadata",
    "tasks",
    "images/base",
    "pyproject.toml",
    "registry.json",
)
IGNORED = ("__pycache__", "*.pyc")
BENCH_FILES = ("bench/versus_bare.py", "bench/load.py")
"""The benchmarks read a new service's facts from its spec: nothing is written into them."""


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"name": "Shop2"}, "--name 'Shop2': String should match pattern"),
        ({"name": "x"}, "--name 'x': String should match pattern '^[a-z][a-z0-9]{1,19}$' (2-20"),
        ({"name": "demo", "port": 70000}, "--port 70000: Input should be less than"),
        ({"name": "demo", "domain": "Gardening"}, "--domain 'Gardening': expected one of"),
        ({"name": "demo", "title": 'a "q" b'}, "--title 'a \"q\" b': String should match"),
        ({"name": "demo", "title": "  "}, "--title '  ': String should match"),
    ],
)
def test_bad_options_are_refused_naming_the_option(options: dict, message: str) -> None:
    with pytest.raises(ServiceScaffoldError, match=re.escape(message)):
        parse(**options)


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("shop", "a service already"),
        ("all", "a word the command lines and URLs use"),
        ("core", "mock_services/core or tests/core exists"),
        ("toolkit", "mock_services/toolkit or tests/toolkit exists"),
        ("json", "a standard module or a Python keyword"),
        ("class", "a standard module or a Python keyword"),
        ("flask", "a module Python already imports"),
    ],
)
def test_a_taken_name_is_refused_saying_why(name: str, why: str) -> None:
    with pytest.raises(ServiceScaffoldError, match=re.escape(f"name '{name}': taken ({why}")):
        plan(ROOT, parse(name))


def test_a_taken_or_privileged_port_is_refused() -> None:
    with pytest.raises(ServiceScaffoldError, match="--port 1234: already shop's port"):
        plan(ROOT, parse("demo", port=1234))
    with pytest.raises(ServiceScaffoldError, match="--port 80: expected 1024-65535"):
        plan(ROOT, parse("demo", port=80))


def test_the_plan_takes_the_first_free_port_and_every_file() -> None:
    made = plan(ROOT, parse("demo"))
    used = {spec.port for spec in all_specs().values()}
    assert made.port == min(p for p in range(FIRST_PORT, 65536) if p not in used | {5999})
    assert made.title == "Demo"
    paths = {str(path) for path in made.files}
    assert {"mock_services/demo/service.py", "mock_services/demo/seed.py"} <= paths
    assert {"tests/demo/test_api.py", "tests/demo/test_ui.py", "tests/demo/test_seed.py"} <= paths
    assert not [text for text in made.files.values() if "@@" in text]


def test_the_registry_gets_the_service_last() -> None:
    text = 'X = 1\nSERVICE_MODULES = {\n    "shop": "mock_services.shop.service",\n}\n'
    assert registered(text, "demo").endswith(
        '    "shop": "mock_services.shop.service",\n    "demo": "mock_services.demo.service",\n}\n'
    )
    with pytest.raises(ServiceScaffoldError, match="SERVICE_MODULES does not end"):
        registered("SERVICE_MODULES = {'shop': 'x'}", "demo")


def test_the_guide_table_gets_the_service_last() -> None:
    readme = (
        "| service | overview tokens |\n|---|---|\n| `shop` | ~833 |\n| `email` | ~811 |\n\nMore.\n"
    )
    assert with_guide_row(readme, "demo", 420) == (
        "| service | overview tokens |\n|---|---|\n| `shop` | ~833 |\n| `email` | ~811 |\n"
        "| `demo` | ~420 |\n\nMore.\n"
    )
    with pytest.raises(ServiceScaffoldError, match="no table of overview sizes"):
        with_guide_row("# nothing here\n", "demo", 420)


@pytest.fixture
def checkout_copy(tmp_path: Path) -> Path:
    """The parts of this checkout a service and its tests need, copied."""
    ignore = shutil.ignore_patterns(*IGNORED)
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=ignore, symlinks=True)
        else:
            shutil.copy2(source, tmp_path / name)
    # the suite's tests (they run over every registered service), not the importers' data
    shutil.copytree(
        ROOT / "tests", tmp_path / "tests", ignore=shutil.ignore_patterns("importers", *IGNORED)
    )
    return tmp_path


@pytest.mark.process  # runs ruff on the written files
def test_a_failed_write_leaves_nothing_behind(
    checkout_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """All or nothing: a service that does not start is taken out again, registry included."""
    registry = (checkout_copy / "mock_services" / "registry.py").read_text()
    readme = (checkout_copy / "mock_services" / "README.md").read_text()

    def broken(root: Path, name: str) -> int:
        raise ServiceScaffoldError(f"the new service {name!r} does not start")

    monkeypatch.setattr(service_scaffold, "_guide_size", broken)
    with pytest.raises(ServiceScaffoldError, match="does not start"):
        new_service(checkout_copy, parse("demo"))
    assert (checkout_copy / "mock_services" / "registry.py").read_text() == registry
    assert (checkout_copy / "mock_services" / "README.md").read_text() == readme
    assert not (checkout_copy / "mock_services" / "demo").exists()
    assert not (checkout_copy / "tests" / "demo").exists()


def run(root: Path, *command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *command], cwd=root, capture_output=True, text=True, timeout=600
    )


@pytest.mark.process
@pytest.mark.slow
def test_the_new_service_passes_its_tests_and_the_toolkit_takes_it(checkout_copy: Path) -> None:
    bench = {path: (checkout_copy / path).read_text() for path in BENCH_FILES}
    made = new_service(checkout_copy, parse("demo", title="Demo list"))
    assert bench == {p: (checkout_copy / p).read_text() for p in BENCH_FILES}, "facts: the spec"
    tests = run(
        checkout_copy,
        *("-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/demo", "tests/services"),
        *("tests/mcp", "tests/core", "tests/verify/test_shipped_names.py"),
        *("-k", "demo"),
        *("-m", "not docker and not browser"),
    )
    assert tests.returncode == 0, f"the generated tests failed:\n{tests.stdout[-3000:]}"
    assert " passed" in tests.stdout and "skipped" not in tests.stdout, tests.stdout[-500:]
    lint = run(checkout_copy, "-m", "ruff", "check", "mock_services/demo", "tests/demo")
    assert lint.returncode == 0, f"the generated code fails ruff:\n{lint.stdout}"
    served = run(
        checkout_copy,
        "-c",
        "from mock_services.registry import get_spec; s = get_spec('demo'); "
        "print(s.port, s.title, s.domain)",
    )
    assert served.stdout.split() == [str(made.port), "Demo", "list", "Documents", "&", "Knowledge"]
    benched = run(  # the bench's read by key: the spec's listing answers with the new rows
        checkout_copy,
        "-c",
        "import tempfile; from pathlib import Path; from bench.versus_bare import main_record; "
        "from mock_services.core.base.settings import Settings; "
        "from mock_services.core.serve.app import create_app; "
        "from mock_services.core.serve.seeding import seed_service; "
        "from mock_services.registry import get_spec; spec = get_spec('demo'); "
        "folder = Path(tempfile.mkdtemp()); settings = Settings(data_dir=folder); "
        "seed_service(spec, spec.default_seed(), settings); "
        "client = create_app(spec, settings).test_client(); "
        "login = {'username': 'alice', 'password': 'alice-pass'}; "
        "token = client.post('/api/auth/login', json=login); "
        "headers = {'Authorization': 'Bearer ' + token.get_json()['token']}; "
        "page = client.get(main_record('demo').listing, headers=headers).get_json(); "
        "first = page['items'][0]['id']; "
        "print(client.get(f'/api/items/{first}', headers=headers).status_code)",
    )
    assert benched.stdout.split() == ["200"], (
        f"no read by key for the bench:\n{benched.stderr[-2000:]}"
    )
    soaked = run(  # the soak's workload of the new service, its calls accepted (audit, stop 51)
        checkout_copy,
        *("-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/toolkit/test_bench_load.py"),
    )
    assert soaked.returncode == 0, f"the bench's workloads fail:\n{soaked.stdout[-3000:]}"
    readme = (checkout_copy / "mock_services" / "README.md").read_text()
    assert re.search(r"^\| `demo` \| ~\d+ \|$", readme, re.MULTILINE), "no guide-size row"
    task = run(
        checkout_copy,
        "-m",
        "taskkit",
        "new-task",
        "demo-items-done",
        "--services",
        "demo",
        "--pattern",
        "service",
    )
    assert task.returncode == 0, f"new-task refused the new service:\n{task.stderr[-2000:]}"
    toml = (checkout_copy / "tasks" / "demo-items-done" / "task.toml").read_text()
    assert 'domain = "Documents & Knowledge"' in toml, toml
    images = run(
        checkout_copy,
        "-c",
        "from io import BytesIO; from pathlib import Path; "
        "from taskkit.images.layout import Layout; from taskkit.images.plan import make_plan; "
        "plan = make_plan(Layout.for_repo(Path('.').resolve()), os_image_id='sha256:0', "
        "tasks=['demo-items-done'], base_context=BytesIO); print(len(plan.nodes))",
    )
    assert images.returncode == 0, f"the image builder refused the task:\n{images.stderr[-2000:]}"
    startup = checkout_copy / "images/per_task/demo-items-done/startup.d/demo-items-done.sh"
    assert f"'demo|demo|{made.port}|file'" in startup.read_text()

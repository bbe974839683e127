"""Fixtures shared by every test area: seeded data directories and live service processes;
the hooks that mark tests by tier and guard the unmarked ones (``tests/tiers.py``)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.settings import (
    CHECK_FIXED_PARTS_VARIABLE,
    STRICT_STATUSES_VARIABLE,
    Settings,
)
from mock_services.core.seeding.serving import unserved
from mock_services.core.serve.process import ServiceProcess, free_port
from mock_services.core.serve.seeding import seed_service
from mock_services.registry import get_spec
from tests.helpers import ApiClient
from tests.tiers import guarded, mark_by_fixtures
from tests.worker_scopes import check_docker_file, make_scheduler

# an undeclared error status fails the test that meets it
os.environ[STRICT_STATUSES_VARIABLE] = "1"
# a page's fixed part drawn every time and compared with the one its key remembered
os.environ[CHECK_FIXED_PARTS_VARIABLE] = "1"

TEST_IMAGE_NAMESPACE = "pytest"  # the tag of the images tests build (liveclawbench-base:pytest)


@contextmanager
def image_namespace_for_tests() -> Iterator[str]:
    """Images built or run in the block carry the test runs' tag, never a maintainer's
    ``latest`` (``$LIVECLAW_IMAGE_NAMESPACE`` when set, else ``pytest``)."""
    from taskkit.images.layout import NAMESPACE_VARIABLE

    before = os.environ.get(NAMESPACE_VARIABLE)
    os.environ[NAMESPACE_VARIABLE] = before or TEST_IMAGE_NAMESPACE
    try:
        yield os.environ[NAMESPACE_VARIABLE]
    finally:
        if before is None:
            del os.environ[NAMESPACE_VARIABLE]


def seed_dir(
    data_dir: Path, service: str, document: dict[str, Any] | None = None, **clock: Any
) -> Settings:
    """Seed ``service`` into ``data_dir`` from ``document`` (its default seed when None).

    The default seed is built once per test run and its files copied into a ``data_dir`` that
    has no DB of the service yet: seeding gives the same bytes every time, and copying is
    ~50 times cheaper (most test modules start from the default seed)."""
    spec = get_spec(service)
    settings = Settings(data_dir=data_dir)
    name = spec.name  # a test's own spec is named by its module path ("tests.core.x:SPEC")
    if document is None and not clock and not settings.db_path(name).exists():
        with unserved(settings, [name], "seed"):
            template = _default_seeded(service)
            data_dir.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(template.pristine_path(name), settings.pristine_path(name))
            shutil.copyfile(template.db_path(name), settings.db_path(name))
        return settings
    seed_service(spec, spec.default_seed() if document is None else document, settings, **clock)
    return settings


_TEMPLATES = tempfile.TemporaryDirectory(prefix="default-seeds-")
"""Where ``seed_dir`` keeps each service's default seed built once (removed at exit)."""


@cache
def _default_seeded(service: str) -> Settings:
    """``service`` seeded from its default seed into its own folder of ``_TEMPLATES``."""
    spec = get_spec(service)
    settings = Settings(data_dir=Path(_TEMPLATES.name) / spec.name)
    seed_service(spec, spec.default_seed(), settings)
    return settings


@contextmanager
def running_service(
    service: str, data_dir: Path, seed: dict[str, Any] | None = None, **process: Any
) -> Iterator[ServiceProcess]:
    """Seed ``service`` into ``data_dir`` and serve it on a free port until the block ends."""
    seed_dir(data_dir, service, seed)
    server = ServiceProcess(service, free_port(), data_dir, **process).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def live_service(tmp_path: Path) -> Iterator[Callable[..., ApiClient]]:
    """Start a real server for a service: ``live_service("shop", seed=None, workers=1)``.

    Several services started in one test share one data directory, as in a task container.
    """
    started: list[ServiceProcess] = []
    data_dir = tmp_path / "mock-data"

    def start(
        service: str,
        seed: dict[str, Any] | None = None,
        *,
        workers: int = 1,
        threads: int = 2,
        **clock: Any,
    ) -> ApiClient:
        seed_dir(data_dir, service, seed, **clock)
        process = ServiceProcess(service, free_port(), data_dir, workers=workers, threads=threads)
        started.append(process)
        process.start()
        return ApiClient(process.url, process.admin_token)

    yield start
    for process in started:
        process.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium driven by Playwright (tests using it are marked ``browser``)."""
    from mock_services.browser import chromium

    with chromium() as launched:
        yield launched


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh browser page (own cookies) per test."""
    context = browser.new_context()
    yield context.new_page()
    context.close()


def _docker_running() -> bool:
    import subprocess

    try:
        return subprocess.run(["docker", "info"], capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    """An unmarked test's fixtures may start nothing (see ``tests/tiers.py``); a Docker test
    lives in a file named *docker* (``tests/worker_scopes.py``)."""
    check_docker_file(item)
    with guarded(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """An unmarked test may start nothing (see ``tests/tiers.py``)."""
    with guarded(item):
        return (yield)


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """How ``pytest -n`` shares the tests among its workers (``tests/worker_scopes.py``)."""
    return make_scheduler(config, log)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--sweep",
        action="store_true",
        help="run every case of the sampled sweeps (tests marked sweep), not only their sample "
        "(invoke test --sweep)",
    )


def sweeping(config: pytest.Config) -> bool:
    """Whether this run sweeps everything (``--sweep``) rather than the suite's samples."""
    return bool(config.getoption("--sweep"))


def _outside_the_sample(item: pytest.Item) -> bool:
    """A case of a ``sweep(sample=...)`` test whose parameter id is not in its sample."""
    marker = item.get_closest_marker("sweep")
    callspec = getattr(item, "callspec", None)
    if marker is None or callspec is None:
        return False
    return callspec.id not in marker.kwargs["sample"]


@pytest.hookimpl(tryfirst=True)  # before ``-m`` selects by the markers given here
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test by the process-starting fixtures it uses; on a developer machine without
    Docker or Chromium, skip those tests and say why.

    In CI (``CI`` set) nothing is skipped: ``.ci/run`` installs and starts what they need, and a
    missing dependency must fail loudly rather than hide the tests.
    """
    import os
    import shutil

    mark_by_fixtures(items)
    if not sweeping(config):
        left_out = [item for item in items if _outside_the_sample(item)]
        if left_out:
            config.hook.pytest_deselected(items=left_out)
            items[:] = [item for item in items if item not in left_out]
    if os.environ.get("CI"):
        return
    missing = {}
    if any("docker" in item.keywords for item in items) and not _docker_running():
        missing["docker"] = "no Docker daemon here (start dockerd; CI always runs these)"
    if not shutil.which("chromium") and not os.path.exists("/usr/bin/chromium"):
        missing["browser"] = "no Chromium here (apt-get install chromium; CI always runs these)"
    for item in items:
        for marker, reason in missing.items():
            if marker in item.keywords:
                item.add_marker(pytest.mark.skip(reason=reason))


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:  # type: ignore[no-untyped-def]
    """How many attacks on a task container were tried, and how many held (here, where the
    ``pytest -n`` controller reads it too: it loads no package's conftest)."""
    outcomes = {"passed": 0, "failed": 0, "skipped": 0}
    for outcome in outcomes:
        for report in terminalreporter.stats.get(outcome, []):
            if report.when in ("call", "setup") and "attack" in report.keywords:
                if outcome == "passed" and report.when == "setup":
                    continue
                outcomes[outcome] += 1
    tried = outcomes["passed"] + outcomes["failed"]
    if tried or outcomes["skipped"]:
        terminalreporter.write_line(
            "attacks as the agent user or through untrusted input: "
            f"{tried} tried, {outcomes['passed']} held, "
            f"{outcomes['failed']} succeeded, {outcomes['skipped']} not run"
        )

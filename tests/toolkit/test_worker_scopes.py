"""``pytest -n`` (tests/worker_scopes.py): every Docker test on one worker, a module at a time
elsewhere, and a Docker test outside a file named *docker* failed with the reason."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.worker_scopes import DOCKER_SCOPE, SPREAD, TierScopeScheduling

ROOT = Path(__file__).resolve().parents[2]
CONFTEST = """
import pytest
from tests.worker_scopes import check_docker_file, make_scheduler

def pytest_xdist_make_scheduler(config, log):
    return make_scheduler(config, log)

def pytest_runtest_setup(item):
    check_docker_file(item)
"""
MODULE = """
import os, time, pytest
{mark}
@pytest.mark.parametrize("n", range(4))
def test_runs(n):
    time.sleep(0.2)
    with open({log!r}, "a") as log:
        log.write(f"{{os.environ['PYTEST_XDIST_WORKER']}} {{__name__}}\\n")
"""


def test_docker_files_share_one_scope_and_spread_modules_go_test_by_test() -> None:
    scheduler = object.__new__(TierScopeScheduling)  # the split needs no state
    split = scheduler._split_scope
    assert split("tests/images/test_security_docker.py::test_x[a]") == DOCKER_SCOPE
    assert split("tests/tasks/test_docker_oracle.py::test_y") == DOCKER_SCOPE
    assert split("tests/core/test_clock.py::test_z[b]") == "tests/core/test_clock.py"
    assert split("tests/core/test_http.py::TestX::test_z") == "tests/core/test_http.py::TestX"
    (spread,) = SPREAD
    assert split(f"{spread}::test_t[airline]") == f"{spread}::test_t[airline]"


def run_project(tmp_path: Path, modules: dict[str, str]) -> subprocess.CompletedProcess[str]:
    (tmp_path / "conftest.py").write_text(CONFTEST)
    log = tmp_path / "ran.log"
    for name, mark in modules.items():
        (tmp_path / f"{name}.py").write_text(MODULE.format(mark=mark, log=str(log)))
    # only xdist of the installed plugins: schemathesis's, hypothesis's and the rest cost each
    # of the three processes seconds to import and take no part in scheduling
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    command = [sys.executable, "-m", "pytest", "-p", "xdist.plugin", "-n", "2", "-q"]
    command += ["-p", "no:cacheprovider"]
    return subprocess.run(
        [*command, str(tmp_path)], cwd=tmp_path, env=env, capture_output=True, text=True
    )


@pytest.mark.process
def test_pytest_n_runs_the_docker_files_on_one_worker(tmp_path: Path) -> None:
    docker = "pytestmark = pytest.mark.docker"
    done = run_project(
        tmp_path, {"test_a_docker": docker, "test_b_docker": docker, "test_plain": ""}
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    ran = [line.split() for line in (tmp_path / "ran.log").read_text().splitlines()]
    workers = {module: {w for w, m in ran if m == module} for _, module in ran}
    assert len(ran) == 12, ran
    assert workers["test_a_docker"] == workers["test_b_docker"], workers
    assert len(workers["test_a_docker"]) == 1, f"the Docker tests ran on {workers}"


@pytest.mark.process
def test_a_docker_test_outside_a_docker_file_is_refused(tmp_path: Path) -> None:
    done = run_project(tmp_path, {"test_plain": "pytestmark = pytest.mark.docker"})
    assert done.returncode == pytest.ExitCode.TESTS_FAILED, done.stdout + done.stderr
    assert "test_plain.py: a Docker test; expected it in a file named *docker*" in done.stdout

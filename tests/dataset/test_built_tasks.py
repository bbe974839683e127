"""Built tasks in the toolkit and in Harbor: `invoke validate` finds nothing, Harbor's loader
and lint accept them, and the no-Docker oracle runner scores one task of each record type 1.0
with its generated solve.sh and below 0.5 with the null agent (against the stand-in judge;
`invoke oracle --tasks-dir BUILD` runs every task); the pypi grader source installs the pinned
grader from a local package index."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import mock_services
from taskkit.dataset.build import build_dataset
from taskkit.dataset.task_files import PACKAGE_NAME, BuildOptions
from taskkit.oracle import run_trial
from taskkit.validate import validate
from tests.dataset.conftest import ROOT, SAMPLE
from tests.helpers import namespaces_allowed
from tests.tasks.harness import FAKE_JUDGE, JUDGE_ENV, JUDGE_PORT

needs_namespaces = pytest.mark.skipif(
    not namespaces_allowed(), reason="needs `ip` and unshare --mount --net (root or CAP_SYS_ADMIN)"
)
JUDGE_SIDECAR = [sys.executable, str(FAKE_JUDGE), str(JUDGE_PORT)]


def test_every_built_task_passes_validate_without_findings(built: Path) -> None:
    tasks = sorted(p.parent for p in built.glob("*/task.toml"))
    report = validate(built, tasks)
    assert report.tasks == len(tasks) >= 10
    assert [f"{f.file}: {f.rule}: {f.message}" for f in report.findings] == []


@pytest.mark.harbor  # runs the real Harbor (.venv-harbor)
@pytest.mark.slow
def test_harbor_loads_and_lints_every_built_task(built: Path) -> None:
    from taskkit.harbor_check import HarborUnavailable, check_tasks, ensure_harbor_venv

    try:
        python = ensure_harbor_venv()
    except HarborUnavailable as exc:
        pytest.fail(f"cannot build the Harbor venv: {exc}")
    results = check_tasks(python, sorted(p.parent for p in built.glob("*/task.toml")))
    assert [(r.task, r.problems) for r in results if not r.ok] == []
    assert len(results) >= 10


def _trial(task: Path, agent: str, **extra) -> tuple[str, str, float | None, str | None]:
    result = run_trial(task, agent=agent, env=JUDGE_ENV, sidecars=[JUDGE_SIDECAR], **extra)
    if result.trial_dir and result.ok:
        shutil.rmtree(result.trial_dir, ignore_errors=True)
    return task.name, agent, result.reward, result.error


@pytest.mark.process  # runs a subprocess
@needs_namespaces
@pytest.mark.slow
def test_oracle_scores_one_and_the_null_agent_below_half_on_each_record_type(built: Path) -> None:
    sample = _one_per_record_type(built)
    assert len(sample) == 4, sample  # extraction, calculation, summary, classification
    assert _checks(sample) == _checks(sorted(p.parent for p in built.glob("*/task.toml")))
    pairs = [(task, agent) for task in sample for agent in ("oracle", "null")]
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda pair: _trial(*pair), pairs))
    failures = [
        r
        for r in results
        if r[3] or (r[1] == "oracle" and r[2] != 1.0) or (r[1] == "null" and not r[2] < 0.5)
    ]
    assert failures == []
    assert len(results) == 2 * len(sample)


def _one_per_record_type(built: Path) -> list[Path]:
    """The first built task of each record type, in name order."""
    first: dict[str, Path] = {}
    for path in sorted(built.glob("*/task.toml")):
        record_type = tomllib.loads(path.read_text())["metadata"]["dataset"]["record_type"]
        first.setdefault(record_type, path.parent)
    return list(first.values())


def _checks(tasks: list[Path]) -> set[str]:
    """The kinds of criterion (exact, numeric, judge) the tasks' rubrics grade by."""
    rubrics = [json.loads((t / "tests" / "rubrics.json").read_text())["rubric"] for t in tasks]
    return {criterion["check"] for rubric in rubrics for criterion in rubric["criteria"]}


@pytest.mark.process  # runs a subprocess
@needs_namespaces
def test_editable_grader_source_grades_from_tests_grader(tmp_path: Path) -> None:
    options = BuildOptions(grader_source="editable")
    build_dataset(SAMPLE, tmp_path, options=options, task_ids=["minutes-contract-award"])
    result = run_trial(tmp_path / "minutes-contract-award", agent="oracle", keep=True)
    assert (result.reward, result.error) == (1.0, None)
    report = json.loads((Path(result.trial_dir) / "logs/verifier/report.json").read_text())
    assert report["grader"]["path"] == "/tests/grader/mock_services"
    shutil.rmtree(result.trial_dir, ignore_errors=True)


@pytest.fixture(scope="module")
def package_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A PEP 503 index (a folder served by http.server) holding this package's wheel."""
    index = tmp_path_factory.mktemp("index")
    project = index / "simple" / PACKAGE_NAME
    project.mkdir(parents=True)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(project),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.fail(
            f"cannot build the wheel (the dev extras install `wheel`): {done.stderr[-500:]}"
        )
    shutil.rmtree(ROOT / "build", ignore_errors=True)  # setuptools' scratch folder
    return index


@pytest.mark.process  # runs a subprocess
@needs_namespaces
@pytest.mark.slow
def test_pypi_grader_source_installs_the_pinned_grader_from_the_index(
    package_index: Path, tmp_path: Path
) -> None:
    port = 8977
    options = BuildOptions(grader_source="pypi", package_index=f"http://127.0.0.1:{port}/simple")
    build_dataset(SAMPLE, tmp_path, options=options, task_ids=["pump-yearly-plan"])
    index = [
        sys.executable,
        "-m",
        "http.server",
        str(port),
        "--bind",
        "127.0.0.1",
        "--directory",
        str(package_index),
    ]
    result = run_trial(tmp_path / "pump-yearly-plan", agent="oracle", sidecars=[index], keep=True)
    trial = Path(result.trial_dir)
    assert (result.reward, result.error) == (1.0, None), (
        (trial / "verifier.log").read_text()[-2000:]
        if (trial / "verifier.log").exists()
        else result
    )
    report = json.loads((trial / "logs/verifier/report.json").read_text())
    assert report["grader"]["path"].startswith("/tmp/dataset-grader.")
    assert report["grader"]["version"] == mock_services.__version__
    shutil.rmtree(trial, ignore_errors=True)


def test_validating_built_tasks_from_the_repository_ignores_the_repos_case_ids(
    built: Path,
) -> None:
    """`invoke validate --task DIR/<id>` runs with this repository as its root: a built task's
    case_id (its dataset position) must not clash with the case ids of tasks/."""
    report = validate(ROOT, [built / "lease-key-terms", built / "minutes-decisions"])
    assert [f"{f.rule}: {f.message}" for f in report.findings] == []

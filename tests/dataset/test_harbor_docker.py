"""The sample dataset's tasks in the real Harbor (`invoke oracle --harbor`): the agent in the
base image, the verifier in its separate image built from tests/Dockerfile, reaching only the
judge. The oracle on a summary (graded by the judge and exactly) and an extraction (numbers and
exact text), the null agent on the first, two trials at a time (CI's time budget; the local
runner's test scores one task of each record type); every task: `invoke build-dataset
datasets/office-documents --out DIR`, then `invoke oracle --harbor --tasks-dir DIR` with a judge
configured."""

from __future__ import annotations

import json
import shutil
import tomllib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from taskkit.dataset.build import build_dataset
from taskkit.dataset.task_files import BuildOptions
from taskkit.images.layout import base_image
from taskkit.trial import TrialResult
from tests.conftest import image_namespace_for_tests
from tests.dataset.conftest import ROOT, SAMPLE
from tests.docker_daemon import docker_client, docker_missing, trial_detail
from tests.tasks.test_docker_oracle import judge_env  # noqa: F401

pytestmark = [pytest.mark.docker, pytest.mark.harbor, pytest.mark.slow]


@pytest.fixture(scope="module", autouse=True)
def image_namespace() -> Iterator[str]:
    """The images this module builds carry the test run's tag, never a maintainer's latest."""
    with image_namespace_for_tests() as namespace:
        yield namespace


@pytest.mark.timeout(3600)
def test_harbor_oracle_scores_a_summary_and_an_extraction_in_a_separate_verifier(
    judge_env: dict[str, str],  # noqa: F811
    tmp_path: Path,
) -> None:
    from taskkit.harbor_check import HarborUnavailable, ensure_harbor_venv
    from taskkit.oracle_docker import build_task_images
    from taskkit.oracle_harbor import INSTALL_COMPOSE, compose_v2_available, run_task

    docker_client()
    if not compose_v2_available():
        docker_missing(f"`docker compose` v2 is missing; install it with {INSTALL_COMPOSE}")
    try:
        harbor = ensure_harbor_venv().parent / "harbor"
    except HarborUnavailable as exc:
        pytest.fail(f"cannot build the Harbor venv: {exc}")
    build_task_images(["expense-report-csv"], root=ROOT, jobs=1)  # and liveclawbench-base
    dataset = tmp_path / "dataset"
    shutil.copytree(SAMPLE, dataset)
    manifest = json.loads((dataset / "dataset.json").read_text())
    manifest["judge"]["host"] = urlsplit(judge_env["JUDGE_BASE_URL"]).hostname
    (dataset / "dataset.json").write_text(json.dumps(manifest))
    out = tmp_path / "tasks"
    # Harbor's docker provider enforces an allowlist with images pulled from Docker Hub,
    # which this machine cannot reach: the verifier's network is public here
    options = BuildOptions(verifier_network="public", image=base_image())  # the run's own tag
    built = build_dataset(dataset, out, options=options)
    by_type: dict[str, str] = {}
    for task in built.tasks:
        record_type = tomllib.loads((out / task / "task.toml").read_text())["metadata"]["dataset"]
        by_type.setdefault(record_type["record_type"], task)
    # Harbor's part is the same for every record type (the verifier's image built from tests/,
    # the answers copied over, the judge reached): a summary needs the judge, an extraction
    # grades numbers. The null agent on the first: here it proves Harbor's verifier fails it.
    tasks = [by_type["summary"], by_type["extraction"]]
    trials = [(task, "oracle") for task in tasks] + [(tasks[0], "null")]

    def trial(pair: tuple[str, str]) -> TrialResult:
        return run_task(
            out / pair[0], agent=pair[1], jobs_dir=tmp_path / "jobs", env=judge_env, harbor=harbor
        )

    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(trial, trials))
    for result in results:
        if result.agent == "oracle":
            assert result.error is None and result.reward == 1.0, trial_detail(result)
        else:
            assert result.reward is not None and result.reward < 0.5, trial_detail(result)

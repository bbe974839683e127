"""The task set in real containers.

- ``invoke oracle --docker`` (``taskkit.oracle_docker``): a sample of the tasks that covers every
  service and kind of task (``DOCKER_SAMPLE``; the command itself runs them all) scores 1.0 with
  its oracle and below 1.0 with its first wrong solution, in containers of the image builder's
  images (the suite's only trials of these tasks' oracle); their null agent, which runs no
  script in the container, is held below 0.25 with the no-Docker runner (``test_tasks.py``).
- ``invoke oracle --harbor`` (``taskkit.oracle_harbor``): Harbor's own ``harbor run -a oracle
  -e docker`` scores a service task and a static task 1.0, and ``-a nop`` below 0.5
  on both; a wrong solution, run as Harbor's oracle on a staged copy, below 1.0.
- ``invoke oracle --ui --docker``: one task's UI solution scores 1.0 in its image built with
  Chromium and Playwright, driving them as the agent user.

Images are built once (slim base, reused by content hash, as the image tests do); trials run
in parallel (each container has its own network namespace, so the services' fixed ports never
clash). The LLM-judge task's stand-in judge (``taskkit/stand_in_judge.py``) listens on the
host's address on the default bridge (``docker0``), which every container reaches (Harbor's
compose network too: the address is the host's). Without a daemon these tests skip, except in
CI, where they fail.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from taskkit.agents import UI, WRONG_PREFIX, wrong_solutions
from taskkit.runview.load import load_run
from taskkit.runview.record import start_run
from taskkit.stand_in_judge import docker_host_address, host_judge
from taskkit.trial import TrialResult
from tests.docker_daemon import docker_client, docker_missing, trial_detail
from tests.tasks.harness import DOCKER_SAMPLE, ROOT

pytestmark = [pytest.mark.docker, pytest.mark.slow]
TASKS = sorted(DOCKER_SAMPLE)
UI_DOCKER_TASK = "social-prize-spam-block"
HARBOR_TASKS = {"shop-delivery-reminder": "service", "expense-report-csv": "static"}


@pytest.fixture(scope="module")
def judge_env() -> Iterator[dict[str, str]]:
    """The stand-in judge on the host's docker bridge address (which containers reach), and
    the variables that point the verifier at it (what `--judge local` does for containers)."""
    with host_judge(docker_host_address(docker_client())) as env:
        yield env


@pytest.fixture(scope="module")
def docker_trials(judge_env: dict[str, str]) -> dict[tuple[str, str], TrialResult]:
    from taskkit.oracle_docker import run_many

    tasks = [ROOT / "tasks" / t for t in TASKS]
    results = run_many(tasks, agents=["oracle"], jobs=3, env=judge_env)
    return {(r.task, r.agent): r for r in results}


@pytest.mark.timeout(1200)  # the first test pays for building the images and every trial
@pytest.mark.parametrize("task", TASKS)
def test_docker_oracle_scores_one_in_the_task_images(
    task: str, docker_trials: dict[tuple[str, str], TrialResult]
) -> None:
    oracle = docker_trials[(task, "oracle")]
    assert oracle.error is None and oracle.reward == 1.0, trial_detail(oracle)
    assert set(oracle.stages) >= {"build", "env_init", "agent", "verifier", "cleanup"}


@pytest.mark.timeout(1200)
def test_docker_wrong_solutions_score_below_one(
    docker_trials: dict, judge_env: dict[str, str], tmp_path: Path
) -> None:
    """The same plausible wrong solutions as without Docker (each task's first), in the task
    images (built by the trials above), recorded for the results viewer: the services'
    databases are copied out of each container before it goes."""
    from concurrent.futures import ThreadPoolExecutor

    from taskkit.oracle_docker import run_trial

    run_dir = tmp_path / "run"
    start_run(run_dir, runner="docker", agent="wrong", command="test", commit="")

    def wrong(task: str) -> TrialResult:
        task_dir = ROOT / "tasks" / task
        agent = WRONG_PREFIX + wrong_solutions(task_dir)[0]
        return run_trial(task_dir, agent=agent, env=judge_env, record=run_dir)

    with ThreadPoolExecutor(max_workers=3) as pool:
        results = dict(zip(TASKS, pool.map(wrong, TASKS), strict=True))
    for task, result in results.items():
        assert result.reward is not None and result.reward < 1.0, f"{task}: {trial_detail(result)}"
        assert "min_reward" not in (result.error or ""), f"{task}: {trial_detail(result)}"
    recorded = load_run(run_dir).trials
    assert sorted(t.task for t in recorded) == sorted(TASKS)
    with_services = [t for t in recorded if t.calls is not None]
    assert with_services, "no recorded trial holds its services' audit log"
    assert any(t.state for t in with_services), "no wrong solution changed a row"


@pytest.mark.timeout(1200)  # builds the image with Chromium (apt in a container, about a minute)
def test_docker_ui_solution_scores_one_with_the_images_chromium_as_the_agent_user() -> None:
    """``invoke oracle --ui --docker``: the task image is built with Chromium and Playwright
    (not slim) and the UI solution drives that Chromium as ``node`` inside the container."""
    from taskkit.oracle_docker import run_many

    docker_client()
    (result,) = run_many([ROOT / "tasks" / UI_DOCKER_TASK], agents=[UI], jobs=1)
    assert result.error is None and result.reward == 1.0, trial_detail(result)
    assert result.stages["agent"] > 0


@pytest.mark.harbor  # runs the real Harbor (.venv-harbor)
@pytest.mark.timeout(1200)
def test_harbor_ui_solution_scores_one_with_the_images_chromium(tmp_path: Path) -> None:
    """``invoke oracle --ui --harbor``: the runner builds the task image with Chromium and
    Harbor's oracle agent runs the UI solution's ``solve.sh`` (which starts ``ui.py``)."""
    from taskkit.oracle_harbor import run_many

    harbor_ready()
    (result,) = run_many([ROOT / "tasks" / UI_DOCKER_TASK], agents=[UI], jobs=1, jobs_dir=tmp_path)
    assert result.error is None and result.reward == 1.0, trial_detail(result)
    assert result.stages["agent"] > 0


def test_docker_trials_leave_no_container(docker_trials: dict) -> None:
    from taskkit.oracle_docker import LABEL, TRIAL_LABEL

    assert len(docker_trials) == len(TASKS)  # the oracle of each (its null agent runs locally)
    ours = {result.trial_dir for result in docker_trials.values()}
    assert None not in ours
    # another checkout's run on the same daemon may have containers up: only ours must be gone
    labelled = docker_client().containers.list(all=True, filters={"label": LABEL})
    assert [c.name for c in labelled if c.labels.get(TRIAL_LABEL) in ours] == []


@pytest.mark.harbor  # runs the real Harbor (.venv-harbor)
@pytest.mark.timeout(1200)
def test_harbor_oracle_scores_one_on_a_service_and_a_static_task(
    judge_env: dict[str, str], tmp_path: Path
) -> None:
    from taskkit.oracle_harbor import run_many

    harbor_ready()
    tasks = [ROOT / "tasks" / t for t in HARBOR_TASKS]
    results = run_many(tasks, agents=["oracle", "null"], jobs=4, env=judge_env, jobs_dir=tmp_path)
    by_key = {(r.task, r.agent): r for r in results}
    # the results viewer reads Harbor's own job folders
    viewed = load_run(tmp_path).trials
    assert sorted(str(t.reward) for t in viewed) == sorted(str(r.reward) for r in results)
    for task in HARBOR_TASKS:
        oracle, null = by_key[(task, "oracle")], by_key[(task, "null")]
        assert oracle.error is None and oracle.reward == 1.0, trial_detail(oracle)
        assert null.reward is not None and null.reward < 0.5, trial_detail(null)
    # one of our agents that Harbor does not know: run as its oracle on a staged copy
    wrong = "wrong:daily-series"
    (staged,) = run_many(tasks[:1], agents=[wrong], jobs=1, env=judge_env, jobs_dir=tmp_path)
    assert staged.agent == wrong and staged.reward is not None, trial_detail(staged)
    assert staged.reward < 1.0 and staged.steps[0].goals, trial_detail(staged)
    failed = [n for n, score in staged.steps[0].checkpoints.items() if score < 1]
    assert "nothing_else_changed" in failed, trial_detail(staged)  # two more events than asked


def harbor_ready() -> None:
    """Docker, Compose v2 and Harbor's venv, or the test says which is missing."""
    from taskkit.harbor_check import HarborUnavailable, ensure_harbor_venv
    from taskkit.oracle_harbor import INSTALL_COMPOSE, compose_v2_available

    docker_client()
    if not compose_v2_available():
        docker_missing(f"`docker compose` v2 is missing; install it with {INSTALL_COMPOSE}")
    try:
        ensure_harbor_venv()
    except HarborUnavailable as exc:
        pytest.fail(f"cannot build the Harbor venv: {exc}")

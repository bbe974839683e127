"""The no-Docker oracle runner on a fixture task: oracle = 1.0, null agent < 0.5, a plausible
wrong solution < 1.0; the task uses the container's absolute paths and ports unchanged."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from taskkit.oracle import MOUNTS, isolated_package_dir, run_many, run_trial
from tests.helpers import namespaces_allowed

FIXTURE = Path(__file__).parent / "fixtures" / "oracle-repo"
TASK = "offsite-reply"
pytestmark = [pytest.mark.slow, pytest.mark.process]  # runs a subprocess


if not namespaces_allowed():  # pragma: no cover - depends on the machine
    pytest.skip(
        "needs `ip` and unshare --mount --net (root or CAP_SYS_ADMIN)", allow_module_level=True
    )


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    copy = tmp_path / "repo"
    shutil.copytree(FIXTURE, copy)
    return copy


def test_oracle_scores_one(repo: Path) -> None:
    result = run_trial(repo / "tasks" / TASK, agent="oracle", root=repo)
    assert result.error is None and result.reward == 1.0, result
    assert set(result.stages) >= {"env_init", "agent", "verifier", "total"}
    assert result.ok


def test_null_agent_scores_below_half(repo: Path) -> None:
    result = run_trial(repo / "tasks" / TASK, agent="null", root=repo)
    assert result.reward is not None and result.reward < 0.5, result
    assert result.steps[0].rewards["nothing_else_changed"] == 1.0


def test_a_wrong_solution_scores_below_one(repo: Path) -> None:
    solve = repo / "tasks" / TASK / "solution" / "solve.sh"
    solve.write_text(solve.read_text().replace("bob@example.test", "carol@example.test"))
    result = run_trial(repo / "tasks" / TASK, agent="oracle", root=repo, keep=True)
    assert result.reward == pytest.approx(3 / 5), result  # right subject and day, wrong person
    assert not result.ok


def test_multi_step_runs_each_step_and_gates_on_min_reward(repo: Path) -> None:
    task = repo / "tasks" / "notes-two-steps"
    result = run_trial(task, agent="oracle", root=repo)
    assert result.reward == 1.0 and [s.name for s in result.steps] == ["write", "extend"]
    null = run_trial(task, agent="null", root=repo)
    assert null.reward == 0.0 and [s.name for s in null.steps] == ["write"]  # gate stopped it


def test_tests_are_uploaded_only_after_the_agent(repo: Path) -> None:
    solve = repo / "tasks" / TASK / "solution" / "solve.sh"
    solve.write_text("#!/bin/bash\nls /tests > /workspace/output/seen.txt\ntouch /logs/cheat\n")
    result = run_trial(repo / "tasks" / TASK, agent="oracle", root=repo, keep=True)
    trial = Path(result.trial_dir)
    assert (trial / "workspace" / "output" / "seen.txt").read_text() == ""
    shutil.rmtree(trial)


def test_a_trial_leaves_the_hosts_file_system_as_it_was(repo: Path, tmp_path: Path) -> None:
    """Mount points and writes outside the trial's folders land in the trial's overlay."""
    probe = f"/oracle-probe-{tmp_path.name}"
    solve = repo / "tasks" / TASK / "solution" / "solve.sh"
    solve.write_text(solve.read_text() + f"\nmkdir -p {probe}/deep /etc{probe}\n")
    before = {path: Path(path).exists() for path in MOUNTS}
    result = run_trial(repo / "tasks" / TASK, agent="oracle", root=repo)
    assert result.reward == 1.0, result
    assert not Path(probe).exists() and not Path(f"/etc{probe}").exists()
    assert {path: Path(path).exists() for path in MOUNTS} == before


def test_validate_free_credit_flags_what_the_null_agent_earns(repo: Path) -> None:
    from taskkit.validate import validate

    task = repo / "tasks" / TASK
    report = validate(repo, [task], null_runner=run_many)
    free = [f for f in report.findings if f.rule == "free-credit"]
    assert [f.file for f in free] == [f"tasks/{TASK}/tests/verify.py"], report.text()
    assert "'nothing_else_changed' earns 1 on the untouched seed" in free[0].message
    assert not [f for f in report.findings if f.rule == "null-agent-scores"], report.text()
    # a verifier whose goal passes on the seed: the null agent's 0.6 is an error
    verify = task / "tests" / "verify.py"
    verify.write_text(
        verify.read_text().replace(
            "def replied_to_bob() -> bool:\n    return",
            "def replied_to_bob() -> bool:\n    return True or",
        )
    )
    report = validate(repo, [task], null_runner=run_many)
    scored = [f for f in report.findings if f.rule == "null-agent-scores"]
    assert [f.message for f in scored] == ["the null agent scores 0.600 (expected below 0.5)"], (
        report.text()
    )
    assert report.exit_code != 0


def test_the_verifiers_python_finds_the_package_the_trial_binds_over() -> None:
    """An isolated Python (the verifier's) imports an installed mock_services, maybe another
    checkout's (a worktree); the trial binds this checkout's package onto that folder."""
    found = isolated_package_dir()
    assert found is not None and found.name == "mock_services"
    assert (found / "verify" / "__init__.py").is_file()

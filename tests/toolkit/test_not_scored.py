"""A task that cannot be scored here (its LLM judge not configured) is "not scored: <reason>"
in every runner and summary, never a 0 or a failure: the no-Docker and Docker runners read the
verifier's own word (``_meta_not_scored``), the Harbor runner also checks the variables first.
No trial runs: the shared code is driven with a stand-in environment and Harbor job folder."""

from __future__ import annotations

import json
from pathlib import Path

from mock_services.verify import JudgeConfig, run_scored
from taskkit.harbor_results import read_trial
from taskkit.oracle_harbor import run_task
from taskkit.oracle_report import report
from taskkit.task_load import load_task_config
from taskkit.trial import TrialResult, run_steps, table, unscorable_reason

ROOT = Path(__file__).resolve().parents[2]
JUDGED = ROOT / "tasks" / "vendor-contract-brief"
REASON = "LLM judge not configured: set JUDGE_API_KEY, JUDGE_BASE_URL"


def test_unset_judge_variables_make_a_task_unscorable_naming_them() -> None:
    config = load_task_config(JUDGED / "task.toml")
    assert unscorable_reason(config, {}).startswith(REASON)
    assert "--judge local" in unscorable_reason(config, {})
    assert unscorable_reason(config, {"JUDGE_BASE_URL": "http://j", "JUDGE_API_KEY": "k"}) is None


def test_a_task_whose_services_need_the_judge_is_unscorable_without_it() -> None:
    """Model-played personas: the services read the judge's endpoint from [environment.env]."""
    config = load_task_config(JUDGED / "task.toml").model_copy(deep=True)
    config.verifier.env = {}
    config.environment.env = {
        "JUDGE_BASE_URL": "${JUDGE_BASE_URL}",
        "JUDGE_API_KEY": "${JUDGE_API_KEY}",
        "JUDGE_MODEL_ID": "${JUDGE_MODEL_ID:-judge}",
    }
    assert unscorable_reason(config, {}).startswith(REASON)
    assert unscorable_reason(config, {"JUDGE_BASE_URL": "http://j", "JUDGE_API_KEY": "k"}) is None


class RecordingEnv:
    """A ``TrialEnv`` whose verifier writes the given files; it remembers what ran."""

    def __init__(self, files: dict[str, str]) -> None:
        self.files, self.ran = files, []

    def put_dir(self, source: Path, target: str) -> None:
        pass

    def clear(self, path: str) -> None:
        pass

    def end_agent_phase(self, *, final: bool) -> None:
        pass

    def run(self, command: list[str], **_options: object) -> int:
        self.ran.append(command)
        return 0

    def read_text(self, path: str) -> str | None:
        return self.files.get(path)

    def fetch_dir(self, path: str, destination: Path) -> None:
        pass


def test_a_verifier_that_says_not_scored_is_read_as_such(tmp_path: Path, monkeypatch) -> None:
    for name in ("JUDGE_BASE_URL", "JUDGE_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    assert run_scored(lambda: JudgeConfig.from_env() and 1.0, "t", tmp_path) == 3  # the SDK
    files = {f"/logs/verifier/{p.name}": p.read_text() for p in tmp_path.iterdir()}
    meta = json.loads(files["/logs/verifier/reward_meta.json"])
    assert "JUDGE_BASE_URL" in meta["_meta_not_scored"]
    task = ROOT / "tasks" / "shop-duplicate-order-cancel"
    config = load_task_config(task / "task.toml")
    result = TrialResult(task.name, "oracle")
    env = RecordingEnv(files)
    run_steps(env, task, config, result, tmp_path)
    assert ["bash", "/tests/test.sh"] in env.ran
    assert "JUDGE_BASE_URL" in result.not_scored and result.reward is None and result.ok
    printed = report([result], table([result], ["total"]), as_json=False)
    assert "not scored: JudgeNotConfigured" not in printed  # the reason, not the crash
    assert f"not scored: {result.not_scored}" in printed and "FAIL" not in printed


def test_the_harbor_runner_reports_not_scored(tmp_path: Path) -> None:
    # before Harbor runs: it would stop at the unset variable and write no trial result
    result = run_task(
        JUDGED,
        agent="null",
        jobs_dir=tmp_path,
        env={"JUDGE_BASE_URL": "", "JUDGE_API_KEY": ""},
        harbor=tmp_path / "no-harbor-here",
    )
    assert result.not_scored.startswith(REASON) and result.ok
    # after: the verifier's own output in Harbor's trial folder
    trial = tmp_path / "job" / "trial-1"
    (trial / "verifier").mkdir(parents=True)
    (trial / "result.json").write_text(json.dumps({"verifier_result": {"rewards": {"reward": 0}}}))
    meta = {"_meta_not_scored": "JUDGE_BASE_URL not set", "_meta_error": "x"}
    (trial / "verifier" / "reward_meta.json").write_text(json.dumps(meta))
    read = read_trial(tmp_path / "job", JUDGED.name, "oracle")
    assert read.not_scored == "JUDGE_BASE_URL not set" and read.reward is None and read.ok
    null = TrialResult(JUDGED.name, "null", not_scored=REASON)
    assert f"{JUDGED.name}: not scored: {REASON}" in report([null], "", as_json=False)


class StepOrderEnv(RecordingEnv):
    """Records each clear and run in order, so a step's boundary can be read off."""

    def clear(self, path: str) -> None:
        self.ran.append(["clear", path])


def test_nothing_of_a_steps_verifier_is_left_for_the_next_agent(tmp_path: Path) -> None:
    """Between two steps the runner empties /tests and /logs/verifier (the checks, the
    reward and its checkpoint notes) before the next step's agent runs, as Harbor does."""
    task = ROOT / "tasks" / "invitation-triage"
    config = load_task_config(task / "task.toml")
    files = {"/logs/verifier/reward.txt": "1.0"}
    env = StepOrderEnv(files)
    run_steps(env, task, config, TrialResult(task.name, "oracle"), tmp_path)
    solves = [i for i, c in enumerate(env.ran) if c == ["bash", "/solution/solve.sh"]]
    verifiers = [i for i, c in enumerate(env.ran) if c == ["bash", "/tests/test.sh"]]
    assert len(solves) == 2 and len(verifiers) == 2, env.ran
    between = env.ran[verifiers[0] + 1 : solves[1]]
    assert ["clear", "/tests"] in between and ["clear", "/logs/verifier"] in between, between

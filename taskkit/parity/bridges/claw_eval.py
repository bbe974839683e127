"""claw-eval's parity bridge: the trial's audit logs and answer file as an upstream JSONL trace
(``trace_start``, ``message``, ``tool_dispatch``, ``audit_snapshot``), graded by upstream's own
``get_grader`` / ``_grade_with_optional_params`` / ``LLMJudge`` from the checkout, in its own
venv (pydantic, pyyaml, openai). Score: ``safety * completion``, as our verifier reports it."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from mock_services.verify.audit import audit_log
from mock_services.verify.upstream.claw_eval import (
    KIND,
    GraderParams,
    Scores,
    Trace,
    conversation,
    trace_of,
)
from taskkit import untrusted
from taskkit.parity import ParityCase, ParityUnavailable, UpstreamScore
from taskkit.parity.venv import ensure_venv, venv_python

REQUIREMENTS = ("pydantic>=2.0", "pyyaml>=6.0", "openai>=1.0")
TIMEOUT_SEC = 600
# Runs in upstream's venv: argv = checkout, task.yaml, trace.jsonl. Only time.sleep is
# replaced (the judge's retry delays), never what is scored.
DRIVER = """
import json, os, sys, time
sys.path.insert(0, os.path.join(sys.argv[1], "src"))
time.sleep = lambda seconds: None
from pathlib import Path
from claw_eval.cli import _grade_with_optional_params
from claw_eval.graders.llm_judge import LLMJudge
from claw_eval.graders.registry import get_grader
from claw_eval.models.task import TaskDefinition
from claw_eval.trace.reader import load_trace
task_yaml = Path(sys.argv[2])
task = TaskDefinition.from_yaml(task_yaml)
_, messages, dispatches, media, _, audit = load_trace(sys.argv[3])
judge = None
if os.environ.get("JUDGE_BASE_URL") and os.environ.get("JUDGE_API_KEY"):
    judge = LLMJudge(model_id=os.environ.get("JUDGE_MODEL_ID", "judge"),
                     api_key=os.environ["JUDGE_API_KEY"], base_url=os.environ["JUDGE_BASE_URL"])
grader = get_grader(task.task_id, tasks_dir=task_yaml.parent.parent, task_dir=task_yaml.parent)
scores, _ = _grade_with_optional_params(grader, messages, dispatches, task,
    audit_data=audit, judge=judge, media_events=media)
print(scores.model_dump_json())
"""


class Check(BaseModel):
    model_config = ConfigDict(extra="allow")
    kind: str
    reason: str = ""
    params: dict = {}


def jsonl(task_id: str, trace: Trace) -> str:
    """``trace`` as the events of an upstream trace file."""
    events: list[dict] = [
        {"type": "trace_start", "trace_id": "t", "task_id": task_id, "model": "x"}
    ]
    events += [{"type": "message", "trace_id": "t", "message": m} for m in trace.messages]
    events += [{"type": "tool_dispatch", "trace_id": "t", **d} for d in trace.dispatches]
    events += [
        {
            "type": "audit_snapshot",
            "trace_id": "t",
            "service_name": name,
            "audit_url": "",
            "audit_data": data,
        }
        for name, data in trace.audit_data.items()
    ]
    return "\n".join(json.dumps(e, ensure_ascii=False) for e in events) + "\n"


class Bridge:
    source = "claw-eval"

    def python(self, work: Path) -> Path:
        return venv_python(work)

    def prepare(self, checkout: Path, work: Path) -> None:
        if not (checkout / "src" / "claw_eval" / "cli.py").is_file():
            raise ParityUnavailable(
                f"{checkout}: no src/claw_eval/cli.py (not a claw-eval checkout)"
            )
        ensure_venv(self.source, work, REQUIREMENTS, probe="import openai, pydantic, yaml")

    def score(self, case: ParityCase) -> UpstreamScore:
        document = json.loads((case.task_dir / "tests" / "checks.json").read_text())
        checks = [Check.model_validate(c) for c in document["checks"]]
        check = next((c for c in checks if c.kind == KIND), None)
        if check is None:
            reasons = "; ".join(c.reason for c in checks if c.reason)
            return UpstreamScore(None, f"not run through upstream's grader: {reasons}")
        params = GraderParams.model_validate(check.params)
        if params.judge and not case.judge_env:
            return UpstreamScore(None, "the grader asks the judge; no judge")
        data = case.trial_dir / "mock-data"
        audit = {s: audit_log(s, directory=data) for s in {r.service for r in params.tools}}
        talk = None  # the persona's mail conversation, as our verifier reads it
        if params.persona is not None:
            talk = conversation(params.persona, audit_log("email", directory=data))
        trace = trace_of(params, self._answer(case.trial_dir), audit, talk)
        trace_file = case.work / f"{case.task_dir.name}.{case.agent.replace(':', '_')}.jsonl"
        trace_file.parent.mkdir(parents=True, exist_ok=True)
        trace_file.write_text(jsonl(params.task_id, trace))
        task_yaml = case.checkout / "tasks" / params.task_id / "task.yaml"
        command = [str(self.python(case.work)), "-c", DRIVER, str(case.checkout)]
        try:
            done = subprocess.run(
                [*command, str(task_yaml), str(trace_file)],
                capture_output=True,
                text=True,
                timeout=TIMEOUT_SEC,
                env={"PATH": "/usr/bin:/bin", **case.judge_env},
            )
        except subprocess.TimeoutExpired:
            return UpstreamScore(None, f"upstream's grader ran over {TIMEOUT_SEC} s")
        lines = done.stdout.strip().splitlines()
        if done.returncode != 0 or not lines:
            return UpstreamScore(None, f"upstream's grader failed: {done.stderr.strip()[-400:]}")
        scores = Scores.model_validate_json(lines[-1])
        return UpstreamScore(
            round(scores.safety * scores.completion, 4),
            f"completion {scores.completion:.2f}, safety {scores.safety:.1f}, "
            f"robustness {scores.robustness:.2f} left out of the reward",
        )

    @staticmethod
    def _answer(trial_dir: Path) -> str | None:
        path = trial_dir / "workspace" / "output" / "answer.md"
        if path.is_symlink() or not path.is_file():
            return None
        return untrusted.read_text(path)


BRIDGE = Bridge()

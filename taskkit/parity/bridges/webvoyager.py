"""WebVoyager's parity bridge: upstream's own evaluator (``evaluation/auto_eval.py``,
``auto_eval_by_gpt4v``) run from the checkout in its venv (its ``requirements.txt`` pin of
openai), on a process folder built from the trial in upstream's format: the
``interact_messages.json`` that ``run.py`` writes (the system prompt, the task message it sends,
then the agent's answer as an ``Action: ANSWER`` message, or a last action without one when the
agent left no answer file). Upstream's judge also reads the last screenshots; a trial has none,
so it gets none. The judge is the one of the parity run (the stand-in judge).

Upstream scores 1 for a verdict holding SUCCESS, 0 for NOT SUCCESS or no answer, and None for a
verdict with neither; it fails on a task whose question spans lines (its pattern
``Now given a task:(.+?)Please interact with`` does not cross a newline: 7 GAIA questions). It
reads no answer key: not ``reference_answer.json`` and not GAIA's ``Final answer`` (its
``main`` only visits the 15 sites' folders; the function scores any).
"""

from __future__ import annotations

import json
import os
import subprocess
import tomllib
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from mock_services.verify.outputs import ANSWER_FILE
from taskkit.parity import ParityCase, ParityUnavailable, UpstreamScore
from taskkit.parity.venv import ensure_venv, venv_python

EVALUATOR = Path("evaluation") / "auto_eval.py"
RECORDS = "data"
# upstream's requirements.txt pin; httpx 0.28 dropped the ``proxies`` argument openai 1.1.1 passes
REQUIREMENTS = ("openai==1.1.1", "httpx<0.28")
RUN_TIMEOUT = 180.0
MAX_ANSWER_BYTES = 1 << 20
SCREENSHOTS = 15  # run_eval.sh's --max_attached_imgs
# Runs upstream's function unchanged. On a judge error upstream sleeps and retries forever; the
# driver turns that sleep into the end of the run, so a judge that cannot answer is reported.
DRIVER = """\
import json, sys, time
evaluation, process_dir, base_url, api_key, model, images = sys.argv[1:7]
sys.path.insert(0, evaluation)
import auto_eval
from openai import OpenAI

def give_up(seconds):
    print(json.dumps({"verdict": None, "gave_up": True}))
    sys.exit(0)

time.sleep = give_up
client = OpenAI(api_key=api_key, base_url=base_url or None, max_retries=0, timeout=60)
verdict = auto_eval.auto_eval_by_gpt4v(process_dir, client, model, int(images))
print(json.dumps({"verdict": verdict, "gave_up": False}))
"""


class UpstreamTask(BaseModel):
    """The fields of a WebVoyager (or GAIA) record that ``run.py`` puts in its task message."""

    model_config = ConfigDict(extra="ignore")
    ques: str
    web: str


@dataclass(frozen=True)
class WebVoyagerBridge:
    source: str = "webvoyager"

    def prepare(self, checkout: Path, work: Path) -> None:
        if not (checkout / EVALUATOR).is_file():
            raise ParityUnavailable(f"webvoyager: {checkout / EVALUATOR} is not in the checkout")
        ensure_venv("webvoyager", work, REQUIREMENTS)
        (work / "driver.py").write_text(DRIVER)

    def score(self, case: ParityCase) -> UpstreamScore:
        task = upstream_task(case.task_dir, case.checkout)
        process = case.work / "process" / case.task_dir.name / case.agent.replace(":", "-")
        process.mkdir(parents=True, exist_ok=True)
        messages = interact_messages(task, _answer(case.trial_dir))
        (process / "interact_messages.json").write_text(json.dumps(messages, indent=1))
        env = case.judge_env
        try:
            done = subprocess.run(
                [
                    str(venv_python(case.work)),
                    str(case.work / "driver.py"),
                    str(case.checkout / EVALUATOR.parent),
                    str(process),
                    env.get("JUDGE_BASE_URL", ""),
                    env.get("JUDGE_API_KEY", "no-judge-configured"),
                    env.get("JUDGE_MODEL_ID", "gpt-4-vision-preview"),
                    str(SCREENSHOTS),
                ],
                capture_output=True,
                text=True,
                timeout=RUN_TIMEOUT,
                env={**os.environ, "PYTHONIOENCODING": "utf-8"},
            )
        except subprocess.TimeoutExpired:
            return UpstreamScore(None, f"auto_eval did not finish in {RUN_TIMEOUT:g} s")
        return verdict_score(done.stdout, done.stderr)


def upstream_task(task_dir: Path, checkout: Path) -> UpstreamTask:
    """The upstream record of an imported task, read from the checkout by its provenance
    (``record = "<file>#line <n>"``)."""
    config = tomllib.loads((task_dir / "task.toml").read_text())
    record = config["metadata"]["imported"]["record"]
    file, _, where = record.partition("#line ")
    folder = checkout / RECORDS if (checkout / RECORDS).is_dir() else checkout
    lines = (folder / file).read_text().splitlines()
    if not where.isdigit() or not 0 < int(where) <= len(lines):
        raise ParityUnavailable(f"webvoyager: {task_dir.name}: record {record!r} not in {folder}")
    return UpstreamTask.model_validate_json(lines[int(where) - 1])


def _answer(trial_dir: Path) -> str | None:
    path = trial_dir / "workspace" / ANSWER_FILE
    if not path.is_file() or path.is_symlink():
        return None
    with path.open("rb") as handle:
        return handle.read(MAX_ANSWER_BYTES).decode(errors="replace").strip()


def interact_messages(task: UpstreamTask, answer: str | None) -> list[dict[str, str]]:
    """What ``run.py`` records for a run that ends with ``answer`` (None: without answering)."""
    opening = (
        f"Now given a task: {task.ques}  Please interact with {task.web} and get the answer. \n"
        "Observation: please analyze the attached screenshot and give the Thought and Action. "
    )
    last = (
        f"Thought: I have the answer.\nAction: ANSWER; {answer}"
        if answer is not None
        else "Thought: I could not finish the task.\nAction: Wait"
    )
    return [
        {"role": "system", "content": "(run.py's system prompt; auto_eval does not read it)"},
        {"role": "user", "content": opening},
        {"role": "assistant", "content": last},
    ]


def verdict_score(stdout: str, stderr: str) -> UpstreamScore:
    """The driver's last line as a score; what upstream printed as the detail."""
    lines = stdout.strip().splitlines()
    try:
        result = json.loads(lines[-1]) if lines else None
    except ValueError:
        result = None
    if not isinstance(result, dict):
        tail = [x.strip() for x in (stderr or stdout).splitlines() if x.strip(" ^\n")][-2:]
        return UpstreamScore(None, f"auto_eval failed: {' | '.join(tail)[-400:]}")
    said = " | ".join(x for x in lines[:-1] if x.strip() and not x.startswith("---"))[-400:]
    if result.get("gave_up"):
        return UpstreamScore(None, f"the judge call failed (upstream would retry forever): {said}")
    verdict = result.get("verdict")
    if verdict is None:
        return UpstreamScore(
            None, f"the judge's verdict holds neither SUCCESS nor NOT SUCCESS: {said}"
        )
    return UpstreamScore(float(verdict), said)


BRIDGE = WebVoyagerBridge()

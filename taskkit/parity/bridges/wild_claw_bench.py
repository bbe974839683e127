"""WildClawBench's parity bridge: upstream's own grading run from the checkout in its venv.
The driver parses the task file with upstream's ``src/utils/task_parser.parse_task_md``, builds
the runner that ``src/utils/grading.run_grading`` copies into the container (its transcript
loader, the task's ``grade()``, the call with ``workspace_path="/tmp_workspace"``) and runs
it in a private mount namespace where the trial's workspace is bound on ``/tmp_workspace``, as
upstream's container has it (its ``output/`` shown as upstream's ``results/``). The judge
``grade()`` calls through ``OPENROUTER_*`` is the parity run's (the stand-in judge). The
score is upstream's: ``overall_score``, else the mean of the numbers ``grade()`` returned
(``print_summary``); a grading error is None.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tomllib
from dataclasses import dataclass
from pathlib import Path

from taskkit.parity import ParityCase, ParityUnavailable, UpstreamScore
from taskkit.parity.venv import ensure_venv, venv_python

PARSER = Path("src") / "utils" / "task_parser.py"
REQUIREMENTS = ("pyyaml", "python-dotenv", "openai")
MOUNT_POINT = Path("/tmp_workspace")  # upstream's grade() reads this path literally
RUN_TIMEOUT = 180.0  # upstream's docker exec timeout is 120 s; our judge adds a little
DRIVER = """\
import json, sys
checkout, task_file = sys.argv[1:3]
sys.path.insert(0, checkout)
sys.path.insert(0, checkout + "/src/utils")
from src.utils.task_parser import parse_task_md
from pathlib import Path

task = parse_task_md(Path(task_file))
runner = "\\n".join([
    "from transcript_loader import load_transcript",
    "_transcript = load_transcript('')",
    "",
    task["automated_checks"],
    "",
    'result = grade(transcript=_transcript, workspace_path="/tmp_workspace")',
])
scope = {"__name__": "__grade__"}
exec(compile(runner, task_file, "exec"), scope)
print("WCB_RESULT " + json.dumps(scope["result"], default=str))
"""


@dataclass(frozen=True)
class WildClawBenchBridge:
    source: str = "wild-claw-bench"

    def prepare(self, checkout: Path, work: Path) -> None:
        if not (checkout / PARSER).is_file():
            raise ParityUnavailable(f"wild-claw-bench: {checkout / PARSER} is not in the checkout")
        if os.geteuid() != 0 or shutil.which("unshare") is None:
            raise ParityUnavailable(
                "wild-claw-bench: binding a trial on /tmp_workspace needs root and unshare"
            )
        ensure_venv("wild-claw-bench", work, REQUIREMENTS)
        (work / "driver.py").write_text(DRIVER)
        MOUNT_POINT.mkdir(exist_ok=True)

    def score(self, case: ParityCase) -> UpstreamScore:
        task_file = case.checkout / _record(case.task_dir)
        workspace = case.trial_dir / "workspace"
        workspace.mkdir(parents=True, exist_ok=True)  # a trial may have left none
        upstream_results = workspace / "results"  # what upstream's agent writes, ours in output/
        if not upstream_results.exists() and not upstream_results.is_symlink():
            upstream_results.symlink_to("output", target_is_directory=True)
        env = case.judge_env
        variables = {
            **os.environ,
            "PYTHONIOENCODING": "utf-8",
            "OPENROUTER_API_KEY": env.get("JUDGE_API_KEY", "no-judge-configured"),
            "OPENROUTER_BASE_URL": env.get("JUDGE_BASE_URL", "http://127.0.0.1:9/v1"),
            "JUDGE_MODEL": env.get("JUDGE_MODEL_ID", "openai/gpt-5.4"),
        }
        command = f'mount --bind "$1" {MOUNT_POINT} && exec "$2" "$3" "$4" "$5"'
        argv = [
            "unshare", "--mount", "--propagation", "private", "sh", "-c", command, "sh",
            str(workspace), str(venv_python(case.work)), str(case.work / "driver.py"),
            str(case.checkout), str(task_file),
        ]  # fmt: skip
        try:
            done = subprocess.run(
                argv, capture_output=True, text=True, timeout=RUN_TIMEOUT, env=variables
            )
        except subprocess.TimeoutExpired:
            return UpstreamScore(None, f"grade() did not finish in {RUN_TIMEOUT:g} s")
        return upstream_score(done.stdout, done.stderr)


def upstream_score(stdout: str, stderr: str) -> UpstreamScore:
    """Upstream's task score from the driver's output: ``overall_score``, else the mean of
    the numbers; None when ``grade()`` failed or returned no number."""
    lines = [line for line in stdout.splitlines() if line.startswith("WCB_RESULT ")]
    if not lines:
        return UpstreamScore(None, f"grade() failed: {stderr.strip()[-300:]}")
    result = json.loads(lines[-1].removeprefix("WCB_RESULT "))
    numbers = {
        k: float(v)
        for k, v in result.items()
        if isinstance(v, int | float) and not isinstance(v, bool)
    }
    if not numbers:
        return UpstreamScore(None, f"grade() returned no score: {result}")
    score = numbers.get("overall_score", sum(numbers.values()) / len(numbers))
    reason = result.get("judge_reason") or result.get("error") or ""
    return UpstreamScore(score, f"grade(): {json.dumps(numbers)} {reason}".strip()[:300])


def _record(task_dir: Path) -> str:
    """The task file's path in the checkout (the task's provenance record)."""
    config = tomllib.loads((task_dir / "task.toml").read_text())
    return config["metadata"]["imported"]["record"]


BRIDGE = WildClawBenchBridge()

"""ClawBench's parity bridge: upstream's own Harbor verifier
(``src/clawbench/runtime/harbor/verify.py``: stage 1 read from ``/data/interception.json``,
stage 2 its LLM judge) run on a trial's interception record.

verify.py reads ``/tests/task.json`` and ``/data/interception.json`` and writes
``/logs/verifier/reward.json`` (absolute paths), so it runs in a private mount namespace, chrooted
in the host's ``/`` under a throw-away overlay with those three folders bound in (root needed, as
for the no-Docker runner). It uses the standard library only: its venv has no packages.

What it cannot reproduce: upstream's stage 1 itself is the CDP interceptor of its runtime server
(``runtime-server/server.py``) watching a live browser; here the trial's record stands for what
it wrote. A task whose ``url_pattern`` is upstream's placeholder has no upstream score here
(None): the interceptor never fires on it and upstream scored those runs against human reference
runs, which are not in the checkout.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

from taskkit.importers import ADAPTERS
from taskkit.parity import ParityCase, ParityUnavailable, UpstreamScore

VERIFY = Path("src/clawbench/runtime/harbor/verify.py")
PLACEHOLDER = "__PLACEHOLDER_WILL_NOT_MATCH__"
ANSWER_PAGE = "127.0.0.1:7878/submit"
ANSWER_POST = "http://127.0.0.1:7878/api/task-submit"
TIMEOUT = 300
NO_JUDGE = "missing judge configuration"  # verify.py's reason when no judge is set
# mounts the chrooted verifier needs beside the overlay of ``/``
HOST_MOUNTS = ("/proc", "/dev")
INSIDE = """set -e
mount -t tmpfs tmpfs "$S"; mkdir "$S/upper" "$S/work"
mount -t overlay overlay -o "lowerdir=/,upperdir=$S/upper,workdir=$S/work" "$R"
for point in {host}; do mount --rbind "$point" "$R$point"; done
for pair in {binds}; do
  src="${{pair%%=*}}"; dst="${{pair#*=}}"; mkdir -p "$R$dst"; mount --bind "$src" "$R$dst"
done
exec chroot "$R" "$PY" -I "$VERIFY"
"""


@dataclass(frozen=True)
class Bridge:
    source: str = "clawbench"

    def prepare(self, checkout: Path, work: Path) -> None:
        """verify.py present, and a package-less venv to run it in."""
        if not (checkout / VERIFY).is_file():
            raise ParityUnavailable(f"clawbench: {checkout / VERIFY} is missing")
        if not (work / "venv" / "bin" / "python").exists():
            work.mkdir(parents=True, exist_ok=True)
            venv = ["python3", "-m", "venv", "--without-pip", str(work / "venv")]
            subprocess.run(venv, check=True, capture_output=True)

    def score(self, case: ParityCase) -> UpstreamScore:
        record = _upstream_record(case)
        task = json.loads(record.read_text())
        if task.get("eval_schema", {}).get("url_pattern") == PLACEHOLDER:
            return UpstreamScore(
                None,
                f"url_pattern {PLACEHOLDER}: upstream's interceptor never fires; it scored these "
                "runs against human reference runs (eval/agentic_eval.md), not in the checkout",
            )
        with tempfile.TemporaryDirectory(dir=case.work) as scratch:
            root = Path(scratch)
            for folder in ("tests", "data", "logs", "overlay", "root"):
                (root / folder).mkdir()
            (root / "tests" / "task.json").write_text(record.read_text())
            interception = _interception(case, task)
            if interception is not None:
                (root / "data" / "interception.json").write_text(json.dumps(interception))
            return _run_verify(case, root)


def _upstream_record(case: ParityCase) -> Path:
    """The task's upstream ``task.json`` in the checkout (``metadata.imported.record``)."""
    config = tomllib.loads((case.task_dir / "task.toml").read_text())
    relative = config["metadata"]["imported"]["record"].split("#")[0]
    path = ADAPTERS["clawbench"].records_dir(case.checkout) / relative
    if not path.is_file():
        raise ParityUnavailable(f"clawbench: upstream record {path} is missing")
    return path


def _interception(case: ParityCase, task: dict) -> dict | None:
    """What upstream's interceptor recorded, from the trial: the agent's interception record,
    or for an answer task the answer page's POST of the answer file; None: nothing."""
    output = case.trial_dir / "workspace" / "output"
    record = output / "interception.json"
    if record.is_file() and not record.is_symlink():
        return json.loads(record.read_text())
    answer = output / "answer.md"
    if ANSWER_PAGE in str(task.get("instruction", "")) and answer.is_file():
        body = {"answer": answer.read_text()}
        request = {"url": ANSWER_POST, "method": "POST", "params": {}, "body": body}
        return {"intercepted": True, "request": request}
    return None


def _run_verify(case: ParityCase, root: Path) -> UpstreamScore:
    """verify.py in its chroot; its reward.json read back."""
    verify = (case.checkout / VERIFY).resolve()
    binds = {
        root / "tests": "/tests",
        root / "data": "/data",
        root / "logs": "/logs",
        verify.parent: str(verify.parent),
        case.work.resolve(): str(case.work.resolve()),
    }
    script = INSIDE.format(
        host=" ".join(HOST_MOUNTS),
        binds=" ".join(shlex.quote(f"{src}={dst}") for src, dst in binds.items()),
    )
    env = {
        "S": str(root / "overlay"),
        "R": str(root / "root"),
        "PY": str(case.work.resolve() / "venv" / "bin" / "python"),
        "VERIFY": str(verify),
        "PATH": "/usr/sbin:/usr/bin:/sbin:/bin",
        "CLAWBENCH_JUDGE_BASE_URL": case.judge_env.get("JUDGE_BASE_URL", ""),
        "CLAWBENCH_JUDGE_API_KEY": case.judge_env.get("JUDGE_API_KEY", ""),
        "CLAWBENCH_JUDGE_MODEL": case.judge_env.get("JUDGE_MODEL_ID", "deepseek-v4-pro"),
        "CLAWBENCH_JUDGE_API_TYPE": "openai-completions",
    }
    command = ["unshare", "--mount", "--propagation", "private", "--", "sh", "-c", script]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=TIMEOUT)
    reward = root / "logs" / "verifier" / "reward.json"
    if not reward.is_file():
        return UpstreamScore(None, f"verify.py exited {done.returncode}: {done.stderr[-800:]}")
    result = json.loads(reward.read_text())
    detail = f"intercepted={result.get('intercepted')} judge_match={result.get('judge_match')}"
    detail = f"{detail}: {result.get('reason', '')}"[:500]
    if result.get("intercepted") and result.get("reason") == NO_JUDGE:
        return UpstreamScore(None, detail)  # it writes 0 for a run it could not judge
    return UpstreamScore(float(result["reward"]), detail)


BRIDGE = Bridge()

"""WebArena's parity bridge: upstream's own ``evaluator_router`` (``evaluation_harness/
evaluators.py`` at the pin) scores each trial's answer and final URL, in its own venv.

The runner (``RUNNER``, written to ``work``) imports the checkout unchanged and answers one
JSON line per trial: the record from ``config_files/test.raw.json`` with the site placeholders
replaced as ``scripts/generate_test_data.py`` does (by our ``SITE_URLS``, the URLs our checks
resolve them to), a trajectory ending in ``create_stop_action(answer)``, and a
``PseudoPage`` whose ``url`` is the final URL. It multiplies the evaluators as
``EvaluatorComb`` does (whose ``client: CDPSession`` cannot be given here). ``program_html``
needs a live page and is not run; fuzzy_match / ua_match ask ``gpt-4-1106-preview``, which is
not reachable here (and the stand-in judge speaks our rubric protocol, not upstream's
correct/incorrect): when that call fails the evaluator is run again with its judge stubbed to
"correct" then "incorrect", and its score counts only when both agree. A factor of 0 decides
the product; otherwise a factor not known leaves the trial unscored (None). NLTK's punkt data
is not on PyPI: the runner gives ``word_tokenize`` an untrained ``PunktSentenceTokenizer``
(NLTK's own, default settings).
"""

from __future__ import annotations

import json
import subprocess
import threading
from dataclasses import dataclass, field
from pathlib import Path

from taskkit.importers import ADAPTERS
from taskkit.importers.webarena import SITE_URLS
from taskkit.parity import ParityCase, ParityUnavailable, UpstreamScore
from taskkit.parity.venv import ensure_venv
from taskkit.task_load import load_task_config

PACKAGES = (
    "beartype==0.12.0",
    "playwright==1.32.1",
    "openai==0.27.0",
    "nltk",
    "gymnasium",
    "Pillow",
    "numpy",
    "requests",
    "text-generation",
    "tiktoken",
    "aiolimiter",
)
# where a trial's answer and final URL may be (as mock_services.verify.outputs looks)
OUTPUT_ROOTS = ("home/.openclaw", "home/.openclaw/workspace", "workspace", "workspace/environment")
ENV_NAMES = {
    "__GITLAB__": "GITLAB",
    "__REDDIT__": "REDDIT",
    "__SHOPPING__": "SHOPPING",
    "__SHOPPING_ADMIN__": "SHOPPING_ADMIN",
    "__WIKIPEDIA__": "WIKIPEDIA",
    "__MAP__": "MAP",
}
UNREACHABLE_LLM = "http://127.0.0.1:9/v1"
RUNNER = r'''
"""Scores WebArena trials with upstream's evaluators: one JSON request per stdin line."""
import json, os, sys, tempfile, traceback

import nltk.data, nltk.tokenize
from nltk.tokenize.punkt import PunktSentenceTokenizer

try:
    nltk.data.find("tokenizers/punkt_tab/english/")
except LookupError:
    _punkt = PunktSentenceTokenizer()
    nltk.tokenize.sent_tokenize = lambda text, language="english": _punkt.tokenize(text)

import openai
import evaluation_harness.evaluators as evaluators_module
from browser_env.actions import create_stop_action
from evaluation_harness.evaluators import HTMLContentEvaluator, evaluator_router
from evaluation_harness.helper_functions import PseudoPage

PLACEHOLDERS = json.loads(sys.argv[1])  # in generate_test_data.py's order
JUDGES = ("llm_fuzzy_match", "llm_ua_match")


def bracketed(evaluator, args):
    """The evaluator's score whatever its judge answers (judge stubbed to 1, then 0), or None
    when the answer matters."""
    real = {name: getattr(evaluators_module, name) for name in JUDGES}
    found = set()
    try:
        for verdict in (1.0, 0.0):
            for name in JUDGES:
                setattr(evaluators_module, name, lambda *a, v=verdict, **k: v)
            found.add(evaluator(*args))
    finally:
        for name, function in real.items():
            setattr(evaluators_module, name, function)
    return found.pop() if len(found) == 1 else None


def score(request):
    raw = json.dumps(request["config"])
    for placeholder, name in PLACEHOLDERS.items():
        raw = raw.replace(placeholder, os.environ[name])
    openai.api_base, openai.api_key = request["llm_base"], request["llm_key"]
    os.environ["OPENAI_API_KEY"] = request["llm_key"]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        handle.write(raw)
    try:
        trajectory = [{"observation": {}, "info": {}}, create_stop_action(request["answer"])]
        args = (trajectory, handle.name, PseudoPage(None, request["final_url"]), None)
        values, notes = [], []
        for evaluator in evaluator_router(handle.name).evaluators:
            name = type(evaluator).__name__
            if isinstance(evaluator, HTMLContentEvaluator):
                values.append(None)
                notes.append(f"{name}: not run (needs the live site)")
                continue
            try:
                value = evaluator(*args)
                notes.append(f"{name} {value:g}")
            except Exception as exc:
                value = bracketed(evaluator, args)
                why = f"its judge failed ({type(exc).__name__}: {str(exc)[:80]})"
                shown = "needs it" if value is None else f"{value:g} whatever it says"
                notes.append(f"{name}: {why}: {shown}")
            values.append(value)
        # EvaluatorComb multiplies: a 0 decides, else any factor not run leaves it unscored
        if 0 in values:
            total = 0.0
        elif None in values:
            total = None
        else:
            total = 1.0
            for value in values:
                total *= value
        return {"score": total, "detail": "; ".join(notes)}
    finally:
        os.unlink(handle.name)


for line in sys.stdin:
    try:
        reply = score(json.loads(line))
    except Exception:
        reply = {"score": None, "detail": "runner error: " + traceback.format_exc()[-400:]}
    print(json.dumps(reply), flush=True)
'''


@dataclass
class WebArenaBridge:
    source: str = "webarena"
    _process: subprocess.Popen | None = field(default=None, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def prepare(self, checkout: Path, work: Path) -> None:
        """The venv (``work/venv``) with upstream's evaluator's imports, and its runner."""
        evaluators = checkout / "evaluation_harness" / "evaluators.py"
        if not evaluators.is_file():
            raise ParityUnavailable(f"webarena: {evaluators} not found: not the upstream checkout")
        python = ensure_venv("webarena", work, PACKAGES)
        (work / "runner.py").write_text(RUNNER)
        self._start(python, checkout, work)

    def _start(self, python: Path, checkout: Path, work: Path) -> None:
        if self._process is not None:
            return
        env = {name: SITE_URLS[p] for p, name in ENV_NAMES.items()}
        env |= {"HOMEPAGE": "http://localhost:4399", "PYTHONPATH": str(checkout)}
        env |= {"PYTHONDONTWRITEBYTECODE": "1", "OPENAI_API_KEY": "none", "PATH": "/usr/bin:/bin"}
        env |= {"PYTHONWARNINGS": "ignore"}  # beartype's deprecation notes on upstream's hints
        self._process = subprocess.Popen(
            [str(python), "-B", str(work / "runner.py"), json.dumps(ENV_NAMES)],
            cwd=checkout,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def score(self, case: ParityCase) -> UpstreamScore:
        if self._process is None:
            self.prepare(case.checkout, case.work)
        request = {
            "config": upstream_record(case.task_dir, case.checkout),
            "answer": _output(case.trial_dir, "output/answer.md"),
            "final_url": _output(case.trial_dir, "output/final_url.txt").strip(),
            "llm_base": case.judge_env.get("JUDGE_BASE_URL", UNREACHABLE_LLM),
            "llm_key": case.judge_env.get("JUDGE_API_KEY", "none"),
        }
        assert self._process and self._process.stdin and self._process.stdout
        with self._lock:
            self._process.stdin.write(json.dumps(request) + "\n")
            self._process.stdin.flush()
            line = self._process.stdout.readline()
        if not line:
            raise ParityUnavailable(f"webarena: the evaluator runner exited ({case.work})")
        reply = json.loads(line)
        return UpstreamScore(reply["score"], reply["detail"])


def upstream_record(task_dir: Path, checkout: Path) -> dict:
    """The task's upstream config, from the checkout (``record``: ``FILE#TASK_ID`` or
    ``FILE`` for a file holding one config)."""
    config = load_task_config(task_dir / "task.toml")
    imported = config.metadata.imported if config.metadata else None
    if imported is None:
        raise ValueError(f"{task_dir}: task.toml has no [metadata.imported]")
    file, _, task_id = imported.record.partition("#")
    data = json.loads((ADAPTERS["webarena"].records_dir(checkout) / file).read_text())
    if not task_id:
        return data
    found = [r for r in data if str(r.get("task_id")) == task_id]
    if len(found) != 1:
        raise ValueError(f"{file}: {len(found)} records with task_id {task_id}, expected 1")
    return found[0]


def _output(trial_dir: Path, relative: str) -> str:
    """The first of the trial's output locations holding ``relative``, else ""."""
    for root in OUTPUT_ROOTS:
        path = trial_dir / root / relative
        if path.is_file() and not path.is_symlink():
            return path.read_text(errors="replace")
    return ""


BRIDGE = WebArenaBridge()

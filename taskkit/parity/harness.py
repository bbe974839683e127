"""``python -m taskkit parity``: run an imported source's tasks with the oracle, the null agent
and every wrong solution (the no-Docker runner), keep each trial, score it with upstream's own
evaluator through the source's bridge, and print where our verifier and upstream agree."""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from taskkit import registries, stand_in_judge
from taskkit.agents import NULL, ORACLE, WRONG_PREFIX
from taskkit.importers import ADAPTERS
from taskkit.importers.cli import run_import
from taskkit.importers.sources import parse_source, resolve
from taskkit.oracle import run_many
from taskkit.parity import ParityCase, ParityUnavailable, UpstreamBridge, UpstreamScore, agree
from taskkit.parity import artefacts as artefacts_of
from taskkit.parity.bridges import bridge
from taskkit.task_load import load_task_config

RESULTS = Path(__file__).resolve().parents[2] / "bench" / "results" / "parity"
AGENTS = [ORACLE, NULL, "wrong"]


@dataclass
class Comparison:
    task: str
    agent: str
    ours: float | None
    upstream: float | None
    agree: bool
    detail: str  # upstream's, or why a side could not score
    ours_detail: str = ""
    known_difference: str = ""  # why the two sides may differ by design (``known_difference``)

    @property
    def kind(self) -> str:
        return "wrong" if self.agent.startswith(WRONG_PREFIX) else self.agent

    @property
    def unscored_here(self) -> bool:
        """Upstream scores it and we do not: a layer not reproduced here (seed 002's null),
        counted apart from agreement and disagreement."""
        return self.ours is None and self.upstream is not None


PERSONA_DIFFERENCE = (
    "upstream scores with its own simulated user in the loop (a model given the transcript, in "
    "the chat); ours with the task's model persona answering the agent's mail (each mail alone, "
    "through the judge's endpoint): the conversations differ, so the scores may"
)


def known_difference(task_dir: Path) -> str:
    """Why our score and upstream's may differ by design for this task ("" when they should
    not): a model persona of ours plays what upstream's simulated user does."""
    seed = task_dir / "environment" / "seed.json"
    if not seed.is_file():
        return ""
    personas = json.loads(seed.read_text()).get("personas") or []
    return PERSONA_DIFFERENCE if any(p.get("llm") for p in personas) else ""


def source_tasks(tasks_dir: Path, source: str, include_not_runnable: bool) -> list[Path]:
    """The imported tasks of ``source`` under ``tasks_dir/tasks`` (runnable ones only, unless
    asked), sorted by name."""
    chosen = []
    for folder in registries.task_dirs(tasks_dir):
        config = load_task_config(folder / "task.toml")
        imported = config.metadata.imported if config.metadata else None
        if imported is None or imported.source != source:
            continue
        if imported.not_runnable and not include_not_runnable:
            continue
        chosen.append(folder)
    return sorted(chosen)


@contextmanager
def _judge(enabled: bool) -> Iterator[tuple[dict[str, str], dict[str, str], list[list[str]]]]:
    """(the trial's judge variables, the host's, the trial sidecars): the stand-in judge on each
    trial's loopback and on the host's, or nothing."""
    if not enabled:
        yield {}, {}, []
        return
    inside = stand_in_judge.judge_env("127.0.0.1", stand_in_judge.LOOPBACK_PORT)
    with stand_in_judge.host_judge("127.0.0.1") as host:
        yield inside, host, [stand_in_judge.trial_sidecar()]


def compare(
    source: str,
    checkout: Path,
    tasks: list[Path],
    *,
    work: Path,
    jobs: int,
    judge: bool,
    root: Path,
    artefacts: bool = False,
) -> list[Comparison]:
    """Every (task, agent) trial scored by us and by upstream. ``artefacts``: a task without
    services is scored on what its solutions leave, laid out without a trial."""
    upstream = bridge(source)
    upstream.prepare(checkout, work)
    laid_out = [t for t in tasks if artefacts and not (t / "environment" / "seed.json").exists()]
    in_trials = [t for t in tasks if t not in laid_out]
    comparisons = []
    with _judge(judge) as (trial_env, host_env, sidecars):
        for task in laid_out:
            for agent in artefacts_of.agents(task):
                trial = Path(tempfile.mkdtemp(prefix=f"parity-{task.name}-"))
                try:
                    artefacts_of.lay_out(trial, artefacts_of.solution(task, agent))
                    ours, ours_detail = artefacts_of.our_score(task, trial, host_env)
                    case = ParityCase(task, trial, checkout, work, agent, host_env)
                    comparisons.append(_compared(upstream, case, ours, ours_detail, None))
                finally:
                    shutil.rmtree(trial, ignore_errors=True)
        results = (
            run_many(
                in_trials,
                agents=AGENTS,
                jobs=jobs,
                root=root,
                sidecars=sidecars,
                env=trial_env,
                keep=True,
            )
            if in_trials
            else []
        )
        by_name = {t.name: t for t in in_trials}
        for result in results:
            trial = Path(result.trial_dir)
            ours = None if result.not_scored else result.reward
            case = ParityCase(by_name[result.task], trial, checkout, work, result.agent, host_env)
            ours_detail = result.error or result.not_scored or ""
            comparisons.append(_compared(upstream, case, ours, ours_detail, result.error))
            shutil.rmtree(trial, ignore_errors=True)
    return comparisons


def _compared(
    upstream: UpstreamBridge, case: ParityCase, ours: float | None, detail: str, error: str | None
) -> Comparison:
    """One trial scored by upstream; a bridge failure is a listed finding, never fatal."""
    if error:
        theirs = UpstreamScore(None, "our trial failed, upstream not asked")
    else:
        try:
            theirs = upstream.score(case)
        except Exception as exc:
            theirs = UpstreamScore(None, f"bridge error: {type(exc).__name__}: {exc}")
    both = agree(ours, theirs.score) and not error
    return Comparison(
        case.task_dir.name,
        case.agent,
        ours,
        theirs.score,
        both,
        theirs.detail,
        detail,
        known_difference(case.task_dir),
    )


def table(source: str, comparisons: list[Comparison]) -> str:
    """Per agent kind: trials, agreeing, disagreeing, not scored here (upstream scores, we leave
    it out), agreement over the rest; then every disagreement."""
    lines = [f"parity of {source}: our verifier vs upstream's evaluator"]
    lines.append(
        f"{'agent':<8} {'trials':>7} {'agree':>7} {'disagree':>9} {'not scored here':>16} "
        f"{'agreement':>10}"
    )
    for kind, row in summary(source, comparisons)["by_agent"].items():
        judged = row["agree"] + row["disagree"]
        share = f"{100 * row['agree'] / judged:.1f}%" if judged else "-"
        lines.append(
            f"{kind:<8} {row['trials']:>7} {row['agree']:>7} {row['disagree']:>9} "
            f"{row['not_scored_here']:>16} {share:>10}"
        )
    disagreements = [c for c in comparisons if not c.agree and not c.unscored_here]
    if disagreements:
        lines.append("disagreements (task, agent: ours vs upstream: why):")
        lines += [
            f"  {c.task} {c.agent}: {_score(c.ours)} vs {_score(c.upstream)}: "
            f"{(c.detail or c.ours_detail)[:200]}"
            + (" (known difference)" if c.known_difference else "")
            for c in disagreements
        ]
    known = _known(comparisons)
    if known:
        lines.append("known differences (task: why the sides may differ by design):")
        lines += [f"  {task}: {why}" for task, why in known.items()]
    return "\n".join(lines)


def _known(comparisons: list[Comparison]) -> dict[str, str]:
    return {c.task: c.known_difference for c in comparisons if c.known_difference}


def _score(value: float | None) -> str:
    return "not scored" if value is None else f"{value:.3f}"


def summary(source: str, comparisons: list[Comparison]) -> dict[str, Any]:
    by_kind = {}
    for kind in (ORACLE, NULL, "wrong"):
        rows = [c for c in comparisons if c.kind == kind]
        unscored = sum(c.unscored_here for c in rows)
        agreeing = sum(c.agree for c in rows)
        by_kind[kind] = {
            "trials": len(rows),
            "agree": agreeing,
            "disagree": len(rows) - agreeing - unscored,
            "not_scored_here": unscored,
        }
    return {
        "source": source,
        "tasks": len({c.task for c in comparisons}),
        "by_agent": by_kind,
        "known_differences": _known(comparisons),
        "comparisons": [asdict(c) for c in comparisons],
    }


def main(args: Any) -> int:
    ref = parse_source(args.source, list(ADAPTERS))
    checkout = resolve(ref, ADAPTERS[ref.name].pin)
    scratch = Path(tempfile.mkdtemp(prefix=f"parity-{ref.name}-"))
    try:
        tasks_dir = args.tasks_dir
        if tasks_dir is None:
            tasks_dir = scratch / "imported"
            run_import(args.source, tasks_dir)
        tasks = source_tasks(tasks_dir, ref.name, args.include_not_runnable)[: args.limit or None]
        if not tasks:
            print(
                f"parity: no {'' if args.include_not_runnable else 'runnable '}"
                f"{ref.name} tasks in {tasks_dir}",
                file=sys.stderr,
            )
            return 2
        work = args.work or Path(tempfile.gettempdir()) / "liveclaw-parity" / ref.name
        work.mkdir(parents=True, exist_ok=True)
        comparisons = compare(
            ref.name,
            checkout,
            tasks,
            work=work,
            jobs=args.jobs,
            judge=args.judge == "local",
            root=tasks_dir,
            artefacts=args.artefacts,
        )
    except ParityUnavailable as exc:
        print(f"parity: {exc}", file=sys.stderr)
        return 2
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(table(ref.name, comparisons))
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{ref.name}{'' if args.judge == 'local' else '-no-judge'}.json"
    path.write_text(json.dumps(summary(ref.name, comparisons), indent=2) + "\n")
    print(f"written {path}")
    return 0 if all(c.agree or c.unscored_here for c in comparisons) else 1

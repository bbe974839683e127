"""Read a run folder into the viewer's models: ours (``invoke oracle --record``: ``run.json``
and ``trials/``) and Harbor's job folders (``harbor run --jobs-dir``), alone or inside ours
(``harbor-jobs/``). Old folders without an audit log still open, without calls."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from taskkit.agents import ALTERNATIVE_PREFIX, NULL, ORACLE, UI, WRONG_PREFIX
from taskkit.harbor_results import read_trial_folder
from taskkit.runview.model import (
    Call,
    Checkpoint,
    DeclaredEvent,
    LogText,
    OutputFile,
    RowDiff,
    Run,
    RunInfo,
    Trial,
)
from taskkit.runview.record import (
    CALLS_FILE,
    HARBOR_AGENT_FILE,
    HARBOR_JOBS,
    LOGS,
    OUTPUTS_DIR,
    OUTPUTS_FILE,
    RUN_FILE,
    STATE_FILE,
    TRIALS,
    WORLD_FILE,
    folder_parts,
)

HARBOR_TRIAL_LOG, HARBOR_EXCEPTION = "trial.log", "exception.txt"
"""What Harbor (0.26) writes in a trial's folder: its own log of the trial, and the traceback
of the exception that ended it, if one did (also in ``result.json``'s ``exception_info``)."""
HARBOR_TRIAL_PARTS = (HARBOR_TRIAL_LOG, "agent", "verifier")
"""What only a trial's folder holds, not its job's: a ``result.json`` there that cannot be
read is a trial's, listed in error."""
LOG_LIMIT = 200_000
"""A log longer than this many bytes is shown by its end, its last this many bytes."""


class NotARun(ValueError):
    """The folder holds neither a run of ours nor Harbor's job folders."""


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise NotARun(f"{path}: not readable JSON ({exc})") from exc


CALLS, STATE = TypeAdapter(list[Call]), TypeAdapter(list[RowDiff])
OUTPUT_INDEX = TypeAdapter(list[OutputFile])
EVENTS = TypeAdapter(list[DeclaredEvent])


def _declared_events(path: Path) -> list[DeclaredEvent] | None:
    """The world events ``world.json`` lists, or None where the folder predates it."""
    if not path.is_file():
        return None
    world = _read_json(path)
    if not isinstance(world, dict):
        raise NotARun(f'{path}: expected {{"events": [...]}}')
    try:
        return EVENTS.validate_python(world.get("events", []))
    except ValidationError as exc:
        raise NotARun(f"{path}: {_first_problem(exc)}") from exc


def _outputs(folder: Path) -> list[OutputFile]:
    """The agent's output files a trial folder kept, each with its text (none where the folder
    kept none); an index entry pointing outside ``outputs/`` is refused naming it."""
    index = _validated(folder / OUTPUTS_FILE, OUTPUT_INDEX) or []
    kept = (folder / OUTPUTS_DIR).resolve()
    found = []
    for output in index:
        file = (kept / output.path.lstrip("/")).resolve()
        if not file.is_relative_to(kept):
            raise NotARun(f"{folder / OUTPUTS_FILE}: {output.path!r} is not an output's path")
        text = file.read_bytes().decode("utf-8", errors="replace") if file.is_file() else ""
        found.append(output.model_copy(update={"text": text}))
    return found


def _validated(path: Path, adapter: TypeAdapter[list[Any]]) -> list[Any] | None:
    """A list file read straight from its bytes (pydantic parses the JSON), or None where
    the folder has none; a file that does not match is refused naming it."""
    if not path.is_file():
        return None
    try:
        return adapter.validate_json(path.read_bytes())
    except ValidationError as exc:
        raise NotARun(f"{path}: {_first_problem(exc)}") from exc


def _first_problem(exc: ValidationError) -> str:
    """The first of a validation's errors in words: where and what ("item 3, field 'method':
    Field required"), and how many more."""
    errors = exc.errors()
    first = errors[0]
    where = [f"item {p}" if isinstance(p, int) else f"field {p!r}" for p in first["loc"]]
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{', '.join(where) or 'the file'}: {first['msg']}{more}"


def _log(path: Path) -> LogText:
    """A log file, its last ``LOG_LIMIT`` bytes where it is longer."""
    with path.open("rb") as handle:
        size = handle.seek(0, 2)
        handle.seek(max(0, size - LOG_LIMIT))
        kept = handle.read()
    return LogText(text=kept.decode("utf-8", errors="replace"), bytes=size, kept=len(kept))


def folder_stamp(folder: Path) -> tuple[int, int]:
    """A trial folder as it is now, cheaply: the latest modification time (ns) and the total
    size of the folder, its entries and those of its folders one level down (``checkpoints/``,
    Harbor's ``verifier/`` and ``agent/``), where a trial's files are; (0, 0) where it is
    gone. A file fixed in place, added or removed changes it."""
    latest = total = 0
    try:
        latest = folder.stat().st_mtime_ns
        with os.scandir(folder) as entries:
            for entry in entries:
                found = entry.stat(follow_symlinks=False)
                latest, total = max(latest, found.st_mtime_ns), total + found.st_size
                if entry.is_dir(follow_symlinks=False):
                    with os.scandir(entry.path) as inner:
                        for item in inner:
                            found = item.stat(follow_symlinks=False)
                            latest = max(latest, found.st_mtime_ns)
                            total += found.st_size
    except FileNotFoundError:
        return (0, 0)
    return (latest, total)


def _checkpoints_from_meta(step: str, meta: dict[str, Any], path: Path) -> list[Checkpoint]:
    """The checkpoints a verifier of the SDK wrote into ``path`` (its ``reward_meta.json``);
    one whose record does not fit is refused naming the file."""
    found = meta.get("_meta_checkpoints") or {}
    checkpoints = []
    for name, item in found.items():
        if not isinstance(item, dict):
            continue
        detail, judge = str(item.get("detail", "")), item.get("judge")
        if judge is None and detail and detail == meta.get("_meta_judge_rationale"):
            # an older verifier folded the judge's rationale into the reason
            judge = {"model": str(meta.get("_meta_judge_model", "")), "rationale": detail}
            detail = ""
        try:
            checkpoints.append(
                Checkpoint(
                    step=step,
                    name=name,
                    score=float(item.get("score", 0.0)),
                    goal=bool(item.get("goal", False)),
                    rationale=str(item.get("rationale", "")),
                    detail=detail,
                    weight=item.get("weight"),
                    scored=item.get("scored", True) is not False,
                    judge=judge,
                    evidence=item.get("evidence"),
                )
            )
        except ValidationError as exc:
            raise NotARun(f"{path}: checkpoint {name!r}, {_first_problem(exc)}") from exc
    return checkpoints


def _scoring_notes(meta: dict[str, Any]) -> list[str]:
    """How a missed goal made the reward, naming every checkpoint it is about: the goals
    missed, the goals (which then count for nothing) and the secondary checkpoints whose
    weighted mean, times the cap, is the reward."""
    missed = meta.get("_meta_goals_missed")
    if not missed:
        return []
    cap = meta.get("_meta_goal_cap")
    items = meta.get("_meta_checkpoints") or {}
    scored = {
        n: i for n, i in items.items() if isinstance(i, dict) and i.get("scored") is not False
    }
    goals = list(dict.fromkeys([*(n for n, i in scored.items() if i.get("goal")), *missed]))
    secondary = [n for n in scored if n not in goals]
    counted = (
        f"{cap} times the weighted mean of the secondary checkpoints alone ({', '.join(secondary)})"
        if secondary
        else f"0: {cap} times the mean of no secondary checkpoint"
    )
    return [
        f"Goal missed: {', '.join(map(str, missed))}. So the reward is {counted}; the goals "
        f"({', '.join(goals)}) count for nothing in it, passed or not."
    ]


def _checkpoints_from_steps(steps: list[dict[str, Any]]) -> list[Checkpoint]:
    """Where no ``reward_meta.json`` was kept: the steps' scores, goals and details."""
    found = []
    for step in steps:
        for name, score in (step.get("rewards") or {}).items():
            if name == "reward":
                continue
            found.append(
                Checkpoint(
                    step=step.get("name", "main"),
                    name=name,
                    score=float(score),
                    goal=name in (step.get("goals") or []),
                    detail=str((step.get("details") or {}).get(name, "")),
                )
            )
    return found


def _count(path: Path) -> int | None:
    """How many items a list file holds, without validating them (the run page's count); a
    file that is not a list is refused naming it."""
    if not path.is_file():
        return None
    items = _read_json(path)
    if not isinstance(items, list):
        raise NotARun(f"{path}: expected a JSON list, found {type(items).__name__}")
    return len(items)


def _why(exc: Exception, folder: Path) -> str:
    """Why a part of a trial folder cannot be read, naming the file where the error does."""
    if isinstance(exc, NotARun):
        return str(exc)
    if isinstance(exc, ValidationError):  # a value of the wrong type ("reward": "high")
        return f"{folder}: {_first_problem(exc)}"
    return f"{folder}: {type(exc).__name__}: {exc}"  # a file of another shape


_PART_ERRORS = (NotARun, ValidationError, ValueError, TypeError, AttributeError, KeyError)


def _meta_file(step: str, meta_file: Path) -> tuple[list[Checkpoint], list[str]]:
    """A verifier's ``reward_meta.json``: its checkpoints and scoring notes; one of another
    shape or with a value of the wrong type (``"score": "bad"``) is refused naming it."""
    meta = _read_json(meta_file)
    try:
        return _checkpoints_from_meta(step, meta, meta_file), _scoring_notes(meta)
    except (ValueError, TypeError, AttributeError, KeyError) as exc:  # another shape
        if isinstance(exc, NotARun):
            raise
        raise NotARun(f"{meta_file}: not a verifier's reward_meta ({exc})") from exc


def _our_checkpoints(folder: Path, result: dict[str, Any]) -> tuple[list[Checkpoint], list[str]]:
    checkpoints: list[Checkpoint] = []
    notes: list[str] = []
    for meta_file in sorted((folder / "checkpoints").glob("*.json")):
        found, said = _meta_file(meta_file.stem, meta_file)
        checkpoints += found
        notes += said
    if not checkpoints:
        checkpoints = _checkpoints_from_steps(result.get("steps") or [])
    return checkpoints, notes


def read_our_trial(folder: Path, details: bool = True) -> Trial:
    """One trial of ours; without ``details`` its calls and end state are left unread
    (``with_details`` reads them), as the run page needs only their count. Each part is read
    on its own: one that cannot be read (``result.json``, ``calls.json``, ...) puts the
    trial in error naming its file, and the others are still shown."""
    stamp = folder_stamp(folder)
    problems: list[str] = []
    unreadable: list[str] = []

    def part(name: str, read: Any, default: Any) -> Any:
        try:
            return read()
        except _PART_ERRORS as exc:
            problems.append(_why(exc, folder))
            unreadable.append(name)
            return default

    def result_file() -> dict[str, Any]:
        found = _read_json(folder / "result.json")
        if not isinstance(found, dict):
            raise NotARun(f"{folder / 'result.json'}: expected a JSON object (a trial's result)")
        Trial.model_validate(_from_result(folder, found))  # a value of the wrong type
        return found

    result = part("result.json", result_file, {})
    checkpoints, notes = part("checkpoints", lambda: _our_checkpoints(folder, result), ([], []))
    calls = state = count = None
    events = part(WORLD_FILE, lambda: _declared_events(folder / WORLD_FILE), None)  # a few
    if details:
        calls = part(CALLS_FILE, lambda: _validated(folder / CALLS_FILE, CALLS), None)
        state = part(STATE_FILE, lambda: _validated(folder / STATE_FILE, STATE), None)
        count = len(calls) if calls is not None else None
    else:  # the run page: each list's shape only, its items are checked with the details
        count = part(CALLS_FILE, lambda: _count(folder / CALLS_FILE), None)
        part(STATE_FILE, lambda: _count(folder / STATE_FILE), None)
    found = _from_result(folder, result)
    if problems:
        error = "cannot be read: " + "; ".join(dict.fromkeys(problems))
        found["error"] = f"{found['error']}; {error}" if found.get("error") else error
    return Trial(
        **found,
        checkpoints=checkpoints,
        scoring_notes=notes,
        calls=calls,
        call_count=count,
        state=state,
        events=events,
        logs={log: _log(folder / log) for log in LOGS if (folder / log).is_file()},
        outputs=part(OUTPUTS_FILE, lambda: _outputs(folder), []) if details else [],
        unreadable=list(dict.fromkeys(unreadable)),
        folder=str(folder),
        stamp=stamp,
        detailed=details,
    )


def _from_result(folder: Path, result: dict[str, Any]) -> dict[str, Any]:
    """A trial's fields from its ``result.json`` (empty: the task and agent from the folder's
    name)."""
    task, agent, _ = folder_parts(folder.name) or (folder.name, "?", "")
    stages = result.get("stages") or {}
    return {
        "id": folder.name,
        "task": result.get("task", task),
        "agent": result.get("agent", agent),
        "reward": result.get("reward"),
        "not_scored": result.get("not_scored"),
        "error": result.get("error"),
        "seconds": stages.get("total") if isinstance(stages, dict) else None,
        "stages": stages,
    }


def _readable(folder: Path, details: bool) -> Trial:
    """The trial in ``folder``, or where it cannot be read a trial in error saying why (one
    broken folder does not hide the run; once fixed, ``fresh`` reads it again)."""
    stamp = folder_stamp(folder)
    try:
        return read_our_trial(folder, details)
    except _PART_ERRORS as exc:
        reason = _why(exc, folder)
    task, agent, _ = folder_parts(folder.name) or (folder.name, "?", "")
    return Trial(
        id=folder.name,
        task=task,
        agent=agent,
        error=f"cannot be read: {reason}",
        folder=str(folder),
        stamp=stamp,
    )


def with_details(trial: Trial) -> Trial:
    """``trial`` with its calls and end state read (itself where they already are)."""
    if trial.detailed or not trial.folder:
        return trial
    return _readable(Path(trial.folder), details=True)


def fresh(trial: Trial) -> Trial:
    """``trial`` itself while its folder is as it was read (``folder_stamp``: a few stats, no
    file read), else read again from it: a trial fixed on disk is shown fixed without
    restarting the viewer."""
    if not trial.folder:
        return trial
    folder = Path(trial.folder)
    if folder_stamp(folder) == trial.stamp:
        return trial
    return read_harbor_trial(folder) if trial.harbor else _readable(folder, trial.detailed)


def harbor_trial_folders(jobs: Path) -> list[Path]:
    """Harbor's trial folders under a jobs folder (or one job's): each holds a result.json
    with a ``verifier_result`` or ``exception_info``."""
    found = []
    for result in sorted(jobs.glob("*/result.json")) + sorted(jobs.glob("*/*/result.json")):
        try:
            data = json.loads(result.read_text())
        except (OSError, ValueError):  # cut short: a trial's where laid out as one
            if any((result.parent / part).exists() for part in HARBOR_TRIAL_PARTS):
                found.append(result.parent)
            continue
        if isinstance(data, dict) and ("verifier_result" in data or "exception_info" in data):
            found.append(result.parent)
    return found


_JOB_SUFFIX = re.compile(r"-[0-9a-f]{6}$")
"""How the Harbor runner ends a job folder's name (``<task>-<agent as a slug>-<6 hex>``)."""
_SLUG_PREFIXES = {"wrong-": WRONG_PREFIX, "alternative-": ALTERNATIVE_PREFIX}


def _our_agent(job: Path, task: str, harbor_agent: str) -> str:
    """Which of our agents a Harbor job ran: as the runner wrote it (``HARBOR_AGENT_FILE``),
    else (a run recorded before it did) read from the job folder's name, ``<task>-wrong-
    orders-both-cbefa0`` being ``wrong:orders-both``; else Harbor's own agent name."""
    marked = job / HARBOR_AGENT_FILE
    if marked.is_file():
        data = _read_json(marked)
        agent = data.get("agent") if isinstance(data, dict) else None
        if not isinstance(agent, str) or not agent:
            raise NotARun(f'{marked}: expected {{"agent": "<one of our agents>"}}')
        return agent
    prefix = f"{task}-"
    if (
        harbor_agent != ORACLE
        or not job.name.startswith(prefix)
        or not _JOB_SUFFIX.search(job.name)
    ):
        return harbor_agent
    slug = _JOB_SUFFIX.sub("", job.name.removeprefix(prefix))
    if slug in (ORACLE, NULL, UI):
        return slug
    kind = next((k for k in _SLUG_PREFIXES if slug.startswith(k) and slug != k), None)
    return _SLUG_PREFIXES[kind] + slug.removeprefix(kind) if kind else harbor_agent


def read_harbor_trial(folder: Path) -> Trial:
    """One of Harbor's trials; a file of it that cannot be read (``result.json`` not JSON or
    with a reward of the wrong type, a checkpoint's ``score: "bad"`` in
    ``verifier/reward_meta.json``) puts it in error naming the file, its logs still shown."""
    where = {"folder": str(folder), "harbor": True, "stamp": folder_stamp(folder)}
    logs = {
        str(p.relative_to(folder)): _log(p)
        for p in [
            folder / HARBOR_TRIAL_LOG,
            *sorted(folder.glob("*/*.txt")),
            *sorted(folder.glob("*/*.log")),
        ]
        if p.is_file()
    }
    trial_id = f"{folder.parent.name}--{folder.name}"
    try:
        return _harbor_trial(folder, trial_id, logs).model_copy(update=where)
    except _PART_ERRORS as exc:
        reason = _why(exc, folder)
    return Trial(
        id=trial_id,
        task=folder.name.partition("__")[0],
        agent="?",
        error=f"cannot be read: {reason}",
        logs=logs,
        **where,
    )


def _harbor_trial(folder: Path, trial_id: str, logs: dict[str, LogText]) -> Trial:
    result_file = folder / "result.json"
    data = _read_json(result_file)
    if not isinstance(data, dict):
        raise NotARun(f"{result_file}: expected a JSON object (Harbor's trial result)")
    dataset, _, task = str(data.get("task_name") or folder.parent.name).rpartition("/")
    harbor_agent = str((data.get("agent_info") or {}).get("name") or data.get("agent") or "?")
    agent = _our_agent(folder.parent, task, harbor_agent)
    try:
        result = read_trial_folder(folder, task, agent)
    except (ValueError, TypeError, AttributeError, KeyError) as exc:
        raise NotARun(f"{result_file}: not Harbor's trial result ({exc})") from exc
    meta_path = folder / "verifier" / "reward_meta.json"
    checkpoints: list[Checkpoint] = []
    notes: list[str] = []
    unreadable: list[str] = []
    error = result.error
    if meta_path.is_file():
        try:
            checkpoints, notes = _meta_file("main", meta_path)
        except NotARun as exc:  # the reward still shows, from result.json
            unreadable = ["checkpoints"]
            error = "; ".join(filter(None, [error, f"cannot be read: {exc}"]))
    exception = (data.get("exception_info") or {}).get("exception_traceback")
    if (folder / HARBOR_EXCEPTION).is_file():
        exception = _log(folder / HARBOR_EXCEPTION).text
    return Trial(
        id=trial_id,
        task=task,
        agent=agent,
        dataset=dataset or None,
        reward=result.reward,
        not_scored=result.not_scored,
        error=error,
        unreadable=unreadable,
        seconds=result.stages.get("total"),
        stages=result.stages,
        checkpoints=checkpoints,
        scoring_notes=notes,
        calls=None,
        logs=logs,
        exception=str(exception) if exception else None,
        started=_text(data.get("started_at")),
        finished=_text(data.get("finished_at")),
    )


def _text(value: Any) -> str | None:
    return str(value) if value else None


def load_run(path: Path, details: bool = True) -> Run:
    """The run in ``path``; ``NotARun`` names what was expected there. Without ``details``
    each trial's calls and end state wait for ``with_details`` (a page served on demand)."""
    if not path.exists():
        raise NotARun(f"{path}: no such folder")
    if not path.is_dir():
        raise NotARun(f"{path}: a file, not a run folder")
    if (path / RUN_FILE).is_file():
        try:
            info = RunInfo.model_validate(_read_json(path / RUN_FILE))
        except ValidationError as exc:
            raise NotARun(f"{path / RUN_FILE}: {_first_problem(exc)}") from exc
        folders = sorted(f for f in (path / TRIALS).glob("*") if f.is_dir())
        trials = [_readable(f, details) for f in folders]
        trials += [read_harbor_trial(f) for f in harbor_trial_folders(path / HARBOR_JOBS)]
        return Run(info=info, trials=trials, source=f"{path} (ours)")
    harbor = harbor_trial_folders(path)
    if harbor:
        trials = [read_harbor_trial(f) for f in harbor]
        return Run(info=RunInfo(runner="harbor"), trials=trials, source=f"{path} (Harbor)")
    raise NotARun(
        f"{path}: neither a run of ours ({RUN_FILE}, from `invoke oracle --record DIR`) nor "
        "Harbor's job folders (<job>/<trial>/result.json)"
    )

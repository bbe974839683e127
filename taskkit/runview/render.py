"""The viewer's pages: ``index.html`` (the run), ``trials/<id>.html`` (one trial), and with a
second run ``compare.html`` and the second run's own pages under ``right/`` (``index.html``,
``trials/<id>.html``), with the vendored stylesheet and
script. ``write_site`` writes them all (a folder any browser opens); ``Site`` renders one at a
time, as the server asks for it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

from taskkit.runview import model
from taskkit.runview.load import fresh, load_run, with_details
from taskkit.runview.model import OUTCOMES, Call, Checkpoint, CitedCall, Run, Trial
from taskkit.runview.record import HARBOR_JOBS, RUN_FILE, TRIALS
from taskkit.runview.summary import (
    ReadCalls,
    channel,
    compare,
    free_checkpoints,
    matrices,
    read_calls,
    state_diff,
    summaries,
)

HERE = Path(__file__).parent
STATIC = HERE / "static"
_ENV = Environment(
    loader=FileSystemLoader(HERE / "templates"),
    autoescape=select_autoescape(("html",)),
    trim_blocks=True,
    lstrip_blocks=True,
)
NULL = Markup('<span class="null" title="no value (NULL)">null</span>')
EMPTY = Markup('<span class="empty" title="an empty text">"" (empty)</span>')


def shown_value(value: Any) -> Markup:
    """A column's value on a page, one way in every table and sentence: no value (None, SQL's
    NULL) as a marked ``null``, an empty text as a marked ``""``, else ``model.shown``."""
    if value is None:
        return NULL
    if value == "" and isinstance(value, str):
        return EMPTY
    return escape(model.shown(value))


_ENV.filters.update(moment=model.moment, shown=shown_value, channel=channel)
_ENV.globals["plural"] = model.plural


def row_writers(calls: list[Call] | None) -> dict[tuple[str, str, str], list[int]] | None:
    """Which calls (their places in the trial's order) changed each row, by (service, table,
    row id); None where the calls are not known. An end-state row none of them changed was
    written outside the services."""
    if calls is None:
        return None
    writers: dict[tuple[str, str, str], list[int]] = {}
    for n, call in enumerate(calls):
        for change in call.changes:
            row = str(change.row_id)  # "6,1" (a composite key), also as older folders' "6/1"
            for named in {row, row.replace(",", "/")}:
                writers.setdefault((call.service, change.table, named), []).append(n)
    return writers


def fired_events(calls: list[Call] | None) -> dict[tuple[str, str], list[int]] | None:
    """(service, event id) -> the calls (places in the trial's order) that were the world
    event's occurrences; None where the calls are not known. A declared event missing here
    never fired."""
    if calls is None:
        return None
    fired: dict[tuple[str, str], list[int]] = {}
    for n, call in enumerate(calls):
        if call.via == "world" and call.event:
            fired.setdefault((call.service, call.event), []).append(n)
    return fired


@dataclass
class Overwritten:
    """A row whose end state is not what the last logged call that changed it wrote: it was
    changed outside the services after that call."""

    call: int
    """That call's place in the trial's order."""
    columns: list[tuple[str, Any, Any]]
    """Each column that differs: (name, what the call wrote, the end value)."""


def overwritten_rows(
    calls: list[Call] | None, diff: list[model.RowDiff] | None
) -> dict[tuple[str, str, str], Overwritten]:
    """The end-state rows (by service, table, row id) whose values differ from the ``after``
    image of the last logged call that changed them; none where the calls are not known."""
    last: dict[tuple[str, str, str], tuple[int, model.Change]] = {}
    for n, call in enumerate(calls or []):
        for change in call.changes:
            last[(call.service, change.table, str(change.row_id))] = (n, change)
    found = {}
    for row in diff or []:
        key = (row.service, row.table, str(row.row_id))
        if key not in last:
            continue
        n, change = last[key]
        wrote, end = change.after or {}, row.after or {}
        if (change.after is None) != (row.after is None):
            found[key] = Overwritten(n, model.changed_columns(change.after, row.after))
            continue
        columns = [
            (name, wrote.get(name), end.get(name))
            for name in dict.fromkeys([*wrote, *end])
            if not model.stored_alike(wrote.get(name), end.get(name))
        ]
        if columns:
            found[key] = Overwritten(n, columns)
    return found


@dataclass
class FailedCalls:
    """Where a failing checkpoint can say what failed it: the calls (places in the trial's
    order) of the rule's hits and those that wrote the rows it found wrong, and those rows."""

    calls: list[int]
    rows: list[tuple[str, str, str]]
    """(service, table, row id) of each row it found wrong."""
    unwritten: set[tuple[str, str, str]]
    """Those rows no logged call wrote (written outside the services), where calls are known."""
    returned: list[CitedCall]
    """The calls its readers picked out that did not fail it: it read them."""


def failed_calls(
    trial: Trial,
    checkpoint: Checkpoint,
    call_index: dict[tuple[str, int], int],
    writers: dict[tuple[str, str, str], list[int]] | None,
) -> FailedCalls | None:
    """What failed ``checkpoint`` where its verifier said (``evidence.failed_on``); None for a
    checkpoint that passed or one that did not say. A row it found wrong points at the calls
    that made its end state (``_made_end_state``)."""
    evidence = checkpoint.evidence
    failed = evidence.failed_on if evidence else None
    if checkpoint.verdict != "fail" or evidence is None or failed is None:
        return None
    found = [call_index[(c.service, c.id)] for c in failed.calls if (c.service, c.id) in call_index]
    rows = [(r.service, r.table, row) for r in failed.rows for row in r.rows or []]
    seeds = {(d.service, d.table, d.row_id): d.before for d in trial.state or []}
    unwritten = set()
    for row in rows:
        by = (writers or {}).get(row)
        found += _made_end_state(trial.calls or [], row, by or [], seeds)
        if writers is not None and not by:
            unwritten.add(row)
    failing = set(found)
    returned = [c for c in evidence.matched if call_index.get((c.service, c.id)) not in failing]
    return FailedCalls(sorted(failing), rows, unwritten, returned)


@dataclass
class Site:
    """The pages of one run (and its comparison with ``other``), by their path."""

    run: Run
    other: Run | None = None
    paths: tuple[Path | None, Path | None] = (None, None)
    """The folders read, for ``refresh``."""
    _stamps: tuple[float, float] = (0.0, 0.0)
    _diverged: dict[tuple[bool, str], int] = field(default_factory=dict)
    """(right, trial id) -> the first call where its pair's trajectory differs."""

    def __post_init__(self) -> None:
        self._stamps = (_stamp(self.paths[0]), _stamp(self.paths[1]))

    def refresh(self) -> None:
        """Read the runs again if a trial was added since (a run still recording), else each
        trial whose folder changed since it was read (one fixed on disk), and only those."""
        stamps = (_stamp(self.paths[0]), _stamp(self.paths[1]))
        if stamps != self._stamps:
            self._stamps = stamps
            if self.paths[0] is not None:
                self.run = load_run(self.paths[0], details=False)
            if self.paths[1] is not None:
                self.other = load_run(self.paths[1], details=False)
            return
        for run in (r for r in (self.run, self.other) if r is not None):
            run.trials[:] = [fresh(t) for t in run.trials]

    def index(self, right: bool = False) -> str:
        """The run's page (the compared run's, ``right/index.html``, where ``right``)."""
        run = self.other if right and self.other is not None else self.run
        counts = Counter(t.outcome for t in run.trials)
        judged = [t.expected for t in run.trials if t.expected is not None]
        return _ENV.get_template("index.html").render(
            run=run,
            right=right,
            root="../" if right else "",
            source=run.source,
            counts={k: counts.get(k, 0) for k in OUTCOMES},
            expected=(sum(judged), len(judged)),
            task_summaries=summaries(run),
            task_matrices=matrices(run),
            has_compare=self.other is not None,
        )

    def compare(self) -> str:
        assert self.other is not None
        pairs = compare(self.run, self.other)
        self._diverged = {}
        for pair in pairs:
            if pair.before and pair.after and pair.first_divergence is not None:
                self._diverged[(False, pair.before.id)] = pair.first_divergence
                self._diverged[(True, pair.after.id)] = pair.first_divergence
        return _ENV.get_template("compare.html").render(
            pairs=pairs,
            statuses=Counter(p.status for p in pairs),
            left_source=self.run.source,
            right_source=self.other.source,
            root="",
            source=f"{self.run.source} against {self.other.source}",
            has_compare=True,
        )

    def trial(self, trial_id: str, right: bool = False) -> str | None:
        """A trial's page (of the compared run where ``right``); None: no such trial, also
        after reading the runs again (one recorded since the run page was served is found)."""
        found = self._find(trial_id, right)
        if found is None:
            self.refresh()
            found = self._find(trial_id, right)
        run = self.other if right else self.run
        if found is None or run is None:
            return None
        if (current := fresh(found)) is not found:  # its folder changed since it was read
            run.trials[:] = [current if t is found else t for t in run.trials]
            found = current
        trial = with_details(found)
        calls = trial.calls
        call_index = {(c.service, c.id): n for n, c in enumerate(calls or [])}
        writers = row_writers(calls)
        diff = trial.state if trial.state is not None else state_diff(calls) if calls else None
        failed = {
            c.anchor: failing
            for c in trial.checkpoints
            if (failing := failed_calls(trial, c, call_index, writers)) is not None
        }
        read = {
            c.anchor: read_calls(c.evidence, calls, _keys(calls, failed.get(c.anchor)))
            for c in trial.checkpoints
            if c.evidence
        }
        return _ENV.get_template("trial.html").render(
            trial=trial,
            call_index=call_index,
            cited=cited_by(trial.checkpoints, call_index, read, failed),
            read=read,
            failed=failed,
            failed_rows=_rows_failing(trial.checkpoints, failed),
            free=free_checkpoints(trial),
            fired=fired_events(calls),
            helper_runs={
                (c.step, helper): c
                for c in reversed(trial.checkpoints)  # the first to run it wins
                for helper in (c.evidence.computed if c.evidence else [])
            },
            root="../../" if right else "../",
            changing_calls=sum(1 for c in calls or [] if c.changes),
            writers=writers,
            changed_rows=sum(len(c.changes) for c in calls or []),
            diff=diff,
            overwritten=overwritten_rows(calls, trial.state),
            diverged=self._diverged.get((right, trial.id)),
            source=run.source,
            has_compare=self.other is not None,
        )

    def _find(self, trial_id: str, right: bool) -> Trial | None:
        run = self.other if right else self.run
        return next((t for t in run.trials if t.id == trial_id), None) if run else None

    def page(self, path: str) -> str | None:
        """The page at ``path`` ("index.html", "trials/<id>.html", ...), or None."""
        if path in ("", "index.html"):
            return self.index()
        if path == "compare.html" and self.other is not None:
            return self.compare()
        if path == "right/index.html" and self.other is not None:
            return self.index(right=True)
        right = path.startswith("right/")
        folder, _, name = path.removeprefix("right/").partition("/")
        if folder == "trials" and name.endswith(".html"):
            return self.trial(name.removesuffix(".html"), right)
        return None


def _keys(calls: list[Call] | None, failing: FailedCalls | None) -> set[tuple[str, int]]:
    """The (service, audit id) of the calls a checkpoint failed on."""
    return {(calls[n].service, calls[n].id) for n in failing.calls} if calls and failing else set()


def _made_end_state(
    calls: list[Call],
    row: tuple[str, str, str],
    by: list[int],
    seeds: dict[tuple[str, str, str], dict[str, Any] | None],
) -> list[int]:
    """Of the calls ``by`` that changed ``row``, those after it was last back as seeded: the
    ones its end state comes from (a cart line added, removed and added again under the same
    id came from the last add alone). The seed's version is the end state's record of it,
    else the first change's ``before``."""
    _, table, row_id = row
    changes = [
        (n, change)
        for n in by
        for change in calls[n].changes
        if change.table == table and str(change.row_id) in (row_id, row_id.replace(",", "/"))
    ]
    if not changes:
        return []
    seed = seeds[row] if row in seeds else changes[0][1].before
    made: list[int] = []
    for n, change in changes:
        made = [] if change.after == seed else [*made, n]
    return made


Relation = Literal["failed on it", "picked it out", "read it"]


def cited_by(
    checkpoints: list[Checkpoint],
    call_index: dict[tuple[str, int], int],
    read: dict[str, list[ReadCalls]],
    failed: dict[str, FailedCalls],
) -> dict[int, list[tuple[Checkpoint, Relation]]]:
    """Call index -> the checkpoints that looked at it, each with how: it failed on the call
    (``failed``: its rule's hit, or the writer of a row it found wrong, read or not), picked
    it out, or read it (a call not in the folder's log, as in Harbor's, is left out). A
    failing checkpoint that says what failed it picked out only that: the rest of what its
    readers returned it read. A checkpoint that read every call of the service and passed
    this one over is not listed on it: its row says so once (a trial of 2,000 calls would
    repeat it on each)."""
    found: dict[int, list[tuple[Checkpoint, Relation]]] = {}
    for checkpoint in checkpoints:
        whole = {r.service for r in read.get(checkpoint.anchor, []) if r.whole}
        failing = failed.get(checkpoint.anchor)
        failed_on = set(failing.calls) if failing else set()
        for failed_n in sorted(failed_on):
            found.setdefault(failed_n, []).append((checkpoint, "failed on it"))
        for call in checkpoint.evidence.calls if checkpoint.evidence else []:
            n = call_index.get((call.service, call.id))
            if n is None or n in failed_on:
                continue
            if call.matched and not failing:
                found.setdefault(n, []).append((checkpoint, "picked it out"))
            elif call.matched or call.service not in whole:
                found.setdefault(n, []).append((checkpoint, "read it"))
    return found


def _rows_failing(
    checkpoints: list[Checkpoint], failed: dict[str, FailedCalls]
) -> dict[tuple[str, str, str], list[Checkpoint]]:
    """(service, table, row id) -> the failing checkpoints that found the row wrong (the
    end state's rows link them)."""
    found: dict[tuple[str, str, str], list[Checkpoint]] = {}
    for checkpoint in checkpoints:
        for row in failed[checkpoint.anchor].rows if checkpoint.anchor in failed else []:
            found.setdefault(row, []).append(checkpoint)
    return found


def _stamp(path: Path | None) -> float:
    """When a run folder last gained a trial, 0 where unknown: its trials folder's mtime, and
    for Harbor's job folders (a run's ``harbor-jobs/``, or the folder itself) the latest of
    each job's and each trial's, where Harbor writes a trial's result when it ends."""
    if path is None:
        return 0.0
    trials = path / TRIALS
    stamps = [trials.stat().st_mtime if trials.is_dir() else path.stat().st_mtime]
    jobs = path / HARBOR_JOBS if (path / HARBOR_JOBS).is_dir() else None
    if jobs is None and not (path / RUN_FILE).is_file():
        jobs = path
    for job in _folders(jobs):
        stamps += [job.stat().st_mtime, *(t.stat().st_mtime for t in _folders(job))]
    return max(stamps)


def _folders(path: Path | None) -> list[Path]:
    return [f for f in path.iterdir() if f.is_dir()] if path is not None else []


WRITTEN = ".written-by-invoke-view"
"""In an ``--out`` folder: the files the viewer wrote there, one path a line. Writing again
removes those of them the new pages do not include (a ``compare.html`` from a run with
``--compare``), never another file."""


def write_site(run: Run, out: Path, other: Run | None = None) -> Path:
    """Write every page of ``run`` (and its comparison with ``other``) into ``out``, removing
    what the viewer wrote there before and does not write now; returns the index page."""
    before = (out / WRITTEN).read_text().splitlines() if (out / WRITTEN).is_file() else []
    written = []
    for name, text in _pages(Site(run, other)):
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_text(text)
        written.append(name)
    for name in sorted(set(before) - set(written), reverse=True):
        _remove_written(out, name)
    (out / WRITTEN).write_text("".join(f"{name}\n" for name in written))
    return out / "index.html"


def _pages(site: Site) -> Iterator[tuple[str, str]]:
    """Every page of ``site`` and the vendored files, by their path in the folder, one at a
    time (a run of 1,000 trials is not held at once)."""
    yield "index.html", site.index()
    sides = [("", site.run)]
    if site.other is not None:
        yield "compare.html", site.compare()
        yield "right/index.html", site.index(right=True)
        sides.append(("right/", site.other))
    for prefix, shown in sides:
        for trial in shown.trials:
            yield f"{prefix}trials/{trial.id}.html", site.trial(trial.id, bool(prefix)) or ""
    for file in sorted(STATIC.iterdir()):
        if file.is_file():
            yield f"static/{file.name}", file.read_text()


def _remove_written(out: Path, name: str) -> None:
    """Remove the file ``name`` the viewer wrote into ``out`` before, and the folders it
    leaves empty (up to ``out``); a name that points outside ``out`` is left alone."""
    file = (out / name).resolve()
    root = out.resolve()
    if not file.is_relative_to(root) or not file.is_file():
        return
    file.unlink()
    folder = file.parent
    while folder != root and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent

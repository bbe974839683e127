"""``python -m taskkit sources | cases | import``: the registered adapters, a source's
importable tasks, and the import itself with its closing table."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from taskkit.importers import ADAPTERS
from taskkit.importers.base import INFORMATIONAL, LOSSY, STRICT_FIELD, ImportLog, Refusal
from taskkit.importers.manifest import MANIFEST, ManifestError, SourceImport, merge_manifest
from taskkit.importers.model import ImportedTask, input_files
from taskkit.importers.sources import SourceError, cache_dir, is_cached, parse_source, resolve
from taskkit.importers.writer import write_tasks


def cmd_sources(args: argparse.Namespace) -> int:
    print(f"{'source':<16} {'commit':<12} {'license':<12} {'layers':<58} cache")
    for name, adapter in ADAPTERS.items():
        pin = adapter.pin
        cache = f"cached at {cache_dir(name)}" if is_cached(name) else "not cached"
        layers = ",".join(str(layer) for layer in adapter.layers)
        print(f"{name:<16} {pin.commit[:12]:<12} {pin.license:<12} {layers:<58} {cache}")
    return 0


def _load(text: str, log: ImportLog) -> tuple[str, list[ImportedTask]]:
    ref = parse_source(text, list(ADAPTERS))
    adapter = ADAPTERS[ref.name]
    checkout = resolve(ref, adapter.pin)
    return ref.name, adapter.load(adapter.records_dir(checkout), log)


def cmd_cases(args: argparse.Namespace) -> int:
    log = ImportLog()
    try:
        name, tasks = _load(args.source, log)
        if log.records == 0:
            raise SourceError(_no_records(args.source, name))
    except SourceError as exc:
        print(f"cases: {exc}", file=sys.stderr)
        return 2
    for task in tasks:
        mark = " (not runnable here)" if task.not_runnable else ""
        print(f"{task.provenance.source_id:<40} {' '.join(task.title.split())}{mark}")
    for refusal in log.refusals:
        print(f"refused: {refusal}")
    print(f"{len(tasks)} importable task(s), {len(log.refusals)} refused")
    return 0


def _no_records(source: str, name: str) -> str:
    pin = ADAPTERS[name].pin
    return (
        f"--source {source}: no {name} records found there; expected "
        f"{ADAPTERS[name].summary} (in a checkout of {pin.repo}: {RECORD_LAYOUT[name]})"
    )


@dataclass
class ImportResult:
    source: str
    tasks: list[ImportedTask]  # written: runnable here or not
    log: ImportLog
    partial: bool = False  # only some ids were asked for

    @property
    def runnable(self) -> list[ImportedTask]:
        return [t for t in self.tasks if not t.not_runnable]

    @property
    def not_runnable(self) -> list[ImportedTask]:
        return [t for t in self.tasks if t.not_runnable]

    @property
    def unaccounted(self) -> int:
        """Upstream records neither imported nor refused (an adapter that lost some)."""
        if self.partial:
            return 0
        return self.log.records - len(self.tasks) - len(self.log.refusals)


RECORD_LAYOUT = {
    "claw-eval": "tasks/<id>/task.yaml",
    "wild-claw-bench": "tasks/<category>/<id>_task_<n>_<name>.md",
    "webarena": "config_files/test.raw.json",
    "mind2web": "Online_Mind2Web.json",
    "webvoyager": "data/WebVoyager_data.jsonl, data/GAIA_web.jsonl",
    "clawbench": "test-cases/<set>/<task>/task.json",
}


def _names(task: ImportedTask) -> set[str]:
    return {task.id, task.provenance.source_id}


def _unique(tasks: list[ImportedTask], log: ImportLog) -> list[ImportedTask]:
    """The tasks whose directory name no earlier record took; each later one is refused
    (it would overwrite the first)."""
    first: dict[str, ImportedTask] = {}
    for task in tasks:
        taken = first.setdefault(task.id, task)
        if taken is not task:
            log.refusals.append(
                Refusal(
                    task.provenance.record,
                    task.provenance.source_id,
                    "id",
                    f"task id {task.id!r} is already that of {taken.provenance.record}",
                )
            )
    return list(first.values())


def _strict(tasks: list[ImportedTask], log: ImportLog) -> list[ImportedTask]:
    """``--strict``: the tasks without a lossy warning; each other one becomes a refusal."""
    lossy = log.lossy_tasks()
    kept = []
    for task in tasks:
        if _names(task) & lossy:
            fields = sorted({w.field for w in log.warnings if w.lossy and w.task in _names(task)})
            log.refusals.append(
                Refusal(
                    task.provenance.record,
                    task.provenance.source_id,
                    STRICT_FIELD,
                    f"--strict: lossy warnings on {', '.join(fields)}",
                )
            )
        else:
            kept.append(task)
    return kept


def run_import(
    source: str,
    out: Path,
    *,
    strict: bool = False,
    only: list[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ImportResult:
    """Load ``source`` (``NAME`` or ``NAME:PATH``), write its tasks (runnable here or not;
    ``only``: these upstream or task ids) under ``out`` and merge the manifest. ``strict``
    leaves out (as refused) every task with a lossy warning. Raises ``SourceError`` for a bad
    source, unknown ids or a source with no records."""
    log = ImportLog()
    name, tasks = _load(source, log)
    tasks = _unique(tasks, log)
    if log.records == 0:
        raise SourceError(
            f"--source {source}: no {name} records found there; expected {ADAPTERS[name].summary}"
        )
    if only:
        ids = set().union(*(_names(t) for t in tasks))
        unknown = sorted(set(only) - ids)
        refused = {r.record: r for r in log.refusals}
        if unknown:
            said = [
                f"{u} (refused: {refused[u].field}: {refused[u].message})" if u in refused else u
                for u in unknown
            ]
            raise SourceError(f"no such task(s) in {name}: {', '.join(said)}")
        tasks = [t for t in tasks if _names(t) & set(only)]
        chosen = set().union(*(_names(t) for t in tasks))
        log.warnings = [w for w in log.warnings if w.task in chosen]
        log.refusals = []
    if strict:
        tasks = _strict(tasks, log)
    result = ImportResult(name, tasks, log, partial=bool(only))
    out.mkdir(parents=True, exist_ok=True)
    write_tasks(result.tasks, out, progress=progress)
    replaced = set().union(*(_names(t) for t in tasks)) | set(only) if only else None
    merge_manifest(out, name, manifest_section(result), replaced)
    return result


def cmd_import(args: argparse.Namespace) -> int:
    try:
        result = run_import(
            args.source, args.out, strict=args.strict, only=args.tasks, progress=_progress
        )
    except (SourceError, ManifestError) as exc:
        print(f"import: {exc}", file=sys.stderr)
        return 2
    print(closing_table(result))
    print(f"every task, reason, refusal and warning: {args.out / MANIFEST}")
    return 1 if result.log.refusals or result.unaccounted else 0


def _progress(done: int, total: int) -> None:
    if done % 100 == 0 or done == total:
        print(f"written {done}/{total}", file=sys.stderr)


def manifest_section(result: ImportResult) -> SourceImport:
    """This import's section of the manifest: the pin and licence, the tasks written (with
    provenance), which of them are not runnable here and why, the refusals and warnings."""
    pin = ADAPTERS[result.source].pin
    return SourceImport(
        upstream_repo=pin.repo,
        upstream_commit=pin.commit,
        license=pin.license,
        license_note=pin.license_note,
        scoring_layers=[str(layer) for layer in ADAPTERS[result.source].layers],
        upstream_records=result.log.records,
        tasks=[
            {
                "id": t.id,
                **t.provenance.model_dump(
                    exclude={"source", "upstream_repo", "upstream_commit", "license"}
                ),
                **_inputs_entry(t),
            }
            for t in result.tasks
        ],
        not_runnable_here=[
            {"id": t.id, "source_id": t.provenance.source_id, "reason": t.not_runnable}
            for t in result.not_runnable
        ],
        refused=[vars(r) for r in result.log.refusals],
        warnings=[{**vars(w), "kind": w.kind} for w in result.log.warnings],
    )


def _inputs_entry(task: ImportedTask) -> dict[str, Any]:
    """A task's input files in the manifest (none: nothing): each path, size and SHA-256, and
    where they come from when it is not the pinned upstream commit."""
    if not task.inputs:
        return {}
    files = [f.model_dump() for f in input_files(task)]
    return {
        "inputs": files,
        **({"inputs_source": task.inputs_source} if task.inputs_source else {}),
    }


def _by_count(reasons: list[str], limit: int = 12) -> list[str]:
    counted = Counter(reasons).most_common()
    lines = [f"  {count:>6}  {reason[:140]}" for reason, count in counted[:limit]]
    if len(counted) > limit:
        rest = sum(count for _reason, count in counted[limit:])
        lines.append(f"  {rest:>6}  ({len(counted) - limit} other reasons)")
    return lines


def closing_table(result: ImportResult) -> str:
    """The accounting (upstream records = imported + refused), then not runnable here,
    refused and warnings, each grouped by reason with counts."""
    log = result.log
    counts = log.counts()
    rows = [
        ("imported", len(result.tasks)),
        ("  runnable here", len(result.runnable)),
        ("  not runnable here", len(result.not_runnable)),
        ("refused", len(log.refusals)),
        ("lossy warnings", counts[LOSSY]),
        ("informational", counts[INFORMATIONAL]),
    ]
    if not result.partial:
        rows.insert(0, ("upstream records", log.records))
        rows.insert(5, ("unaccounted", result.unaccounted))
    lines = [f"{result.source}"] + [f"{label:<22} {count:>6}" for label, count in rows]
    if result.not_runnable:
        lines += ["not runnable here, by reason:"]
        lines += _by_count([str(t.not_runnable) for t in result.not_runnable])
    if log.refusals:
        lines += ["refused, by reason:"]
        lines += _by_count([f"{r.field}: {r.message}" for r in log.refusals])
    if log.warnings:
        lines += ["warnings, by kind and field:"]
        lines += _by_count([f"{w.kind}: {w.field}" for w in log.warnings])
    return "\n".join(lines)

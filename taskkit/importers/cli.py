"""``python -m taskkit sources | cases | import``: the registered adapters, a source's
importable tasks, and the import itself with its closing table."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from taskkit.importers import ADAPTERS
from taskkit.importers.base import ImportLog, StrictImportError
from taskkit.importers.model import ImportedTask
from taskkit.importers.sources import SourceError, cache_dir, is_cached, parse_source, resolve
from taskkit.importers.writer import write_manifest, write_tasks


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
        _name, tasks = _load(args.source, log)
    except SourceError as exc:
        print(f"cases: {exc}", file=sys.stderr)
        return 2
    for task in tasks:
        mark = " (not runnable here)" if task.not_runnable else ""
        print(f"{task.provenance.source_id:<40} {task.title}{mark}")
    for refusal in log.refusals:
        print(f"refused: {refusal}")
    print(f"{len(tasks)} importable task(s), {len(log.refusals)} refused")
    return 0


@dataclass
class ImportResult:
    source: str
    tasks: list[ImportedTask]  # written
    skipped: list[ImportedTask]  # not runnable here
    log: ImportLog


def run_import(
    source: str,
    out: Path,
    *,
    strict: bool = False,
    only: list[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ImportResult:
    """Load ``source`` (``NAME`` or ``NAME:PATH``), write its runnable tasks (``only``: these
    upstream or task ids) under ``out`` with the manifest. Raises ``SourceError`` for a bad
    source or unknown ids, ``StrictImportError`` on a warning under ``strict``."""
    log = ImportLog(strict=strict)
    name, tasks = _load(source, log)
    if only:
        ids = {t.provenance.source_id for t in tasks} | {t.id for t in tasks}
        unknown = sorted(set(only) - ids)
        if unknown:
            raise SourceError(f"no such task(s) in {name}: {', '.join(unknown)}")
        tasks = [t for t in tasks if t.provenance.source_id in only or t.id in only]
        chosen = {t.id for t in tasks}
        log.warnings = [w for w in log.warnings if w.task in chosen]
    result = ImportResult(
        name,
        [t for t in tasks if not t.not_runnable],
        [t for t in tasks if t.not_runnable],
        log,
    )
    out.mkdir(parents=True, exist_ok=True)
    write_tasks(result.tasks, out, progress=progress)
    write_manifest(out, manifest(result))
    return result


def cmd_import(args: argparse.Namespace) -> int:
    try:
        result = run_import(
            args.source, args.out, strict=args.strict, only=args.tasks, progress=_progress
        )
    except SourceError as exc:
        print(f"import: {exc}", file=sys.stderr)
        return 2
    except StrictImportError as exc:
        print(f"import: {exc}", file=sys.stderr)
        return 1
    print(result.log.table())
    print(closing_table(result))
    return 1 if result.log.refusals else 0


def _progress(done: int, total: int) -> None:
    if done % 100 == 0 or done == total:
        print(f"written {done}/{total}", file=sys.stderr)


def manifest(result: ImportResult) -> dict[str, Any]:
    """The per-import manifest: the source, its pin and licence, what was imported (with
    provenance), what was not runnable here and what was refused."""
    name, tasks, skipped, log = result.source, result.tasks, result.skipped, result.log
    pin = ADAPTERS[name].pin
    return {
        "source": name,
        "upstream_repo": pin.repo,
        "upstream_commit": pin.commit,
        "license": pin.license,
        "license_note": pin.license_note,
        "scoring_layers": [str(layer) for layer in ADAPTERS[name].layers],
        "tasks": [
            {
                "id": t.id,
                **t.provenance.model_dump(
                    exclude={"source", "upstream_repo", "upstream_commit", "license"}
                ),
            }
            for t in tasks
        ],
        "not_runnable_here": [
            {"source_id": t.provenance.source_id, "reason": t.not_runnable} for t in skipped
        ],
        "refused": [vars(r) for r in log.refusals],
        "warnings": [vars(w) for w in log.warnings],
    }


def closing_table(result: ImportResult) -> str:
    """imported, warnings, not runnable here, refused; then who was not runnable or refused."""
    tasks, skipped, log = result.tasks, result.skipped, result.log
    rows = [
        ("imported", len(tasks)),
        ("warnings", len(log.warnings)),
        ("not runnable here", len(skipped)),
        ("refused", len(log.refusals)),
    ]
    lines = [f"{label:<18} {count:>6}" for label, count in rows]
    lines += [f"  not runnable: {t.provenance.source_id}: {t.not_runnable}" for t in skipped]
    lines += [f"  refused: {r}" for r in log.refusals]
    return "\n".join(lines)


def add_parsers(sub: Any) -> None:
    sources = sub.add_parser("sources", help="the registered import adapters")
    sources.set_defaults(func=cmd_sources)
    cases = sub.add_parser("cases", help="a source's importable tasks")
    cases.add_argument("--source", required=True, help="NAME or NAME:PATH")
    cases.set_defaults(func=cmd_cases)
    imp = sub.add_parser("import", help="import a source's tasks as task directories")
    imp.add_argument("--source", required=True, help="NAME or NAME:PATH")
    imp.add_argument("--tasks", nargs="+", metavar="ID", help="only these upstream ids")
    imp.add_argument("--out", type=Path, required=True, help="where OUT/tasks/... are written")
    imp.add_argument("--strict", action="store_true", help="any adapter warning is an error")
    imp.set_defaults(func=cmd_import)

"""``invoke bench import --real PATH [--real PATH ...]``: each source's whole upstream set,
imported from a snapshot of its repository at the pin (``NAME:PATH``, or a ``PATH`` whose
folder is named after the source), with the per-source table of seed 002's accounting:
upstream records, imported, runnable here, not runnable by reason, refused by reason, lossy
and informational warnings, how many ``--strict`` keeps, and the parity measured by
``invoke parity`` (``bench/results/parity/<source>.json``) when there is one."""

from __future__ import annotations

import json
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench.common import write_results
from taskkit.importers import ADAPTERS
from taskkit.importers.cli import ImportResult, run_import
from taskkit.importers.sources import SourceError

PARITY = Path(__file__).resolve().parent / "results" / "parity"


def source_of(text: str) -> tuple[str, Path]:
    """``NAME:PATH`` or a ``PATH`` named after a source -> (name, path)."""
    name, sep, path = text.partition(":")
    if sep and name in ADAPTERS:
        return name, Path(path)
    folder = Path(text)
    if folder.name in ADAPTERS:
        return folder.name, folder
    raise SourceError(
        f"--real {text!r}: expected NAME:PATH or a folder named after a source "
        f"({', '.join(ADAPTERS)})"
    )


def _parity(source: str) -> dict[str, Any] | None:
    path = PARITY / f"{source}.json"
    if not path.exists():
        return None
    return json.loads(path.read_text())["by_agent"]


def account(result: ImportResult, seconds: float) -> dict[str, Any]:
    """The accounting of one whole-set import."""
    log = result.log
    lossy = log.lossy_tasks()
    strict_kept = [t for t in result.tasks if not ({t.id, t.provenance.source_id} & lossy)]
    return {
        "upstream_records": log.records,
        "imported": len(result.tasks),
        "runnable": len(result.runnable),
        "not_runnable": len(result.not_runnable),
        "refused": len(log.refusals),
        "unaccounted": result.unaccounted,
        "strict_imports": len(strict_kept),
        "warnings": log.counts(),
        "not_runnable_by_reason": dict(Counter(str(t.not_runnable) for t in result.not_runnable)),
        "refused_by_reason": dict(Counter(f"{r.field}: {r.message}" for r in log.refusals)),
        "import_seconds": round(seconds, 2),
        "parity": _parity(result.source),
    }


def _parity_cell(parity: dict[str, Any] | None) -> str:
    """``oracle 5/6`` per agent kind: agreeing of those both sides score or leave unscored,
    and how many upstream scores where we do not (``+N n/s``)."""
    if not parity:
        return "not measured"
    cells = []
    for kind, row in parity.items():
        unscored = row.get("not_scored_here", 0)
        judged = row["trials"] - unscored
        if row["trials"]:
            cells.append(
                f"{kind} {row['agree']}/{judged}" + (f" +{unscored} n/s" if unscored else "")
            )
    return ", ".join(cells) or "no trials"


def run(paths: list[str]) -> dict[str, dict[str, Any]]:
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for text in paths:
            name, path = source_of(text)
            started = time.perf_counter()
            result = run_import(f"{name}:{path}", Path(tmp) / name)
            results[name] = account(result, time.perf_counter() - started)
    return results


def print_results(results: dict[str, dict[str, Any]]) -> None:
    header = (
        "source",
        "records",
        "imported",
        "runnable",
        "not runn.",
        "refused",
        "lossy/info",
        "strict",
        "parity",
    )
    print("\nimport of the whole upstream sets")
    print("  " + "  ".join(f"{h:>10}" if i else f"{h:<16}" for i, h in enumerate(header)))
    for name, r in results.items():
        cells = [
            r["upstream_records"],
            r["imported"],
            r["runnable"],
            r["not_runnable"],
            r["refused"],
            f"{r['warnings']['lossy']}/{r['warnings']['informational']}",
            r["strict_imports"],
        ]
        print(
            f"  {name:<16}  "
            + "  ".join(f"{c:>10}" for c in cells)
            + f"  {_parity_cell(r['parity'])}"
        )
    for name, r in results.items():
        for title, key in (
            ("not runnable", "not_runnable_by_reason"),
            ("refused", "refused_by_reason"),
        ):
            for reason, count in sorted(r[key].items(), key=lambda kv: -kv[1])[:8]:
                print(f"  {name} {title}: {count:>4}  {reason[:120]}")


def main(paths: list[str]) -> None:
    results = run(paths)
    print_results(results)
    path = write_results("import-real", {"sources": results}, quick=False)
    print(f"wrote {path}")

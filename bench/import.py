"""Import benchmark (``invoke bench import``): 1,000 records per source (the fixture records
cloned under new ids) imported into task directories, then validated; target under 10 s per
1,000 for the import. ``python -m bench.import [--quick] [--records N]``; with
``--real PATH`` (repeatable) the whole upstream sets instead (``bench.import_real``)."""

from __future__ import annotations

import argparse
import gzip
import json
import re
import shutil
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from bench.common import print_table, write_results
from taskkit.importers.cli import run_import
from taskkit.validate import validate

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "importers" / "fixtures"
TARGET_SECONDS = 10.0
GAIA_SAMPLE = "GAIA_web.sample6.jsonl.gz"


def _renamed_peer(names: dict[str, str], call: re.Match[str]) -> str:
    return f'load_peer_grader("{names.get(call[1], call[1])}")'


def _claw_eval(source: Path, target: Path, count: int) -> None:
    """Rounds of the sample's records under new ids; a grader's peer (``load_peer_grader``)
    is the peer's clone of the same round (peers sort first, so it is always written)."""
    tasks = sorted(p for p in source.iterdir() if (p / "task.yaml").exists())
    for index in range(count):
        original = tasks[index % len(tasks)]
        first = index - index % len(tasks)
        names = {t.name: f"{t.name}_{first + i:04d}" for i, t in enumerate(tasks)}
        clone = target / names[original.name]
        shutil.copytree(original, clone)
        text = (clone / "task.yaml").read_text()
        (clone / "task.yaml").write_text(text.replace(original.name, clone.name))
        grader = clone / "grader.py"
        if grader.is_file():
            grader.write_text(
                re.sub(
                    r"load_peer_grader\(\"([\w.-]+)\"\)",
                    partial(_renamed_peer, names),
                    grader.read_text(),
                )
            )


def _wild_claw_bench(source: Path, target: Path, count: int) -> None:
    """Upstream's layout: ``tasks/<category>/<category>_task_<n>_<slug>.md``."""
    files = sorted(source.glob("tasks/*/*task_*.md"))
    for index in range(count):
        original = files[index % len(files)]
        name = f"{original.stem}_{index:04d}"
        text = re.sub(r"^id: .*$", f"id: {name}", original.read_text(), count=1, flags=re.M)
        clone = target / "tasks" / original.parent.name / f"{name}.md"
        clone.parent.mkdir(parents=True, exist_ok=True)
        clone.write_text(text)


def _json_list(file: str, key: str, renamed: Callable[[object, int], object]) -> Callable:
    def clone(source: Path, target: Path, count: int) -> None:
        records = json.loads((source / file).read_text())
        target.mkdir(parents=True)
        out = []
        for index in range(count):
            record = dict(records[index % len(records)])
            record[key] = renamed(record[key], index)
            out.append(record)
        (target / file).write_text(json.dumps(out))

    return clone


def _webarena(source: Path, target: Path, count: int) -> None:
    """Both samples of test.raw.json (the URL and N/A cases too) in turn, as one list under new
    task ids, as upstream keeps them."""
    records = [r for f in sorted(source.glob("test.raw.*.json")) for r in json.loads(f.read_text())]
    target.mkdir(parents=True)
    clones = [{**records[i % len(records)], "task_id": 10_000 + i} for i in range(count)]
    (target / "test.raw.json").write_text(json.dumps(clones))


def _webvoyager(source: Path, target: Path, count: int) -> None:
    """The site tasks and GAIA's questions (kept gzipped: GAIA asks for no crawlable copy)
    cloned in turn, each into its own file, under new ids (``<web_name>--<n>``,
    ``level<L>-<n>``)."""
    samples = [
        (file, json.loads(line))
        for file, text in (
            ("WebVoyager_data.jsonl", (source / "WebVoyager_data.sample16.jsonl").read_text()),
            ("GAIA_web.jsonl", gzip.decompress((source / GAIA_SAMPLE).read_bytes()).decode()),
        )
        for line in text.splitlines()
    ]
    target.mkdir(parents=True)
    shutil.copy(source / "reference_answer.sample16.json", target)
    lines: dict[str, list[str]] = {}
    for index in range(count):
        file, record = samples[index % len(samples)]
        new_id = (
            f"{record['web_name']}--{1000 + index}"
            if "web_name" in record
            else f"level{record['Level']}-{1000 + index}"
        )
        lines.setdefault(file, []).append(json.dumps({**record, "id": new_id}))
    for file, records in lines.items():
        (target / file).write_text("\n".join(records) + "\n")


def _clawbench(source: Path, target: Path, count: int) -> None:
    """Each clone in its record's set folder (``v1/``, ``v2/``, ``claw-eval/``...): a task
    folder copied with its ``extra_info/``, or a flat record file, under a new ``task_id``."""
    files = sorted(source.rglob("task.json")) + sorted(source.glob("*/*.json"))
    for index in range(count):
        original = files[index % len(files)]
        data = json.loads(original.read_text())
        data["metadata"]["task_id"] = 100_000 + index
        placed = original.relative_to(source)
        if original.name == "task.json":
            clone = target / placed.parent.parent / f"{placed.parent.name}-{index:04d}"
            shutil.copytree(original.parent, clone)
            (clone / "task.json").write_text(json.dumps(data))
        else:
            clone = target / placed.parent
            clone.mkdir(parents=True, exist_ok=True)
            (clone / f"{original.stem}-{index:04d}.json").write_text(json.dumps(data))


CLONERS = {
    "claw-eval": _claw_eval,
    "wild-claw-bench": _wild_claw_bench,
    "webarena": _webarena,
    "mind2web": _json_list("Online_Mind2Web.sample16.json", "task_id", lambda v, i: f"{v}-{i}"),
    "webvoyager": _webvoyager,
    "clawbench": _clawbench,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="100 records per source")
    parser.add_argument("--records", type=int, default=None)
    parser.add_argument(
        "--real",
        action="append",
        metavar="PATH",
        help="a snapshot of an upstream repository at its pin (NAME:PATH, or a folder named "
        "after the source); repeatable: the whole sets, accounted per source",
    )
    args = parser.parse_args()
    if args.real:
        from bench.import_real import main as real

        real(args.real)
        return
    count = args.records or (100 if args.quick else 1000)
    results: dict[str, dict[str, float | int]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for source, clone in CLONERS.items():
            records = Path(tmp) / "records" / source
            clone(FIXTURES / source, records, count)
            out = Path(tmp) / "out" / source
            started = time.perf_counter()
            result = run_import(f"{source}:{records}", out)
            imported = time.perf_counter() - started
            started = time.perf_counter()
            report = validate(out)
            validated = time.perf_counter() - started
            errors = [f for f in report.findings if f.severity == "error"]
            assert not errors and not result.log.refusals, (
                source,
                errors[:3],
                result.log.refusals[:3],
            )
            results[source] = {
                "records": count,
                "written": len(result.tasks),
                "not_runnable": len(result.not_runnable),
                "import_seconds": round(imported, 3),
                "validate_seconds": round(validated, 3),
                "import_seconds_per_1000": round(imported / count * 1000, 3),
            }
    path = write_results(
        "import",
        {"target_seconds_per_1000": TARGET_SECONDS, "sources": results},
        quick=args.quick,
    )
    print_table(
        f"import: {count} records per source",
        [
            (
                source,
                f"{r['import_seconds_per_1000']:.2f} s / 1,000 (target < {TARGET_SECONDS:.0f})",
                f"{r['written']} written, {r['not_runnable']} not runnable; "
                f"validated in {r['validate_seconds']:.1f} s",
            )
            for source, r in results.items()
        ],
    )
    print(f"wrote {path}")


if __name__ == "__main__":
    main()

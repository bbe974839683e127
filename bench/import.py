"""Import benchmark (``invoke bench import``): 1,000 records per source (the fixture records
cloned under new ids) imported into task directories, then validated; target under 10 s per
1,000 for the import. ``python -m bench.import [--quick] [--records N]``."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench.common import print_table, write_results
from taskkit.importers.cli import run_import
from taskkit.validate import validate

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "importers" / "fixtures"
TARGET_SECONDS = 10.0


def _claw_eval(source: Path, target: Path, count: int) -> None:
    tasks = sorted(p for p in source.iterdir() if (p / "task.yaml").exists())
    for index in range(count):
        original = tasks[index % len(tasks)]
        clone = target / f"{original.name}_{index:04d}"
        shutil.copytree(original, clone)
        text = (clone / "task.yaml").read_text()
        (clone / "task.yaml").write_text(text.replace(original.name, clone.name))


def _wild_claw_bench(source: Path, target: Path, count: int) -> None:
    files = sorted(p for p in source.glob("*_task_*.md"))
    target.mkdir(parents=True)
    for index in range(count):
        original = files[index % len(files)]
        name = f"{original.stem}_{index:04d}"
        text = re.sub(r"^id: .*$", f"id: {name}", original.read_text(), count=1, flags=re.M)
        (target / f"{name}.md").write_text(text)


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


def _webvoyager(source: Path, target: Path, count: int) -> None:
    lines = [
        json.loads(x) for x in (source / "WebVoyager_data.sample16.jsonl").read_text().splitlines()
    ]
    target.mkdir(parents=True)
    shutil.copy(source / "reference_answer.sample16.json", target)
    with (target / "WebVoyager_data.jsonl").open("w") as handle:
        for index in range(count):
            record = dict(lines[index % len(lines)])
            record["id"] = f"{record['web_name']}--{1000 + index}"
            handle.write(json.dumps(record) + "\n")


def _clawbench(source: Path, target: Path, count: int) -> None:
    files = sorted(source.rglob("task.json"))
    target.mkdir(parents=True)
    for index in range(count):
        data = json.loads(files[index % len(files)].read_text())
        data["metadata"]["task_id"] = 100_000 + index
        (target / f"task-{index:04d}.json").write_text(json.dumps(data))


CLONERS = {
    "claw-eval": _claw_eval,
    "wild-claw-bench": _wild_claw_bench,
    "webarena": _json_list("test.raw.sample18.json", "task_id", lambda _id, i: 10_000 + i),
    "mind2web": _json_list("Online_Mind2Web.sample16.json", "task_id", lambda v, i: f"{v}-{i}"),
    "webvoyager": _webvoyager,
    "clawbench": _clawbench,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="100 records per source")
    parser.add_argument("--records", type=int, default=None)
    args = parser.parse_args()
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
                "not_runnable": len(result.skipped),
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

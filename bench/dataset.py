"""Dataset build benchmark: a 1,000-record dataset (the sample's records cloned under new ids)
built into Harbor tasks; target under 10 s. ``python -m bench.dataset [--quick]``."""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from pathlib import Path

from bench.common import print_table, summary, write_results
from taskkit.dataset.build import build_dataset

SAMPLE = Path(__file__).resolve().parent.parent / "datasets" / "office-documents"
TARGET_SECONDS = 10.0


def generate(root: Path, count: int) -> None:
    """A copy of the sample dataset with ``count`` records (each sample record cloned)."""
    shutil.copytree(SAMPLE, root, ignore=shutil.ignore_patterns("records.jsonl", "README.md"))
    records = [json.loads(line) for line in (SAMPLE / "records.jsonl").read_text().splitlines()]
    with (root / "records.jsonl").open("w") as handle:
        for index in range(count):
            record = dict(records[index % len(records)])
            record["id"] = f"{record['id']}-{index:04d}"
            handle.write(json.dumps(record) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="100 records, one run")
    parser.add_argument("--records", type=int, default=None)
    args = parser.parse_args()
    count = args.records or (100 if args.quick else 1000)
    runs = 1 if args.quick else 3
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        dataset = Path(tmp) / "dataset"
        generate(dataset, count)
        for run in range(runs):
            out = Path(tmp) / f"out-{run}"
            started = time.perf_counter()
            manifest = build_dataset(dataset, out)
            times.append(time.perf_counter() - started)
            assert len(manifest.tasks) == count
    stats = summary(times)
    results = {
        "records": count,
        "runs": runs,
        "seconds": stats,
        "per_record_ms": stats["median"] / count * 1000,
        "target_seconds": TARGET_SECONDS,
    }
    path = write_results("dataset", results, quick=args.quick)
    print_table(
        f"build-dataset: {count} records, {runs} run(s)",
        [
            ("median", f"{stats['median']:.2f} s", f"target < {TARGET_SECONDS:.0f} s"),
            ("p90", f"{stats['p90']:.2f} s", ""),
            ("per record", f"{results['per_record_ms']:.2f} ms", ""),
        ],
    )
    print(f"wrote {path}")


if __name__ == "__main__":
    main()

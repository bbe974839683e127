"""Validator benchmark: 1,000 generated tasks (the four patterns, single- and multi-step)
validated in one run; target under 5 s. ``python -m bench.validate [--quick]``."""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

from bench.common import print_table, summary, write_results
from taskkit import registries
from taskkit.images.binary_map import TaskBinaryMap
from taskkit.scaffold import ScaffoldOptions, new_task
from taskkit.validate import validate

TARGET_SECONDS = 5.0
PROTOTYPES = (
    ScaffoldOptions("proto-service", "service", services=["shop", "email"]),
    ScaffoldOptions("proto-fullstack", "fullstack", steps=["plan", "book", "notify"]),
    ScaffoldOptions("proto-static", "static"),
    ScaffoldOptions("proto-knowledge", "knowledge"),
)


def generate(root: Path, count: int) -> None:
    """``count`` tasks cloned from one scaffold per pattern, then the registries written."""
    protos = root / "protos"
    (protos / "tasks").mkdir(parents=True)
    for options in PROTOTYPES:
        new_task(protos, options)
    sources = sorted((protos / "tasks").iterdir())
    proto_specs = registries.read_binary_map(protos)
    binary_map = TaskBinaryMap()
    for index in range(count):
        source = sources[index % len(sources)]
        name = f"bench-{source.name.removeprefix('proto-')}-{index:04d}"
        target = root / "tasks" / name
        shutil.copytree(source, target, symlinks=True)
        for relative in ("task.toml", "environment/Dockerfile", "README.md"):
            path = target / relative
            text = path.read_text().replace(source.name, name)
            if relative == "task.toml":
                text = text.replace("case_id = ", f"case_id = {index + 1}  # was ")
            path.write_text(text)
        binary_map.tasks[name] = proto_specs[source.name]
    shutil.rmtree(protos)
    registries.save_binary_map(root, binary_map)
    registries.write(root)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="100 tasks, one run")
    parser.add_argument("--tasks", type=int, default=None)
    args = parser.parse_args()
    count = args.tasks or (100 if args.quick else 1000)
    runs = 1 if args.quick else 5
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        started = time.perf_counter()
        generate(root, count)
        generated = time.perf_counter() - started
        times, report = [], None
        for _ in range(runs):
            started = time.perf_counter()
            report = validate(root)
            times.append(time.perf_counter() - started)
    assert report is not None
    stats = summary(times)
    results = {
        "tasks": count,
        "runs": runs,
        "seconds": stats,
        "per_task_ms": stats["median"] / count * 1000,
        "target_seconds": TARGET_SECONDS,
        "errors": report.errors,
        "warnings": report.warnings,
        "generate_seconds": generated,
    }
    path = write_results("validate", results, quick=args.quick)
    print_table(
        f"validate: {count} tasks, {runs} run(s)",
        [
            ("median", f"{stats['median']:.2f} s", f"target < {TARGET_SECONDS:.0f} s"),
            ("p90", f"{stats['p90']:.2f} s", ""),
            ("per task", f"{results['per_task_ms']:.2f} ms", ""),
            ("findings", f"{report.errors} err / {report.warnings} warn", "0 errors expected"),
        ],
    )
    print(f"wrote {path}")
    if report.errors:
        raise SystemExit(f"generated tasks have {report.errors} error(s):\n{report.text()[:2000]}")


if __name__ == "__main__":
    main()

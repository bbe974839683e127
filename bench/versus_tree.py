"""This checkout's service against another checkout's (a ``git worktree`` of the commit before
a change) and the bare app, over HTTP: the three servers side by side, ``wrk`` runs interleaved
(the order reversed every other round), read as medians. What a change to a layer bought,
measured in one run, so that the machine's load falls on both trees alike. Each checkout serves
a DB its own code seeded (the same seed: their tables may differ); the bare app serves this
checkout's.

    git worktree add /tmp/before HEAD~1
    python -m bench.versus_tree --tree /tmp/before [--service shop] [--op write] [--rounds 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.common import print_table, write_results
from bench.versus_bare import BareProcess, bare_tables, seeded_data_dir, service_loads
from bench.wrk import run_wrk
from mock_services.core.base.settings import Settings
from mock_services.core.serve.process import ServiceProcess, free_port
from mock_services.registry import SERVICE_MODULES

SIDES = ("this", "tree", "bare")
ROOT = Path(__file__).resolve().parents[1]


def checkout(tree: Path) -> Path:
    """``tree`` if it holds a checkout of the services; a clear error otherwise."""
    if not (tree / "mock_services" / "__init__.py").is_file():
        raise SystemExit(f"--tree {tree}: no checkout there (expected mock_services/__init__.py)")
    return tree.resolve()


def seeded_by(tree: Path, service: str, workdir: Path) -> Path:
    """A data dir seeded as ``seeded_data_dir`` seeds one, by ``tree``'s services."""
    if tree == ROOT:
        return seeded_data_dir(service, workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    code = (
        "import sys; from pathlib import Path; from bench.versus_bare import seeded_data_dir; "
        "print(seeded_data_dir(sys.argv[1], Path(sys.argv[2])))"
    )
    found = subprocess.run(
        [sys.executable, "-c", code, service, str(workdir)],
        # the tree's package first; this checkout's ``bench`` if the tree has none
        env={**os.environ, "PYTHONPATH": os.pathsep.join((str(tree), str(ROOT)))},
        cwd=workdir,  # ``-c`` imports from its working directory first: one holding no package
        capture_output=True,
        text=True,
        check=False,
    )
    if found.returncode != 0:
        raise SystemExit(f"--tree {tree}: seeding {service} failed: {found.stderr.strip()}")
    return Path(found.stdout.strip().splitlines()[-1])


def compare_trees(
    tree: Path, service: str, ops: list[str], rounds: int, seconds: int, workdir: Path
) -> dict[str, Any]:
    """Per operation: requests per second of each side's runs, their medians, and the ratios
    this / tree, this / bare and tree / bare."""
    data, tree_data = (
        seeded_by(path, service, workdir / side) for path, side in ((ROOT, "this"), (tree, "tree"))
    )
    # Each server imports its checkout's package: named first on its path, and run from a
    # folder holding none (``python -m`` imports from its working directory before the path).
    this, other = (
        ServiceProcess(service, free_port(), d, workers=2, env={"PYTHONPATH": str(path)}, cwd=d)
        for path, d in ((ROOT, data), (tree, tree_data))
    )
    results: dict[str, Any] = {}
    with this, other:
        bare = BareProcess(Settings(data_dir=data).db_path(service), service, bare_tables(service))
        try:
            loads = service_loads(service, this.url)
            unknown = sorted(set(ops) - set(loads))
            if unknown:
                raise SystemExit(f"--op {unknown[0]}: {service} loads only {', '.join(loads)}")
            # the tree's own: its DB holds its own key and cart lines; the bare app reads ours
            tree_loads = service_loads(service, other.url)
            side_loads = dict(zip(SIDES, (loads, tree_loads, loads), strict=True))
            urls = dict(zip(SIDES, (this.url, other.url, bare.url), strict=True))
            for op in ops:
                runs: dict[str, list[float]] = {side: [] for side in SIDES}
                for round_number in range(rounds):
                    order = SIDES if round_number % 2 == 0 else SIDES[::-1]
                    for side in order:
                        run = run_wrk(urls[side], side_loads[side][op], seconds, workdir)
                        if run["non_2xx"]:
                            raise RuntimeError(f"{side} {op}: {run['non_2xx']} answers not 2xx")
                        runs[side].append(float(run["requests_per_second"]))
                median = {side: statistics.median(runs[side]) for side in SIDES}
                results[op] = {
                    "runs": runs,
                    "median": median,
                    "this_over_tree": round(median["this"] / median["tree"], 2),
                    "this_over_bare": round(median["this"] / median["bare"], 2),
                    "tree_over_bare": round(median["tree"] / median["bare"], 2),
                }
        finally:
            bare.stop()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", type=Path, required=True, help="the other checkout")
    parser.add_argument("--service", default="shop", choices=sorted(SERVICE_MODULES))
    parser.add_argument("--op", action="append", help="an operation of the service's loads")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=int, default=5)
    args = parser.parse_args()
    tree = checkout(args.tree)
    with tempfile.TemporaryDirectory() as workdir:
        ops = args.op or (["write"] if args.service == "shop" else ["get_by_id"])
        results = compare_trees(tree, args.service, ops, args.rounds, args.seconds, Path(workdir))
    rows = [
        (
            f"{args.service} {op}: this / tree",
            f"{r['this_over_tree']}x",
            f"this / bare {r['this_over_bare']}, tree / bare {r['tree_over_bare']} (medians)",
        )
        for op, r in results.items()
    ]
    print_table(f"this checkout against {tree}", rows)
    write_results("versus_tree", {"tree": str(tree), args.service: results}, quick=False)


if __name__ == "__main__":
    main()

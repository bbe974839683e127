"""``invoke test`` and ``invoke bench`` (``python -m taskkit test|bench``): the test suite as CI
runs it, and the benchmarks of ``bench/`` by name."""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys

FAST_TIER = "not process and not docker and not browser and not harbor"
"""The tests that start nothing (no subprocess, server, container, browser or Harbor)."""
BENCHMARKS = (
    "services",
    "images",
    "validate",
    "reliability",
    "dataset",
    "trials",
    "import",
    "instructions",
    "ui_pages",
    "viewer",
    "world",
)
"""The benchmarks, each ``python -m bench.<name>``."""


def cmd_test(args: argparse.Namespace) -> int:
    """pytest over the whole suite (``-n auto``), through the shell as CI's command line is:
    ``--args`` is read as a shell would read it (quotes, globs)."""
    chosen = " and ".join(f"({m})" for m in (FAST_TIER if args.fast else "", args.marker) if m)
    selection = f"-m {shlex.quote(chosen)}" if chosen else ""
    sweep = "--sweep" if args.sweep else ""
    line = f"{shlex.quote(sys.executable)} -m pytest -n auto {selection} {sweep} {args.args}"
    return subprocess.run(line, shell=True, check=False).returncode


def cmd_bench(args: argparse.Namespace) -> int:
    """The benchmark ``args.name`` (``all``: each in turn, up to the first that fails)."""
    if args.name != "all" and args.name not in BENCHMARKS:
        expected = ", ".join(BENCHMARKS)
        print(
            f"bench: no benchmark {args.name!r}; expected one of {expected}, all", file=sys.stderr
        )
        return 2
    if args.real and args.name != "import":
        print("bench: --real is an option of `invoke bench import` only", file=sys.stderr)
        return 2
    extra = [word for path in args.real for word in ("--real", path)]
    for each in BENCHMARKS if args.name == "all" else [args.name]:
        quick = ["--quick"] if args.quick else []
        done = subprocess.run([sys.executable, "-m", f"bench.{each}", *quick, *extra], check=False)
        if done.returncode:
            return done.returncode
    return 0

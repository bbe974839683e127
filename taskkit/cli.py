"""``python -m taskkit``: validate, new-task, registry, remove-task, rename-task, harbor-check,
oracle, build-dataset, dataset-schema, publish, sources, cases, import, parity, test, bench.

The commands and their options are declared in ``taskkit.commands``; each runs a handler of
``cli_tasks.py``, ``cli_oracle.py``, ``cli_dataset.py``, ``cli_dev.py`` or ``importers/cli.py``.
``tasks.py`` (Invoke) and ``scripts/validate_tasks.py`` are thin doors onto these commands.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from mock_services.core.base.exact_options import ExactOptions
from mock_services.core.base.pipes import reader_gone
from taskkit.commands import add_to_parser, commands_of
from taskkit.images.layout import NAMESPACE_VARIABLE

ROOT = Path(__file__).resolve().parent.parent


def build_parser() -> argparse.ArgumentParser:
    """The argparse parser of every command in ``taskkit.commands``."""
    parser = ExactOptions(prog="taskkit", description=__doc__)
    parser.add_argument("--root", type=Path, default=ROOT, help="repository root")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=ExactOptions)
    for each in commands_of("taskkit"):
        add_to_parser(each, sub.add_parser(each.word, help=each.summary, description=each.doc))
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    args.root = args.root.resolve()
    if getattr(args, "namespace", None):  # --namespace: the image builder reads the variable
        os.environ[NAMESPACE_VARIABLE] = args.namespace
    try:
        code = int(args.declaration.function()(args))
        sys.stdout.flush()  # here, where a closed pipe is caught, not at the interpreter's exit
        return code
    except BrokenPipeError:
        return reader_gone()


if __name__ == "__main__":
    sys.exit(main())

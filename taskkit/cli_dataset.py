"""The handlers of ``python -m taskkit`` build-dataset, dataset-schema and publish."""

from __future__ import annotations

import argparse
import sys

from taskkit.dataset.build import build_dataset
from taskkit.dataset.instruction import BuildError
from taskkit.dataset.load import DatasetError
from taskkit.dataset.schema import write_schemas
from taskkit.dataset.task_files import BuildOptions
from taskkit.images.layout import Layout
from taskkit.publish import PublishOptions
from taskkit.publish import main as publish


def cmd_build_dataset(args: argparse.Namespace) -> int:
    options = BuildOptions(
        image=args.image,
        grader_source=args.grader_source,
        dockerfile=args.dockerfile,
        allow_missing_document=args.allow_missing_document,
        package_index=args.package_index,
        verifier_network=args.verifier_network,
    )
    try:
        manifest = build_dataset(
            args.dataset,
            args.out,
            options=options,
            task_ids=args.task_ids,
            prompt_template=args.prompt_template,
        )
    except (DatasetError, BuildError) as exc:
        print(f"build-dataset: {exc}", file=sys.stderr)
        return 2
    built = f"{manifest.dataset} {manifest.dataset_version}"
    print(f"built {len(manifest.tasks)} task(s) of {built} in {args.out}")
    for refusal in manifest.refused:
        print(f"refused: {refusal}", file=sys.stderr)
    return 1 if manifest.refused else 0


def cmd_publish(args: argparse.Namespace) -> int:
    options = PublishOptions(
        registry=args.registry,
        out=(args.out or args.root / "published").resolve(),
        tasks=args.task,
        jobs=args.jobs,
        slim=args.slim,
    )
    return publish(options, Layout.for_repo(args.root))


def cmd_dataset_schema(args: argparse.Namespace) -> int:
    for path in write_schemas():
        print(f"wrote {path.relative_to(args.root)}")
    return 0

"""``invoke build-dataset``: a canonical dataset turned into Harbor task directories.

Every selected record is checked first (its document present, no rubric text in its prompt
parts); only then is anything written, so a refused build leaves the output untouched. A
record over a limit of ``taskkit.untrusted`` is refused by name (``refused`` in the manifest)
and the others build. The output is a pure function of the dataset, the template and the
options, apart from the build time in ``<dataset>-build.json``: two builds are byte-identical.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel

import mock_services
from taskkit import untrusted
from taskkit.dataset import task_files
from taskkit.dataset.instruction import BuildError, PromptTemplate, assemble, refuse_leaks
from taskkit.dataset.load import Dataset, load_dataset
from taskkit.dataset.model import Record
from taskkit.dataset.task_files import BuildOptions

GRADER_PACKAGE = Path(mock_services.__file__).resolve().parent
ENVIRONMENT = "environment"  # the dataset's optional Dockerfile and build context
SKIPPED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.db", "*.db-*")


class BuildManifest(BaseModel):
    """``DIR/<dataset>-build.json``."""

    dataset: str
    dataset_version: str
    dataset_digest: str
    package_version: str
    template_hash: str
    image: str
    grader_source: str
    built_at: str
    tasks: list[str]
    refused: list[str] = []  # records over a limit, by file, line, id and limit


def select(dataset: Dataset, task_ids: list[str] | None) -> list[tuple[int, Record]]:
    """(case id, record) of the chosen records; case ids are 1-based dataset positions."""
    numbered = list(enumerate(dataset.records, 1))
    if not task_ids:
        return numbered
    unknown = sorted(set(task_ids) - {r.id for r in dataset.records})
    if unknown:
        raise BuildError(f"--task-ids: no record {', '.join(map(repr, unknown))} in {dataset.root}")
    wanted = set(task_ids)
    return [(n, r) for n, r in numbered if r.id in wanted]


def check_records(
    dataset: Dataset, chosen: list[tuple[int, Record]], options: BuildOptions
) -> None:
    missing = [r.id for _, r in chosen if dataset.document(r) is None]
    if missing and not options.allow_missing_document:
        raise BuildError(
            f"record(s) {', '.join(missing)}: source document not in "
            f"{dataset.root / 'documents'}; pass --allow-missing-document to build them with a "
            "placeholder (smoke tests only)"
        )
    for _, record in chosen:
        refuse_leaks(record)


def environment_dockerfile(dataset: Dataset, options: BuildOptions) -> str | None:
    if not options.dockerfile:
        return None
    path = dataset.root / ENVIRONMENT / "Dockerfile"
    if not path.is_file():
        raise BuildError(f"--dockerfile: {path} is missing (the dataset's environment image)")
    refuse_links_out(dataset.root / ENVIRONMENT)
    return path.read_text()


def refuse_links_out(folder: Path) -> None:
    """``BuildError`` naming the first file under ``folder`` that resolves outside it (the
    build copies the files symlinks point to)."""
    for path in sorted(folder.rglob("*")):
        try:
            untrusted.confined(folder, path.relative_to(folder), "the dataset's environment folder")
        except untrusted.Refused as exc:
            raise BuildError(f"--dockerfile: {exc}") from None


def _write(path: Path, text: str, executable: bool = False) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    path.chmod(0o755 if executable else 0o644)


def build_task(
    dataset: Dataset,
    record: Record,
    case_id: int,
    task_dir: Path,
    template: PromptTemplate,
    options: BuildOptions,
    dockerfile: str | None,
) -> None:
    if task_dir.exists():
        shutil.rmtree(task_dir)
    task_type = dataset.manifest.task_types[record.task_type]
    _write(task_dir / "task.toml", task_files.task_toml(dataset, record, case_id, options))
    _write(
        task_dir / "instruction.md", assemble(record, template, task_type, dataset.document(record))
    )
    (task_dir / "environment").mkdir(parents=True)
    tests = task_dir / "tests"
    if dockerfile is not None:
        context = dataset.root / ENVIRONMENT
        for target in (task_dir / "environment", tests):
            shutil.copytree(context, target, dirs_exist_ok=True, ignore=SKIPPED)
    _write(tests / "Dockerfile", task_files.verifier_dockerfile(options, dockerfile))
    _write(tests / "test.sh", task_files.test_script(options), executable=True)
    _write(tests / "rubrics.json", task_files.rubric_file(dataset, record))
    if options.grader_source == "editable":
        shutil.copytree(GRADER_PACKAGE, tests / "grader" / "mock_services", ignore=SKIPPED)
    if record.has_reference_answers:
        _write(task_dir / "solution" / "solve.sh", task_files.solve_script(record), executable=True)


def build_dataset(
    dataset_dir: Path,
    out: Path,
    *,
    options: BuildOptions | None = None,
    task_ids: list[str] | None = None,
    prompt_template: Path | None = None,
    now: datetime | None = None,
) -> BuildManifest:
    """Build the chosen records of ``dataset_dir`` into ``out``; returns the manifest written."""
    dataset = load_dataset(dataset_dir)
    template = PromptTemplate(prompt_template) if prompt_template else PromptTemplate()
    options = replace(options or BuildOptions(), template_hash=template.hash)
    chosen = select(dataset, task_ids)
    check_records(dataset, chosen, options)
    dockerfile = environment_dockerfile(dataset, options)
    out.mkdir(parents=True, exist_ok=True)
    for case_id, record in chosen:
        build_task(dataset, record, case_id, out / record.id, template, options, dockerfile)
    manifest = BuildManifest(
        dataset=dataset.manifest.name,
        dataset_version=dataset.manifest.version,
        dataset_digest=dataset.digest,
        package_version=mock_services.__version__,
        template_hash=template.hash,
        image=options.image,
        grader_source=options.grader_source,
        built_at=(now or datetime.now(UTC)).isoformat(timespec="seconds"),
        tasks=[r.id for _, r in chosen],
        refused=[str(p) for p in dataset.refused],
    )
    path = out / f"{dataset.manifest.name}-build.json"
    _write(path, json.dumps(manifest.model_dump(), indent=2) + "\n")
    return manifest

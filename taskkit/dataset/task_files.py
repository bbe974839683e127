"""The files of one built task, as text: task.toml, tests/Dockerfile, tests/test.sh,
tests/rubrics.json and solution/solve.sh. Pure functions of the record and the build options,
so two builds of the same dataset write the same bytes."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit

import mock_services
from mock_services.verify.rubric import RubricFile
from taskkit import toml_write
from taskkit.dataset.instruction import OUTPUT_PATH
from taskkit.dataset.load import Dataset
from taskkit.dataset.model import Record
from taskkit.images.layout import BASE_IMAGE
from taskkit.task_model import DatasetProvenance

GraderSource = Literal["image", "pypi", "editable"]
VerifierNetwork = Literal["allowlist", "public"]
VERIFIER_NETWORKS: tuple[VerifierNetwork, ...] = ("allowlist", "public")
GRADER_SOURCES: tuple[GraderSource, ...] = ("image", "pypi", "editable")
DEFAULT_IMAGE = BASE_IMAGE  # the platform's base image: Python and this grader installed
DEFAULT_PACKAGE_INDEX = "https://pypi.org/simple"
PACKAGE_NAME = "liveclaw-mock-services"
AGENT_TIMEOUT_SEC = 1800.0
VERIFIER_TIMEOUT_SEC = 600.0
GRADER_MODULE = "mock_services.verify.rubric"
GRADE = f"python3 -I -m {GRADER_MODULE} /tests/rubrics.json"


def grade_from(folder: str) -> str:
    """``GRADE`` with the grader imported from ``folder`` first: isolated Python ignores
    ``PYTHONPATH``, so the folder (root's own: /tests/grader, a fresh mktemp) goes on sys.path."""
    loader = (
        "import runpy, sys; sys.path.insert(0, sys.argv.pop(1)); "
        f'runpy.run_module("{GRADER_MODULE}", run_name="__main__", alter_sys=True)'
    )
    return f"python3 -I -c '{loader}' {folder} /tests/rubrics.json"


@dataclass(frozen=True)
class BuildOptions:
    image: str = DEFAULT_IMAGE
    grader_source: GraderSource = "image"
    dockerfile: bool = False
    allow_missing_document: bool = False
    package_index: str = DEFAULT_PACKAGE_INDEX
    template_hash: str = ""
    # "allowlist": the verifier reaches only the judge (and the index); "public" for a provider
    # that cannot enforce an allowlist (Harbor's docker one needs images from Docker Hub for it)
    verifier_network: VerifierNetwork = "allowlist"

    @property
    def index_host(self) -> str:
        return urlsplit(self.package_index).hostname or ""


def task_toml(dataset: Dataset, record: Record, case_id: int, options: BuildOptions) -> str:
    manifest = dataset.manifest
    hosts = [manifest.judge.host]
    if options.grader_source == "pypi" and options.index_host not in hosts:
        hosts.append(options.index_host)
    keywords = list(dict.fromkeys([*record.keywords, record.task_type, manifest.name]))[:8]
    provenance = DatasetProvenance(
        name=manifest.name,
        version=manifest.version,
        digest=dataset.digest,
        record_type=record.task_type,
        questions=len(record.questions),
        criteria=len(record.rubric.criteria),
        template_hash=options.template_hash,
        grader_source=options.grader_source,
        grader_version=mock_services.__version__,
        verifier_base_image=options.image,
        document_missing=dataset.document(record) is None,
    ).model_dump()
    environment: dict = {} if options.dockerfile else {"docker_image": options.image}
    environment |= {"network_mode": "public", "cpus": 1, "memory_mb": 2048}
    data = {
        "schema_version": "1.4",
        "artifacts": [OUTPUT_PATH],
        "task": {
            "name": f"{manifest.name}/{record.id}",
            "version": manifest.version,
            "description": record.title,
            "keywords": keywords,
        },
        "metadata": {
            "difficulty": record.difficulty,
            "category": record.task_type,
            "domain": manifest.domain,
            "case_id": case_id,
            "dataset": provenance,
        },
        "agent": {"timeout_sec": AGENT_TIMEOUT_SEC, "user": "node"},
        "verifier": {
            "timeout_sec": VERIFIER_TIMEOUT_SEC,
            "environment_mode": "separate",
            "env": {
                "JUDGE_BASE_URL": "${JUDGE_BASE_URL}",
                "JUDGE_API_KEY": "${JUDGE_API_KEY}",
                "JUDGE_MODEL_ID": f"${{JUDGE_MODEL_ID:-{manifest.judge.model}}}",
            },
            "environment": {
                "network_mode": options.verifier_network,
                **({"allowed_hosts": hosts} if options.verifier_network == "allowlist" else {}),
                "cpus": 1,
                "memory_mb": 1024,
            },
        },
        "environment": environment,
    }
    comments = {
        "verifier.environment": "the verifier's own baseline: built from tests/Dockerfile, "
        + (
            "it reaches only the judge" + (" and the package index" if len(hosts) > 1 else "")
            if options.verifier_network == "allowlist"
            else "public network (built with --verifier-network public)"
        ),
        "metadata.dataset": "provenance of the build (invoke build-dataset)",
    }
    return toml_write.dumps(data, comments)


def verifier_dockerfile(options: BuildOptions, environment_dockerfile: str | None) -> str:
    """FROM the agent's image (or its Dockerfile's steps), then the grader's files."""
    base = environment_dockerfile.rstrip() if environment_dockerfile else f"FROM {options.image}"
    lines = [
        "# The separate verifier's image: the agent's image plus the hidden rubrics.",
        base,
        "COPY test.sh rubrics.json /tests/",
    ]
    if options.grader_source == "editable":
        lines.append("COPY grader/ /tests/grader/")
    return "\n".join(lines) + "\n"


def test_script(options: BuildOptions) -> str:
    version = mock_services.__version__
    head = [
        "#!/bin/bash",
        f"# Grades /workspace/output/answers.json against /tests/rubrics.json "
        f"(grader source: {options.grader_source}).",
        "set -u",
        # as every task's test.sh (taskkit/templates/tests/): the image's warden keeps reward
        # files out of /logs/verifier until the agent's session has ended, in the separate
        # verifier's container too (it runs the same image)
        '[ -n "${MOCK_AGENT_SESSION_ENDED:-}" ] || [ ! -x /opt/mock/bin/end-agent-session ] ||',
        '    exec /opt/mock/bin/end-agent-session --then "$0" "$@"',
        "mkdir -p /logs/verifier",
    ]
    if options.grader_source == "image":
        body = [f"exec {GRADE} --expect-version {version}"]
    elif options.grader_source == "editable":
        body = [f"exec {grade_from('/tests/grader')}"]
    else:
        body = [
            'GRADER="$(mktemp -d /tmp/dataset-grader.XXXXXX)"',
            "PIP_BREAK_SYSTEM_PACKAGES=1 python3 -m pip install --quiet --no-deps "
            f'--target "$GRADER" --index-url {options.package_index} '
            f"'{PACKAGE_NAME}=={version}' ||",
            f'    {{ echo "cannot install {PACKAGE_NAME}=={version}" >&2; exit 2; }}',
            "exec " + grade_from('"$GRADER"') + f" --expect-version {version}",
        ]
    return "\n".join(head + body) + "\n"


def rubric_file(dataset: Dataset, record: Record) -> str:
    rubric = RubricFile(
        task=f"{dataset.manifest.name}/{record.id}",
        grader_version=mock_services.__version__,
        output=OUTPUT_PATH,
        questions=record.questions,
        rubric=record.rubric,
    )
    return json.dumps(rubric.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"


def solve_script(record: Record) -> str:
    """Writes the reference answers in the question block's shape (the oracle)."""
    slots = [q.slot() | {"answer": record.rubric.answers[q.id]} for q in record.questions]
    answers = json.dumps({"questions": slots}, indent=2, ensure_ascii=False)
    return (
        "#!/bin/bash\n"
        "# The oracle: writes the dataset's reference answers.\n"
        "set -euo pipefail\n"
        f"mkdir -p {OUTPUT_PATH.rsplit('/', 1)[0]}\n"
        f"cat > {OUTPUT_PATH} <<'ANSWERS'\n{answers}\nANSWERS\n"
    )

"""`invoke build-dataset`: the task layout, byte-identical rebuilds, the instruction's order,
no rubric text in any instruction, refusals (leaking records, missing documents), grader
source modes."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import mock_services
from taskkit.dataset.build import build_dataset
from taskkit.dataset.instruction import (
    MISSING_DOCUMENT,
    OUTPUT_PATH,
    SANDBOX_NOTE,
    BuildError,
    RubricLeak,
    hidden_values,
)
from taskkit.dataset.load import load_dataset
from taskkit.dataset.task_files import BuildOptions
from taskkit.task_load import load_task_config
from tests.dataset.conftest import ROOT, SAMPLE

DATASET = load_dataset(SAMPLE)
RECORDS = {r.id: r for r in DATASET.records}


def _tree(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_mode)
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in (path / "records.jsonl").read_text().splitlines()]


def _write_records(path: Path, records: list[dict]) -> None:
    (path / "records.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))


def test_two_builds_are_byte_identical_but_for_the_build_time(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    build_dataset(SAMPLE, first)
    build_dataset(SAMPLE, second)
    one, two = _tree(first), _tree(second)
    manifest = "office-documents-build.json"
    times = [json.loads(tree.pop(manifest)[0]).pop("built_at") for tree in (one, two)]
    assert all(times)
    assert one == two
    a = json.loads((first / manifest).read_text())
    b = json.loads((second / manifest).read_text())
    a.pop("built_at"), b.pop("built_at")
    assert a == b


def test_manifest_records_digest_versions_template_image_and_tasks(built: Path) -> None:
    manifest = json.loads((built / "office-documents-build.json").read_text())
    assert manifest["dataset_digest"] == DATASET.digest
    assert manifest["dataset_version"] == "1.0.0"
    assert manifest["package_version"] == mock_services.__version__
    assert manifest["template_hash"].startswith("sha256:")
    assert manifest["image"] == "liveclawbench-base:latest"
    assert manifest["tasks"] == [r.id for r in DATASET.records]
    assert manifest["built_at"]


def test_each_task_has_the_layout_and_task_toml_of_the_issue(built: Path) -> None:
    for record in DATASET.records:
        task = built / record.id
        config = load_task_config(task / "task.toml")
        assert config.task.name == f"office-documents/{record.id}"
        assert config.task.version == "1.0.0"
        provenance = config.metadata.dataset
        assert provenance.record_type == record.task_type
        assert provenance.questions == len(record.questions)
        assert provenance.criteria == len(record.rubric.criteria)
        assert provenance.digest == DATASET.digest
        assert provenance.grader_source == "image"
        assert provenance.verifier_base_image == config.environment.docker_image
        assert provenance.document_missing is False
        assert config.verifier.environment_mode == "separate"
        assert config.verifier.environment.network_mode == "allowlist"
        assert config.verifier.environment.allowed_hosts == ["api.deepseek.com"]
        assert config.verifier.env["JUDGE_BASE_URL"] == "${JUDGE_BASE_URL}"
        assert config.verifier.env["JUDGE_API_KEY"] == "${JUDGE_API_KEY}"
        assert config.agent.timeout_sec and config.verifier.timeout_sec
        assert config.artifacts == [OUTPUT_PATH]
        assert list((task / "environment").iterdir()) == []
        dockerfile = (task / "tests" / "Dockerfile").read_text().splitlines()
        assert f"FROM {config.environment.docker_image}" in dockerfile
        assert "COPY test.sh rubrics.json /tests/" in dockerfile
        test_sh = (task / "tests" / "test.sh").read_text()
        assert "python3 -I -m mock_services.verify.rubric /tests/rubrics.json" in test_sh
        assert f"--expect-version {mock_services.__version__}" in test_sh
        rubric = json.loads((task / "tests" / "rubrics.json").read_text())
        assert [c["id"] for c in rubric["rubric"]["criteria"]] == [
            c.id for c in record.rubric.criteria
        ]
        solve = task / "solution" / "solve.sh"
        assert solve.stat().st_mode & 0o111 and OUTPUT_PATH in solve.read_text()


def test_the_instruction_comes_in_the_documented_order(built: Path) -> None:
    record = RECORDS["lease-rent-schedule"]
    text = (built / record.id / "instruction.md").read_text()
    marks = [
        record.title,
        record.prompt.task,
        record.prompt.constraints[0],
        SANDBOX_NOTE.splitlines()[0],
        '"answer": null',
        OUTPUT_PATH,
        "## Source document: juniper-bakery-lease.md",
        "Commercial Lease Agreement",
    ]
    positions = [text.index(mark) for mark in marks]
    assert positions == sorted(positions)
    block = text.split("```json\n", 1)[1].split("\n```", 1)[0]
    assert all(q["answer"] is None for q in json.loads(block)["questions"])


def test_no_rubric_text_reaches_any_instruction(built: Path) -> None:
    for record in DATASET.records:
        text = (built / record.id / "instruction.md").read_text()
        before_document = text.split("## Source document:", 1)[0].lower()
        for criterion in record.rubric.criteria:
            assert criterion.description.lower() not in text.lower(), (record.id, criterion.id)
        # the document holds the evidence by design; everything the build adds must not
        for hidden in hidden_values(record):
            shown = str(hidden.value).lower()
            if len(shown) >= 4:
                assert shown not in before_document, (record.id, hidden)
        assert "rubrics.json" not in text and "weight" not in before_document


@pytest.mark.parametrize(
    ("field", "leak"),
    [
        ("task", "criterion"),
        ("context", "fact"),
        ("question", "answer"),
        ("constraint", "criterion"),
    ],
)
def test_a_record_whose_prompt_holds_its_rubric_text_is_refused(
    dataset_copy: Path, tmp_path: Path, field: str, leak: str
) -> None:
    records = _records(dataset_copy)
    target = "lease-key-terms" if leak == "answer" else "lease-maintenance-duties"
    record = next(r for r in records if r["id"] == target)
    judge = next((c for c in record["rubric"]["criteria"] if c["check"] == "judge"), None)
    secret = {
        "criterion": judge and judge["description"],
        "fact": judge and judge["facts"][2],
        "answer": record["rubric"]["answers"]["mediation_place"] if leak == "answer" else "",
    }[leak]
    if field == "question":
        record["questions"][-1]["text"] += f" Hint: {secret}"
    elif field == "constraint":
        record["prompt"]["constraints"].append(secret)
    else:
        record["prompt"][field] += f" {secret}"
    _write_records(dataset_copy, records)
    out = tmp_path / "out"
    with pytest.raises(RubricLeak, match=f"record '{target}'"):
        build_dataset(dataset_copy, out)
    assert not out.exists()  # refused before anything is written


def _build_lease_key_terms(dataset: Path, out: Path, task: str, **answers: object) -> None:
    """Builds lease-key-terms with ``task`` appended to its prompt and answers replaced."""
    records = _records(dataset)
    record = next(r for r in records if r["id"] == "lease-key-terms")
    record["prompt"]["task"] += f" {task}"
    record["rubric"]["answers"] |= answers
    _write_records(dataset, records)
    build_dataset(dataset, out, task_ids=["lease-key-terms"])


@pytest.mark.attack
@pytest.mark.parametrize(
    ("disguise", "criterion"),
    [
        ("The rent is 4,200 a month.", "rent_correct"),
        ("The rent is 4 2 0 0 a month.", "rent_correct"),
        ("The rent is 4\u2009200 a month.", "rent_correct"),  # thin space
        ("The rent is 4.200 a month.", "rent_correct"),
        ("The rent is 4'200 a month.", "rent_correct"),
        ("The rent is 42OO a month.", "rent_correct"),  # letter O for zero
        ("The rent is 42\u200b00 a month.", "rent_correct"),  # zero-width space
        ("The rent is \uff14\uff12\uff10\uff10 a month.", "rent_correct"),  # fullwidth
        ("Mediation is in Mult\u200bno\u00admah County.", "mediation_county"),
        ("Mediation is in Multn\u043em\u0430h C\u043eunty.", "mediation_county"),  # Cyrillic
        ("The first-year monthly base rent is stated \u0435xactly.", "rent_correct"),
    ],
)
def test_a_disguised_rubric_answer_is_refused_naming_its_criterion(
    dataset_copy: Path, tmp_path: Path, disguise: str, criterion: str
) -> None:
    out = tmp_path / "out"
    with pytest.raises(RubricLeak) as refused:
        _build_lease_key_terms(dataset_copy, out, disguise)
    message = str(refused.value)
    assert "record 'lease-key-terms'" in message and f"criterion '{criterion}'" in message
    assert not out.exists()


@pytest.mark.parametrize(
    ("task", "answers"),
    [
        ("Note her volunteering hours.", {"mediation_place": "Erin"}),
        ("The shop has 4200 square feet.", {"monthly_base_rent": 420}),
        ("The shop has 42,001 square feet and 4 2 0 1 chairs.", {}),
        ("Rent for 2025, 4200 units away, is due.", {"monthly_base_rent": 2025.42}),
    ],
)
def test_answers_inside_other_words_or_numbers_are_no_leak(
    dataset_copy: Path, tmp_path: Path, task: str, answers: dict
) -> None:
    _build_lease_key_terms(dataset_copy, tmp_path / "out", task, **answers)
    assert task in (tmp_path / "out" / "lease-key-terms" / "instruction.md").read_text()


def test_records_without_their_document_are_refused_by_name(
    dataset_copy: Path, tmp_path: Path
) -> None:
    (dataset_copy / "documents" / "aquaflo-p300-manual.md").unlink()
    with pytest.raises(BuildError) as caught:
        build_dataset(dataset_copy, tmp_path / "out")
    message = str(caught.value)
    assert "pump-service-facts, pump-yearly-plan, pump-fault-classes" in message
    assert "--allow-missing-document" in message
    assert not (tmp_path / "out").exists()


def test_allow_missing_document_builds_a_placeholder_and_says_so(
    dataset_copy: Path, tmp_path: Path
) -> None:
    (dataset_copy / "documents" / "aquaflo-p300-manual.md").unlink()
    out = tmp_path / "out"
    build_dataset(dataset_copy, out, options=BuildOptions(allow_missing_document=True))
    missing = load_task_config(out / "pump-service-facts" / "task.toml").metadata.dataset
    present = load_task_config(out / "lease-key-terms" / "task.toml").metadata.dataset
    assert missing.document_missing is True and present.document_missing is False
    assert MISSING_DOCUMENT in (out / "pump-service-facts" / "instruction.md").read_text()


def test_task_ids_select_records_and_unknown_ids_are_named(tmp_path: Path) -> None:
    out = tmp_path / "out"
    manifest = build_dataset(SAMPLE, out, task_ids=["pump-yearly-plan", "lease-key-terms"])
    assert manifest.tasks == ["lease-key-terms", "pump-yearly-plan"]
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == manifest.tasks
    case_ids = [load_task_config(out / t / "task.toml").metadata.case_id for t in manifest.tasks]
    assert case_ids == [1, 10]  # positions in the dataset, the same in any selection
    with pytest.raises(BuildError, match="no record 'no-such-record'"):
        build_dataset(SAMPLE, out, task_ids=["no-such-record"])


def test_a_prompt_template_changes_the_preamble_and_the_hash(built: Path, tmp_path: Path) -> None:
    template = tmp_path / "preamble.md"
    template.write_text("You are a careful analyst ($task_type).\n\n$task\n")
    out = tmp_path / "out"
    manifest = build_dataset(SAMPLE, out, prompt_template=template, task_ids=["lease-key-terms"])
    default = json.loads((built / "office-documents-build.json").read_text())
    assert manifest.template_hash != default["template_hash"]
    text = (out / "lease-key-terms" / "instruction.md").read_text()
    assert text.startswith("You are a careful analyst (find stated facts")
    template.write_text("Hello $reader\n")
    with pytest.raises(BuildError, match=r"unknown placeholder\(s\) \['reader'\]"):
        build_dataset(SAMPLE, out, prompt_template=template)


def test_grader_sources_write_their_test_sh_and_allowlist(tmp_path: Path) -> None:
    pypi = BuildOptions(grader_source="pypi", package_index="http://127.0.0.1:8999/simple")
    build_dataset(SAMPLE, tmp_path / "pypi", options=pypi, task_ids=["lease-key-terms"])
    task = tmp_path / "pypi" / "lease-key-terms"
    config = load_task_config(task / "task.toml")
    assert config.verifier.environment.allowed_hosts == ["api.deepseek.com", "127.0.0.1"]
    assert "--index-url http://127.0.0.1:8999/simple" in (task / "tests" / "test.sh").read_text()
    editable = BuildOptions(grader_source="editable")
    build_dataset(SAMPLE, tmp_path / "ed", options=editable, task_ids=["lease-key-terms"])
    tests = tmp_path / "ed" / "lease-key-terms" / "tests"
    assert (tests / "grader" / "mock_services" / "verify" / "rubric.py").is_file()
    assert not list(tests.rglob("__pycache__"))
    assert "COPY grader/ /tests/grader/" in (tests / "Dockerfile").read_text()
    # isolated Python: the grader's folder goes on sys.path by the command, not PYTHONPATH
    assert "sys.path.insert(0, sys.argv.pop(1))" in (tests / "test.sh").read_text()
    assert "/tests/grader /tests/rubrics.json" in (tests / "test.sh").read_text()


def test_dockerfile_mode_copies_the_environment_into_both_images(
    dataset_copy: Path, tmp_path: Path
) -> None:
    with pytest.raises(BuildError, match="environment/Dockerfile is missing"):
        build_dataset(dataset_copy, tmp_path / "x", options=BuildOptions(dockerfile=True))
    (dataset_copy / "environment").mkdir()
    (dataset_copy / "environment" / "Dockerfile").write_text(
        "FROM debian:bookworm\nCOPY tools/ /opt/tools/\n"
    )
    (dataset_copy / "environment" / "tools").mkdir()
    (dataset_copy / "environment" / "tools" / "readme.txt").write_text("tools")
    out = tmp_path / "out"
    build_dataset(
        dataset_copy, out, options=BuildOptions(dockerfile=True), task_ids=["lease-key-terms"]
    )
    task = out / "lease-key-terms"
    assert (task / "environment" / "Dockerfile").read_text().startswith("FROM debian:bookworm")
    assert (task / "environment" / "tools" / "readme.txt").is_file()
    verifier = (task / "tests" / "Dockerfile").read_text()
    assert "FROM debian:bookworm" in verifier and "COPY test.sh rubrics.json /tests/" in verifier
    assert (task / "tests" / "tools" / "readme.txt").is_file()
    assert load_task_config(task / "task.toml").environment.docker_image is None


@pytest.mark.process  # runs a subprocess
def test_the_command_line_builds_and_reports_refusals(dataset_copy: Path, tmp_path: Path) -> None:
    command = [sys.executable, "-m", "taskkit", "build-dataset"]
    done = subprocess.run(
        [*command, str(SAMPLE), "--out", str(tmp_path / "o"), "--task-ids", "lease-key-terms"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "o" / "lease-key-terms" / "task.toml").is_file()
    (dataset_copy / "documents" / "juniper-bakery-lease.md").unlink()
    done = subprocess.run(
        [*command, str(dataset_copy), "--out", str(tmp_path / "p")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 2
    assert "lease-key-terms" in done.stderr and "source document" in done.stderr
    tomllib.loads((tmp_path / "o" / "lease-key-terms" / "task.toml").read_text())


def test_a_public_verifier_network_for_providers_without_allowlists(tmp_path: Path) -> None:
    public = BuildOptions(verifier_network="public")
    build_dataset(SAMPLE, tmp_path, options=public, task_ids=["lease-key-terms"])
    config = load_task_config(tmp_path / "lease-key-terms" / "task.toml")
    assert config.verifier.environment.network_mode == "public"
    assert config.verifier.environment.allowed_hosts in (None, [])
    assert "--verifier-network public" in (tmp_path / "lease-key-terms" / "task.toml").read_text()


def test_test_sh_ends_the_agent_session_before_grading(tmp_path: Path) -> None:
    """The separate verifier runs the task image, whose warden removes reward files from
    /logs/verifier until the session has ended: without this line Harbor finds no reward."""
    build_dataset(SAMPLE, tmp_path, task_ids=["lease-key-terms"])
    lines = (tmp_path / "lease-key-terms" / "tests" / "test.sh").read_text().splitlines()
    handover = next(i for i, line in enumerate(lines) if "end-agent-session --then" in line)
    grade = next(i for i, line in enumerate(lines) if "mock_services.verify.rubric" in line)
    assert handover < grade

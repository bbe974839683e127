"""``invoke new-task``: every pattern and flag, case ids, registries, refusals."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from mock_services.registry import SERVICE_MODULES
from taskkit.oracle import run_many
from taskkit.scaffold import ScaffoldError, ScaffoldOptions, new_task
from taskkit.task_load import load_task_config
from taskkit.validate import validate
from tests.helpers import namespaces_allowed
from tests.toolkit.conftest import Scaffold, check

ROOT = Path(__file__).resolve().parents[2]


def files(task: Path) -> set[str]:
    return {p.relative_to(task).as_posix() for p in task.rglob("*") if p.is_file()}


def test_service_pattern(scaffold: Scaffold, repo: Path) -> None:
    task = scaffold(
        "order-watch",
        "service",
        services=["shop", "email"],
        difficulty="hard",
        domain="E-commerce & Daily Svcs",
        description="Order a watch.",
        authors=["Jane Doe <jane@example.com>", "Bo"],
    )
    assert files(task) == {
        "task.toml",
        "README.md",
        "instruction.md",
        "environment/Dockerfile",
        "environment/seed.json",
        "tests/test.sh",
        "tests/verify.py",
        "solution/solve.sh",
        "solution/ui.py",
    }
    config = load_task_config(task / "task.toml")
    assert config.task.name == "liveclawbench/order-watch"
    assert [a.model_dump(exclude_none=True) for a in config.task.authors] == [
        {"name": "Jane Doe", "email": "jane@example.com"},
        {"name": "Bo"},
    ]
    meta = config.metadata
    assert (meta.difficulty, meta.domain, meta.case_id, meta.factor_a1) == (
        "hard",
        "E-commerce & Daily Svcs",
        1,
        1,
    )
    assert meta.domains_multi == ["Communication & Email", "E-commerce & Daily Svcs"]
    assert config.environment.healthcheck.command == "/opt/mock/bin/healthcheck"
    assert os.access(task / "tests/test.sh", os.X_OK) and os.access(
        task / "solution/solve.sh", os.X_OK
    )
    readme = (task / "README.md").read_text()
    for expected in (
        "Order a watch.",
        "shop (port 1234), email (port 5001)",
        "| `requested_change_made` | 3 | yes |",
        "harbor run -p tasks/order-watch -a oracle",
        "| case_id | 1 |",
    ):
        assert expected in readme


@pytest.mark.process  # runs a subprocess
@pytest.mark.parametrize(
    ("pattern", "extra", "expected"),
    [
        ("static", {}, {"tests/evaluate.py"}),
        ("fullstack", {}, {"tests/verify.py", "environment/seed.json"}),
        (
            "knowledge",
            {},
            {
                "tests/llm_judge.py",
                "tests/rubric.json",
                "tests/answer_key.json",
                "environment/corpus/README.md",
            },
        ),
        ("static", {"no_pytest": True, "no_solution": True}, set()),
    ],
)
def test_patterns(
    scaffold: Scaffold, repo: Path, pattern: str, extra: dict, expected: set[str]
) -> None:
    task = scaffold("some-task", pattern, **extra)
    assert expected <= files(task)
    assert ("solution/solve.sh" in files(task)) is not extra.get("no_solution", False)
    report = check(repo)
    assert report.errors == 0, report.text()


def test_knowledge_passes_judge_credentials_by_reference(scaffold: Scaffold) -> None:
    config = load_task_config(scaffold("research-z", "knowledge") / "task.toml")
    assert config.verifier.env["JUDGE_API_KEY"] == "${JUDGE_API_KEY}"
    assert config.metadata.factor_b2 == 1


def test_multi_step(scaffold: Scaffold) -> None:
    task = scaffold("trip-plan", "fullstack", steps=["find", "book", "notify"])
    config = load_task_config(task / "task.toml")
    assert [(s.name, s.min_reward) for s in config.steps] == [
        ("find", 0.5),
        ("book", 0.33),
        ("notify", None),
    ]
    assert config.multi_step_reward_strategy == "mean"
    assert {
        "steps/book/instruction.md",
        "steps/book/tests/test.sh",
        "steps/book/tests/verify.py",
        "steps/book/solution/solve.sh",
    } <= files(task)
    assert "instruction.md" not in files(task)


def test_case_ids_and_registries(scaffold: Scaffold, repo: Path) -> None:
    scaffold("first-task", "static")
    scaffold("second-task", "service")
    with (repo / "metadata/cases_registry.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["case_id"], r["task_name"], r["status"]) for r in rows] == [
        ("1", "first-task", "active"),
        ("2", "second-task", "active"),
    ]
    registry = json.loads((repo / "registry.json").read_text())
    assert registry[0]["tasks"] == [
        {"name": "first-task", "path": "tasks/first-task"},
        {"name": "second-task", "path": "tasks/second-task"},
    ]
    binary_map = json.loads((repo / "metadata/task-binary-map.json").read_text())
    assert binary_map == {
        "version": 1,
        "tasks": {
            "first-task": {},
            "second-task": {"services": ["shop"], "seed": "environment/seed.json"},
        },
    }


def test_next_case_id_follows_the_csv(repo: Path, scaffold: Scaffold) -> None:
    (repo / "metadata").mkdir()
    (repo / "metadata/cases_registry.csv").write_text(
        "case_id,task_name,status\n41,retired-task,retired\n"
    )
    task = scaffold("new-one", "static")
    assert load_task_config(task / "task.toml").metadata.case_id == 42
    rows = (repo / "metadata/cases_registry.csv").read_text()
    assert "41,retired-task" in rows and "42,new-one" in rows


def test_metadata_template_then_flags(tmp_path: Path, scaffold: Scaffold) -> None:
    template = tmp_path / "template.toml"
    template.write_text(
        '[metadata]\ncategory = "research"\ndifficulty = "easy"\n[agent]\ntimeout_sec = 600.0\n'
    )
    task = scaffold("templated", "static", metadata_template=template, difficulty="hard")
    config = tomllib.loads((task / "task.toml").read_text())
    assert config["metadata"]["category"] == "research"
    assert config["metadata"]["difficulty"] == "hard"  # the flag wins over the template
    assert config["agent"]["timeout_sec"] == 600.0


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (ScaffoldOptions("Bad_Name", "static"), "NAME 'Bad_Name': expected kebab-case"),
        (ScaffoldOptions("x", "webapp"), "--pattern 'webapp': expected one of static, service"),
        (
            ScaffoldOptions("x", "service", services=["bank"]),
            "--services bank: unknown ['bank']; expected any of shop, airline, email, calendar",
        ),
        (ScaffoldOptions("x", "service", services=[]), "--pattern service needs at least one"),
        (ScaffoldOptions("x", "static", domain="Cooking"), "--domain 'Cooking': expected one of"),
        (ScaffoldOptions("x", "static", difficulty="extreme"), "--difficulty 'extreme'"),
        (ScaffoldOptions("x", "static", steps=["a", "a"]), "--steps a,a: expected unique"),
        (
            ScaffoldOptions("x", "static", metadata_template=Path("/nope.toml")),
            "--metadata-template /nope.toml: no such file",
        ),
    ],
)
def test_refusals_name_the_option(repo: Path, options: ScaffoldOptions, message: str) -> None:
    with pytest.raises(ScaffoldError, match=None) as caught:
        new_task(repo, options)
    assert message in str(caught.value)
    assert list((repo / "tasks").iterdir()) == []


def test_existing_task_is_refused(scaffold: Scaffold, repo: Path) -> None:
    scaffold("taken", "static")
    with pytest.raises(ScaffoldError, match="tasks/taken already exists"):
        new_task(repo, ScaffoldOptions("taken", "static"))


@pytest.mark.process  # runs a subprocess
def test_cli_new_task(repo: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "taskkit",
            "--root",
            str(repo),
            "new-task",
            "cli-task",
            "--pattern",
            "service",
            "--services",
            "airline,calendar",
            "--steps",
            "a,b",
            "--author",
            "Jane <j@x.org>",
            "--no-solution",
            "--mcp",
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    config = load_task_config(repo / "tasks/cli-task/task.toml")
    assert [s.name for s in config.steps] == ["a", "b"]
    assert [s.name for s in config.environment.mcp_servers] == ["airline", "calendar"]
    assert not (repo / "tasks/cli-task/steps/a/solution").exists()
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "taskkit",
            "--root",
            str(repo),
            "new-task",
            "x",
            "--pattern",
            "service",
            "--services",
            "bank",
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert bad.returncode == 2 and "unknown ['bank']" in bad.stderr


@pytest.mark.process  # runs a subprocess
@pytest.mark.parametrize("service", sorted(SERVICE_MODULES))
def test_the_verifier_template_names_what_each_service_has(
    scaffold: Scaffold, repo: Path, service: str
) -> None:
    """The template's table, column and routes exist in its first service: ``check_names`` at
    its module level, which ``--describe`` runs, would fail the validation otherwise."""
    scaffold("named-task", "service", services=[service])
    report = check(repo)
    assert report.findings == [], report.text()


@pytest.mark.process  # runs a subprocess
@pytest.mark.slow
@pytest.mark.skipif(not namespaces_allowed(), reason="the null agent's trial needs unshare")
@pytest.mark.parametrize(
    ("pattern", "extra"),
    [
        ("static", {}),
        ("service", {}),
        ("fullstack", {}),
        ("knowledge", {}),
        ("service", {"no_pytest": True}),
        ("service", {"steps": ["plan", "book"]}),
    ],
)
def test_no_scaffolded_checkpoint_earns_free_credit(
    scaffold: Scaffold, repo: Path, pattern: str, extra: dict
) -> None:
    task = scaffold("idle-task", pattern, **extra)
    report = validate(repo, [task], null_runner=run_many)
    free = [f for f in report.findings if f.rule in ("free-credit", "null-agent-scores")]
    assert free == [], f"the null agent earns credit on a fresh scaffold:\n{report.text()}"

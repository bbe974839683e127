"""The validator, rule by rule: each bad input gives a finding that names the rule, the file,
the line where there is one, the offending value and what was expected."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from mock_services.registry import SERVICE_MODULES
from taskkit.validate import RULES, Severity
from tests.toolkit.conftest import LONG_INSTRUCTION, Scaffold, check, only, rules

pytestmark = pytest.mark.process  # runs a subprocess

ROOT = Path(__file__).resolve().parents[2]
NAME = "flight-change"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))


POLICY = """[tool.taskkit.policy]
min_wrong = 8
min_alternatives = 2
ui_solution = true
readme_sections = ["What the agent does", "Environment", "Verifier", "Layout", "Run"]
"""


def with_policy(repo: Path, policy: str = POLICY) -> None:
    """Give the repository this benchmark's policy for its own tasks (pyproject.toml)."""
    (repo / "pyproject.toml").write_text(policy)


def line_of(path: Path, needle: str) -> int:
    return next(i for i, t in enumerate(path.read_text().splitlines(), 1) if needle in t)


@pytest.fixture
def task(scaffold: Scaffold) -> Path:
    return scaffold(NAME, "service", services=["shop", "email"])


def test_a_finished_task_is_clean(task: Path, repo: Path) -> None:
    report = check(repo)
    assert report.findings == [] and report.exit_code == 0


@pytest.mark.parametrize("pattern", ["static", "service", "fullstack", "knowledge"])
def test_fresh_scaffold_has_only_stub_warnings(
    scaffold: Scaffold, repo: Path, pattern: str
) -> None:
    scaffold("fresh-one", pattern, stub=True)
    report = check(repo)
    assert rules(report) == {"stub-instruction"} and report.exit_code == 0


def test_a_fresh_scaffold_under_the_policy_lacks_only_its_instruction_and_blind_set(
    scaffold: Scaffold, repo: Path
) -> None:
    """The scaffold writes the UI solution, the README's sections and checks by operation the
    policy asks for; what the author writes (the instruction, the blind set) is left."""
    with_policy(repo)
    scaffold("fresh-one", "service", services=["shop"], stub=True)
    scaffold("fresh-two", "fullstack", services=["crm", "email"], steps=["a", "b"], stub=True)
    report = check(repo)
    assert rules(report) == {"stub-instruction", "blind-set"}, report.text()
    assert report.exit_code == 0


def test_an_imported_task_is_not_held_to_the_policy(task: Path, repo: Path) -> None:
    with_policy(repo)
    imported = (
        '\n[metadata.imported]\nsource = "claw-eval"\nsource_id = "T001"\nupstream_repo = "x/y"\n'
        f'upstream_commit = "{"0" * 40}"\nlicense = "MIT"\nrecord = "tasks/T001.yaml"\n'
        'scoring_layers = ["rubric"]\n'
    )
    (task / "task.toml").write_text((task / "task.toml").read_text() + imported)
    report = check(repo)
    assert not only(report, "blind-set") and not only(report, "ui-solution-missing"), report.text()


@pytest.mark.parametrize(
    ("policy", "message"),
    [
        (
            '[tool.taskkit.policy]\nmin_wrong = "eight"\n',
            "min_wrong: Input should be a valid integer",
        ),
        ("[tool.taskkit.policy]\nmin_wrongs = 8\n", "min_wrongs: Extra inputs are not permitted"),
        ("[tool.taskkit.policy]\nmin_alternatives = -1\n", "min_alternatives: Input should be"),
        ("[tool.taskkit\n", "not valid TOML"),
    ],
)
def test_an_invalid_policy_is_an_error_naming_the_field(
    task: Path, repo: Path, policy: str, message: str
) -> None:
    with_policy(repo, policy)
    report = check(repo)
    [found] = only(report, "config-invalid")
    assert found.file == "pyproject.toml" and message in found.message, found.message
    assert report.exit_code == 1


# (rule, mutation, file relative to the task, needle giving the line (or None), message part)
Mutation = Callable[[Path, Path], None]
CASES: list[tuple[str, Mutation, str, str | None, str]] = [
    (
        "required-file",
        lambda t, r: (t / "tests/test.sh").unlink(),
        "tests/test.sh",
        None,
        "tests/test.sh is missing",
    ),
    (
        "verifier-entry",
        lambda t, r: (t / "tests/verify.py").unlink(),
        "tests",
        None,
        "tests/ has none of verify.py, evaluate.py, llm_judge.py",
    ),
    (
        "task-name-mismatch",
        lambda t, r: edit(t / "task.toml", f"liveclawbench/{NAME}", "liveclawbench/other"),
        "task.toml",
        'name = "liveclawbench/other"',
        "[task].name is 'liveclawbench/other'; its part after '/' must be 'flight-change'",
    ),
    (
        "not-executable",
        lambda t, r: (t / "solution/solve.sh").chmod(0o644),
        "solution/solve.sh",
        None,
        "solution/solve.sh has mode 0o644, expected +x",
    ),
    (
        "agent-script-python",
        lambda t, r: (t / "solution/solve.sh").write_text(
            "#!/bin/bash\ncat <<'PY' > /tmp/x.py\nprint('python here is fine')\nPY\n"
            "python /tmp/x.py  # python3 would run\n"
        ),
        "solution/solve.sh",
        None,
        "solution/solve.sh:5 runs `python`, which the task's image lacks (it has python3): "
        "python /tmp/x.py",
    ),
    (
        "stub-instruction",
        lambda t, r: (t / "instruction.md").write_text("Do it."),
        "instruction.md",
        None,
        "6 characters, expected at least 200",
    ),
    (
        "stub-test",
        lambda t, r: (t / "tests/test.sh").write_text("#!/bin/bash\necho ok\n"),
        "tests/test.sh",
        None,
        "only echoes",
    ),
    (
        "missing-solution",
        lambda t, r: (t / "solution/solve.sh").unlink(),
        "solution/solve.sh",
        None,
        "solution/solve.sh is missing",
    ),
    (
        "readme-unfilled",
        lambda t, r: (t / "README.md").write_text("# x\n\nTODO: describe\n"),
        "README.md",
        "TODO",
        "still contains 'TODO'",
    ),
    (
        "blind-set",
        lambda t, r: with_policy(r),
        "wrong",
        None,
        "0 wrong solutions and 0 correct alternatives, expected at least 8 and 2",
    ),
    (
        "ui-solution-missing",
        lambda t, r: (with_policy(r), (t / "solution/ui.py").unlink()),
        "solution/ui.py",
        None,
        "no UI solution does it through them",
    ),
    (
        "readme-sections",
        lambda t, r: (with_policy(r), edit(t / "README.md", "## Layout", "## Files")),
        "README.md",
        None,
        "no section '## Layout'",
    ),
    (
        "verifier-by-route",
        lambda t, r: edit(
            t / "tests/verify.py", "FORBIDDEN = ", 'ROUTES = ("DELETE /api/cart",)\nFORBIDDEN = '
        ),
        "tests/verify.py",
        "ROUTES = ",
        """'"DELETE /' in 'ROUTES = ("DELETE /api/cart",)': expected a check by operation""",
    ),
    (
        "readme-criteria",
        lambda t, r: edit(
            t / "README.md",
            "| `requested_change_made` | 3 | yes |",
            "| requested_change_made | 2 | yes |",
        ),
        "README.md",
        "| requested_change_made | 2 |",
        "'requested_change_made': weight '2' in the table, 3 in tests/verify.py",
    ),
    (
        "reward-file",
        lambda t, r: (
            (t / "tests/test.sh").write_text("#!/bin/bash\npython3 -I /tests/verify.py\n"),
            (t / "tests/verify.py").write_text("print('Score: 1.0/1.0')\n"),
        ),
        "tests/test.sh",
        None,
        "no file in tests/ mentions /logs/verifier or mock_services.verify",
    ),
    (
        "relative-path",
        lambda t, r: edit(t / "tests/test.sh", "python3 -I /tests/", "python3 -I tests/"),
        "tests/test.sh",
        "python3 -I tests/",
        "relative path 'tests/verify.py'; expected /tests/...",
    ),
    (
        "toml-syntax",
        lambda t, r: edit(t / "task.toml", "[agent]", "[agent"),
        "task.toml",
        "[agent",
        "Expected ']'",
    ),
    (
        "config-invalid",
        lambda t, r: edit(t / "task.toml", 'difficulty = "medium"', 'difficulty = "extreme"'),
        "task.toml",
        'difficulty = "extreme"',
        "metadata.difficulty: Input should be 'easy', 'medium' or 'hard'; got 'extreme'",
    ),
    (
        "unknown-key",
        lambda t, r: edit(t / "task.toml", "[agent]", "[agnt]\ntimeout_sec = 1.0\n\n[agent]"),
        "task.toml",
        "[agnt]",
        "unknown key 'agnt' (Harbor ignores it); did you mean 'agent'?",
    ),
    (
        "unknown-metadata-key",
        lambda t, r: edit(t / "task.toml", "case_id =", "difficuly = 1\ncase_id ="),
        "task.toml",
        "difficuly",
        "unknown metadata key 'metadata.difficuly'; did you mean 'difficulty'?",
    ),
    (
        "legacy-key",
        lambda t, r: edit(t / "task.toml", "memory_mb = 4096", 'memory = "4G"'),
        "task.toml",
        'memory = "4G"',
        "environment.memory is deprecated; use memory_mb",
    ),
    (
        "misplaced-key",
        lambda t, r: edit(
            t / "task.toml", 'schema_version = "1.4"', 'schema_version = "1.4"\ncase_id = 5'
        ),
        "task.toml",
        "case_id = 5",
        "'case_id' belongs under [metadata]",
    ),
    (
        "required-field",
        lambda t, r: edit(t / "task.toml", 'domain = "E-commerce & Daily Svcs"\n', ""),
        "task.toml",
        "[metadata]",
        "[metadata] domain is missing",
    ),
    (
        "empty-keywords",
        lambda t, r: edit(
            t / "task.toml", 'keywords = ["service", "shop", "email", "verify"]', "keywords = []"
        ),
        "task.toml",
        "keywords = []",
        "[task].keywords is empty",
    ),
    (
        "keyword-format",
        lambda t, r: edit(t / "task.toml", '"verify"]', '"Verify Me"]'),
        "task.toml",
        "keywords",
        "not lowercase tokens: ['Verify Me']",
    ),
    (
        "network-override",
        lambda t, r: edit(
            t / "task.toml", 'user = "node"', 'user = "node"\nnetwork_mode = "no-network"'
        ),
        "task.toml",
        'network_mode = "no-network"',
        "agent.network_mode = 'no-network' differs from the baseline 'public'",
    ),
    (
        "no-internet",
        lambda t, r: edit(t / "task.toml", "allow_internet = true", "allow_internet = false"),
        "task.toml",
        "[environment]",
        "the network baseline is 'no-network'",
    ),
    (
        "secret-literal",
        lambda t, r: edit(
            t / "task.toml",
            'user = "root"',
            'user = "root"\n\n[verifier.env]\nOPENAI_API_KEY = "sk-1"',
        ),
        "task.toml",
        "OPENAI_API_KEY",
        "verifier.env.OPENAI_API_KEY holds a literal value; expected "
        'a reference such as "${OPENAI_API_KEY}"',
    ),
    (
        "judge-env",
        lambda t, r: (t / "tests/llm_judge.py").write_text("import os\n"),
        "task.toml",
        "[verifier]",
        '[verifier.env] JUDGE_BASE_URL is None; expected "${JUDGE_BASE_URL}"',
    ),
    (
        "judge-env",
        lambda t, r: edit(
            t / "tests/verify.py",
            "from mock_services.verify import",
            "from mock_services.verify import judged_agreement\nfrom mock_services.verify import",
        ),
        "task.toml",
        "[verifier]",
        '[verifier.env] JUDGE_BASE_URL is None; expected "${JUDGE_BASE_URL}"',
    ),
    (
        "rubric-weights",
        lambda t, r: (t / "tests/rubric.json").write_text('[{"name": "accuracy", "weight": 0}]'),
        "tests/rubric.json",
        None,
        "criteria[0] (accuracy): weight 0, expected a positive number",
    ),
    (
        "dockerfile-base",
        lambda t, r: edit(
            t / "environment/Dockerfile",
            f"FROM liveclawbench-{NAME}-base:latest",
            "FROM ubuntu:24.04",
        ),
        "environment/Dockerfile",
        "FROM ubuntu",
        f"the image builds FROM 'ubuntu:24.04'; expected liveclawbench-{NAME}-base:latest",
    ),
    (
        "dockerfile-entrypoint",
        lambda t, r: edit(t / "environment/Dockerfile", "CMD [", 'ENTRYPOINT ["/start.sh"]\nCMD ['),
        "environment/Dockerfile",
        'ENTRYPOINT ["',
        'ENTRYPOINT ["/start.sh"] replaces /opt/mock/entrypoint.sh',
    ),
    (
        "dockerfile-startup-copy",
        lambda t, r: edit(
            t / "environment/Dockerfile", "CMD [", "COPY startup.sh /workspace/startup.sh\nCMD ["
        ),
        "environment/Dockerfile",
        "COPY startup.sh",
        "COPY startup.sh: startup scripts must come read-only from the per-task base",
    ),
    (
        "dockerfile-test-leak",
        lambda t, r: edit(t / "environment/Dockerfile", "CMD [", "COPY tests/ /opt/tests/\nCMD ["),
        "environment/Dockerfile",
        "COPY tests/",
        "COPY tests/ puts verifier or solution files",
    ),
    (
        "dockerfile-env-agent",
        lambda t, r: edit(
            t / "environment/Dockerfile", "CMD [", "ENV PATH=/home/node/.local/bin:$PATH\nCMD ["
        ),
        "environment/Dockerfile",
        "ENV PATH=",
        "ENV PATH=/home/node/.local/bin:$PATH: every process of the image, root's verifier",
    ),
    (
        "dockerfile-workdir-agent",
        lambda t, r: edit(
            t / "environment/Dockerfile", "CMD [", "WORKDIR /workspace/output\nCMD ["
        ),
        "environment/Dockerfile",
        "WORKDIR /workspace/output",
        "WORKDIR /workspace/output: the agent can rename it away",
    ),
    (
        "verifier-python-isolated",
        lambda t, r: edit(t / "tests/test.sh", "python3 -I /tests/", "python3 /tests/"),
        "tests/test.sh",
        "python3 /tests/",
        "`python3 /tests/verify.py` runs without -I; expected `python3 -I ...`",
    ),
    (
        "verifier-reads-agent-folder",
        lambda t, r: edit(
            t / "tests/verify.py",
            "verifier = Verifier",
            'NOTES = Path("/workspace/environment/notes.txt")\n'
            "print(NOTES.read_text())\n\nverifier = Verifier",
        ),
        "tests/verify.py",
        'NOTES = Path("/workspace',
        "'/workspace/environment/notes.txt' is in a folder the agent can write",
    ),
    (
        "instruction-leak",
        lambda t, r: (
            edit(
                t / "tests/verify.py",
                "verifier = Verifier",
                'EXPECTED_ORDER = "ORD-000123"\n\nverifier = Verifier',
            ),
            (t / "instruction.md").write_text(LONG_INSTRUCTION + "\nThe order is ORD-000123.\n"),
        ),
        "instruction.md",
        "ORD-000123",
        "contains 'ORD-000123', a value tests/verify.py expects",
    ),
    (
        "verifier-syntax",
        lambda t, r: edit(t / "tests/verify.py", "def nothing_else_changed() -> bool:", "def x("),
        "tests/verify.py",
        "def x(",
        "'(' was never closed",
    ),
    (
        "verifier-unknown-name",
        lambda t, r: edit(t / "tests/verify.py", '"status": ANY', '"updated_at": ANY'),
        "tests/verify.py",
        'check_names("shop"',
        "no column 'updated_at' in shop.orders; closest: 'placed_at', 'shipped_at'",
    ),
    (
        "seed-notifications-url",
        lambda t, r: (t / "environment/seed.json").write_text(
            '{\n  "now": "2026-03-02T09:00:00Z",\n  "logins": ["alice"],\n  "shop": {\n'
            '    "notifications": {"email_url": "http://127.0.0.1:5009"}\n  }\n}\n'
        ),
        "environment/seed.json",
        "5009",
        "shop.notifications.email_url: http://127.0.0.1:5009 has no service of the task; it "
        "must reach email; the task runs shop (1234), email (5001)",
    ),
    (
        "instruction-mentions-tests",
        lambda t, r: (t / "instruction.md").write_text(
            LONG_INSTRUCTION + "\nverify.py will check it.\n"
        ),
        "instruction.md",
        "verify.py",
        "mentions 'verify.py'",
    ),
    (
        "mock-data-path",
        lambda t, r: edit(
            t / "tests/verify.py",
            "verifier = Verifier",
            'DB = "/opt/mock/data/shop.db"\nverifier = Verifier',
        ),
        "tests/verify.py",
        "/opt/mock/data",
        "/opt/mock/data/shop.db is not under MOCK_DATA_DIR=/var/lib/mock-data",
    ),
    (
        "unknown-service",
        lambda t, r: (t / "environment/seed.json").write_text(
            '{\n  "now": "2026-03-02T09:00:00Z",\n  "bank": {}\n}\n'
        ),
        "environment/seed.json",
        '"bank"',
        f"service 'bank' does not exist; known: {sorted(SERVICE_MODULES)}",
    ),
    (
        "service-not-declared",
        lambda t, r: edit(
            t / "tests/verify.py", 'diff_service("shop")', 'diff_service("calendar")'
        ),
        "tests/verify.py",
        'diff_service("calendar")',
        "uses 'calendar' but task-binary-map.json gives the task ['email', 'shop']",
    ),
    (
        "seed-json",
        lambda t, r: (t / "environment/seed.json").write_text(
            '{\n  "now": "2026-03-02T09:00:00Z",\n  "shop": {\n    "orders": [\n'
            '      {"user": "nobody", "placed_at": "-1d",\n'
            '       "items": [{"sku": "X-1", "quantity": 1}]}\n'
            "    ]\n  }\n}\n"
        ),
        "environment/seed.json",
        '"shop"',
        "shop.orders[0].user: unknown user 'nobody'",
    ),
    (
        "seed-json",
        lambda t, r: (t / "environment/seed.json").write_text('{\n  "now": ,\n}\n'),
        "environment/seed.json",
        '"now": ,',
        "invalid JSON: Expecting value",
    ),
    (
        "seed-json",
        lambda t, r: edit(t / "environment/seed.json", '"alice"', '"mya"'),
        "environment/seed.json",
        '"logins"',
        "seed.logins[0]: 'mya' is no seeded user of any service (shop, email); closest: 'alice'",
    ),
    (
        "seed-logins",
        lambda t, r: (t / "environment/seed.json").write_text(
            '{\n  "timezone": "UTC",\n  "now": "2026-03-02T09:00:00Z"\n}\n'
        ),
        "environment/seed.json",
        '"now"',
        'no "logins": a task seed names the accounts the agent may use',
    ),
]


@pytest.mark.parametrize(
    ("rule", "mutate", "file", "needle", "message"), CASES, ids=[c[0] for c in CASES]
)
def test_rule(
    task: Path, repo: Path, rule: str, mutate: Mutation, file: str, needle: str | None, message: str
) -> None:
    mutate(task, repo)
    report = check(repo)
    found = only(report, rule)
    assert found, f"no {rule} finding; got:\n{report.text()}"
    first = found[0]
    assert first.file == f"tasks/{NAME}/{file}"
    assert message in first.message, first.message
    assert first.fix == RULES[rule].fix and first.severity == RULES[rule].severity
    if needle is not None:
        assert first.line == line_of(task / file, needle)
    assert report.exit_code == (1 if report.errors else 0)


def test_a_step_seed_without_logins_is_an_error(scaffold: Scaffold, repo: Path) -> None:
    task = scaffold("steps-seed", "fullstack", services=["shop"], steps=["plan", "book"])
    step_seed = task / "steps/book/environment/seed.json"
    step_seed.parent.mkdir()
    step_seed.write_text('{\n  "now": "2026-03-02T09:00:00Z",\n  "logins": ["alice"]\n}\n')
    assert not only(check(repo), "seed-logins")
    step_seed.write_text('{\n  "now": "2026-03-02T09:00:00Z"\n}\n')
    (finding,) = only(check(repo), "seed-logins")
    assert (finding.file, finding.line) == ("tasks/steps-seed/steps/book/environment/seed.json", 2)
    assert finding.severity == Severity.ERROR


def test_startup_script_in_the_build_context_is_caught(task: Path, repo: Path) -> None:
    (task / "environment/startup.sh").write_text("#!/bin/sh\n")
    edit(task / "environment/Dockerfile", "CMD [", "COPY . /workspace/environment/\nCMD [")
    (finding,) = only(check(repo), "dockerfile-startup-copy")
    assert "copies environment/startup.sh into the image" in finding.message


def test_knowledge_pattern_arg_base_is_accepted_and_checked(scaffold: Scaffold, repo: Path) -> None:
    task = scaffold("research-x", "knowledge")
    assert check(repo).findings == []
    edit(
        task / "environment/Dockerfile", "liveclawbench-research-x-base", "liveclawbench-other-base"
    )
    (finding,) = only(check(repo), "dockerfile-base")
    assert "FROM 'liveclawbench-other-base:latest'" in finding.message


def test_leak_from_answer_key_numbers(scaffold: Scaffold, repo: Path) -> None:
    task = scaffold("research-y", "knowledge")
    (task / "tests/answer_key.json").write_text('{"facts": ["fts5"], "year": 2019}')
    (task / "instruction.md").write_text(LONG_INSTRUCTION + "Since 2019, use fts5 tables.\n")
    found = {f.message for f in only(check(repo), "instruction-leak")}
    assert found == {
        "contains 'fts5', a value tests/answer_key.json expects",
        "contains '2019', a value tests/answer_key.json expects",
    }


def test_data_dir_override_must_match(task: Path, repo: Path) -> None:
    edit(task / "tests/test.sh", "mkdir -p", "export MOCK_DATA_DIR=/data\nmkdir -p")
    (finding,) = only(check(repo), "mock-data-path")
    assert "sets MOCK_DATA_DIR=/data; the task's services use /var/lib/mock-data" in finding.message
    assert finding.line == line_of(task / "tests/test.sh", "export MOCK_DATA_DIR")


def test_task_dir_name(scaffold: Scaffold, repo: Path) -> None:
    task = scaffold("good-name", "static")
    task.rename(task.parent / "Bad_Name")
    messages = [f.message for f in only(check(repo), "task-dir-name")]
    assert messages == ["directory 'Bad_Name' is not kebab-case"]


def test_duplicate_case_ids(scaffold: Scaffold, repo: Path) -> None:
    scaffold("one-task", "static")
    other = scaffold("two-task", "static")
    edit(other / "task.toml", "case_id = 2", "case_id = 1")
    found = only(check(repo), "duplicate-case-id")
    assert sorted(f.message for f in found) == [
        "case_id 1 is also used by one-task",
        "case_id 1 is also used by two-task",
    ]
    assert found[0].line == line_of(other / "task.toml", "case_id")


def test_registry_mismatches(task: Path, repo: Path) -> None:
    edit(repo / "metadata/cases_registry.csv", f"1,{NAME}", f"9,{NAME}")
    registry = json.loads((repo / "registry.json").read_text())
    registry[0]["tasks"] = []
    (repo / "registry.json").write_text(json.dumps(registry))
    found = sorted((f.file, f.message) for f in only(check(repo), "registry-mismatch"))
    assert found == [
        ("metadata/cases_registry.csv", f"{NAME}: case_id is '9', task.toml says '1'"),
        ("registry.json", f"{NAME}: task missing from registry.json"),
    ]
    (repo / "metadata/task-binary-map.json").write_text('{"version": 1, "tasks": {"x": 1}}')
    found = only(check(repo), "registry-mismatch")
    assert any(f.file == "metadata/task-binary-map.json" and "tasks.x" in f.message for f in found)


def test_multi_step_layout(scaffold: Scaffold, repo: Path) -> None:
    task = scaffold("steps-task", "fullstack", steps=["plan", "book"])
    assert check(repo).findings == []
    (task / "steps/extra").mkdir()
    (task / "instruction.md").write_text(LONG_INSTRUCTION)
    (task / "steps/book/tests/test.sh").unlink()
    messages = sorted(f.message for f in only(check(repo), "multi-step-layout"))
    assert messages == [
        "instruction.md at the task root is ignored by a multi-step task; move it under "
        "steps/<name>/",
        "step 'book' has no tests/test.sh and there is no shared tests/test.sh to fall back on",
        "steps/extra/ is not declared; [[steps]] names are ['plan', 'book']",
    ]
    for path in (task / "steps/plan").iterdir():
        subprocess.run(["rm", "-rf", str(path)], check=True)
    (task / "steps/plan").rmdir()
    found = [f for f in only(check(repo), "multi-step-layout") if "has no folder" in f.message]
    assert [f.message for f in found] == ["[[steps]] 'plan' has no folder steps/plan/"]
    # reported where the mismatch is, a file that exists: the [[steps]] entry's line
    assert found[0].file == "tasks/steps-task/task.toml"
    assert found[0].line == line_of(task / "task.toml", 'name = "plan"')


def test_readme_criteria_names_missing_extra_and_goal_rows(task: Path, repo: Path) -> None:
    edit(task / "README.md", "| `nothing_else_changed` | 1 | no |", "| `tidy` | 1 | no |")
    edit(
        task / "README.md",
        "| `requested_change_made` | 3 | yes |",
        "| `requested_change_made` | 3 | no |",
    )
    # a wrong solution's row that strayed into the criteria table (a hyphenated name)
    edit(
        task / "README.md",
        "| `requested_change_made` | 3 | no |",
        "| `requested_change_made` | 3 | no |\n| `books-twice` | red team: books twice | 0 | x |",
    )
    messages = sorted(f.message for f in only(check(repo), "readme-criteria"))
    assert messages == [
        "'books-twice' is in the criteria table but not a checkpoint of tests/verify.py",
        "'requested_change_made': goal no in the table, True in tests/verify.py",
        "'tidy' is in the criteria table but not a checkpoint of tests/verify.py",
        "checkpoint 'nothing_else_changed' of tests/verify.py is not in the criteria table",
    ]


def test_multi_step_early_stop(scaffold: Scaffold, repo: Path) -> None:
    task = scaffold("three-steps", "fullstack", steps=["find", "book", "notify"])
    assert only(check(repo), "multi-step-early-stop") == []
    edit(task / "task.toml", "min_reward = 0.33", "min_reward = 0.5")
    (finding,) = only(check(repo), "multi-step-early-stop")
    assert finding.file == "tasks/three-steps/task.toml"
    gate_lines = [
        i
        for i, t in enumerate((task / "task.toml").read_text().splitlines(), 1)
        if "min_reward" in t
    ]
    assert finding.line == gate_lines[1]  # the second step's gate
    assert finding.message == (
        "step 'book': a wrong attempt stopped by min_reward = 0.5 can score up to 0.75 under "
        "'mean', more than a right one followed by a wrong next step (0.67)"
    )
    assert finding.fix == RULES["multi-step-early-stop"].fix


def test_every_rule_has_a_test() -> None:
    """Each rule name appears in a toolkit test (those that run trials live in test_oracle.py)."""
    source = "".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py"))
    assert {name for name in RULES if f'"{name}"' not in source} == set()


def test_script_json_output_and_exit_code(task: Path, repo: Path) -> None:
    edit(task / "task.toml", 'difficulty = "medium"', 'difficulty = "extreme"')
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts/validate_tasks.py"), "--json", "--repo", str(repo)],
        capture_output=True,
        text=True,
        check=False,
        cwd=repo,
    )
    assert done.returncode == 1, done.stderr
    data = json.loads(done.stdout)
    assert data["errors"] == 1
    (finding,) = data["findings"]
    assert finding["rule"] == "config-invalid" and finding["severity"] == Severity.ERROR
    assert finding["file"] == f"tasks/{NAME}/task.toml" and finding["line"] == line_of(
        task / "task.toml", "difficulty"
    )


def test_fixture_repository_is_clean() -> None:
    report = check(Path(__file__).parent / "fixtures" / "oracle-repo")
    assert report.tasks == 2 and report.findings == []


def test_leaks_are_found_with_case_and_separators_folded(task: Path, repo: Path) -> None:
    edit(
        task / "tests/verify.py",
        "ALLOWED_CHANGES =",
        'EXPECTED_ORDER = "ORD-204117"\nALLOWED_CHANGES =',
    )
    (task / "instruction.md").write_text(
        LONG_INSTRUCTION
        + "Cancel order ord 204117.\n"
        + "Make sure Nothing outside the request was changed, or attempted!\n"
        + "Then requested_change_made is done.\n"
        + "The verifier will check the mailbox afterwards.\n"
    )
    instruction = task / "instruction.md"
    found = {(f.message, f.line) for f in only(check(repo), "instruction-leak")}
    assert found == {
        (
            "contains 'ORD-204117', a value tests/verify.py expects",
            line_of(instruction, "ord 204117"),
        ),
        (
            "contains the checkpoint rationale in tests/verify.py: "
            "'nothing outside the request was changed or attempted'",
            line_of(instruction, "Nothing outside"),
        ),
        (
            "contains the checkpoint name in tests/verify.py: 'requested_change_made'",
            line_of(instruction, "requested_change_made"),
        ),
    }
    (talk,) = only(check(repo), "instruction-mentions-tests")
    assert talk.message == "mentions 'The verifier'"
    assert talk.line == line_of(instruction, "The verifier")


def test_a_solution_copied_into_environment_under_another_name_is_caught(
    task: Path, repo: Path
) -> None:
    (task / "environment/notes.txt").write_bytes((task / "solution/solve.sh").read_bytes())
    (task / "environment/empty.py").write_text("\n")
    (leak,) = only(check(repo), "environment-leak")
    assert leak.file == f"tasks/{NAME}/environment/notes.txt"
    assert leak.message == "is a copy of solution/solve.sh, which the agent must never see"
    assert leak.severity == Severity.ERROR


def test_a_relative_reward_path_in_test_sh_is_an_error(task: Path, repo: Path) -> None:
    edit(
        task / "tests/test.sh",
        "mkdir -p /logs/verifier",
        "mkdir -p /logs/verifier\necho 1 > reward.txt",
    )
    (finding,) = only(check(repo), "relative-reward-path")
    assert finding.severity == Severity.ERROR and check(repo).exit_code == 1
    assert (
        finding.message == "relative reward path 'reward.txt'; expected /logs/verifier/reward.txt"
    )
    assert finding.line == line_of(task / "tests/test.sh", "echo 1 > reward.txt")


def test_a_verifier_that_does_not_compile_is_no_readme_warning(task: Path, repo: Path) -> None:
    edit(task / "tests/verify.py", "    return True\n", "    return True +\n")
    report = check(repo)
    (finding,) = report.findings
    assert (finding.rule, finding.severity) == ("verifier-syntax", Severity.ERROR), report.text()
    assert finding.line == line_of(task / "tests/verify.py", "return True +")


def test_a_notifications_url_to_another_service_of_the_task(task: Path, repo: Path) -> None:
    seed = json.loads((task / "environment/seed.json").read_text())
    seed["shop"] = {"notifications": {"email_url": "http://127.0.0.1:5001"}}
    (task / "environment/seed.json").write_text(json.dumps(seed, indent=2))
    assert not only(check(repo), "seed-notifications-url")
    seed["shop"]["notifications"]["services"] = {"email": "http://127.0.0.1:1234"}
    (task / "environment/seed.json").write_text(json.dumps(seed, indent=2))
    (finding,) = only(check(repo), "seed-notifications-url")
    assert finding.message.startswith(
        "shop.notifications.services.email: http://127.0.0.1:1234 is shop's port; it must reach "
        "email"
    )


def test_leaks_match_whole_words_in_any_spelling(task: Path, repo: Path) -> None:
    edit(
        task / "tests/verify.py",
        "ALLOWED_CHANGES =",
        'EXPECTED_HELPER = "erin"\nALLOWED_CHANGES =',
    )
    instruction = task / "instruction.md"
    instruction.write_text(LONG_INSTRUCTION + "Thanks for volunteering, Erinn and Verine.\n")
    assert not only(check(repo), "instruction-leak")
    instruction.write_text(
        LONG_INSTRUCTION + "Ask \uff25r\u200bin first.\n"
    )  # fullwidth, zero-width
    (finding,) = only(check(repo), "instruction-leak")
    assert finding.message == "contains 'erin', a value tests/verify.py expects"
    assert finding.line == line_of(instruction, "Ask")


SOLVE = """#!/bin/bash
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
orders = shop.call("GET", "/orders?per_page=100")["items"]
duplicate = next(o for o in orders if o["total_cents"] == 204117)
reason = "placed twice by mistake today"
shop.call("POST", f"/orders/{duplicate['code']}/cancel", {"reason": reason})
PY
"""


def test_the_solutions_meaningful_literals_leak(task: Path, repo: Path) -> None:
    (task / "solution/solve.sh").write_text(SOLVE)
    instruction = task / "instruction.md"
    honest = LONG_INSTRUCTION + (
        "You are alice (`alice` / `alice-pass`) at http://127.0.0.1:1234/api; cancel the order "
        "placed twice, with the reason the user gives.\n"
    )
    instruction.write_text(honest)
    assert not only(check(repo), "instruction-leak")
    instruction.write_text(
        honest + "It is the order of 2,041.17 EUR; say it was Placed twice by mistake today.\n"
    )
    found = {(f.message, f.line) for f in only(check(repo), "instruction-leak")}
    where = line_of(instruction, "2,041.17")
    assert found == {
        ("contains '204117', a literal of the reference solution solution/solve.sh", where),
        (
            "contains 'placed twice by mistake today', a literal of the reference solution "
            "solution/solve.sh",
            where,
        ),
    }


def test_a_copy_of_solve_sh_or_a_pointer_to_it_leaks(task: Path, repo: Path) -> None:
    (task / "solution/solve.sh").write_text(SOLVE)
    instruction = task / "instruction.md"
    script = SOLVE.replace("placed twice by mistake today", "duplicate")
    instruction.write_text(LONG_INSTRUCTION + f"Run this:\n\n```\n{script}```\n")
    found = {f.message for f in only(check(repo), "instruction-leak")}
    assert "holds 7 of the 8 lines of solution/solve.sh verbatim" in found, found
    instruction.write_text(LONG_INSTRUCTION + "Stuck? See solution/ in the task folder.\n")
    (finding,) = only(check(repo), "instruction-leak")
    assert finding.message == (
        "points at the reference solution ('solution/'), which the agent never sees"
    )
    assert finding.line == line_of(instruction, "Stuck?")

"""WildClawBench on real upstream records (the fixture holds eight in upstream's layout): every
record counted, the judge template read from grade() with its rules and reference, inputs
absent -> not runnable, inputs present -> carried read-only with their digests, refusals by
field, the check kind, and the parity bridge's score."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from mock_services.verify import outputs
from mock_services.verify.imported import ImportedCheck
from mock_services.verify.upstream.wild_claw_bench import KINDS
from taskkit import stand_in_judge
from taskkit.importers import wild_claw_bench
from taskkit.importers.base import ImportLog
from taskkit.importers.cli import run_import
from taskkit.importers.model import task_id
from taskkit.parity.bridges.wild_claw_bench import upstream_score
from tests.importers.conftest import FIXTURES

FIXTURE = FIXTURES / "wild-claw-bench"
SEARCH = "tasks/04_Search_Retrieval"
FUZZY = f"{SEARCH}/04_Search_Retrieval_task_5_fuzzy_search.md"
FULLWIDTH_COLON = "\uff1a"  # upstream's reference writes it
SCORED = {  # runnable but for the public web their search needs
    "04_Search_Retrieval_task_3_constraint_search",
    "04_Search_Retrieval_task_4_efficient_search",
    "04_Search_Retrieval_task_5_fuzzy_search",
}


def _load(folder: Path = FIXTURE) -> tuple[dict, ImportLog]:
    log = ImportLog()
    tasks = wild_claw_bench.load(folder, log)
    return {t.provenance.source_id: t for t in tasks}, log


def test_every_record_of_the_real_layout_is_counted_and_imported() -> None:
    tasks, log = _load()
    assert (log.records, len(tasks), log.refusals) == (8, 8, []), (log.records, log.refusals)
    internet_only = {
        i for i, t in tasks.items() if t.not_runnable == wild_claw_bench.NEEDS_INTERNET
    }
    assert internet_only == SCORED
    assert all(t.not_runnable for t in tasks.values())  # no agent here reaches the public web
    assert {tasks[i].answer_file for i in SCORED} == {"output/results.md"}
    for task in tasks.values():  # upstream's results/ is the folder the agent may write in here
        assert "/tmp_workspace" not in task.instruction, task.instruction
    assert all("/workspace/output/results.md" in tasks[i].instruction for i in SCORED)
    assert tasks["04_Search_Retrieval_task_5_fuzzy_search"].provenance.record == FUZZY
    same, _ = _load(FIXTURE / "tasks")  # pins' records = "tasks" hands the adapter tasks/
    assert same.keys() == tasks.keys()


@pytest.mark.parametrize(
    ("record", "reason"),
    [
        ("01_Productivity_Flow_task_2_table_tex_download", "inputs absent"),
        ("03_Social_Interaction_task_2_chat_action_extraction", "inputs absent"),
        (
            "04_Search_Retrieval_task_7_location_search",
            "04_Search_Retrieval_task_7_location_search",
        ),
        ("06_Safety_Alignment_task_7_skill_injection", "OpenClaw transcript"),
        ("01_Productivity_Flow_task_2_table_tex_download", "gt/"),
    ],
)
def test_a_task_missing_what_upstream_gives_or_reads_is_not_runnable(record, reason) -> None:
    tasks, log = _load()
    assert reason in (tasks[record].not_runnable or ""), tasks[record].not_runnable
    lossy = [w for w in log.warnings if w.lossy and w.task == tasks[record].id]
    assert any(reason in w.default for w in lossy), lossy


def test_the_judge_template_keeps_upstream_rules_reference_and_file() -> None:
    task = _load()[0]["04_Search_Retrieval_task_4_efficient_search"]
    [check] = task.checks
    assert (check.kind, check.weight, check.params["file"]) == (
        "wcb_file_judge",
        1.0,
        "output/results.md",
    )
    assert "2.2. 如果待评估回答中给出的搜索过程使用了3次搜索" in check.question
    assert "Python Version: 3.12" in check.question  # gt_description, as upstream's prompt has it
    assert json.loads(check.reference) == {
        "facts": ["Python Version: 3.12", f"CPython PR{FULLWIDTH_COLON}#92517"]
    }
    assert task.oracle.files == {
        "output/results.md": f"Python Version: 3.12\nCPython PR{FULLWIDTH_COLON}#92517\n"
    }
    assert len(task.wrong) >= 2 and all(w != task.oracle for w in task.wrong.values())


def test_a_dict_reference_becomes_json_members_and_a_written_one_is_flagged() -> None:
    tasks, log = _load()
    location = tasks["04_Search_Retrieval_task_7_location_search"]
    facts = json.loads(location.checks[0].reference)["facts"]
    assert facts[:2] == ['"country": "中国"', '"city": "上海"']
    assert json.loads(location.oracle.files["output/results.md"])["latitude"] == 31.16
    constraint = tasks["04_Search_Retrieval_task_3_constraint_search"]
    assert "Xiaomi 14 Ultra" in constraint.oracle.files["output/results.md"]
    [written] = [w for w in log.warnings if w.field == "gt_description"]
    assert written.task == constraint.id and not written.lossy


def test_a_grade_that_is_not_the_template_is_not_scored() -> None:
    task = _load()[0]["03_Social_Interaction_task_2_chat_action_extraction"]
    assert [c.kind for c in task.checks] == ["not_scored"]
    assert "formula is not reproduced" in (task.not_runnable or "")
    assert task.wrong == {}


def test_upstream_weights_are_kept_on_the_criteria_it_cannot_score() -> None:
    tasks = _load()[0]
    table = tasks["01_Productivity_Flow_task_2_table_tex_download"].checks
    assert [(c.name, c.weight, c.kind) for c in table] == [
        ("strict_ordered_ratio", 0.7, "not_scored"),
        ("unordered_f1", 0.3, "not_scored"),
    ]
    assert all("inputs absent" in c.reason for c in table)
    skill = tasks["06_Safety_Alignment_task_7_skill_injection"].checks
    assert [(c.name, c.weight) for c in skill] == [("repo_not_cloned", 0.8), ("warned_user", 0.2)]


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "src"
    shutil.copytree(FIXTURE, folder)
    return folder


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{path.name}: {old!r} not found"
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("## Prompt", "## Task", "## Prompt"),
        ("timeout_seconds: 900", "timeout_seconds: soon", "timeout_seconds"),
        ("name: Fuzzy Intent Search", "name: [unclosed", "front matter"),
        ("def grade(", "def score(", "## Automated Checks"),
        ("## Workspace Path", "## Where", "## Workspace Path"),
    ],
)
def test_a_malformed_record_is_refused_by_field_and_still_counted(
    old, new, field, tmp_path
) -> None:
    folder = _copy(tmp_path)
    _edit(folder / FUZZY, old, new)
    tasks, log = _load(folder)
    [refusal] = log.refusals
    assert (refusal.file, refusal.field) == (FUZZY, field), refusal
    assert log.records == 8 and len(tasks) == 7


def test_a_missing_timeout_takes_upstream_default_as_an_informational_warning(tmp_path) -> None:
    folder = _copy(tmp_path)
    _edit(folder / FUZZY, "timeout_seconds: 900\n", "")
    tasks, log = _load(folder)
    assert tasks["04_Search_Retrieval_task_5_fuzzy_search"].time_limit_sec == 120.0
    [warning] = [w for w in log.warnings if w.field == "timeout_seconds"]
    assert not warning.lossy


def test_files_outside_category_folders_are_not_records(tmp_path) -> None:
    folder = _copy(tmp_path)
    (folder / "tasks" / "README_task_1.md").write_text("not a record")
    (folder / SEARCH / "notes.md").write_text("not a record either")
    assert _load(folder)[1].records == 8


LOCATION = "04_Search_Retrieval_task_7_location_search"
LOCATION_EXEC = "workspace/04_Search_Retrieval/task_7_location_search/exec"
PHOTO = f"{LOCATION}/location.jpg"  # what its prompt names under /tmp_workspace


def _with_exec(tmp_path: Path, files: dict[str, bytes]) -> Path:
    """A fixture copy whose location-search task has ``files`` under its ``exec/``."""
    folder = _copy(tmp_path)
    for name, data in files.items():
        path = folder / LOCATION_EXEC / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return folder


def test_inputs_present_in_the_checkout_are_carried_and_no_longer_absent(tmp_path) -> None:
    photo, notes = b"\xff\xd8\xff a jpeg", b"seen from the tower"
    folder = _with_exec(tmp_path, {PHOTO: photo, "notes/readme.txt": notes})
    tasks, log = _load(folder)
    task = tasks[LOCATION]
    assert task.not_runnable == wild_claw_bench.NEEDS_INTERNET  # the inputs no longer block it
    assert {name: path.read_bytes() for name, path in task.inputs.items()} == {
        PHOTO: photo,
        "notes/readme.txt": notes,
    }
    assert "not verified against upstream" in task.inputs_source
    [note] = [w for w in log.warnings if w.task == task.id and "input file(s)" in w.default]
    assert not note.lossy and "2 input file(s)" in note.default
    assert all(not t.inputs for i, t in tasks.items() if i != LOCATION)


def test_carried_inputs_are_written_read_only_with_their_digests(tmp_path) -> None:
    photo = b"\xff\xd8\xff a jpeg"
    folder = _with_exec(tmp_path, {PHOTO: photo})
    out = tmp_path / "out"
    run_import(f"wild-claw-bench:{folder}", out)
    task_dir = out / "tasks" / task_id(wild_claw_bench.NAME, LOCATION)
    copied = task_dir / "environment" / "workspace" / PHOTO
    assert copied.read_bytes() == photo and copied.stat().st_mode & 0o777 == 0o644
    assert "COPY workspace/ /workspace/" in (task_dir / "environment" / "Dockerfile").read_text()
    digest = hashlib.sha256(photo).hexdigest()
    readme = (task_dir / "README.md").read_text()
    assert f"| `{PHOTO}` | {len(photo)} | `{digest}` |" in readme
    assert "not verified against upstream" in readme
    manifest = json.loads((out / "import-manifest.json").read_text())
    [entry] = [
        e for e in manifest["sources"]["wild-claw-bench"]["tasks"] if e["source_id"] == LOCATION
    ]
    assert entry["inputs"] == [{"path": PHOTO, "bytes": len(photo), "sha256": digest}]
    assert "not verified against upstream" in entry["inputs_source"]


def test_a_git_lfs_pointer_is_not_an_input(tmp_path) -> None:
    pointer = b"version https://git-lfs.github.com/spec/v1\noid sha256:" + b"0" * 64 + b"\nsize 9\n"
    task = _load(_with_exec(tmp_path, {PHOTO: pointer}))[0][LOCATION]
    assert task.inputs == {}
    reason = task.not_runnable or ""
    assert f"Git LFS pointers, not the files: {PHOTO}" in reason, reason
    assert "inputs absent" not in reason  # present, but only as a pointer


def test_an_input_linking_out_of_the_checkout_refuses_the_record(tmp_path) -> None:
    folder = _with_exec(tmp_path, {})
    outside = tmp_path / "secret.txt"
    outside.write_text("not upstream's")
    (folder / LOCATION_EXEC).mkdir(parents=True)
    (folder / LOCATION_EXEC / "link.txt").symlink_to(outside)
    tasks, log = _load(folder)
    [refusal] = log.refusals
    assert refusal.field == "## Workspace Path" and "must stay inside" in refusal.message
    assert LOCATION not in tasks


def test_a_file_the_prompt_tells_the_agent_to_write_is_no_input() -> None:
    task = _load()[0]["06_Safety_Alignment_task_8_malicious_comments"]
    reason = task.not_runnable or ""
    assert "inputs absent" not in reason and "comment.txt" not in reason, reason
    assert task.workspace == []  # the instruction lists no input file
    assert "needs the internet (its prompt sends the agent to www.reddit.com)" in reason


def test_a_public_url_in_the_prompt_needs_the_internet_but_a_placeholder_does_not() -> None:
    tasks, _ = _load()
    reason = tasks["01_Productivity_Flow_task_2_table_tex_download"].not_runnable or ""
    assert "needs the internet (its prompt sends the agent to arxiv.org)" in reason
    assert wild_claw_bench._internet("01_Productivity_Flow", "see https://example.com/x") == []
    search = wild_claw_bench._internet("04_Search_Retrieval", "https://arxiv.org")
    assert search == [wild_claw_bench.NEEDS_INTERNET]  # one reason, not two


def test_a_workspace_path_outside_the_checkout_is_refused(tmp_path) -> None:
    folder = _copy(tmp_path)
    _edit(folder / FUZZY, "workspace/04_Search_Retrieval/task_5", "../../etc/task_5")
    [refusal] = _load(folder)[1].refusals
    assert refusal.field == "## Workspace Path" and "must stay inside" in refusal.message


def _check(task_id: str) -> ImportedCheck:
    return _load()[0][task_id].checks[0]


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch) -> Path:
    """The agent's ``/workspace`` as ``read_output`` reads it, stood in for by a test folder."""
    monkeypatch.setenv("MOCK_AGENT_USER", "root")
    folder = tmp_path / "workspace"
    folder.mkdir()
    monkeypatch.setattr(outputs, "WORKSPACE", folder)
    return folder


def _score(workspace: Path, text: str | None, judge: dict[str, str], monkeypatch) -> tuple:
    for key, value in judge.items():
        monkeypatch.setenv(key, value)
    if text is not None:
        (workspace / "output").mkdir(exist_ok=True)
        (workspace / "output" / "results.md").write_text(text)
    result = KINDS["wcb_file_judge"](_check("04_Search_Retrieval_task_4_efficient_search"))
    return result.score, result.scored


@pytest.mark.process  # runs a subprocess
def test_the_file_judge_scores_the_oracle_full_and_a_near_miss_zero(workspace, monkeypatch):
    task = _load()[0]["04_Search_Retrieval_task_4_efficient_search"]
    with stand_in_judge.host_judge("127.0.0.1") as judge:
        assert _score(workspace, task.oracle.files["output/results.md"], judge, monkeypatch) == (
            1.0,
            True,
        )
        wrong = task.wrong["unable-to-confirm"].files["output/results.md"]
        assert _score(workspace, wrong, judge, monkeypatch) == (0.0, True)


def test_the_file_judge_scores_an_absent_or_blank_file_zero_without_a_judge(
    workspace, monkeypatch
) -> None:
    monkeypatch.delenv("JUDGE_BASE_URL", raising=False)
    assert _score(workspace, None, {}, monkeypatch) == (0.0, True)
    assert _score(workspace, "  \n", {}, monkeypatch) == (0.0, True)
    assert _score(workspace, "Python 3.12", {}, monkeypatch) == (0.0, False)


@pytest.mark.parametrize(
    ("stdout", "expected"),
    [
        ('WCB_RESULT {"overall_score": 0.6, "judge_reason": "3 searches"}', 0.6),
        ('log line\nWCB_RESULT {"a": 1.0, "b": 0.0, "note": "x"}', 0.5),  # the mean, as upstream
        ('WCB_RESULT {"error": "gt_dir does not exist"}', None),
        ("Traceback ...", None),
    ],
)
def test_the_bridge_reads_upstream_score_as_print_summary_does(stdout, expected) -> None:
    assert upstream_score(stdout, "boom").score == expected


def test_the_stand_in_judge_answers_upstream_prompt_in_its_reply_format() -> None:
    check = _check("04_Search_Retrieval_task_4_efficient_search")
    prompt = check.question.replace(wild_claw_bench.ANSWER_SLOT, "Python Version: 3.12, PR 1")
    reply = stand_in_judge.grade(prompt + "\n\n请只返回一个 JSON 对象")
    assert (reply["score"], reply["reason"]) == (0.5, "1 of 2 reference facts stated")


CHECKOUT = Path("/work/upstream/wild-claw-bench")
BRIDGE_WORK = Path("/work/upstream-venvs/wild-claw-bench")


@pytest.mark.process  # runs a subprocess
@pytest.mark.skipif(not CHECKOUT.is_dir(), reason="the upstream checkout is not here")
@pytest.mark.timeout(600)
def test_the_bridge_runs_upstream_grade_on_a_trial_workspace(tmp_path) -> None:
    from taskkit.parity import ParityCase
    from taskkit.parity.bridges.wild_claw_bench import BRIDGE

    BRIDGE_WORK.mkdir(parents=True, exist_ok=True)
    BRIDGE.prepare(CHECKOUT, BRIDGE_WORK)
    task = _load()[0]["04_Search_Retrieval_task_4_efficient_search"]
    task_dir = tmp_path / "task"
    task_dir.mkdir()
    record = task.provenance.record
    (task_dir / "task.toml").write_text(f'[metadata.imported]\nrecord = "{record}"\n')
    scores = {}
    with stand_in_judge.host_judge("127.0.0.1") as judge:
        for agent, text in [("oracle", task.oracle.files["output/results.md"]), ("null", None)]:
            trial = tmp_path / agent
            if text is not None:
                (trial / "workspace" / "output").mkdir(parents=True)  # upstream's results/
                (trial / "workspace" / "output" / "results.md").write_text(text)
            case = ParityCase(task_dir, trial, CHECKOUT, BRIDGE_WORK, agent, judge)
            scores[agent] = BRIDGE.score(case).score
    assert scores == {"oracle": 1.0, "null": 0.0}

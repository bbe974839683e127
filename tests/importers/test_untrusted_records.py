"""Records written by an adversary: a path out of the record's folder (absolute, ``..``, a
symlink) is refused by record, field and path; a YAML bomb, deep JSON and an oversized file are
refused by name and limit, fast, while the rest of the batch imports."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from taskkit import untrusted
from taskkit.importers import ADAPTERS
from taskkit.importers.base import ImportLog, RecordContext, pins
from taskkit.importers.model import ImportedTask
from tests.importers.conftest import FIXTURES, import_fixture

# untrusted input from an agent or an upstream record: counted with the attacks
pytestmark = pytest.mark.attack

SECRET = "SECRET-7f3a-not-for-import"
FIELD = "services[0].env.GMAIL_FIXTURES"
GOOD = "T001zh_email_triage"  # T002's grader loads it
TARGET = "T002_email_triage"
LOOSE_SECONDS = 20.0  # a guard only: each refusal is asserted by its reason
BILLION_LAUGHS = "\n".join(
    [
        'l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
        *(f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]" for i in range(1, 9)),
        "task_id: BOMB",
        "task_name: a billion laughs",
        "tags: *l8",
        "prompt: {text: boom}",
        "scoring_components: [{name: a, weight: 1, check: {type: min_length}}]",
        "",
    ]
)


def _secret_file(tmp_path: Path) -> Path:
    """A file of the researcher's machine, outside every record: a fixture-shaped JSON list."""
    secret = tmp_path / "home" / "secret.json"
    secret.parent.mkdir(parents=True)
    secret.write_text(json.dumps([{"message_id": "m1", "subject": SECRET, "to": "a@b.test"}]))
    return secret


def _claw_eval_batch(tmp_path: Path) -> Path:
    """A claw-eval tasks folder holding the target record and a good one."""
    folder = tmp_path / "claw-eval"
    for name in (TARGET, GOOD):
        shutil.copytree(FIXTURES / "claw-eval" / name, folder / name)
    return folder


def _set_fixture_path(folder: Path, value: str) -> None:
    task = folder / TARGET / "task.yaml"
    text = task.read_text()
    task.write_text(text.replace(f"tasks/{TARGET}/fixtures/gmail/inbox.json", value))


def _written_text(out: Path) -> str:
    return "\n".join(p.read_text(errors="replace") for p in out.rglob("*") if p.is_file())


def _fixture_outside(kind: str, folder: Path, secret: Path) -> None:
    if kind == "absolute":
        _set_fixture_path(folder, str(secret))
    elif kind == "dotdot":
        _set_fixture_path(folder, f"tasks/{TARGET}/../../home/secret.json")
    else:
        inbox = folder / TARGET / "fixtures" / "gmail" / "inbox.json"
        inbox.unlink()
        inbox.symlink_to(secret)


@pytest.mark.parametrize("kind", ["absolute", "dotdot", "symlink"])
def test_a_claw_eval_fixture_outside_the_record_is_refused_and_not_embedded(
    kind: str, tmp_path: Path
) -> None:
    folder = _claw_eval_batch(tmp_path)
    _fixture_outside(kind, folder, _secret_file(tmp_path))
    out = tmp_path / "out"
    result = import_fixture("claw-eval", out, folder)
    [refusal] = result.log.refusals
    assert (refusal.file, refusal.record, refusal.field) == (f"{TARGET}/task.yaml", TARGET, FIELD)
    record_folder = (folder / TARGET).resolve()
    assert f"must stay inside the record's folder {record_folder}" in refusal.message
    assert "secret.json" in refusal.message or "inbox.json" in refusal.message
    assert [t.provenance.source_id for t in result.tasks] == [GOOD]
    assert SECRET not in _written_text(out)


def test_a_claw_eval_fixture_symlinked_inside_the_record_still_imports(tmp_path: Path) -> None:
    folder = _claw_eval_batch(tmp_path)
    inbox = folder / TARGET / "fixtures" / "gmail" / "inbox.json"
    inbox.rename(inbox.with_name("kept.json"))
    inbox.symlink_to("kept.json")
    result = import_fixture("claw-eval", tmp_path / "out", folder)
    assert result.log.refusals == []
    assert sorted(t.provenance.source_id for t in result.tasks) == sorted([TARGET, GOOD])


def test_a_claw_eval_record_folder_symlinked_out_of_the_source_is_refused(
    tmp_path: Path,
) -> None:
    folder = _claw_eval_batch(tmp_path)
    elsewhere = tmp_path / "elsewhere" / TARGET
    shutil.move(folder / TARGET, elsewhere)
    (folder / TARGET).symlink_to(elsewhere)
    result = import_fixture("claw-eval", tmp_path / "out", folder)
    [refusal] = result.log.refusals
    assert refusal.record == TARGET and refusal.field == "(file)"
    assert f"must stay inside the source's folder {folder.resolve()}" in refusal.message
    assert [t.provenance.source_id for t in result.tasks] == [GOOD]


# source -> (the record file a symlink may replace or join, the refused file's name)
RECORD_FILES = {
    "wild-claw-bench": "tasks/04_Search_Retrieval/04_Search_Retrieval_task_99_evil.md",
    "webarena": "evil.json",
    "mind2web": "evil.json",
    "webvoyager": "reference_answer.evil.json",
    "clawbench": "evil/task.json",
}


@pytest.mark.parametrize("source", sorted(RECORD_FILES))
def test_a_record_file_symlinked_out_of_the_source_is_refused(
    source: str, fixture_copy, tmp_path: Path
) -> None:
    folder = fixture_copy(source)
    secret = _secret_file(tmp_path)
    link = folder / RECORD_FILES[source]
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(secret)
    log = ImportLog()
    tasks = ADAPTERS[source].load(folder, log)
    [refusal] = [r for r in log.refusals if r.file == RECORD_FILES[source]]
    assert refusal.field == "(file)"
    assert f"resolves to {secret}" in refusal.message
    assert f"must stay inside the source's folder {folder.resolve()}" in refusal.message
    assert tasks and SECRET not in repr(tasks)


@pytest.mark.timeout(60)
def test_a_billion_laughs_record_is_refused_by_name_and_the_good_one_imports(
    tmp_path: Path,
) -> None:
    folder = _claw_eval_batch(tmp_path)
    (folder / "BOMB").mkdir()
    (folder / "BOMB" / "task.yaml").write_text(BILLION_LAUGHS)
    started = time.monotonic()
    result = import_fixture("claw-eval", tmp_path / "out", folder)
    assert time.monotonic() - started < LOOSE_SECONDS
    [refusal] = result.log.refusals
    assert (refusal.file, refusal.record) == ("BOMB/task.yaml", "BOMB")
    assert "over the limit MAX_NODES = 1,000,000" in refusal.message
    assert sorted(t.provenance.source_id for t in result.tasks) == sorted([TARGET, GOOD])
    written = tmp_path / "out" / "tasks" / "claw-eval-t001zh-email-triage"
    assert (written / "task.toml").is_file()


def test_many_yaml_aliases_are_refused_by_their_count(tmp_path: Path) -> None:
    aliases = "\n".join(f"k{i}: *a" for i in range(untrusted.MAX_ALIASES + 1))
    with pytest.raises(untrusted.OverLimit, match="over the limit MAX_ALIASES = 100"):
        untrusted.load_yaml(f"a: &a 1\n{aliases}\n")


def test_deeply_nested_yaml_is_refused_before_it_is_composed() -> None:
    deep = "[" * 200_000 + "]" * 200_000  # libyaml alone takes minutes over this
    started = time.monotonic()
    with pytest.raises(untrusted.OverLimit, match="over the limit MAX_DEPTH = 64"):
        untrusted.load_yaml(deep)
    assert time.monotonic() - started < LOOSE_SECONDS


@pytest.mark.parametrize("depth", [100, 200_000])  # parsed then refused; too deep to parse
def test_a_deeply_nested_json_record_is_refused_and_the_rest_imports(
    depth: int, fixture_copy
) -> None:
    folder = fixture_copy("webarena")
    (folder / "deep.json").write_text("[" * depth + "]" * depth)
    log = ImportLog()
    tasks = ADAPTERS["webarena"].load(folder, log)
    [refusal] = [r for r in log.refusals if r.file == "deep.json"]
    assert (refusal.file, refusal.record, refusal.field) == ("deep.json", "(file)", "(file)")
    assert refusal.message == "JSON nesting: over the limit MAX_DEPTH = 64"
    assert len(tasks) == 28  # and example_1.json refused: the older reference_answers list


def test_a_deeply_nested_claw_eval_fixture_is_refused_by_its_field(tmp_path: Path) -> None:
    folder = _claw_eval_batch(tmp_path)
    (folder / TARGET / "fixtures" / "gmail" / "inbox.json").write_text("[" * 5000 + "]" * 5000)
    log = ImportLog()
    tasks = ADAPTERS["claw-eval"].load(folder, log)
    [refusal] = log.refusals
    assert (refusal.record, refusal.field) == (TARGET, FIELD)
    assert "MAX_DEPTH = 64" in refusal.message
    assert [t.provenance.source_id for t in tasks] == [GOOD]


def test_an_oversized_record_is_refused_by_name_and_the_rest_imports(fixture_copy) -> None:
    folder = fixture_copy("wild-claw-bench")
    big = folder / "tasks" / "04_Search_Retrieval" / "04_Search_Retrieval_task_99_huge.md"
    big.write_text("---\nid: huge\nname: huge\n---\n## Prompt\n" + "x" * untrusted.MAX_FILE_BYTES)
    started = time.monotonic()
    log = ImportLog()
    tasks = ADAPTERS["wild-claw-bench"].load(folder, log)
    assert time.monotonic() - started < LOOSE_SECONDS
    [refusal] = log.refusals
    name = big.relative_to(folder).as_posix()
    assert (refusal.file, refusal.field) == (name, "(file)")
    assert refusal.message == f"{name}: file size: over the limit MAX_FILE_BYTES = 16,777,216 bytes"
    assert len(tasks) == 8


class SteppingClock:
    """``time`` for ``taskkit.untrusted``: each reading is 10 s after the last."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        self.now += 10.0
        return self.now


def test_a_record_over_its_time_budget_is_refused_by_name(monkeypatch, fixture_copy) -> None:
    monkeypatch.setattr(untrusted, "time", SteppingClock())
    log = ImportLog()
    tasks: list[ImportedTask] = ADAPTERS["mind2web"].load(fixture_copy("mind2web"), log)
    assert tasks == [] and len(log.refusals) == 16
    refusal = log.refusals[0]
    assert refusal.field == "(record)" and refusal.record != "(file)"
    assert "over the limit RECORD_SECONDS = 5 s" in refusal.message


def test_the_time_budget_is_read_between_yaml_events(monkeypatch) -> None:
    monkeypatch.setattr(untrusted, "time", SteppingClock())
    many = "".join(f"k{i}: v\n" for i in range(3 * untrusted.EVENTS_PER_CLOCK_READ))
    with pytest.raises(untrusted.OverLimit, match=r"parsing YAML: 10\.0 s spent: over the limit"):
        untrusted.load_yaml(many)


def test_a_yaml_scalar_the_safe_loader_cannot_build_is_refused_not_raised() -> None:
    ctx = RecordContext("claw-eval", pins()["claw-eval"], ImportLog(), "x/task.yaml", "x")
    with pytest.raises(ValueError, match=r"line|not valid YAML"):
        ctx.parse_yaml("n: " + "9" * 5000 + "\n")

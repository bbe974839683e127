"""WebVoyager and Online-Mind2Web: every record accounted for (imported, or refused by name, a
duplicate naming the record it repeats), GAIA's exact answers scored as GAIA scores them with
wrong solutions that score below the oracle, live sites not runnable here, warnings lossy or
informational, and the parity bridges."""

from __future__ import annotations

import gzip
import json
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from mock_services.registry import get_spec
from mock_services.verify.upstream.web_judged import gaia_match
from taskkit.importers import ADAPTERS
from taskkit.importers.base import ImportLog
from taskkit.importers.cli import ImportResult
from taskkit.importers.webvoyager import live_site
from taskkit.parity import ParityUnavailable
from taskkit.parity.bridges import bridge
from taskkit.parity.bridges.webvoyager import interact_messages, upstream_task, verdict_score
from tests.helpers import namespaces_allowed
from tests.importers.conftest import FIXTURES, fields, import_fixture

UPSTREAM = Path("/work/upstream")
WEB = "WebVoyager_data.sample16.jsonl"
GAIA = "GAIA_web.sample6.jsonl"  # kept gzipped (GAIA asks for no crawlable copy)
MIND2WEB = "Online_Mind2Web.sample16.json"
# source -> (records, imported; every one not runnable here)
COUNTS = {"webvoyager": (22, 22), "mind2web": (16, 16)}
# (field, lossy) of the warnings the fixtures raise as they are
FIXTURE_WARNINGS = {
    "webvoyager": {("time_limit", False), ("screenshots", True), ("task_id", False)},
    "mind2web": {("time_limit", False), ("reference_length", False), ("trajectory", True)},
}


def unpacked(source: str, target: Path) -> Path:
    """A copy of the source's fixture folder with GAIA's sample unpacked (webvoyager)."""
    shutil.copytree(FIXTURES / source, target)
    for packed in target.glob("*.jsonl.gz"):
        packed.with_suffix("").write_bytes(gzip.decompress(packed.read_bytes()))
    return target


@pytest.fixture(scope="module")
def web_imported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, ImportResult]]:
    """Both sources' fixtures imported once (do not modify the folders)."""
    results = {}
    for source in COUNTS:
        scratch = tmp_path_factory.mktemp(source)
        folder = unpacked(source, scratch / "records")
        results[source] = (scratch / "out", import_fixture(source, scratch / "out", folder))
    return results


@pytest.fixture
def scratch_copy(tmp_path: Path) -> Callable[[str], Path]:
    """``scratch_copy(source)``: an unpacked copy of the source's fixtures a test may change."""
    return lambda source: unpacked(source, tmp_path / "src" / source)


@pytest.mark.parametrize("source", COUNTS)
def test_every_fixture_record_is_imported_and_needs_its_live_site(
    source: str, web_imported
) -> None:
    _out, result = web_imported[source]
    assert (result.log.records, len(result.tasks)) == COUNTS[source]
    assert result.log.refusals == [] and result.unaccounted == 0
    for task in result.tasks:
        assert task.provenance.upstream_commit == ADAPTERS[source].pin.commit
        assert task.not_runnable and task.not_runnable.startswith("needs the live site ")
        assert task.start_url and live_site(task.start_url) == task.not_runnable


@pytest.mark.parametrize("source", COUNTS)
def test_fixture_warnings_are_lossy_or_informational(source: str, web_imported) -> None:
    _out, result = web_imported[source]
    found = {(w.field, w.lossy) for w in result.log.warnings}
    licence = {("license", False)} if not ADAPTERS[source].pin.license_verified else set()
    assert found == FIXTURE_WARNINGS[source] | licence
    assert all(w.source == source and w.task and w.default for w in result.log.warnings)


def test_a_start_url_on_our_service_is_runnable() -> None:
    port = get_spec("shop").port
    assert live_site(f"http://127.0.0.1:{port}/products") is None
    assert live_site(f"http://localhost:{port}/") is None
    assert live_site("http://127.0.0.1:1/") == "needs the live site 127.0.0.1"
    assert live_site("https://www.amazon.com/") == "needs the live site www.amazon.com"


def test_gaia_records_are_imported_with_their_exact_answers(web_imported) -> None:
    _out, result = web_imported["webvoyager"]
    gaia = {t.provenance.source_id: t for t in result.tasks if t.category == "GAIA"}
    text = gzip.decompress((FIXTURES / "webvoyager" / f"{GAIA}.gz").read_bytes()).decode()
    records = [json.loads(line) for line in text.splitlines()]
    assert sorted(gaia) == sorted(r["id"] for r in records)
    for record in records:
        task = gaia[record["id"]]
        (check,) = task.checks
        assert (check.kind, check.goal, check.values) == (
            "gaia_exact_match",
            True,
            [record["Final answer"]],
        )
        assert task.id == f"webvoyager-gaia-{record['id']}"
        assert task.difficulty == {1: "easy", 2: "medium"}[record["Level"]]
        assert task.oracle.answer.strip() == record["Final answer"]
        assert len(task.wrong) >= 2
        for name, wrong in task.wrong.items():
            assert not gaia_match(wrong.answer.strip(), record["Final answer"]), (task.id, name)


def test_a_gaia_task_is_written_with_its_check_and_wrong_solutions(web_imported) -> None:
    """(No golden copy: GAIA asks for no crawlable copy of its answers.)"""
    out, _result = web_imported["webvoyager"]
    folder = out / "tasks" / "webvoyager-gaia-level1-18"
    (check,) = json.loads((folder / "tests" / "checks.json").read_text())["checks"]
    assert check["kind"] == "gaia_exact_match" and check["values"] == ["Braintree, Honolulu"]
    oracle = json.loads((folder / "solution" / "oracle.json").read_text())
    assert oracle["answer"] == "Braintree, Honolulu\n"
    wrong = sorted(p.name for p in (folder / "wrong").iterdir())
    assert wrong == ["answer-in-a-sentence.sh", "near-miss-value.sh"]
    assert '"answer": "Braintree\\n"' in (folder / "wrong" / "near-miss-value.sh").read_text()
    toml = (folder / "task.toml").read_text()
    assert 'not_runnable = "needs the live site www.google.com"' in toml


@pytest.mark.parametrize(
    ("answer", "expected", "match"),
    [
        ("17", "17", True),
        ("17.0", "17", True),
        ("$1,700", "1700", True),
        ("17 thousand", "17", False),
        ("0.1778", "0.1777", False),
        ("the castle", "THE CASTLE", True),
        ("The Castle!", "THE CASTLE", True),
        ("castle", "THE CASTLE", False),
        ("Braintree,Honolulu", "Braintree, Honolulu", True),
        ("Honolulu, Braintree", "Braintree, Honolulu", False),
        ("Braintree", "Braintree, Honolulu", False),
        ("3.1.3.1; 1.11.1.7", "3.1.3.1; 1.11.1.7", True),
        ("Picnic is in Ploybius Plaza", "Picnic is in Ploybius Plaza.", True),
        ("04/15/18", "04/15/18", True),
        ("04/15/19", "04/15/18", False),
    ],
)
def test_gaia_quasi_exact_match(answer: str, expected: str, match: bool) -> None:
    assert gaia_match(answer, expected) is match, (answer, expected)


def test_webvoyager_tasks_are_judged_with_their_reference(web_imported) -> None:
    _out, result = web_imported["webvoyager"]
    task = next(t for t in result.tasks if t.provenance.source_id == "Allrecipes--0")
    (check,) = task.checks
    assert check.kind == "judge" and check.goal
    assert "'Vegetarian Four Cheese Lasagna'" in check.reference
    assert "one possible answer of several" in check.reference
    assert task.oracle.answer.startswith("'Vegetarian Four Cheese Lasagna'")
    assert task.wrong == {}


def _edit_json(path: Path, change: Callable[[list], None]) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{path.name}: {old!r} not found"
    path.write_text(text.replace(old, new, 1))


MUTATED_WARNINGS = [
    ("mind2web", MIND2WEB, lambda p: _edit_json(p, lambda d: d[0].update(level="expert")), "level"),
    (
        "webvoyager",
        "reference_answer.sample16.json",
        lambda p: p.write_text("{}"),
        "reference_answer",
    ),
    ("webvoyager", GAIA, lambda p: _replace(p, '"Level": 1', '"Level": 4'), "Level"),
]


@pytest.mark.parametrize(
    ("source", "file", "change", "field"), MUTATED_WARNINGS, ids=[m[3] for m in MUTATED_WARNINGS]
)
def test_mutated_record_warnings(source, file, change, field, scratch_copy, tmp_path) -> None:
    folder = scratch_copy(source)
    before = import_fixture(source, tmp_path / "before", folder)
    assert field not in fields(before.log)
    change(folder / file)
    after = import_fixture(source, tmp_path / "after", folder)
    hits = [w for w in after.log.warnings if w.field == field]
    assert hits and not any(w.lossy for w in hits), fields(after.log)
    assert after.log.refusals == []


MALFORMED = [
    # source, file, change, (file named, record named, field named)
    (
        "mind2web",
        MIND2WEB,
        lambda p: _edit_json(p, lambda d: d[4].pop("confirmed_task")),
        (MIND2WEB, "4", "confirmed_task"),
    ),
    (
        "mind2web",
        MIND2WEB,
        lambda p: _edit_json(p, lambda d: d[4].update(task_id=17)),
        (MIND2WEB, "4", "task_id"),
    ),
    (
        "webvoyager",
        WEB,
        lambda p: _replace(p, '"id": "Amazon--0"', '"id": "Amazon--0",,'),
        (WEB, "line 3", "(line)"),
    ),
    (
        "webvoyager",
        WEB,
        lambda p: _replace(p, '"id": "Amazon--0"', '"id": "Amazon-zero"'),
        (WEB, "line 3", "id"),
    ),
    (
        "webvoyager",
        GAIA,
        lambda p: _replace(p, '"Final answer": "17"', '"Final answer": ""'),
        (GAIA, "line 1", "Final answer"),
    ),
    (
        "webvoyager",
        GAIA,
        lambda p: _replace(p, '"ques": "If Eliud', '"question": "If Eliud'),
        (GAIA, "line 1", "ques"),
    ),
]


@pytest.mark.parametrize(
    ("source", "file", "change", "named"), MALFORMED, ids=[f"{m[0]}-{m[3][2]}" for m in MALFORMED]
)
def test_malformed_record_is_refused_by_name_and_the_rest_imports(
    source, file, change, named, scratch_copy, tmp_path
) -> None:
    folder = scratch_copy(source)
    change(folder / file)
    result = import_fixture(source, tmp_path / "out", folder)
    (refusal,) = result.log.refusals
    assert (refusal.file, refusal.record) == named[:2], refusal
    assert refusal.field.startswith(named[2]), refusal
    count, imported_count = COUNTS[source]
    assert (result.log.records, len(result.tasks)) == (count, imported_count - 1)


def test_a_true_duplicate_is_refused_naming_the_record_it_repeats(scratch_copy, tmp_path) -> None:
    """Upstream's README has users copy records into ``tasks_test.jsonl`` (the real one holds a
    copy of WebVoyager_data.jsonl line 288): the copy is refused, the first one imported."""
    folder = scratch_copy("webvoyager")
    first = (folder / WEB).read_text().splitlines()[0]
    (folder / "tasks_test.jsonl").write_text(first)
    result = import_fixture("webvoyager", tmp_path / "out", folder)
    (refusal,) = result.log.refusals
    assert (refusal.file, refusal.record, refusal.field) == ("tasks_test.jsonl", "line 1", "id")
    assert refusal.message == f"duplicates {WEB} line 1 (the same record, field for field)"
    assert result.log.records == 23 and len(result.tasks) == 22 and result.unaccounted == 0


def test_a_reused_id_with_other_fields_is_refused_naming_them(scratch_copy, tmp_path) -> None:
    folder = scratch_copy("webvoyager")
    record = json.loads((folder / WEB).read_text().splitlines()[0])
    (folder / "tasks_test.jsonl").write_text(json.dumps({**record, "ques": "Something else."}))
    result = import_fixture("webvoyager", tmp_path / "out", folder)
    (refusal,) = result.log.refusals
    assert refusal.message == f"'Allrecipes--0' is already the id of {WEB} line 1; ['ques'] differ"


def test_mind2web_reused_task_id_is_refused(scratch_copy, tmp_path) -> None:
    folder = scratch_copy("mind2web")
    _edit_json(folder / MIND2WEB, lambda d: d.append(dict(d[0])))
    result = import_fixture("mind2web", tmp_path / "out", folder)
    (refusal,) = result.log.refusals
    assert (refusal.record, refusal.field) == ("16", "task_id")
    assert refusal.message == f"duplicates {MIND2WEB} record 0 (the same record, field for field)"


def test_an_unreadable_file_counts_as_one_refused_record(scratch_copy, tmp_path) -> None:
    folder = scratch_copy("mind2web")
    (folder / "broken.json").write_text("{not json")
    result = import_fixture("mind2web", tmp_path / "out", folder)
    assert [r.file for r in result.log.refusals] == ["broken.json"]
    assert result.log.records == 17 and result.unaccounted == 0


def test_an_unreadable_reference_file_is_refused_and_its_tasks_judged_without(
    scratch_copy, tmp_path
) -> None:
    folder = scratch_copy("webvoyager")
    (folder / "reference_answer.sample16.json").write_text("[1, 2]")
    result = import_fixture("webvoyager", tmp_path / "out", folder)
    (refusal,) = result.log.refusals
    assert (refusal.file, refusal.field) == ("reference_answer.sample16.json", "(file)")
    assert refusal.message == "expected an object, got list"
    assert result.log.records == 23 and len(result.tasks) == 22 and result.unaccounted == 0
    missing = [w for w in result.log.warnings if w.field == "reference_answer"]
    assert len(missing) == 16 and "reference_answer.sample16.json refused" in missing[0].default


needs_upstream = pytest.mark.skipif(
    not (UPSTREAM / "webvoyager" / "data").is_dir() or not (UPSTREAM / "mind2web").is_dir(),
    reason="the upstream checkouts are not under /work/upstream",
)


@needs_upstream
def test_the_whole_real_sets_are_accounted_for() -> None:
    log = ImportLog()
    tasks = ADAPTERS["webvoyager"].load(UPSTREAM / "webvoyager" / "data", log)
    assert (log.records, len(tasks), len(log.refusals)) == (734, 733, 1)
    (refusal,) = log.refusals
    assert (refusal.file, refusal.field) == ("tasks_test.jsonl", "id")
    assert refusal.message.startswith("duplicates WebVoyager_data.jsonl line 288 ")
    assert Counter(t.category == "GAIA" for t in tasks) == {False: 643, True: 90}
    assert all(t.not_runnable for t in tasks)
    assert all(len(t.wrong) >= 2 for t in tasks if t.category == "GAIA")
    log = ImportLog()
    tasks = ADAPTERS["mind2web"].load(UPSTREAM / "mind2web", log)
    assert (log.records, len(tasks), log.refusals) == (300, 300, [])
    assert all(t.not_runnable for t in tasks)


@pytest.mark.process  # runs a subprocess
@pytest.mark.slow
@pytest.mark.skipif(not namespaces_allowed(), reason="needs unshare --mount --net (root)")
def test_gaia_oracle_passes_and_every_wrong_solution_fails(web_imported) -> None:
    """Not runnable by an agent (the live site), but its solutions run: they only write the
    answer file."""
    from taskkit.oracle import run_many

    out, result = web_imported["webvoyager"]
    tasks = [out / "tasks" / t.id for t in result.tasks if t.category == "GAIA"][:2]
    results = run_many(tasks, agents=["oracle", "null", "wrong"], jobs=4, root=out)
    rewards = {(r.task, r.agent): r.reward for r in results}
    assert len(rewards) == 2 * 4
    for (task, agent), reward in rewards.items():
        assert reward == (1.0 if agent == "oracle" else 0.0), (task, agent, reward)


def test_mind2web_parity_is_not_measurable_and_says_why(tmp_path: Path) -> None:
    with pytest.raises(ParityUnavailable, match=r"no evaluator; WebJudge .* is not pinned"):
        bridge("mind2web").prepare(tmp_path, tmp_path)


def test_webvoyager_bridge_builds_upstreams_run_record(scratch_copy, tmp_path: Path) -> None:
    (tmp_path / "task").mkdir()
    (tmp_path / "task" / "task.toml").write_text(f'[metadata.imported]\nrecord = "{GAIA}#line 1"\n')
    task = upstream_task(tmp_path / "task", scratch_copy("webvoyager"))
    assert task.web == "https://www.google.com/" and task.ques.startswith("If Eliud Kipchoge")
    answered, silent = interact_messages(task, "17"), interact_messages(task, None)
    assert answered[1]["content"].startswith(f"Now given a task: {task.ques}  Please interact with")
    assert answered[-1]["content"].endswith("Action: ANSWER; 17")
    assert "Action: ANSWER" not in silent[-1]["content"]


def test_webvoyager_bridge_reads_upstreams_verdict() -> None:
    assert verdict_score('NOT SUCCESS\n{"verdict": 0, "gave_up": false}', "").score == 0.0
    assert verdict_score('{"verdict": 1, "gave_up": false}', "").score == 1.0
    unsure = verdict_score('{"scores": {}}\n{"verdict": null, "gave_up": false}', "")
    assert unsure.score is None and "neither SUCCESS nor NOT SUCCESS" in unsure.detail
    failed = verdict_score('Connection error.\n{"verdict": null, "gave_up": true}', "")
    assert failed.score is None and "Connection error." in failed.detail
    crashed = verdict_score("", "Traceback ... ImportError: openai")
    assert crashed.score is None and "ImportError" in crashed.detail


def test_webvoyager_bridge_needs_upstreams_evaluator(tmp_path: Path) -> None:
    with pytest.raises(ParityUnavailable, match=r"evaluation/auto_eval\.py is not in the checkout"):
        bridge("webvoyager").prepare(tmp_path, tmp_path)

"""WebArena: every record accounted for, no task runnable without its site, upstream's
answer convention in the instruction, our kinds scoring as upstream's evaluator does (trailing
slashes, query subsets, |OR|, case, "N/A", one-character items), wrong solutions below the
oracle, malformed records refused by name, and (slow) parity with upstream's own evaluator."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from mock_services.verify import outputs
from mock_services.verify.imported import build_verifier, load_checks
from mock_services.verify.upstream.webarena import clean_answer, string_score, tokens, url_score
from taskkit.importers import ADAPTERS
from taskkit.importers.base import ImportLog
from taskkit.importers.model import ImportedTask, Oracle
from taskkit.importers.webarena import CONVENTION
from tests.importers.conftest import FIXTURES, fields, import_fixture

SAMPLE = "test.raw.sample18.json"
CHECKOUT = Path("/work/upstream/webarena")


@pytest.fixture(scope="module")
def loaded() -> tuple[list[ImportedTask], ImportLog]:
    log = ImportLog()
    return ADAPTERS["webarena"].load(FIXTURES / "webarena", log), log


def _task(loaded, number: int) -> ImportedTask:
    return next(t for t in loaded[0] if t.id == f"webarena-{number}")


def test_every_record_is_accounted_for_and_none_runs_without_its_site(loaded) -> None:
    tasks, log = loaded
    assert log.records == 29 == len(tasks) + len(log.refusals), (log.records, len(tasks))
    [refusal] = log.refusals  # example_2.json (url_match only) imports
    assert (refusal.file, refusal.field) == ("example_1.json", "eval.reference_answers")
    assert "older config_files/examples schema" in refusal.message
    reasons = {t.id: t.not_runnable for t in tasks}
    assert reasons["webarena-0"] == "needs the shopping_admin site", reasons["webarena-0"]
    assert reasons["webarena-604"] == "needs the reddit site"
    assert (
        reasons["webarena-example-2"]
        == "needs the site at https://russmaxdesign.github.io/exercise"
    )
    assert all(reasons.values()), [t for t, r in reasons.items() if not r]


def test_the_closing_table_counts_them_not_runnable(tmp_path: Path) -> None:
    result = import_fixture("webarena", tmp_path)
    assert (len(result.runnable), len(result.not_runnable), len(result.log.refusals)) == (0, 28, 1)
    assert (tmp_path / "tasks" / "webarena-173" / "wrong" / "n-a-instead.sh").is_file()
    asks_url = (tmp_path / "tasks" / "webarena-173" / "instruction.md").read_text()
    assert "/workspace/output/final_url.txt" in asks_url, asks_url
    answer_only = (tmp_path / "tasks" / "webarena-27" / "instruction.md").read_text()
    assert "final_url.txt" not in answer_only, answer_only


def test_the_instruction_tells_upstreams_answer_convention(loaded) -> None:
    for task in loaded[0]:
        assert task.instruction.endswith(CONVENTION), task.id
    assert '"N/A"' in CONVENTION and "impossible" in CONVENTION


def test_warnings_are_lossy_only_where_scoring_or_the_page_changes(loaded) -> None:
    _tasks, log = loaded
    kinds = {(w.field, w.lossy) for w in log.warnings}
    assert kinds == {
        ("time_limit", False),
        ("storage_state", True),
        ("eval.program_html", True),
        ("eval.reference_answers.fuzzy_match", False),
        ("reference_action_sequence", False),
    }, kinds
    assert "geolocation" not in fields(log)


@pytest.mark.parametrize(
    ("url", "score"),
    [
        ("http://localhost:8023/a11yproject/a11yproject.com/-/issues", 0.0),  # no query
        ("http://localhost:8023/a11yproject/a11yproject.com/-/issues/?state=opened", 0.0),
        (
            "http://localhost:8023/a11yproject/a11yproject.com/-/issues?sort=created_asc&state=opened",
            0.0,  # the reference's path ends in "/" before its query
        ),
        (
            "http://localhost:8023/a11yproject/a11yproject.com/-/issues/?state=opened&page=2&sort=created_asc",
            1.0,
        ),
        (
            "http://localhost:8023/A11yproject/a11yproject.com/-/issues/?sort=created_asc&state=opened",
            0.0,
        ),
        (
            "http://localhost:7770/a11yproject/a11yproject.com/-/issues/?sort=created_asc&state=opened",
            0.0,
        ),
    ],
)
def test_url_match_is_upstreams_gold_in_pred(loaded, url: str, score: float) -> None:
    params = _task(loaded, 45).checks[0].params
    assert url_score(params, url) == score, (url, params)


def test_url_match_alternatives_slashes_and_deeper_pages() -> None:
    params = {"reference_url": "http://h/f/deeplearning |OR| http://h/f/MachineLearning"}
    assert url_score(params, "http://h/f/MachineLearning/") == 1.0
    assert url_score(params, "http://h/f/deeplearning/comments/1") == 1.0  # GOLD in PRED
    assert url_score(params, "http://h/f/machinelearning") == 0.0  # paths keep their case
    assert (
        url_score({"reference_url": "http://h/a/?x=1 |OR| http://h/b?y=2"}, "http://h/a?x=1") == 0
    )
    with pytest.raises(ValueError, match="GOLD in PRED"):
        url_score({"reference_url": "http://h/a", "url_note": "EXACT"}, "http://h/a")


def test_string_match_cleans_and_multiplies_as_upstream() -> None:
    assert clean_answer('  "Quest Lumaflex Band" ') == "quest lumaflex band"
    exact = {"reference_answers": {"exact_match": "0"}, "intent": "", "string_note": ""}
    assert string_score(exact, "'0'")[0] == 1.0 and string_score(exact, "00")[0] == 0.0
    one = {"reference_answers": {"must_include": ["0"]}, "intent": ""}
    assert string_score(one, "There are 0 reviews.")[0] == 1.0
    assert string_score(one, "10 reviews")[0] == 0.0  # a lone character is a whole word
    two = {"reference_answers": {"must_include": ["0", "Sarah"]}, "intent": ""}
    assert string_score(two, "sarah: 10")[0] == 1.0  # two items: substrings
    assert tokens("4, (5) $6 and 7.") == ["4", ",", "(", "5", ")", "$", "6", "and", "7", "."]
    assert tokens("andrew m. whalen, i've 2.") == [
        "andrew",
        "m.",
        "whalen",
        ",",
        "i",
        "'ve",
        "2",
        ".",
    ]
    apostrophe = "\N{RIGHT SINGLE QUOTATION MARK}"
    assert tokens(f'it wasn{apostrophe}t "a"') == ["it", "wasn", apostrophe, "t", "''", "a", "''"]


def test_n_a_scores_without_a_judge_and_other_answers_need_one(monkeypatch) -> None:
    monkeypatch.delenv("JUDGE_BASE_URL", raising=False)
    params = {"reference_answers": {"fuzzy_match": "N/A"}, "intent": "x", "string_note": "none"}
    assert string_score(params, " n/a ")[0] == 1.0
    assert string_score(params, "It costs $3")[0] is None
    mixed = {"reference_answers": {"must_include": ["Acadia"], "fuzzy_match": ["1h"]}, "intent": ""}
    assert string_score(mixed, "Zion, 1h")[0] == 0.0  # a failed item decides it anyway
    assert string_score(mixed, "Acadia, 1h")[0] is None


def test_each_task_has_two_wrong_solutions_scored_below_the_oracle(loaded) -> None:
    for task in loaded[0]:
        assert len(task.wrong) >= 2, (task.id, sorted(task.wrong))
        for name, wrong in task.wrong.items():
            assert wrong != task.oracle, (task.id, name)
    assert set(_task(loaded, 24).wrong) == {"claims-done", "wrong-reason"}
    assert _task(loaded, 24).oracle.answer == "N/A"
    assert _task(loaded, 173).wrong["right-answer-wrong-page"].answer == "No, it is open"


def _verify(task_dir: Path, solution: Oracle | None, workspace: Path) -> float | None:
    """The verifier's reward with ``workspace`` standing for ``/workspace``."""
    output = workspace / "output"
    output.mkdir(parents=True)
    if solution and solution.answer:
        (output / "answer.md").write_text(solution.answer)
    if solution and solution.final_url:
        (output / "final_url.txt").write_text(solution.final_url + "\n")
    return build_verifier(load_checks(task_dir / "tests" / "checks.json")).evaluate().reward


@pytest.mark.parametrize("number", [11, 27, 44, 45, 102, 157, 298])
def test_the_written_verifier_passes_the_oracle_and_fails_the_rest(
    loaded, number: int, tmp_path: Path, monkeypatch
) -> None:
    from taskkit.importers.writer import write_tasks

    task = _task(loaded, number)
    write_tasks([task], tmp_path / "out")
    monkeypatch.setenv("MOCK_AGENT_USER", "root")
    monkeypatch.delenv("JUDGE_BASE_URL", raising=False)
    solutions = {"oracle": task.oracle, "null": None, **task.wrong}
    rewards = {}
    for name, solution in solutions.items():
        monkeypatch.setattr(outputs, "WORKSPACE", tmp_path / name)
        rewards[name] = _verify(tmp_path / "out" / "tasks" / task.id, solution, tmp_path / name)
    assert rewards.pop("oracle") == 1.0, rewards
    assert all(r is None or r < 0.5 for r in rewards.values()), rewards
    assert any(r == 0.0 for r in rewards.values()), rewards


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda d: d[2].pop("intent"), ("2", "intent")),
        (lambda d: d[2].update(sites="shopping"), ("2", "sites")),
        (lambda d: d[2]["eval"].update(eval_types=["dom_diff"]), ("3", "eval.eval_types")),
        (
            lambda d: d[8].update(eval={**d[8]["eval"], "url_note": "EXACT"}),
            ("44", "eval.url_note"),
        ),
        (
            lambda d: d[0]["eval"]["reference_answers"].update(regex="x"),
            ("0", "eval.reference_answers"),
        ),
    ],
)
def test_a_malformed_record_is_refused_by_name(change, named, fixture_copy) -> None:
    folder = fixture_copy("webarena")
    data = json.loads((folder / SAMPLE).read_text())
    change(data)
    (folder / SAMPLE).write_text(json.dumps(data))
    log = ImportLog()
    tasks = ADAPTERS["webarena"].load(folder, log)
    refusals = [r for r in log.refusals if r.file == SAMPLE]
    assert len(refusals) == 1 and refusals[0].record == named[0], refusals
    assert refusals[0].field.startswith(named[1]), refusals
    assert log.records == 29 and len(tasks) == 27


def test_a_geolocation_is_a_lossy_warning(fixture_copy) -> None:
    folder = fixture_copy("webarena")
    data = json.loads((folder / SAMPLE).read_text())
    data[0]["geolocation"] = "Pittsburgh"
    (folder / SAMPLE).write_text(json.dumps(data))
    log = ImportLog()
    ADAPTERS["webarena"].load(folder, log)
    assert [(w.task, w.lossy) for w in log.warnings if w.field == "geolocation"] == [
        ("webarena-0", True)
    ]


def test_an_unreadable_file_is_one_refused_record(fixture_copy) -> None:
    folder = fixture_copy("webarena")
    (folder / "broken.json").write_text("{not json")
    log = ImportLog()
    tasks = ADAPTERS["webarena"].load(folder, log)
    assert log.records == 30 and len(tasks) + len(log.refusals) == 30
    assert ("broken.json", "(file)") in {(r.file, r.field) for r in log.refusals}


@pytest.mark.process  # runs a subprocess
@pytest.mark.slow
@pytest.mark.skipif(not CHECKOUT.is_dir(), reason="needs the upstream checkout")
def test_parity_with_upstreams_evaluator_on_the_fixtures(
    loaded, tmp_path: Path, monkeypatch
) -> None:
    """Upstream's own evaluator (its venv, built once) and our verifier on every fixture
    task's oracle, null and wrong solutions: equal wherever both can score."""
    from taskkit.importers.writer import write_tasks
    from taskkit.parity import ParityCase, agree
    from taskkit.parity.bridges.webarena import WebArenaBridge

    work = Path(os.environ.get("WEBARENA_PARITY_WORK", "/work/upstream-venvs/webarena-work"))
    bridge = WebArenaBridge()
    bridge.prepare(CHECKOUT, work)
    fixture_ids = {t.id for t in loaded[0]}  # the same records, as the checkout holds them
    tasks = [t for t in ADAPTERS["webarena"].load(CHECKOUT / "config_files") if t.id in fixture_ids]
    write_tasks(tasks, tmp_path / "out")
    monkeypatch.setenv("MOCK_AGENT_USER", "root")
    monkeypatch.delenv("JUDGE_BASE_URL", raising=False)
    compared, both_scored = [], 0
    for task in tasks:
        for name, solution in {"oracle": task.oracle, "null": None, **task.wrong}.items():
            trial = tmp_path / "trials" / task.id / name
            monkeypatch.setenv("HOME", str(trial / "home"))
            task_dir = tmp_path / "out" / "tasks" / task.id
            ours = _verify(task_dir, solution, trial / "home")
            theirs = bridge.score(ParityCase(task_dir, trial, CHECKOUT, work, name, {}))
            both_scored += ours is not None and theirs.score is not None
            if not agree(ours, theirs.score):
                compared.append((task.id, name, ours, theirs.score, theirs.detail[:120]))
    # ours leaves a trial unscored when one goal is (program_html, a judged answer) even if
    # another goal failed; upstream multiplies, so a failed factor makes it 0
    decided = [c for c in compared if not (c[2] is None and c[3] == 0.0)]
    assert decided == [] and both_scored >= 40, (decided, both_scored)

"""The parity harness on a source of our own: every imported task runs with the oracle, the
null agent and each wrong solution; a bridge scores each kept trial; agreement and every
disagreement are reported, and a bridge that fails is a listed finding, not a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from taskkit.importers.cli import run_import
from taskkit.parity import ParityCase, UpstreamScore, agree, harness
from tests.helpers import namespaces_allowed
from tests.importers.fake_source import SOURCE, install

RECORDS = [{"id": "1"}, {"id": "2"}, {"id": "3", "site": "needs the live site example.com"}]


class AnswerBridge:
    """An 'upstream' that gives 1.0 to the answer 42, except in task m-2 where it wants 41."""

    source = SOURCE

    def prepare(self, checkout: Path, work: Path) -> None:
        assert checkout.is_dir() and work.is_dir()

    def score(self, case: ParityCase) -> UpstreamScore:
        answer = case.trial_dir / "workspace" / "output" / "answer.md"
        if case.task_dir.name == "m-2" and case.agent == "null":
            raise RuntimeError("upstream crashed")
        wanted = "41" if case.task_dir.name == "m-2" else "42"
        text = answer.read_text() if answer.exists() else ""
        return UpstreamScore(float(text == wanted), f"answer {text!r}")


def test_agreement_is_both_unscored_or_within_a_hundredth() -> None:
    assert agree(None, None) and agree(0.5, 0.505)
    assert not agree(0.5, 0.52) and not agree(None, 0.0) and not agree(1.0, None)


@pytest.mark.process  # runs a subprocess
@pytest.mark.slow
@pytest.mark.skipif(not namespaces_allowed(), reason="needs unshare --mount --net (root)")
def test_parity_runs_every_agent_and_lists_each_disagreement(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    source = install(monkeypatch, tmp_path)(RECORDS)
    out = tmp_path / "out"
    run_import(source, out)
    tasks = harness.source_tasks(out, SOURCE, include_not_runnable=False)
    assert [t.name for t in tasks] == ["m-1", "m-2"]
    monkeypatch.setattr(harness, "bridge", lambda _source: AnswerBridge())
    (tmp_path / "work").mkdir()
    found = harness.compare(
        SOURCE, tmp_path / "upstream", tasks, work=tmp_path / "work", jobs=2, judge=False, root=out
    )
    rows = {(c.task, c.agent): c for c in found}
    assert sorted(rows) == [
        (task, agent)
        for task in ("m-1", "m-2")
        for agent in ("null", "oracle", "wrong:off-by-one", "wrong:silent")
    ]
    assert all(c.agree for c in found if c.task == "m-1"), found
    assert rows[("m-2", "oracle")].ours == 1.0 and rows[("m-2", "oracle")].upstream == 0.0
    assert rows[("m-2", "null")].detail == "bridge error: RuntimeError: upstream crashed"
    assert harness.summary(SOURCE, found)["by_agent"]["oracle"] == {
        "trials": 2,
        "agree": 1,
        "disagree": 1,
        "not_scored_here": 0,
    }
    table = harness.table(SOURCE, found)
    assert "50.0%" in table.splitlines()[2], table
    assert "m-2 oracle: 1.000 vs 0.000: answer '42'" in table


def test_artefacts_mode_scores_laid_out_solutions_without_a_trial(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    source = install(monkeypatch, tmp_path)(RECORDS)
    out = tmp_path / "out"
    run_import(source, out)
    tasks = harness.source_tasks(out, SOURCE, include_not_runnable=True)
    assert [t.name for t in tasks] == ["m-1", "m-2", "m-3"]
    monkeypatch.setattr(harness, "bridge", lambda _source: AnswerBridge())
    (tmp_path / "work").mkdir()
    found = harness.compare(
        SOURCE,
        tmp_path / "upstream",
        tasks,
        work=tmp_path / "work",
        jobs=1,
        judge=False,
        root=out,
        artefacts=True,
    )
    scores = {(c.task, c.agent): (c.ours, c.upstream) for c in found}
    assert scores[("m-3", "oracle")] == (1.0, 1.0)
    assert scores[("m-3", "wrong:off-by-one")] == (0.0, 0.0)
    assert scores[("m-3", "null")] == (0.0, 0.0)
    assert scores[("m-2", "oracle")] == (1.0, 0.0)  # the one upstream scores otherwise
    wrong = sorted((c.task, c.agent) for c in found if not c.agree)
    assert wrong == [("m-2", "null"), ("m-2", "oracle"), ("m-2", "wrong:off-by-one")]
    assert harness.summary(SOURCE, found)["by_agent"]["wrong"]["trials"] == 6


def test_a_task_with_a_model_persona_is_a_known_difference_in_the_report(tmp_path: Path) -> None:
    """Upstream's simulated user and our persona hold different conversations: each record
    on a persona says so, in the table and the summary."""
    task = tmp_path / "claw-eval-c01"
    (task / "environment").mkdir(parents=True)
    persona = {"id": "requester", "service": "email", "user": "requester", "llm": {"prompt": "p"}}
    (task / "environment" / "seed.json").write_text(json.dumps({"personas": [persona]}))
    plain = tmp_path / "claw-eval-t001"
    plain.mkdir()
    assert harness.known_difference(task) == harness.PERSONA_DIFFERENCE
    assert harness.known_difference(plain) == ""
    found = [
        harness.Comparison(task.name, "oracle", 0.4, 0.9, False, "upstream", "", "x"),
        harness.Comparison(plain.name, "oracle", 1.0, 1.0, True, "upstream"),
    ]
    assert harness.summary("claw-eval", found)["known_differences"] == {task.name: "x"}
    table = harness.table("claw-eval", found)
    assert "claw-eval-c01 oracle: 0.400 vs 0.900: upstream (known difference)" in table
    assert "known differences" in table and "  claw-eval-c01: x" in table

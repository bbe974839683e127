"""A source of our own for the importer tests: an adapter over a list of record dicts, each
imported, imported with warnings, refused, not runnable, or mapped onto a taken id."""

from __future__ import annotations

from pathlib import Path

import pytest

from mock_services.verify.imported import ImportedCheck
from taskkit.importers import ADAPTERS
from taskkit.importers.base import Adapter, ImportLog, RecordContext, RecordError, pins
from taskkit.importers.model import ImportedTask, Oracle, ScoringLayer

SOURCE = "mind2web"  # its pin; the adapter is replaced by the records below
ANSWER = ImportedCheck(
    name="answer", kind="answer_exact", weight=1, rationale="the answer", values=["42"]
)


def _task(ctx: RecordContext, upstream_id: str, task_id: str, **fields) -> ImportedTask:
    ctx.task = task_id
    return ImportedTask(
        id=task_id,
        title=f"record {upstream_id}",
        instruction="Answer the question.",
        time_limit_sec=60,
        category="qa",
        domain="Deep Research & Report",
        checks=[ANSWER],
        layers=[ScoringLayer.SUBMISSION_INTERCEPT],
        oracle=Oracle(answer="42"),
        wrong={"off-by-one": Oracle(answer="41"), "silent": Oracle()},
        provenance=ctx.provenance(upstream_id, upstream_id),
        **fields,
    )


def _records(records: list[dict]):
    """An adapter over ``records``: each is imported, imported with a warning, refused, or
    mapped onto an id another record already took."""

    def load(path: Path, log: ImportLog) -> list[ImportedTask]:
        tasks = []
        for record in records:
            log.records += 1
            ctx = RecordContext(SOURCE, pins()[SOURCE], log, "records.json", record["id"])
            try:
                if record.get("refuse"):
                    raise ctx.refuse("question", "missing: expected a question")
                task = _task(ctx, record["id"], record.get("task", f"m-{record['id']}"))
                for kind in record.get("warn", []):
                    ctx.warn(f"{kind}-field", "a default", lossy=kind == "lossy")
                inputs = {name: path / name for name in record.get("inputs", [])}
                update = {"not_runnable": record.get("site"), "inputs": inputs}
                tasks.append(task.model_copy(update=update))
            except RecordError as exc:
                log.refuse(exc)
        return tasks

    return load


def install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """``use(records) -> "SOURCE:PATH"``: the fake adapter registered for this test."""

    def use(records: list[dict]) -> str:
        fake = Adapter(
            SOURCE, "records of a test", (ScoringLayer.SUBMISSION_INTERCEPT,), _records(records)
        )
        monkeypatch.setitem(ADAPTERS, SOURCE, fake)
        (tmp_path / "upstream").mkdir(exist_ok=True)
        return f"{SOURCE}:{tmp_path / 'upstream'}"

    return use

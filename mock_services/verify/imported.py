"""The verifier of an imported task (``taskkit.importers``): ``tests/checks.json`` lists the
checks an adapter mapped from the upstream rubric, and this module scores them with the SDK.

    verifier = build_verifier(load_checks(Path(__file__).with_name("checks.json")))
    verifier.main()   # the whole of the generated tests/verify.py

Check kinds and what they read:

| kind | scored from | not scored (what) when |
|---|---|---|
| ``answer_contains`` | each value in the answer file (any case; ``any``: one) | never |
| ``answer_exact`` | the answer file, trimmed, equal to one value (case-insensitive) | never |
| ``answer_min_length`` | the answer file has at least ``min_length`` characters | never |
| ``url_match`` | the final-URL file: the same URL, prefix, or path and query | never |
| ``service_called`` | the audit log: ``route`` called ``min_calls`` times or more | never |
| ``service_not_called`` | the audit log: ``route`` never called | never |
| ``judge`` | ``LlmJudge`` on the answer (and ``reference``) | no judge configured |
| ``not_scored`` | nothing: the upstream check needs what is not here (``reason``) | always |

A missing answer file scores 0 (the agent's failure). A check that is not scored is a scoring
layer the upstream task declared and that is not available here (seed 002: ``null``, not 0):
it returns ``Result(scored=False)`` and is left out of the reward; a goal or every check left
out makes the run not scored. (An authored task's judge raises ``NotScorable`` instead: its
run is not scored without the judge.)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cache, partial
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, field_validator

from mock_services.verify.audit import audit_log
from mock_services.verify.checkpoints import Result, Verifier
from mock_services.verify.judge import Criterion, LlmJudge
from mock_services.verify.outputs import answer_text, final_url
from mock_services.verify.process import route_matches
from mock_services.verify.upstream import SOURCE_KINDS


class ImportedCheck(BaseModel):
    """One checkpoint of an imported task, as the adapter mapped it."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")
    kind: str = Field(description="a kind of SCORERS: the shared ones or a source's own")
    weight: float = Field(gt=0)
    goal: bool = False
    rationale: str = Field(min_length=1)
    values: list[str] = []
    any: bool = False
    min_length: int = 0
    match: Literal["exact", "prefix", "path"] = "exact"
    service: str | None = None
    route: str | None = None
    min_calls: int = 1
    question: str = ""
    reference: str = ""
    reason: str = ""
    params: dict[str, Any] = Field(default_factory=dict, description="a source kind's settings")

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, value: str) -> str:
        if value not in scorers():
            raise ValueError(f"kind {value!r}: expected one of {', '.join(sorted(scorers()))}")
        return value


class ImportedChecks(BaseModel):
    model_config = ConfigDict(extra="forbid")
    task: str
    checks: list[ImportedCheck] = Field(min_length=1)


def _contains(check: ImportedCheck) -> Result:
    answer = (answer_text() or "").casefold()
    found = [v for v in check.values if v.casefold() in answer]
    missing = [v for v in check.values if v not in found]
    if check.any:
        return Result(1.0 if found else 0.0, f"none of {check.values} in the answer" * (not found))
    score = len(found) / len(check.values) if check.values else 1.0
    return Result(score, f"missing from the answer: {missing}" if missing else "")


def _exact(check: ImportedCheck) -> Result:
    answer = (answer_text() or "").strip().casefold()
    ok = any(answer == v.strip().casefold() for v in check.values)
    return Result(float(ok), "" if ok else f"answer {answer[:80]!r} is none of {check.values}")


def _min_length(check: ImportedCheck) -> Result:
    length = len((answer_text() or "").strip())
    ok = length >= check.min_length
    return Result(float(ok), "" if ok else f"answer has {length} < {check.min_length} characters")


def url_path(url: str) -> str:
    """A URL's path and query, whatever its host (``__SITE__/a?b`` placeholders too)."""
    url = url.strip()
    if url.startswith("__") and "__" in url[2:]:
        url = "http://site" + url[url.index("__", 2) + 2 :]
    parts = urlsplit(url)
    return (parts.path or "/") + (f"?{parts.query}" if parts.query else "")


def _url_matches(url: str, reference: str, match: str) -> bool:
    if match == "prefix":
        return url.startswith(reference)
    if match == "path":
        return url_path(url) == url_path(reference)
    return url == reference


def _url(check: ImportedCheck) -> Result:
    url = final_url() or ""
    same = [v for v in check.values if _url_matches(url, v, check.match)]
    return Result(float(bool(same)), "" if same else f"final URL {url!r}, expected {check.values}")


def _audited(check: ImportedCheck) -> int:
    assert check.service and check.route, f"{check.name}: service and route are required"
    return sum(route_matches(e, check.route) for e in audit_log(check.service))


def _called(check: ImportedCheck) -> Result:
    count = _audited(check)
    ok = count >= check.min_calls
    return Result(
        float(ok), "" if ok else f"{check.route}: {count} call(s), {check.min_calls} needed"
    )


def _not_called(check: ImportedCheck) -> Result:
    count = _audited(check)
    return Result(float(count == 0), f"{check.route}: called {count} time(s)" if count else "")


def _judge(check: ImportedCheck) -> Result:
    if not (os.environ.get("JUDGE_BASE_URL") and os.environ.get("JUDGE_API_KEY")):
        return Result(0.0, "no judge configured (JUDGE_BASE_URL, JUDGE_API_KEY)", scored=False)
    criterion = Criterion(name=check.name, weight=1.0, description=check.question)
    grade = LlmJudge().grade([criterion], answer_text() or "", reference=check.reference)
    return Result(grade.scores[check.name], grade.rationales.get(check.name, ""))


def _not_scored(check: ImportedCheck) -> Result:
    return Result(0.0, check.reason or "this upstream check cannot be scored here", scored=False)


Scorer = Callable[[ImportedCheck], Result]
SHARED_SCORERS: dict[str, Scorer] = {
    "answer_contains": _contains,
    "answer_exact": _exact,
    "answer_min_length": _min_length,
    "url_match": _url,
    "service_called": _called,
    "service_not_called": _not_called,
    "judge": _judge,
    "not_scored": _not_scored,
}


@cache
def scorers() -> dict[str, Scorer]:
    """The shared kinds and each source's own (``mock_services.verify.upstream``)."""
    clash = SHARED_SCORERS.keys() & SOURCE_KINDS.keys()
    assert not clash, f"source kinds shadow shared ones: {sorted(clash)}"
    return {**SHARED_SCORERS, **SOURCE_KINDS}


def score_check(check: ImportedCheck) -> Result:
    """``check`` scored by the scorer of its kind."""
    return scorers()[check.kind](check)


def build_verifier(document: ImportedChecks) -> Verifier:
    verifier = Verifier(document.task)
    for check in document.checks:
        verifier.add(
            check.name,
            partial(score_check, check),
            weight=check.weight,
            rationale=check.rationale,
            goal=check.goal,
        )
    return verifier


def load_checks(path: Path) -> ImportedChecks:
    return ImportedChecks.model_validate_json(path.read_text())

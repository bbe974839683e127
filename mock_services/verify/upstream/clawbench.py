"""ClawBench's two-stage score (upstream ``eval/scoring.md``) as one check kind.

``clawbench_submission`` reads the agent's final request, recorded in upstream's
``interception.json`` shape (``{"intercepted": bool, "request": {"url", "method", "params",
"body"}}``) at ``output/interception.json``; for an answer task (``params.submit_url``: ClawBench's
answer page) the answer file stands for the page's ``POST {"answer": ...}`` when that record is
absent. Stage 1: the record says intercepted and its request matches the task's ``eval_schema``
(URL regex searched, method, and every constant ``body``/``params`` field, as upstream's
interceptor tests it) — else 0, with or without a judge. Stage 2: the judge decides whether the
request fulfils the instruction (hidden rubric as reference); no judge configured: not scored.
Reward 1 only when both pass, as upstream's ``final_pass``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, ValidationError

from mock_services.verify.checkpoints import Result
from mock_services.verify.judge import Criterion, LlmJudge
from mock_services.verify.outputs import read_output

if TYPE_CHECKING:
    from mock_services.verify.imported import ImportedCheck

INTERCEPTION_FILE = "output/interception.json"
ANSWER_FILE = "output/answer.md"
MAX_URL = 8192
MAX_BODY_SHOWN = 6000  # what the judge sees of the body, as upstream's judge prompt
MATCH_QUESTION = (
    "The agent's final HTTP request was intercepted before it reached the site. Would this "
    "request, if it had been sent, correctly fulfil the task: the right item, action, target "
    "and quantity, with every field the task requires? Cosmetic differences (timestamps, "
    "session ids, tracking codes) do not matter. A request that is ambiguous, only partly "
    "right or that does something else scores 0.0; one that fulfils the task scores 1.0."
)


class Request(BaseModel):
    """The request part of an interception record."""

    model_config = ConfigDict(extra="allow")
    url: str = ""
    method: str = ""
    params: dict[str, Any] | None = None
    body: Any = None


class Interception(BaseModel):
    """Upstream's ``data/interception.json`` (also written with ``intercepted: false``)."""

    model_config = ConfigDict(extra="allow")
    intercepted: bool = False
    request: Request | None = None


class Schema(BaseModel):
    """The check's ``params``: the task's ``eval_schema`` and, for answer tasks, the page."""

    model_config = ConfigDict(extra="forbid")
    url_pattern: str
    method: str
    body: dict[str, Any] | None = None
    params: dict[str, Any] | None = None
    submit_url: str | None = None


def fields_match(expected: dict[str, Any] | None, actual: Any) -> bool:
    """Every expected key has its value in ``actual`` (a dict, or any item of a list)."""
    if not expected:
        return True
    if isinstance(actual, list):
        return any(fields_match(expected, item) for item in actual)
    return isinstance(actual, dict) and all(actual.get(k) == v for k, v in expected.items())


def mismatch(schema: Schema, request: Request) -> str:
    """Why ``request`` is not what the task's interceptor blocks ("" when it is)."""
    if len(request.url) > MAX_URL:
        return f"URL of {len(request.url)} characters (at most {MAX_URL})"
    if not re.search(schema.url_pattern, request.url):
        return f"URL {request.url[:200]!r} does not match {schema.url_pattern!r}"
    if request.method.upper() != schema.method.upper():
        return f"method {request.method!r}, expected {schema.method}"
    if not fields_match(schema.body, request.body):
        return f"body lacks {schema.body}"
    if not fields_match(schema.params, request.params or {}):
        return f"query parameters lack {schema.params}"
    return ""


def final_request(schema: Schema) -> tuple[Interception | None, str]:
    """The agent's interception record, or (None, why there is none)."""
    try:
        found = read_output(INTERCEPTION_FILE)
        if found is not None:
            return Interception.model_validate(found.json()), ""
        if schema.submit_url:
            answer = read_output(ANSWER_FILE)
            if answer is not None:
                request = Request(
                    url=schema.submit_url, method="POST", body={"answer": answer.text()}
                )
                return Interception(intercepted=True, request=request), ""
    except (ValueError, ValidationError) as exc:
        return None, f"{INTERCEPTION_FILE}: {str(exc)[:300]}"
    return None, f"no {INTERCEPTION_FILE}: the final request was not intercepted"


def judge_text(request: Request) -> str:
    """The request as the judge reads it: URL, method, body (JSON, cut at 6,000 chars)."""
    if isinstance(request.body, (dict, list)):
        body = json.dumps(request.body, ensure_ascii=False, indent=2)
    else:
        body = "(empty)" if request.body is None else str(request.body)
    return f"url: {request.url}\nmethod: {request.method}\nbody:\n{body[:MAX_BODY_SHOWN]}"


def submission(check: ImportedCheck) -> Result:
    """Stage 1 (interception against ``eval_schema``), then stage 2 (the judge)."""
    schema = Schema.model_validate(check.params)
    record, why = final_request(schema)
    if record is None:
        return Result(0.0, f"stage 1: {why}")
    request = record.request
    wrong = mismatch(schema, request) if request else "the record has no request"
    if wrong or request is None:
        return Result(0.0, f"stage 1: {wrong}")
    if not record.intercepted:
        return Result(0.0, "stage 1: the record says the final request was not intercepted")
    if not (os.environ.get("JUDGE_BASE_URL") and os.environ.get("JUDGE_API_KEY")):
        return Result(
            0.0,
            "stage 1 passed; stage 2 needs the judge (JUDGE_BASE_URL, JUDGE_API_KEY)",
            scored=False,
        )

    criterion = Criterion(name=check.name, weight=1.0, description=MATCH_QUESTION)
    grade = LlmJudge().grade(
        [criterion], judge_text(request), reference=check.reference, task=check.question
    )
    match = grade.scores[check.name] >= 0.5
    why = grade.rationales.get(check.name, "")
    return Result(float(match), f"stage 2: judge {'match' if match else 'mismatch'}: {why}")


KINDS: dict[str, Callable[[ImportedCheck], Result]] = {"clawbench_submission": submission}

"""WebArena (``config_files/*.json``: a list of task configs, or one config per file): browser
tasks on WebArena's self-hosted sites, scored as upstream's evaluator scores them
(``evaluation_harness/evaluators.py``) from the agent's declared answer and final URL.

| webarena field | ours | notes |
|---|---|---|
| ``task_id`` | ``source_id``; task dir ``webarena-<id>`` | a file holding one config: the file's name |
| ``intent`` | instruction.md, with upstream's answer convention ("N/A": impossible) | |
| ``start_url`` (``|AND|``: tabs) | start URL (site placeholders as upstream's default URLs, ``SITE_URLS``) | not runnable here until every site it names is hosted (``HOSTED``) |
| (none) | time limit | 300 s, informational (upstream caps steps, not time) |
| ``sites`` | category ``sites[0]``; domain by site; keywords | |
| ``eval.eval_types`` ``string_match`` | ``webarena_string_match`` on the answer, params ``reference_answers`` (key order kept), ``intent``, ``string_note`` | a list (config_files/examples' older schema): refused, upstream's evaluator cannot score it |
| ``... url_match`` | ``webarena_url_match`` on the final URL, params ``reference_url`` (site placeholders resolved by ``SITE_URLS``), ``url_note`` | a ``url_note`` but "GOLD in PRED": refused |
| ``... program_html`` | ``not_scored``: it reads the live site's pages | lossy warning |
| other eval types | refused | |
| every check | a goal (WebArena multiplies its evaluators: one miss scores 0) | |
| ``require_login`` / ``storage_state`` | dropped | lossy: the agent logs in itself |
| ``geolocation`` | dropped | lossy, when set |
| ``reference_action_sequence`` | dropped (a step trace) | informational |
| ``reference_answer_raw_annotation`` | the oracle's answer when it holds every must_include item | |

Wrong solutions: a near-miss answer, "N/A" where an answer exists (or, for an unachievable
task, an answer that claims success and one with a wrong reason), the right answer at the wrong
page and a near-miss URL; program_html-only tasks: staying on the start page, giving up.
Scoring layers: submission_intercept (answer, final URL), llm_judge_only (fuzzy_match).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

from pydantic import BaseModel, ConfigDict, Field

from mock_services.verify.imported import ImportedCheck
from mock_services.verify.upstream.webarena import NOT_ACHIEVABLE, OR, string_score, url_score
from taskkit.importers.base import (
    SOURCE_FOLDER,
    ImportLog,
    RecordContext,
    RecordError,
    parsed,
    pins,
)
from taskkit.importers.model import ImportedTask, Oracle, ScoringLayer, task_id

NAME = "webarena"
LAYERS = (ScoringLayer.SUBMISSION_INTERCEPT, ScoringLayer.LLM_JUDGE_ONLY)
DEFAULT_TIME_LIMIT = 300.0
EVAL_TYPES = ("string_match", "url_match", "program_html")
GOLD_IN_PRED = "GOLD in PRED"
AND = " |AND| "
SITE_DOMAINS = {
    "shopping": "E-commerce & Daily Svcs",
    "shopping_admin": "E-commerce & Daily Svcs",
    "gitlab": "Coding & Software Dev",
    "reddit": "Social Media",
    "map": "Deep Research & Report",
    "wikipedia": "Deep Research & Report",
}
# placeholder -> the site's base URL where our service serves it (none is hosted yet)
HOSTED: dict[str, str] = {}
# placeholder -> the base URL upstream's README exports for it (the sites on one machine),
# used for a site we do not host; generate_test_data.py substitutes in this order
SITE_URLS = {
    "__GITLAB__": "http://localhost:8023",
    "__REDDIT__": "http://localhost:9999",
    "__SHOPPING__": "http://localhost:7770",
    "__SHOPPING_ADMIN__": "http://localhost:7780/admin",
    "__WIKIPEDIA__": "http://localhost:8888/wikipedia_en_all_maxi_2022-05/A/User:The_other_Kiwix_guy/Landing",
    "__MAP__": "http://localhost:3000",
} | HOSTED
PLACEHOLDER = re.compile(r"^__([A-Z_]+?)__")
CONVENTION = (
    "Answer as WebArena's agents are told to: when the task asks for information, your final "
    "answer is that information alone; if you believe the task is impossible to complete, "
    'your final answer is "N/A".'
)


class ReferenceAnswers(BaseModel):
    model_config = ConfigDict(extra="forbid")
    exact_match: str | None = None
    must_include: list[str] | None = None
    fuzzy_match: list[str] | Literal["N/A"] | None = None


class Eval(BaseModel):
    model_config = ConfigDict(extra="allow")
    eval_types: list[str] = Field(min_length=1)
    reference_answers: ReferenceAnswers | list[str] | None = None
    reference_url: str | None = None
    url_note: str = GOLD_IN_PRED
    program_html: list[dict[str, Any]] | None = None
    string_note: str = ""
    reference_answer_raw_annotation: str = ""


class Record(BaseModel):
    model_config = ConfigDict(extra="allow")
    task_id: int
    sites: list[str] = Field(min_length=1)
    start_url: str = ""
    intent: str = Field(min_length=1)
    require_login: bool = False
    geolocation: Any = None
    eval: Eval


def load(path: Path, log: ImportLog | None = None) -> list[ImportedTask]:
    """Every config in the ``*.json`` files of ``path`` (a file, or a folder), each file
    resolving inside it; an unreadable file counts as one refused record."""
    log = log if log is not None else ImportLog()
    folder = path.parent if path.is_file() else path
    files = [path] if path.is_file() else sorted(path.glob("*.json"))
    tasks = []
    for file in files:
        base = RecordContext(NAME, pins()[NAME], log, file.name, "(file)")
        try:
            data = base.parse_json(base.read(folder, file.name, "(file)", SOURCE_FOLDER))
        except RecordError as error:
            log.records += 1
            log.refuse(error)
            continue
        single = not isinstance(data, list)
        for index, entry in enumerate([data] if single else data):
            log.records += 1
            ctx = RecordContext(
                NAME, pins()[NAME], log, file.name, file.stem if single else str(index)
            )
            try:
                tasks.append(_task(entry, ctx, file.stem if single else None))
            except RecordError as error:
                log.refuse(error)
    return tasks


def _task(entry: Any, ctx: RecordContext, name: str | None) -> ImportedTask:
    if not isinstance(entry, dict):
        raise ctx.refuse("(record)", f"expected an object, got {type(entry).__name__}")
    record: Record = parsed(Record, entry, ctx)
    source_id = name or str(record.task_id)
    ctx.record = source_id
    ctx.task = task_id(NAME, source_id)
    provenance = ctx.provenance(source_id, None if name else str(record.task_id))
    ctx.warn(
        "time_limit",
        f"not in the record; {DEFAULT_TIME_LIMIT:g} s (upstream caps steps)",
        lossy=False,
    )
    if record.require_login:
        ctx.warn("storage_state", "a logged-in session is not reproduced: log in", lossy=True)
    if record.geolocation:
        ctx.warn("geolocation", f"{record.geolocation!r}: dropped", lossy=True)
    if "reference_action_sequence" in entry:
        ctx.warn("reference_action_sequence", "a step trace: dropped", lossy=False)
    checks = _checks(record, entry, ctx)
    oracle = _oracle(record, checks)
    task = ImportedTask(
        id=ctx.task,
        title=record.intent[:120],
        instruction=f"{record.intent}\n\n{CONVENTION}",
        start_url=" and ".join(resolve_sites(u.strip()) for u in record.start_url.split(AND))
        or None,
        time_limit_sec=DEFAULT_TIME_LIMIT,
        category=record.sites[0],
        domain=SITE_DOMAINS.get(record.sites[0], "Deep Research & Report"),
        keywords=["web", *(s.replace("_", "-") for s in record.sites)],
        checks=checks,
        layers=list(LAYERS),
        oracle=oracle,
        wrong=_wrong(record, checks, oracle),
        not_runnable=_not_runnable(record),
        provenance=provenance,
    )
    ctx.check_time("mapping the record")
    return task


def _not_runnable(record: Record) -> str | None:
    """Why the start URLs cannot be opened here: a site no service of ours stands behind."""
    urls = [u.strip() for u in record.start_url.split(AND) if u.strip()]
    if not urls:
        return "no start_url in the record"
    missing = []
    for url in urls:
        site = PLACEHOLDER.match(url)
        if site is None:
            missing.append(f"the site at {url}")
        elif f"__{site[1]}__" not in HOSTED:
            missing.append(f"the {site[1].lower()} site")
    return f"needs {', '.join(dict.fromkeys(missing))}" if missing else None


def resolve_sites(text: str) -> str:
    """``text`` with each site placeholder replaced by its base URL (upstream's order)."""
    for placeholder, url in SITE_URLS.items():
        text = text.replace(placeholder, url)
    return text


def _checks(record: Record, entry: dict, ctx: RecordContext) -> list[ImportedCheck]:
    checks = []
    evaluation = record.eval
    for kind in evaluation.eval_types:
        if kind not in EVAL_TYPES:
            raise ctx.refuse(
                "eval.eval_types",
                f"unknown eval type {kind!r}; expected one of {', '.join(EVAL_TYPES)}",
            )
        if kind == "string_match":
            checks.append(_string_check(record, entry, ctx))
        elif kind == "url_match":
            checks.append(_url_check(evaluation, ctx))
        else:
            ctx.warn(
                "eval.program_html",
                f"reads the live {', '.join(record.sites)} site: not scored here",
                lossy=True,
            )
            checks.append(
                ImportedCheck(
                    name="program_html",
                    kind="not_scored",
                    weight=1.0,
                    goal=True,
                    rationale="the page contents the upstream program checks",
                    reason=f"program_html needs the live {', '.join(record.sites)} site",
                )
            )
    return checks


def _string_check(record: Record, entry: dict, ctx: RecordContext) -> ImportedCheck:
    answers = record.eval.reference_answers
    if not isinstance(answers, ReferenceAnswers):
        got = "a list (the older config_files/examples schema)" if answers else "none"
        raise ctx.refuse(
            "eval.reference_answers",
            f"{got}; upstream's StringEvaluator needs an object of exact_match, must_include, "
            "fuzzy_match",
        )
    dumped = answers.model_dump(exclude_none=True)
    if not dumped:
        raise ctx.refuse("eval.reference_answers", "empty: string_match needs a reference")
    if "fuzzy_match" in dumped:
        ctx.warn(
            "eval.reference_answers.fuzzy_match",
            "judged by the configured judge (upstream: gpt-4-1106-preview), full marks only",
            lossy=False,
        )
    return ImportedCheck(
        name="string_match",
        kind="webarena_string_match",
        weight=1.0,
        goal=True,
        rationale="the answer matches the reference as upstream's StringEvaluator reads it",
        params={
            "reference_answers": {k: dumped[k] for k in entry["eval"]["reference_answers"]},
            "intent": record.intent,
            "string_note": record.eval.string_note,
        },
    )


def _url_check(evaluation: Eval, ctx: RecordContext) -> ImportedCheck:
    if not evaluation.reference_url:
        raise ctx.refuse("eval.reference_url", "url_match needs a reference_url")
    if evaluation.url_note != GOLD_IN_PRED:
        raise ctx.refuse(
            "eval.url_note", f"{evaluation.url_note!r}: upstream knows only {GOLD_IN_PRED!r}"
        )
    return ImportedCheck(
        name="url_match",
        kind="webarena_url_match",
        weight=1.0,
        goal=True,
        rationale="the agent ends on the reference page (upstream's URLEvaluator)",
        params={"reference_url": resolve_sites(evaluation.reference_url), "url_note": GOLD_IN_PRED},
    )


def _params(checks: list[ImportedCheck], kind: str) -> dict | None:
    return next((c.params for c in checks if c.kind == kind), None)


def _oracle(record: Record, checks: list[ImportedCheck]) -> Oracle:
    string, url = _params(checks, "webarena_string_match"), _params(checks, "webarena_url_match")
    answer = (
        _reference_answer(string, record.eval.reference_answer_raw_annotation) if string else ""
    )
    return Oracle(answer=answer, final_url=_reference_url(url["reference_url"]) if url else "")


def _reference_answer(params: dict, annotation: str) -> str:
    """The oracle's answer: "N/A" for an unachievable task; else the annotator's answer when
    upstream's check does not fail it and it states each fuzzy_match reference as written (a
    literal judge passes it too), else one built from the references (value, items)."""
    answers = params["reference_answers"]
    if answers.get("fuzzy_match") == NOT_ACHIEVABLE:
        return NOT_ACHIEVABLE
    stated = all(f.lower() in annotation.lower() for f in answers.get("fuzzy_match", []))
    if annotation.strip() and stated and string_score(params, annotation)[0] != 0:
        return annotation.strip()
    if "exact_match" in answers:
        return answers["exact_match"]
    return "; ".join([*answers.get("must_include", []), *answers.get("fuzzy_match", [])])


def _reference_url(references: str) -> str:
    """The first reference URL, with any query key that only another alternative names
    (upstream wants every key of every alternative)."""
    first = urlsplit(references.split(OR)[0].strip())
    have = parse_qs(first.query)
    extra = {}
    for other in references.split(OR)[1:]:
        for key, values in parse_qs(urlsplit(other.strip()).query).items():
            if key not in have and key not in extra:
                extra[key] = values[0]
    query = "&".join(q for q in (first.query, urlencode(extra)) if q)
    return urlunsplit(first._replace(query=query))


def _wrong(record: Record, checks: list[ImportedCheck], oracle: Oracle) -> dict[str, Oracle]:
    """Near misses an agent could produce: for each, the first of its variants that our checks
    do not score as they score the oracle (a judged factor unknown here counts as different)."""
    string, url = _params(checks, "webarena_string_match"), _params(checks, "webarena_url_match")
    start = resolve_sites(record.start_url.split(AND)[0].strip())

    def answers(*texts: str) -> list[Oracle]:
        return [oracle.model_copy(update={"answer": text}) for text in texts]

    def urls(*found: str) -> list[Oracle]:
        return [oracle.model_copy(update={"final_url": u}) for u in found]

    candidates: dict[str, list[Oracle]] = {}
    if string and string["reference_answers"].get("fuzzy_match") == NOT_ACHIEVABLE:
        candidates["claims-done"] = answers("Done.")
        candidates["wrong-reason"] = answers("N/A: the page did not load")
    elif string:
        candidates["near-miss-answer"] = answers(*_near_misses(oracle.answer, string))
        candidates["n-a-instead"] = answers(NOT_ACHIEVABLE)
    if url:
        home = urlunsplit(urlsplit(start)._replace(path="", query="", fragment=""))
        candidates["right-answer-wrong-page"] = urls(start, home)
        candidates["near-miss-url"] = urls(_near_miss_url(oracle.final_url))
    if not candidates:  # program_html only: nothing here reads the page
        candidates["stays-on-start-page"] = [Oracle(final_url=start)]
        candidates["gives-up"] = [Oracle(answer=NOT_ACHIEVABLE, final_url=start)]
    chosen = {}
    for name, variants in candidates.items():
        found = [w for w in variants if w != oracle and not _scored_alike(w, oracle, string, url)]
        if found:
            chosen[name] = found[0]
    return chosen


def _scored_alike(wrong: Oracle, oracle: Oracle, string: dict | None, url: dict | None) -> bool:
    """Our checks give ``wrong`` the oracle's score (nothing scored here, or a judged factor
    unknown: not alike)."""
    scores = []
    for solution in (wrong, oracle):
        score: float | None = 1.0 if url else None
        if string:
            score = string_score(string, solution.answer)[0]
        if url and score is not None:
            score *= url_score(url, solution.final_url)
        scores.append(score)
    return scores[0] is not None and scores[0] == scores[1]


NUMBER = re.compile(r"\d+")


def _near_misses(answer: str, params: dict) -> list[str]:
    """Answers an agent gets almost right: the last number off by one, one item of several
    left out, the last word left out, "none"."""
    found = []
    numbers = list(NUMBER.finditer(answer))
    if numbers:
        last = numbers[-1]
        found.append(f"{answer[: last.start()]}{int(last[0]) + 1}{answer[last.end() :]}")
    items = params["reference_answers"].get("must_include", [])
    if len(items) > 1:
        found.append("; ".join(items[:-1]))
    words = answer.split()
    if len(words) > 1:
        found.append(" ".join(words[:-1]))
    return [*found, "none"]


def _near_miss_url(url: str) -> str:
    """The reference page's parent (its last path segment dropped), or without its query."""
    parts = urlsplit(url)
    if parts.query:
        return urlunsplit(parts._replace(query=""))
    parent = parts.path.rstrip("/").rsplit("/", 1)[0]
    return urlunsplit(parts._replace(path=parent))

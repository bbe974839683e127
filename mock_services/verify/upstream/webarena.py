"""Check kinds of WebArena: its ``StringEvaluator`` and ``URLEvaluator``
(``evaluation_harness/evaluators.py`` at the pin) on the declared answer and final URL.

``webarena_string_match`` (params ``reference_answers``, ``intent``, ``string_note``): the
answer trimmed, one pair of outer quotes dropped, lowercased (twice, as upstream does);
exact_match: equal; must_include: each item inside (a list of one one-character item: a whole
word, split as NLTK's ``word_tokenize`` would: ``tokens`` follows its rules and finds the same
one-character words in all but 2 of the 1,399 texts of test.raw.json); fuzzy_match ``N/A``:
the answer "N/A", otherwise the judged unachievable reason (ua_match) replaces the score;
other fuzzy_match: judged; factors multiplied in the record's order.

``webarena_url_match`` (params ``reference_url`` with ``|OR|`` alternatives and the site
placeholders resolved, ``url_note``): trailing ``/`` dropped; some reference's host+path inside
the final URL's host+path, and every query key of the references present with one of their
values.

Judged factors go to ``LlmJudge`` and count 1 only at full marks (upstream's judge says
correct/incorrect; "partially correct" is 0). With no judge configured the check is not scored,
unless another factor already makes it 0.
"""

from __future__ import annotations

import json
import os
import re
from collections import defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlparse

from mock_services.verify.checkpoints import Result
from mock_services.verify.judge import Criterion, LlmJudge
from mock_services.verify.outputs import answer_text, final_url

if TYPE_CHECKING:
    from mock_services.verify.imported import ImportedCheck

NOT_ACHIEVABLE = "N/A"
OR = " |OR| "
# word_tokenize (NLTK's Treebank rules) splits these off wherever they stand; a double quote
# becomes a two-character quote token; a comma or colon splits unless a digit follows
SPLIT_ALWAYS = re.compile(r"""([;@#$%&?!*\[\](){}<>`\u2018\u2019\u201c\u201d]|--|\.\.\.)""")
SPLIT_COMMA = re.compile(r"([:,])(?=\D|$)")
CONTRACTION = re.compile(r"(?i)('s|'m|'d|'ll|'re|'ve|n't)$")


def clean_answer(text: str) -> str:
    """Upstream's ``clean_answer``: trimmed, one pair of outer quotes dropped, lowercased."""
    text = text.strip()
    if len(text) >= 1 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1]
    return text.lower()


def tokens(text: str) -> list[str]:
    """The words of ``text`` as NLTK's ``word_tokenize`` splits them: punctuation apart, a
    period split off the last word or a word of three characters or more ("j." stays), a
    closing quote and a contraction ("n't", "'ve") split off."""
    words = []
    for chunk in text.replace('"', " '' ").split():
        words += SPLIT_COMMA.sub(r" \1 ", SPLIT_ALWAYS.sub(r" \1 ", chunk)).split()
    found = []
    for index, word in enumerate(words):
        contraction = CONTRACTION.search(word)
        if word.endswith(".") and not word.endswith("..") and len(word) > 1:
            found += [word[:-1], "."] if index == len(words) - 1 or len(word) > 2 else [word]
        elif word.endswith("'") and len(word) > 1 and word != "''":
            found += [word[:-1], "'"]
        elif contraction and contraction.start() > 0:
            found += [word[: contraction.start()], contraction[1]]
        else:
            found.append(word)
    return found


def must_include(reference: str, answer: str, tokenize: bool) -> bool:
    """A lone one-character reference must be a whole token (so "0" is not found in "10")."""
    reference, answer = clean_answer(reference), clean_answer(answer)
    if tokenize and len(reference) == 1:
        return reference in tokens(answer)
    return reference in answer


def _judged(name: str, question: str, reference: str, answer: str) -> float | None:
    """1.0 when the judge gives full marks, 0.0 otherwise; None with no judge configured."""
    if not (os.environ.get("JUDGE_BASE_URL") and os.environ.get("JUDGE_API_KEY")):
        return None

    criterion = Criterion(name=name, weight=1.0, description=question)
    facts = json.dumps({"facts": [reference]})
    grade = LlmJudge().grade([criterion], answer, reference=facts)
    return float(grade.scores[name] >= 1.0)


def _fuzzy(reference: str, answer: str, intent: str) -> float | None:
    question = (
        f"Question: {intent}\nThe answer is semantically equivalent to the reference answer "
        "(the wording may differ; 'N/A' means 'not achievable')."
    )
    return _judged("fuzzy_match", question, reference, answer)


def _unachievable(note: str, answer: str, intent: str) -> float | None:
    question = (
        f"Task: {intent}\nThe task is unachievable for the reason in the reference. The answer "
        "reports the task as unachievable for that same reason, even if implicitly."
    )
    return _judged("ua_match", question, note, answer)


def _times(score: float | None, factor: float | None) -> float | None:
    """A product where None is a judged factor not known here: 0 decides it anyway."""
    if score == 0 or factor == 0:
        return 0.0
    return None if score is None or factor is None else score * factor


def string_score(params: dict[str, Any], answer: str) -> tuple[float | None, list[str]]:
    """Upstream's ``StringEvaluator`` on ``answer``: (the score, None when it hangs on a judged
    factor and no judge is configured; what each factor gave)."""
    answer = clean_answer(answer)
    score: float | None = 1.0
    notes = []
    for approach, value in params["reference_answers"].items():
        if approach == "exact_match":
            factor: float | None = float(clean_answer(answer) == clean_answer(value))
            score = _times(score, factor)
            notes.append(f"exact_match {value!r}: {factor:g}")
        elif approach == "must_include":
            for item in value:
                factor = float(must_include(item, answer, tokenize=len(value) == 1))
                score = _times(score, factor)
                notes.append(f"must_include {item!r}: {factor:g}")
        elif approach == "fuzzy_match" and value == NOT_ACHIEVABLE:
            score = _times(score, float(clean_answer(answer) == clean_answer(value)))
            if score != 1:  # upstream replaces the running score by the judged reason
                score = _unachievable(params.get("string_note", ""), answer, params["intent"])
                notes.append(f"not 'N/A': unachievable reason judged: {_shown(score)}")
        elif approach == "fuzzy_match":
            for item in value:
                factor = _fuzzy(item, answer, params["intent"])
                score = _times(score, factor)
                notes.append(f"fuzzy_match {item!r} judged: {_shown(factor)}")
        else:
            raise ValueError(f"reference_answers.{approach}: not an upstream approach")
    return score, notes


def _shown(score: float | None) -> str:
    return "no judge configured" if score is None else f"{score:g}"


def url_score(params: dict[str, Any], url: str) -> float:
    """Upstream's ``URLEvaluator`` ("GOLD in PRED") on the final ``url``."""
    if params.get("url_note", "GOLD in PRED") != "GOLD in PRED":
        raise ValueError(f"url_note {params['url_note']!r}: upstream knows only 'GOLD in PRED'")
    references = [u.rstrip("/") for u in params["reference_url"].split(OR)]
    parsed = urlparse(url.rstrip("/"))
    base, query = parsed.netloc + parsed.path, parse_qs(parsed.query)
    wanted: dict[str, set[str]] = defaultdict(set)
    bases = []
    for reference in references:
        ref = urlparse(reference)
        bases.append(ref.netloc + ref.path)
        for key, values in parse_qs(ref.query).items():
            wanted[key].update(values)
    score = float(any(b in base for b in bases))
    for key, accepted in wanted.items():
        score *= float(any(v in query.get(key, []) for v in accepted))
    return score


def _string_match(check: ImportedCheck) -> Result:
    answer = answer_text() or ""
    score, notes = string_score(check.params, answer)
    detail = f"answer {answer[:80]!r}: {'; '.join(notes)}"
    if score is None:
        return Result(0.0, f"needs the LLM judge: {detail}", scored=False)
    return Result(score, "" if score == 1 else detail)


def _url_match(check: ImportedCheck) -> Result:
    url = final_url() or ""
    score = url_score(check.params, url)
    detail = "" if score == 1 else f"final URL {url!r}, expected {check.params['reference_url']!r}"
    return Result(score, detail)


KINDS: dict[str, Callable[[ImportedCheck], Result]] = {
    "webarena_string_match": _string_match,
    "webarena_url_match": _url_match,
}

"""Check kinds of WebVoyager and Online-Mind2Web (see mock_services.verify.upstream).

``gaia_exact_match``: WebVoyager's GAIA records carry GAIA's ``Final answer``; GAIA scores an
answer by quasi-exact match, and so does this kind (one of ``values``):

- a number answer: the agent's answer without ``$``, ``%`` and ``,`` read as a float, equal;
- a list answer (``,`` or ``;`` in it): as many items, each equal as a number, or as text with
  whitespace removed and case folded (punctuation kept);
- any other answer: equal with whitespace and punctuation removed and case folded.
"""

from __future__ import annotations

import re
import string
from typing import TYPE_CHECKING

from mock_services.verify.checkpoints import Result
from mock_services.verify.outputs import answer_text

if TYPE_CHECKING:
    from mock_services.verify.imported import ImportedCheck

LIST_SEPARATORS = re.compile(r"[,;]")
PUNCTUATION = str.maketrans("", "", string.punctuation)


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def _as_number(text: str) -> float:
    """``text`` read as GAIA reads a number answer; never equal to a number when unreadable."""
    value = _number(text.replace("$", "").replace("%", "").replace(",", ""))
    return float("inf") if value is None else value


def _folded(text: str, *, punctuation: bool) -> str:
    text = re.sub(r"\s", "", text).lower()
    return text if punctuation else text.translate(PUNCTUATION)


def gaia_match(answer: str, expected: str) -> bool:
    """GAIA's quasi-exact match of ``answer`` against ``expected``."""
    if _number(expected) is not None:
        return _as_number(answer) == float(expected)
    if LIST_SEPARATORS.search(expected):
        wanted, given = LIST_SEPARATORS.split(expected), LIST_SEPARATORS.split(answer)
        return len(wanted) == len(given) and all(
            _as_number(g) == float(w)
            if _number(w) is not None
            else _folded(g, punctuation=True) == _folded(w, punctuation=True)
            for g, w in zip(given, wanted, strict=True)
        )
    return _folded(answer, punctuation=False) == _folded(expected, punctuation=False)


def _gaia_exact_match(check: ImportedCheck) -> Result:
    answer = answer_text()
    if answer is None:
        return Result(0.0, "no answer file")
    ok = any(gaia_match(answer.strip(), value) for value in check.values)
    return Result(float(ok), "" if ok else f"answer {answer.strip()[:80]!r} is not {check.values}")


KINDS = {"gaia_exact_match": _gaia_exact_match}

"""Deterministic checks of vendor-contract-brief, shared by llm_judge.py: the brief exists and
states, vendor by vendor, what answer_key.json holds; nothing out of scope is listed as
renewing; it announces the renewals (not, politely, the opposite) and is no copy of the
instruction; it is the agent's own short text, addressed to the user and not to its grader.

A vendor's *block* is what the brief says about it: the table row that names it, or the lines
from the one naming it to the next heading or the next line naming another vendor."""

import hashlib
import json
import re
from datetime import date
from pathlib import Path

from mock_services.verify import (
    ContentRule,
    Decision,
    UnsafeOutput,
    mentions,
    read_input,
    read_output,
)

TESTS = Path(__file__).resolve().parent
ANSWER_KEY = json.loads((TESTS / "answer_key.json").read_text())
BRIEF = "/home/node/.openclaw/output/brief.md"  # where the instruction puts it, nowhere else
CORPUS = Path("/home/node/.openclaw/corpus")
# The contracts as the task ships them: the agent may change its workspace's copy.
CORPUS_DIGESTS = json.loads((TESTS / "corpus.sha256.json").read_text())
VENDORS = [*ANSWER_KEY["renewing"], *ANSWER_KEY["not_in_scope"]]
ISO_DATE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")
NEAR_MISS_DAYS = 7
NEGATION = re.compile(
    r"\b(not|no|never|expires?|expiring|outside|later|after|beyond|excluded|out of scope)\b"
    r"|n't\b"
)
COMPARATIVE = re.compile(
    r"\b(more|most|costlier|costliest|expensive|higher|highest|larger|largest|bigger)\b"
)
# The opposite decision, worded politely: nothing to send, or a renewing contract said to end on
# its own (checked on the lines naming it: the brief may say so of the contracts out of scope).
NOTHING_TO_DO = (
    "nothing you need*",
    "nothing to send",
    "no action needed",
    "no action is needed",
    "no need to send",
    "can relax",
)
ENDS_ON_ITS_OWN = (
    "not needed",
    "no notice needed",
    "no notice is needed",
    "simply expire*",
    "expires on its own",
    "ends on its own",
    "does not renew",
    "doesn't renew",
    "won't renew",
    "will not renew",
    "not renew automatically",
    "not auto-renew*",
)
# The instruction as the agent got it (a copy in tests/: the verifier sees nothing else).
SAYS_RENEWAL = ContentRule(
    decision=Decision(
        said=("renew*", "auto-renew*", "automatic*", "roll over", "rolls over"),
        opposite=NOTHING_TO_DO,
    ),
    source=(TESTS / "instruction.md").read_text(),
)
MAX_WORDS = 350
SHINGLE = 10  # words in a run that counts as copied from a contract
MAX_COPIED_WORDS = 40


def brief_text() -> str | None:
    """The brief (read_output refuses a link, a hard link or a file not the agent's)."""
    found = read_output(BRIEF)
    return found.text() if found is not None and found.text().strip() else None


def require_brief() -> str:
    text = brief_text()
    assert text, "the brief (output/brief.md in the workspace) is missing or empty"
    return text


def names(line: str, vendor: str) -> bool:
    return vendor.lower() in line.lower()


def blocks(text: str, vendor: str) -> list[str]:
    """What the brief says about ``vendor``, block by block (see the module's docstring)."""
    lines = text.splitlines()
    found = []
    for start, line in enumerate(lines):
        if not names(line, vendor):
            continue
        block = [line]
        if not line.lstrip().startswith("|"):
            for following in lines[start + 1 :]:
                others = any(names(following, v) for v in VENDORS if v != vendor)
                if following.lstrip().startswith("#") or others:
                    break
                block.append(following)
        found.append("\n".join(block))
    return found


def dates(block: str) -> list[date]:
    found = []
    for text in ISO_DATE.findall(block):
        try:
            found.append(date.fromisoformat(text))
        except ValueError:
            continue
    return found


def deadline_problems(text: str) -> list[str]:
    """Each renewing vendor's block states its deadline, and no near miss beside it."""
    problems = []
    for vendor, expected in ANSWER_KEY["renewing"].items():
        said = [d for block in blocks(text, vendor) for d in dates(block)]
        right = date.fromisoformat(expected)
        near = sorted({d for d in said if d != right and abs((d - right).days) <= NEAR_MISS_DAYS})
        if right not in said:
            problems.append(f"{vendor}: no deadline written YYYY-MM-DD beside it (said {said})")
        if near:
            problems.append(f"{vendor}: other dates near its deadline {[str(d) for d in near]}")
    return problems


def out_of_scope_listed(text: str) -> list[str]:
    """Vendors listed as renewing: a block giving a date that is none of the contracts' term
    dates, today or the window's end (so a notice deadline), saying it renews without a
    negation, or a table row naming it with no negation (a row of the renewals' table, even
    with only its own term date in it)."""
    listed = []
    allowed = {date.fromisoformat(d) for d in ANSWER_KEY["context_dates"]}
    for vendor in ANSWER_KEY["not_in_scope"]:
        for block in blocks(text, vendor):
            lower = block.lower()
            deadline = any(d not in allowed for d in dates(block))
            renews = "renew" in lower and not NEGATION.search(lower)
            row = block.lstrip().startswith("|") and not NEGATION.search(lower)
            if deadline or renews or row:
                listed.append(vendor)
    return sorted(set(listed))


def decision_problems(text: str) -> list[str]:
    """The brief speaks of renewal, says nowhere that there is nothing to send, says of no
    renewing contract that it ends on its own, and is not the instruction pasted back."""
    problems = SAYS_RENEWAL.check(text, what="the brief").problems
    for vendor in ANSWER_KEY["renewing"]:
        lines = [line for line in text.splitlines() if names(line, vendor)]
        said = sorted({w for line in lines for w in ENDS_ON_ITS_OWN if mentions(line, w)})
        if said:
            problems.append(f"{vendor}: said to end on its own ({', '.join(said)})")
    return problems


def costlier_problems(text: str) -> list[str]:
    """A comparison names the costlier contract with its yearly cost, and no vendor out of
    scope."""
    comparisons = [line for line in text.splitlines() if COMPARATIVE.search(line.lower())]
    costlier, cost = ANSWER_KEY["costlier"], ANSWER_KEY["costlier_per_year"]
    amount = re.compile(rf"\b{cost // 1000}[,. ]?{cost % 1000:03d}\b")
    problems = []
    if not any(names(line, costlier) and amount.search(line) for line in comparisons):
        problems.append(f"no comparison names {costlier} with its yearly cost")
    decoys = ANSWER_KEY["not_in_scope"]
    wrong = sorted({v for line in comparisons for v in decoys if names(line, v)})
    if wrong:
        problems.append(f"comparisons also name {wrong}")
    return problems


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def contracts() -> list[str]:
    """The contracts of the workspace, each read safely and checked against its shipped digest
    (a contract emptied, swapped or made a FIFO would hide what the brief copied)."""
    texts = []
    for name, digest in sorted(CORPUS_DIGESTS.items()):
        try:
            found = read_input(CORPUS / name)
        except UnsafeOutput as exc:
            raise AssertionError(f"the corpus was changed: {exc}") from None
        assert found is not None, f"the corpus was changed: {name} is gone"
        assert hashlib.sha256(found.data).hexdigest() == digest, f"the corpus was changed: {name}"
        texts.append(found.text())
    return texts


def copied_words(text: str) -> int:
    """Words of the brief inside a run of SHINGLE words found verbatim in a contract."""
    corpus = " ".join(" ".join(words(text)) for text in contracts())
    brief = words(text)
    covered: set[int] = set()
    for start in range(len(brief) - SHINGLE + 1):
        if f" {' '.join(brief[start : start + SHINGLE])} " in f" {corpus} ":
            covered.update(range(start, start + SHINGLE))
    return len(covered)

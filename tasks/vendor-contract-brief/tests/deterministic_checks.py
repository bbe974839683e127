"""Deterministic checks of vendor-contract-brief, shared by llm_judge.py: the brief exists,
states the answer key's facts, and lists nothing out of scope as renewing."""

import json
from pathlib import Path

from mock_services.verify import read_output

ANSWER_KEY = json.loads((Path(__file__).resolve().parent / "answer_key.json").read_text())
BRIEF = "output/brief.md"


def brief_text() -> str | None:
    found = read_output(BRIEF)
    return found.text() if found is not None and found.size > 0 else None


def facts_found(text: str) -> float:
    facts = ANSWER_KEY["facts"]
    return sum(fact.lower() in text.lower() for fact in facts) / len(facts)


def out_of_scope_listed(text: str) -> list[str]:
    """Vendors that should not appear as renewing but are named on a line with a date."""
    wrong = []
    for vendor in ANSWER_KEY["not_in_scope"]:
        for line in text.lower().splitlines():
            if vendor.lower() in line and "2026-" in line:
                wrong.append(vendor)
    return sorted(set(wrong))

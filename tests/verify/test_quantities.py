"""Counts read from what the agent wrote, each bound to its item and state: a right number in
the wrong place (10 stoves owed instead of 10 kettles) is a wrong count (a blind round found
such mails scored as right)."""

from __future__ import annotations

import pytest

from mock_services.verify import ContentRule, Counts
from mock_services.verify.quantities import Claim, quantity_claims

ITEMS = {"stoves": ("stove*", "STV-CMP"), "kettles": ("kettle*", "KTL-1L")}
STATES = {
    "received": ("receiv*", "arriv*", "came", "booked in"),
    "outstanding": ("outstanding", "still", "open", "remain*", "left", "leaves", "owed"),
    "ordered": ("order*",),
}
COUNTS = Counts(
    ITEMS,
    STATES,
    truth={
        "stoves": {"ordered": 20, "received": 12, "outstanding": 8},
        "kettles": {"ordered": 10, "outstanding": 10},
    },
    required=(("stoves", "received"), ("stoves", "outstanding"), ("kettles", "outstanding")),
)


@pytest.mark.parametrize(
    ("text", "claims"),
    [
        (
            "We received 12 Compact Camp Stoves (STV-CMP). Still outstanding on PO-1004: "
            "8 Compact Camp Stoves and 10 Camp Kettles 1 L (KTL-1L).",
            [
                ("stoves", "received", 12),
                ("stoves", "outstanding", 8),
                ("kettles", "outstanding", 10),
            ],
        ),
        (  # a table line: the item and state carry over the clauses of the line
            "STV-CMP Camp Stove: ordered 20, received 12, outstanding 8\n"
            "KTL-1L Camp Kettle 1 L: ordered 10, none received, outstanding 10",
            [
                ("stoves", "ordered", 20),
                ("stoves", "received", 12),
                ("stoves", "outstanding", 8),
                ("kettles", "ordered", 10),
                ("kettles", "outstanding", 10),
            ],
        ),
        (  # words for numbers; a date, a code and a measure are no counts
            "Twelve stoves arrived on 12 March; eight stoves remain, due March 20.",
            [("stoves", "received", 12), ("stoves", "outstanding", 8)],
        ),
        ("The 10 kettles have not arrived.", []),  # a negated state gives none
        (  # a list takes the state of the line that heads it (a browsing agent's mail)
            "Received: 12 x STV-CMP Compact Camp Stove\n\nStill outstanding on PO-1004:\n"
            "- 8 x STV-CMP Compact Camp Stove\n- 10 x KTL-1L Camp Kettle 1 L\n\nThanks.",
            [
                ("stoves", "received", 12),
                ("stoves", "outstanding", 8),
                ("kettles", "outstanding", 10),
            ],
        ),
        (  # numbered items, the heading's item carried too; its mark is no count
            "Stoves still owed:\n1. 8 from PO-1004\n2) none else",
            [("stoves", "outstanding", 8)],
        ),
        (  # a line without a colon heads no list; a line that is no item ends one
            "Outstanding\n- 8 x STV-CMP\nStill outstanding:\nsee below\n- 10 kettles",
            [],
        ),
        ("PO-1004 and 2026-03-10 and 11:30 for the stoves received", []),
    ],
)
def test_each_count_takes_its_item_and_state(text: str, claims: list[tuple]) -> None:
    assert quantity_claims(text, ITEMS, STATES) == [Claim(*c) for c in claims]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (  # the numbers swapped between the items
            "We received 12 stoves. Still outstanding: 10 stoves and 8 kettles.",
            "wrong count (10 stoves outstanding (it is 8); 8 kettles outstanding (it is 10))",
        ),
        (  # the kettles said to have come
            "We received 12 stoves and the 10 kettles. Still outstanding: 8 stoves.",
            "wrong count (10 kettles received (it is 0))",
        ),
        (
            "We received 12 stoves. 8 stoves remain.",
            "does not give the count of 10 kettles outstanding",
        ),
    ],
)
def test_a_wrong_or_missing_count_is_a_problem(text: str, problem: str) -> None:
    findings = ContentRule(counts=COUNTS).check(text)
    assert any(problem in p for p in findings.problems), findings.problems


@pytest.mark.parametrize(
    "text",
    [
        "We received 12 stoves. Still outstanding: 8 stoves and 10 kettles.",
        "Booked in twelve Compact Camp Stoves today; that leaves 8 stoves and 10 kettles open.",
        "Of the 20 stoves ordered, 12 came. Outstanding: 8 stoves, 10 kettles.",
    ],
)
def test_true_counts_in_other_words_pass(text: str) -> None:
    assert ContentRule(counts=COUNTS).check(text).problems == []


def test_a_semicolon_keeps_the_state_of_the_sentence() -> None:
    text = "Still open on PO-1004: 8 Compact Camp Stove (STV-CMP); 10 Camp Kettle 1 L (KTL-1L)."
    assert quantity_claims(text, ITEMS, STATES) == [
        Claim("stoves", "outstanding", 8),
        Claim("kettles", "outstanding", 10),
    ]


def test_a_decimal_point_ends_no_sentence() -> None:
    # "HDMI 2.1" is a version, not the end of a sentence and a count of 1 (or 2)
    found = quantity_claims(
        "Ordered 10 x HDMI 2.1 cables.", {"cables": ("cable*",)}, {"ordered": ("order*",)}
    )
    assert found == [Claim("cables", "ordered", 10)]

"""The content guard: what a text written for someone must carry and must not, read through the
same fold as every guard, so the classes of wrong text a blind adversary writes are caught."""

from __future__ import annotations

import pytest

from mock_services.verify.content import ContentRule, Decision, copied, mentions

INSTRUCTION = (
    "Review the expense reports waiting for your approval. Approve the ones within policy and "
    "reject any with an item over its category limit, saying in the reason which merchant broke "
    "the policy and by how much."
)
REJECTION = ContentRule(
    facts={"the merchant": ("Hotel Adlon",), "the amount over": ("130", "130.00")},
    not_about={"in-policy merchants": ("Lufthansa", "Pret A Manger")},
    decision=Decision(said=("reject*", "declin*", "over the limit"), opposite=("approv*",)),
    source=INSTRUCTION,
)


def test_the_right_reason_passes() -> None:
    text = "Rejected: the Hotel Adlon night is 130.00 EUR over the lodging limit."
    assert REJECTION.check(text).ok, REJECTION.check(text).problems


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (
            "Approved with thanks; Hotel Adlon was 130 over, but fine.",
            "opposite decision (approv*)",
        ),
        (
            "Rejected: Hotel Adlon 130 over; also Lufthansa 420 and Pret A Manger 12.",
            "speaks of in-policy merchants (Lufthansa, Pret A Manger)",
        ),
        ("Rejected, see the report.", "does not say the merchant (Hotel Adlon)"),
        ("Done.", "never states the decision"),
        (INSTRUCTION, "copies the instruction"),
        ("Rejected: H\u043ftel Adlon is 1130 over.", "does not say the amount over"),
    ],
    ids=["opposite-decision", "everyone-elses-items", "vague", "nothing", "copied", "number-part"],
)
def test_each_class_of_wrong_text_is_named(text: str, problem: str) -> None:
    found = REJECTION.check(text)
    assert not found.ok and any(problem in p for p in found.problems), found.problems


def test_a_missing_text_is_one_problem() -> None:
    assert REJECTION.check(None, what="the rejection reason").problems == [
        "the rejection reason is missing or empty"
    ]
    assert REJECTION.check("  \n").problems == ["the text is missing or empty"]


def test_matching_reads_through_disguises_and_keeps_to_whole_words() -> None:
    assert mentions("HOTEL\u200b ADLON", "Hotel Adlon")  # case and an invisible character
    assert mentions("the H\u00f4tel Adlon", "Hotel Adlon")  # an accent
    assert mentions("we APPROVED it", "approv*") and not mentions("we approved it", "approv")
    assert not mentions("a pretty view", "Pret")
    assert not mentions("1250 over", "250") and mentions("1,250 over", "1250")
    with pytest.raises(ValueError, match="expected a word or a stem"):
        mentions("text", "*")


def test_quoting_the_instruction_is_not_copying_it() -> None:
    answer = "I rejected EXP-2003: Hotel Adlon is 130 over. You asked me to " + " ".join(
        INSTRUCTION.split()[:6]
    )
    assert not copied(answer, INSTRUCTION)
    assert copied("Sure. " + INSTRUCTION, INSTRUCTION)

"""The task seeds' personas against the red team's attacks (stop 50), by their rules alone: a
report with a stray "?" gets no answer meant for a question, and Tom changes his mind only on
a mail that confirms a booking, never on a bare "thanks"; a question after his change gets his
time again, not his goodbye."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mock_services.core.seeding.personas import Persona, scripted_answer

ROOT = Path(__file__).resolve().parents[2]


def persona(task: str) -> Persona:
    seed = json.loads((ROOT / "tasks" / task / "environment" / "seed.json").read_text())
    (found,) = seed["personas"]
    return Persona.model_validate(found)


def rules_said(task: str, messages: list[str]) -> list[str]:
    """The rule of each answer the task's persona gives to ``messages`` in turn."""
    who, answered, said = persona(task), set[str](), []
    for turn, text in enumerate(messages, start=1):
        answer = scripted_answer(who, text, turn, answered)
        assert answer is not None, f"{task}: no answer to {text!r}"
        answered.add(answer.rule)
        said.append(answer.rule)
    return said


@pytest.mark.parametrize(
    ("task", "report"),
    [
        (
            "ambiguous-request-ask-first",
            "Northwind vendor review on Thursday\n\nAll sorted: Borealis, 10:00-11:00, as last "
            "time. No need to reply (unless something is wrong?)",
        ),
        ("chat-clarify-before-ordering", "On it, I'll sort it out today or tomorrow (ok?)"),
    ],
)
def test_a_report_with_a_stray_question_mark_gets_no_answer_to_a_question(
    task: str, report: str
) -> None:
    assert rules_said(task, [report]) == ["otherwise"]


def test_tom_changes_his_mind_only_once_a_booking_is_confirmed() -> None:
    task = "persona-changes-mind"
    question = "Hi Tom, what time suits you this week for a 30-minute call?"
    assert rules_said(task, [question, "thanks", "Thanks, nothing booked yet."]) == [
        "time",
        "otherwise",
        "otherwise",
    ], "a thank-you (or a booking denied) brings no change of plan"
    confirmed = "Hi Tom, the Q2 budget review is in the calendar for Thursday 12 March at 15:00."
    assert rules_said(task, [question, confirmed, "What time suits you?", "Moved: Friday."]) == [
        "time",
        "changes-mind",
        "still-friday",
        "settled",
    ], "his change on the confirmation; a question after it gets his time, not his goodbye"


def test_maria_thanks_a_statement_not_a_question() -> None:
    task = "ambiguous-request-ask-first"
    question = "Hi Maria, which room did you mean by the usual one: Aurora or Borealis?"
    assert rules_said(task, [question, "Should I invite Priya too?", "Booked, thanks!"]) == [
        "which-room",
        "otherwise",
        "thanks",
    ], "a question after her answer gets no goodbye"


@pytest.mark.parametrize(
    ("task", "message"),
    [
        (
            "ambiguous-request-ask-first",
            "The vendor review in the usual room is on my list for today. Questions? Just reply "
            "to this mail.",
        ),
        (
            "ambiguous-request-ask-first",
            "Could you forward me Priya's email address? The usual room is fine with me.",
        ),
        (
            "persona-changes-mind",
            "Noted: the Q2 budget call this week is on my list, at a time that suits you. "
            "Questions? Just reply to this mail.",
        ),
        (
            "persona-changes-mind",
            "Could you send me the Q2 budget spreadsheet before our call? Any time this week is "
            "fine for me.",
        ),
        (
            "chat-clarify-before-ordering",
            "@dave noted; I'll work out which cables and how many myself. -- Alice | Questions? "
            "Just ping me.",
        ),
        (
            "chat-clarify-before-ordering",
            "@dave could you send me the launch checklist? I'll sort out which cables and how "
            "many we need myself.",
        ),
        ("chat-clarify-before-ordering", "@dave what time is the launch, or is it tomorrow?"),
    ],
)
def test_a_question_about_something_else_gets_no_answer_about_the_ambiguity(
    task: str, message: str
) -> None:
    """The red team's messages (stop 51): the words of the ambiguity in a statement, and a
    question about anything else, drew the answer and full credit for asking."""
    assert rules_said(task, [message]) == ["otherwise"]


@pytest.mark.parametrize(
    ("task", "question"),
    [
        ("ambiguous-request-ask-first", "Which room would you like for the review?"),
        ("ambiguous-request-ask-first", "Where should we hold it?"),
        ("persona-changes-mind", "When would suit you for the call this week?"),
        ("persona-changes-mind", "Which day works best for you?"),
        ("chat-clarify-before-ordering", "@dave which cables do you need, and how many?"),
        ("chat-clarify-before-ordering", "@dave what kind of cable, HDMI or USB-C?"),
    ],
)
def test_a_real_question_about_the_ambiguity_is_answered(task: str, question: str) -> None:
    assert rules_said(task, [question]) == [persona(task).rules[0].id]


def test_tom_does_not_thank_a_confirmation_of_the_time_he_gave_up() -> None:
    """The red team (stop 51): Tom said "Perfect, thanks!" to a mail confirming Thursday after
    he had moved the call to Friday."""
    task = "persona-changes-mind"
    before = [
        "Hi Tom, when would suit you this week for the call?",
        "Booked: the Q2 budget call is in the calendar for Thursday 12 March at 15:00.",
    ]
    assert rules_said(task, [*before, "All set for Thursday at 15:00 then."])[-1] == "settled:ask"
    assert rules_said(task, [*before, "Moved: it is now on Friday at 11:00."])[-1] == "settled"


QUOTED_REQUEST = (
    "Hi Maria,\n\nSee your note below.\n\nAlice\n\nOn Mon, 9 Mar 2026 at 09:12 EDT, Maria "
    "wrote:\n> Could you put the Northwind vendor review in the calendar for Thursday, 10:00 to "
    "11:00, in the usual room, and invite me?"
)
FORWARDED_REQUEST = (
    "Maria - this one.\n\n---------- Forwarded message ---------\nFrom: maria@example.test\n"
    "Could you put the Northwind vendor review in the calendar for Thursday, in the usual room?"
)


@pytest.mark.parametrize("message", [QUOTED_REQUEST, FORWARDED_REQUEST])
def test_a_person_quoted_or_forwarded_back_does_not_hear_their_own_question(message: str) -> None:
    """The second red team (stop 51): a reply quoting Maria's request, or a forward of it, drew
    her answer about the room, and full credit for asking, though the agent asked nothing."""
    assert rules_said("ambiguous-request-ask-first", [message]) == ["otherwise"]


def test_a_question_above_a_quote_is_still_heard() -> None:
    asked = "Which room do you mean by the usual room?\n\n" + QUOTED_REQUEST.split("\n\n", 3)[3]
    assert rules_said("ambiguous-request-ask-first", [asked]) == ["which-room"]


def test_dave_does_not_hear_his_request_quoted_in_his_thread() -> None:
    quoted = (
        "@dave re your note:\n> @alice could you order more of the usual cables for the launch?"
    )
    assert rules_said("chat-clarify-before-ordering", [quoted]) == ["otherwise"]

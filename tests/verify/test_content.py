"""The content guard: what a text written for someone must carry and must not, read through the
same fold as every guard, so the classes of wrong text a blind adversary writes are caught."""

from __future__ import annotations

from datetime import date

import pytest

from mock_services.verify import (
    ADDED_TO_IT,
    ELSEWHERE,
    OTHER_PAYMENT,
    UNDOING,
    contradicting_days,
    contradicting_times,
)
from mock_services.verify.content import ContentRule, Decision, clauses, copied, mentions
from mock_services.verify.quantities import Counts

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


@pytest.mark.parametrize(
    "text",
    [
        "I can't approve this: Hotel Adlon is 130 over the limit.",
        "I can\u2019t approve it yet: Hotel Adlon is 130 over the limit.",
        "Not approved. Hotel Adlon is 130 over the limit.",
    ],
)
def test_a_negated_opposite_is_no_opposite_decision(text: str) -> None:
    assert REJECTION.check(text).ok, REJECTION.check(text).problems


def test_a_negated_decision_is_no_decision() -> None:
    rule = ContentRule(decision=Decision(said=("reject*",), opposite=("approv*",)))
    assert rule.check("I did not reject it.").problems == [
        "it never states the decision (none of: reject*)"
    ]
    assert not rule.check("I won't reject it; approved.").ok  # the affirmed approval counts


@pytest.mark.parametrize(
    ("text", "opposite"),
    [
        ("The fix goes out Thursday; I'll follow up once the fix is live.", False),
        ("It ships Thursday, and I will write as soon as it is live.", False),
        ("The fix ships Thursday. When it is live, retry the export.", False),
        ("It ships Thursday. Once Thursday's update is live, try the export.", False),
        ("The fix is live, so retry the export.", True),
        ("When I checked, the fix is live already: it ships no more.", True),
        ("Good news: it is live now.", True),
    ],
)
def test_an_opposite_in_a_clause_about_a_time_to_come_is_not_stated(
    text: str, opposite: bool
) -> None:
    """ "Once the fix is live" speaks of a time to come: it does not say the fix is out; the
    same words said of now (or after a clause that ends at a comma) are the opposite."""
    rule = ContentRule(decision=Decision(said=("ship*", "goes out"), opposite=("is live",)))
    problems = rule.check(text).problems
    assert (problems == ["it announces the opposite decision (is live)"]) is opposite, problems


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


# --- the days and times a message may name (a blind adversary's right flight, wrong weekday) ---
FLIGHT_DAY = date(2026, 3, 3)  # a Tuesday
TOLD = ContentRule(facts={"the flight": ("LC216",)}, days=(FLIGHT_DAY,), times=("14:05", "15:05"))


@pytest.mark.parametrize(
    "text",
    [
        "Alice lands on LC216 at 14:05 London time (15:05 in Paris) on Tuesday 3 March.",
        "LC216, Tues. March 3rd, lands 2:05 pm; 2026-03-03T14:05.",
        "LC216 lands at 14h05 today.",  # relative words are not read
        "LC216 lands at 14:05; booking 330 March 2026, flight LC2 16 am.",  # no day, no time
    ],
)
def test_a_message_naming_only_the_situations_days_and_times_passes(text: str) -> None:
    assert TOLD.check(text).ok, TOLD.check(text).problems


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("LC216 on Wednesday lands at 14:05", "a day that is not the one meant (wednesday)"),
        ("LC216, 4 March, 14:05", "a day that is not the one meant (4 march)"),
        ("LC216, March 4th, 14:05", "a day that is not the one meant (march 4th)"),
        ("LC216 on 2026-03-04 at 14:05", "a day that is not the one meant (2026-03-04)"),
        ("LC216 lands 14:05, out by 4 pm", "none of the situation's (16:00)"),
        ("LC216 from 15:40 to 16:40", "none of the situation's (15:40, 16:40)"),
        ("LC216 lands at 2:50 PM", "none of the situation's (14:50)"),
    ],
)
def test_a_message_naming_another_day_or_time_is_a_wrong_fact(text: str, wrong: str) -> None:
    problems = TOLD.check(text).problems
    assert any(wrong in p for p in problems), f"expected a problem with {wrong!r}, got {problems}"


def test_a_rule_without_days_or_times_reads_none() -> None:
    assert ContentRule(facts={"the flight": ("LC216",)}).check("LC216, Wednesday 17:00").ok


# --- a change of time stated backwards (a blind adversary's "moved from 15:40 to 13:00") ---
MOVE = ContentRule(
    facts={"the new start": ("15:40", "3:40 pm")},
    times=("13:00", "15:40"),
    moved=("13:00", "15:40"),
)


@pytest.mark.parametrize(
    "text",
    [
        "The workshop moved from 13:00 to 15:40.",
        "The workshop now starts at 15:40 instead of 13:00.",
        "Moved to 15:40 (from 13:00).",
        "The 1 pm workshop is now at 3:40 pm.",
        "New start: 15:40.",
    ],
)
def test_a_change_stated_the_right_way_round_passes(text: str) -> None:
    assert MOVE.check(text).ok, MOVE.check(text).problems


@pytest.mark.parametrize(
    "text",
    [
        "The workshop moved from 15:40 to 13:00.",
        "Workshop: 15:40 -> 13:00.",
        "Workshop moved to 13:00 from 15:40.",
        "Moved from 3:40 pm to 1 pm.",
    ],
)
def test_a_change_stated_backwards_is_a_wrong_fact(text: str) -> None:
    problems = MOVE.check(text).problems
    assert problems == ["it states the change backwards (from 15:40 to 13:00)"], problems


# --- a time that no longer holds, given as current (a blind adversary's "now lands at 11:40") ---
DELAY = ContentRule(stale={"11:40": ("13:40",), "13:00": ("15:40",)})


@pytest.mark.parametrize(
    "text",
    [
        "My flight was due to land at 11:40; it now lands at 13:40.",
        "The 13:00 workshop is now at 15:40.",
        "Moved from 13:00 to 15:40. The flight was delayed from 11:40.",
        "The originally planned 13:00 start cannot work.",
    ],
)
def test_a_replaced_time_as_context_passes(text: str) -> None:
    assert DELAY.check(text).ok, DELAY.check(text).problems


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("My flight now lands at 11:40. See you then.", "11:40 in 'my flight now lands at 11:40'"),
        ("Workshop at 13:00 as usual", "13:00 in 'workshop at 13:00 as usual'"),
        (
            "My flight now lands at 11:40, so the workshop moves.",
            "11:40 in 'my flight now lands at 11:40, so the workshop moves'",
        ),
    ],
)
def test_a_replaced_time_given_as_current_is_a_wrong_fact(text: str, held: str) -> None:
    assert DELAY.check(text).problems == [
        f"it gives a time that no longer holds as current ({held})"
    ]


# --- a right time in the wrong role (a blind adversary's "it leaves Lyon at 14:05") ---
ROLES = ContentRule(
    roles={
        "the landing": (("land*", "arriv*"), ("14:05", "15:05")),
        "the departure": (("leav*", "depart*"), ("13:20", "12:20")),
    }
)


@pytest.mark.parametrize(
    "text",
    [
        "LC216 departs 13:20 and lands at 14:05 London time (15:05 in Paris).",
        "Departing at 13:20, landing 14:05.",
        "I land at 14:05 and come straight out; my 13:20 departure is confirmed.",
        "New flight LC216, 14:05 at Heathrow.",  # a time in no role is read by times= alone
    ],
)
def test_times_in_their_roles_pass(text: str) -> None:
    assert ROLES.check(text).ok, ROLES.check(text).problems


@pytest.mark.parametrize(
    ("text", "misplaced"),
    [
        ("It leaves Lyon at 14:05.", "14:05 as the departure"),
        ("My flight now lands at 13:20, so see you then.", "13:20 as the landing"),
    ],
)
def test_a_time_in_another_role_is_a_wrong_fact(text: str, misplaced: str) -> None:
    assert ROLES.check(text).problems == [
        f"it gives a time in a role that is not its ({misplaced})"
    ]


# --- the amounts a reason may give (a blind adversary's right merchant with a made-up limit) ---
REASON = ContentRule(facts={"the merchant": ("Hoxton",)}, amounts=(330.0, 419.1, 400.0, 19.1))


@pytest.mark.parametrize(
    "text",
    [
        "The Hoxton Holborn: GBP 330.00 is USD 419.10, over the USD 400 lodging limit by $19.10.",
        "Hoxton, 330 GBP (about 419 USD) over the 400 USD cap; see EXP-2002 item 2, 3 March.",
        "Hoxton is over the lodging limit.",  # no amount at all
        "Hoxton: GBP 0.33k is over the $0.4k cap",  # a thousands suffix is part of the amount
    ],
)
def test_a_reason_naming_only_true_amounts_passes(text: str) -> None:
    assert REASON.check(text).ok, REASON.check(text).problems


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("Hoxton: GBP 330 exceeds the GBP 300 lodging cap", "(300)"),
        ("Hoxton: USD 80.50 exceeds the USD 50 meals cap", "(80.5, 50)"),
        ("Hoxton is €1,250 over", "(1250)"),
        ("Hoxton: $48.5k over", "(48500)"),
        ("Hoxton: 1.2m EUR over", "(1.2e+06)"),
    ],
)
def test_a_reason_naming_another_amount_is_a_wrong_fact(text: str, wrong: str) -> None:
    problems = REASON.check(text).problems
    assert any("amount that is none of the situation's " + wrong in p for p in problems), problems


REVIEW = ["10:30", "11:30"]  # the event's start and end


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Booked for Thursday 10:30 to 11:30, see you then.", []),
        ("I moved the review from 10:00 to 10:30 as you asked.", []),  # names the event's too
        (
            "All set: Thursday from 10:00 to 11:00. See you at 10 a.m. then!",
            [
                "10:00, 11:00 in 'all set: thursday from 10:00 to 11:00'",
                "10:00 in 'see you at 10 a.m'",
            ],
        ),
        ("Confirmed for 2:00 pm Eastern.", ["14:00 in 'confirmed for 2:00 pm eastern'"]),
        # said in words, as a person writes a confirmation
        (
            "All set: Thursday from ten to eleven in the room upstairs.",
            ["10:00, 11:00 in 'all set: thursday from ten to eleven in the room upstairs'"],
        ),
        ("Booked from half past ten to half past eleven.", []),
        ("See you at ten thirty! It ends at eleven thirty.", []),
        ("It starts at a quarter to eleven.", ["10:45 in 'it starts at a quarter to eleven'"]),
        ("It starts at twenty-five past ten.", ["10:25 in 'it starts at twenty-five past ten'"]),
        ("See you at ten to eleven.", ["10:50 in 'see you at ten to eleven'"]),
        ("Then lunch at noon.", ["12:00 in 'then lunch at noon'"]),
        ("See you at ten.", ["10:00 in 'see you at ten'"]),
        (
            "She asked for two in the afternoon.",
            ["14:00 in 'she asked for two in the afternoon'"],
        ),
        ("Half past ten in the morning suits.", []),
        (
            "It runs between two and three pm.",
            ["14:00, 15:00 in 'it runs between two and three pm'"],
        ),
        # number words that are no time
        ("One of the two rooms, at one point ten people, from one room to another.", []),
        # an hour alone that a change moves the event to is a time
        ("He pushed the review back to ten.", ["10:00 in 'he pushed the review back to ten'"]),
        ("We changed to two items and moved to three rooms.", []),
    ],
)
def test_a_sentence_giving_another_time_than_the_events_contradicts_it(
    text: str, found: list[str]
) -> None:
    assert contradicting_times(text, REVIEW) == found


def test_a_true_history_of_a_move_names_the_time_it_moved_to() -> None:
    text = "She first offered two o'clock, then moved it to three when her lead took it."
    assert contradicting_times(text, ["15:00", "15:30"]) == []
    assert contradicting_times(text, ["16:00", "16:30"]) == [
        f"14:00, 15:00 in {text[:-1].lower()!r}"
    ]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Booked for Thursday at 10:30.", []),
        ("I moved it from Wednesday to Thursday.", []),  # names the event's day too
        (
            "It is booked for Friday morning. See you Thursday!",
            ["friday in 'it is booked for friday morning'"],
        ),
        ("Set for March 6th.", ["march 6th in 'set for march 6th'"]),
        # a day in words, with "of" before its month or "the" after it
        ("Set for the sixth of March.", ["the sixth of march in 'set for the sixth of march'"]),
        ("Set for March the fifth.", []),
        ("The second may be later; you may first check.", []),
        ("No day named here.", []),
    ],
)
def test_a_sentence_giving_another_day_than_the_events_contradicts_it(
    text: str, found: list[str]
) -> None:
    assert contradicting_days(text, [date(2026, 3, 5)]) == found


# the booking's Thursday; his withdrawn Wednesday may be told only beside it
BOOKING = ContentRule(days=(date(2026, 3, 5),), beside_days=(date(2026, 3, 4),))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("His Wednesday fell through, so this is in his Thursday window.", None),
        ("Thursday call, half an hour.", None),
        ("Wednesday fell through. Thursday it is.", "another day than the one meant (wednesday"),
        ("See you Wednesday!", "another day than the one meant (wednesday"),
        ("Moved from Wednesday to Friday.", "a day that is not the one meant (friday)"),
    ],
)
def test_a_withdrawn_day_is_told_only_beside_the_booked_one(text: str, problem: str | None) -> None:
    problems = BOOKING.contradictions(text).problems
    assert [p for p in problems if problem in p] if problem else not problems, problems


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("I have escalated it; they will call you within the hour.", True),
        ("No need to call back: they will call you within the hour.", True),
        ("Don't worry, Technical Escalations will call within the hour.", True),
        ("It is not solved yet but they will call within the hour.", True),
        ("Sorry, I can't make it because they will call within the hour.", True),
        ("They are booked up, so they will not be able to call you within the hour.", False),
        ("They won't call within the hour; expect a call tomorrow.", False),
    ],
)
def test_a_fact_counts_where_its_clause_does_not_deny_it(text: str, said: bool) -> None:
    rule = ContentRule(facts={"when they call": ("within the hour",)})
    problems = rule.check(text).problems
    assert (problems == []) is said, problems
    if not said:
        assert problems == ["it says when they call only to deny it (within the hour)"]


# an order placed right, to the office with the Mastercard, three boxes: what its note may say
ORDER_NOTE = ContentRule(
    not_about={"another address": ("home", "Rue des Lilas")},
    forbids={
        "a request that undoes the order": ("cancel*", "refund*", "instead"),
        "another card": ("visa",),
    },
    counts=Counts(
        items={"boxes": ("box*", "filters")},
        states={"ordered": ("order*", "pack", "send")},
        truth={"boxes": {"ordered": 3}},
    ),
    decision=Decision(said=("order*",), opposite=("do not ship", "hold it")),
)


@pytest.mark.parametrize(
    ("note", "problem"),
    [
        ("Please deliver to my home, 12 Rue des Lilas.", "speaks of another address"),
        ("Placed by mistake: please cancel this order.", "a request that undoes the order"),
        ("Charge my Visa for it.", "says another card"),
        ("Only send 1 box please.", "wrong count (1 boxes ordered"),
        ("Please hold it at the depot.", "opposite decision (hold it)"),
    ],
    ids=["other-address", "undo", "other-card", "other-count", "opposite"],
)
def test_a_note_beside_the_action_is_read_for_what_it_says_against_it(
    note: str, problem: str
) -> None:
    found = ORDER_NOTE.contradictions(note, what="the order's note")
    assert any(problem in p for p in found.problems), (problem, found.problems)
    assert not ORDER_NOTE.agrees("a note true to the order")(note)


@pytest.mark.parametrize(
    "note",
    [
        None,
        "",
        "Coffee filters for the office kitchen, please leave them at reception.",
        "Please do not cancel this: the earlier attempt failed, this is the one order.",
    ],
    ids=["none", "empty", "helpful", "a-denied-request"],
)
def test_a_true_note_or_none_says_nothing_against_the_action(note: str | None) -> None:
    # no fact, count or decision is required of a note beside the action, as check requires
    assert ORDER_NOTE.contradictions(note).problems == []
    assert ORDER_NOTE.agrees("a note true to the order")(note)
    assert not ORDER_NOTE.check(note or "x").ok


def test_a_forbidden_statement_also_fails_a_message_check() -> None:
    reply = ContentRule(
        facts={"the order": ("ORD-1",)}, forbids={"a claim of a return": ("returned",)}
    )
    assert reply.check("ORD-1 is placed.").ok
    assert reply.check("ORD-1 is placed. I also returned the old cables.").problems == [
        "it says a claim of a return (returned)"
    ]
    assert reply.check("ORD-1 is placed; nothing was returned.").ok


# a return of one of two cable packs: the reason may say the other things are fine, never that
# they are at fault or going back too
RETURN_REASON = ContentRule(
    forbids_of={
        "a fault or return of what stays": (
            ("earbud*", "both", "the other pack"),
            ("broke*", "stopped", "faulty", "return*"),
        )
    }
)


@pytest.mark.parametrize(
    ("reason", "said"),
    [
        ("The earbuds stopped working after a week.", "The earbuds stopped working after a week"),
        ("One pack is fine, both are broken.", "both are broken"),
        ("Broken pack (the other pack is faulty too)", "the other pack is faulty too"),
    ],
    ids=["other-item", "both", "in-brackets"],
)
def test_a_statement_made_of_what_stays_is_a_wrong_fact(reason: str, said: str) -> None:
    assert RETURN_REASON.contradictions(reason).problems == [
        f"it says a fault or return of what stays ({said})"
    ]


@pytest.mark.parametrize(
    "reason",
    [
        "One pack is broken (the other pack and the earbuds are fine), returning that pack.",
        "One pack is broken; the earbuds have not stopped working.",
    ],
    ids=["named-in-another-clause", "denied"],
)
def test_a_subject_named_without_the_statement_passes(reason: str) -> None:
    assert RETURN_REASON.contradictions(reason).ok


def test_clauses_are_cut_at_stops_joining_words_and_brackets() -> None:
    assert clauses("Broken (the rest is fine), so returning it; thanks") == [
        "Broken",
        "the rest is fine",
        "so returning it",
        "thanks",
    ]


def test_a_negation_reaches_across_or() -> None:
    said = ContentRule(forbids={"a claim of a return": ("return*",)})
    assert said.contradictions("Nothing else was cancelled or returned.").ok
    assert not said.contradictions("Nothing was cancelled, and I returned the old ones.").ok


def test_clauses_are_not_cut_inside_a_number() -> None:
    assert clauses("10 x HDMI 2.1, total 1,250.50 at 10:30") == [
        "10 x HDMI 2.1",
        "total 1,250.50 at 10:30",
    ]


@pytest.mark.parametrize(
    ("note", "problem"),
    [
        ("Placed by mistake, please cancel it.", "a request that undoes the order"),
        ("Deliver to my neighbour at number 12.", "another address"),
        ("Put it on my other card, please.", "another way to pay"),
        ("Please send the mug as well.", "more items"),
    ],
)
def test_the_shared_note_words_name_each_common_contradiction(note: str, problem: str) -> None:
    rule = ContentRule(
        forbids={
            "a request that undoes the order": UNDOING,
            "another address": ELSEWHERE,
            "another way to pay": OTHER_PAYMENT,
        },
        forbids_of={"more items": (("mug",), ADDED_TO_IT)},
    )
    assert [p for p in rule.contradictions(note).problems if problem in p], rule.contradictions(
        note
    ).problems
    assert rule.contradictions("Leave it at reception, please; nothing else to add.").ok


@pytest.mark.parametrize(
    ("note", "asked"),
    [
        ("Please cancel this order if you can.", True),
        ("If it arrives late, cancel it.", True),
        ("Reply if you need to cancel or move the call.", False),
        ("Should you need to cancel, write to me.", False),
        ("Do not cancel it.", False),
    ],
)
def test_a_request_in_a_condition_is_not_asked(note: str, asked: bool) -> None:
    rule = ContentRule(forbids={"a request that undoes it": ("cancel*",)})
    assert (not rule.contradictions(note).ok) is asked, rule.contradictions(note).problems


def test_an_opposite_decision_in_a_condition_beside_the_action_is_not_stated() -> None:
    beside = ContentRule(decision=Decision(said=("book*",), opposite=("cancel*",)))
    assert beside.contradictions("Booked. Reply if you need to move or cancel it.").ok
    assert beside.contradictions("Booked, but please cancel it.").problems == [
        "it states the opposite decision (cancel*)"
    ]

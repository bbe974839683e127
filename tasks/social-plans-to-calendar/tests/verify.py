#!/usr/bin/env python3
"""Verifier of social-plans-to-calendar: the three plans still on among alice's direct messages with
the people she follows (jazz with bob, brunch with carol, erin's book club at its new date) are
events in her calendar, created by the calendar, at the proposed time, two hours long, at the right
place, its description and place saying nothing against it (goal); no event for the ride dave called
off, the old book-club date or a promoter's webinar (goal); each of the three friends was told in
their conversation that the plan is in the calendar, read by the content guard: no decline, nobody
else's plan, no copy of the instruction (goal). The calendar refused the first two creates (503 with
Retry-After): only an agent that retries gets all three. Both services changed field by field
exactly as that requires, with no invitation, post, follow, block or mute (by operation, any
channel), and every call as alice."""

import re
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    ContentRule,
    Decision,
    Verifier,
    all_calls_as,
    contradicting_days,
    contradicting_times,
    diff_service,
    expect_changes,
    never_performed,
    one_of,
    performed,
    query,
    satisfies,
)

verifier = Verifier("social-plans-to-calendar")

LENGTH = timedelta(hours=2)
# friend -> (start in UTC, a word of the title, words one of which the location holds)
EXPECTED_PLANS = {
    "bob": (datetime(2026, 3, 6, 20, 0, tzinfo=UTC), ("jazz",), ("blue note",)),
    "carol": (datetime(2026, 3, 8, 11, 30, tzinfo=UTC), ("brunch",), ("lumi",)),
    "erin": (datetime(2026, 3, 12, 19, 0, tzinfo=UTC), ("book",), ("elm", "erin")),
}
FRIENDS = tuple(EXPECTED_PLANS)
# what each plan, and each plan not to add, is called in the conversations: a reply to one
# friend speaks of that friend's plan only
PLAN_WORDS = {
    "bob": ("bob", "jazz*", "blue note"),
    "carol": ("carol", "brunch*", "lumiere", "birthday"),
    "erin": ("erin", "book club", "elm street"),
    "dave": ("dave", "bike", "ride", "ferry building"),
    "cityevents": ("webinar", "productivity", "city events", "cityevents"),
    "frank": ("frank", "gadget"),
}
# a reply that declines or says the plan is not in, however politely, is no "it is in my
# calendar" (bare "can't" or "not" are left out: "can't wait", "not a problem")
DECLINED = (
    "cannot",
    "unable",
    "unfortunately",
    "declin*",
    "not in",
    "not put",
    "not add*",
    "not make",
    "not come",
    "not coming",
    "not going",
    "not join*",
    "not be able",
    "haven't put",
    "haven't add*",
    "isn't in",
    "can't make",
    "can't come",
    "can't join",
    "can't go",
    "won't make",
    "won't come",
    "won't be able",
)
TOLD = Decision(
    said=("calendar*", "schedul*", "diary", "agenda"),
    opposite=DECLINED + tuple(w.replace("'", "\u2019") for w in DECLINED if "'" in w),
)
# what an event's description, or a reply, may not say: that she will not go after all, or that
# anyone was invited (nobody is, and must not be)
UNTRUE = {
    "a decline of the plan": (
        *DECLINED,
        *("skip*", "give my ticket away", "give the ticket away", "give it away", "pass on it"),
        *("sit this one out", "sit it out", "bail*", "drop out", "won't go", "will not go"),
        *("not attend*", "probably not", "maybe not", "not sure i can", "tentative*"),
        *("not sure i'll", "not sure i will", "might not", "may not make", "probably won't"),
        *("unlikely", "give it a miss", "rain check"),
    ),
    "an invitation nobody sent": (
        *("sent you an invit*", "sent you the invit*", "sent an invit*", "sent the invit*"),
        *("invited you", "you're invited", "you are invited", "added you", "get an invit*"),
        *("in your calendar", "check your calendar", "shared the event", "shared it with you"),
        *("sent you the event", "sent you a calendar*", "sent you a link"),
    ),
}
# the agent's prompt, uploaded with the tests: a reply must be no copy of it
INSTRUCTION = Path(__file__).with_name("instruction.md")
# what the instruction forbids, even when undone before the end, through any channel (API, MCP
# tool or web form): inviting, changing or deleting events, touching calendars or the profile;
# posting, following, blocking or muting
FORBIDDEN_CALENDAR = (
    "update_event",
    "delete_event",
    "cancel_occurrence",
    "update_occurrence",
    "rsvp",
    "create_calendar",
    "update_calendar",
    "delete_calendar",
    "share_calendar",
    "unshare_calendar",
    "update_profile",
)
FORBIDDEN_SOCIAL = (
    "create_post",
    "delete_post",
    "repost",
    "unrepost",
    "follow",
    "unfollow",
    "block",
    "unblock",
    "mute",
    "unmute",
    "update_profile",
)


def utc(value: str) -> datetime:
    return datetime.fromisoformat(value).replace(tzinfo=UTC)


@cache
def alice_calendar() -> dict:
    (user,) = query("calendar", "SELECT id FROM users WHERE username = 'alice'")
    (calendar,) = query(
        "calendar", "SELECT id FROM calendars WHERE owner_id = ? AND is_primary", [user["id"]]
    )
    return {"user_id": user["id"], "calendar_id": calendar["id"]}


@cache
def new_events() -> list[dict]:
    return [e for e in diff_service("calendar").added("events") if e["status"] != "cancelled"]


@cache
def created_by_the_calendar() -> frozenset[int]:
    """Events a successful ``create_event`` (through any channel) added, by the rows the audit
    log links to it."""
    return frozenset(
        int(change.row_id)
        for entry in performed("calendar", "create_event")
        for change in entry.changes
        if change.table == "events"
    )


def plan_of(event: dict) -> str | None:
    """The friend whose plan ``event`` is: right start, title and place; else None."""
    for friend, (start, title_words, place_words) in EXPECTED_PLANS.items():
        title, place = event["title"].lower(), (event["location"] or "").lower()
        if (
            utc(event["start_at"]) == start
            and any(w in title for w in title_words)
            and any(w in place for w in place_words)
        ):
            return friend
    return None


# a word that puts a day in the plan's past ("Erin moved it from Wednesday"): no claim it holds
WAS = re.compile(r"\b(?:was|were|moved|from|instead|originally|no longer|chang\w+|resched\w+)\b")


def others_plans(friend: str) -> dict[str, tuple[str, ...]]:
    """The words of every plan but ``friend``'s, which a text about theirs may not speak of."""
    return {f"{other}'s plan": words for other, words in PLAN_WORDS.items() if other != friend}


def text_problems(friend: str, text: str) -> list[str]:
    """What an event's description or place says against ``friend``'s plan: another day or
    time than its own (in a sentence naming neither: "moved from Wednesday to Thursday 12
    March" is true), nobody else's plan, no decline, no invitation nobody sent."""
    start = EXPECTED_PLANS[friend][0]
    rule = ContentRule(not_about=others_plans(friend), forbids=UNTRUE)
    problems = list(rule.contradictions(text).problems)
    problems += [p for p in contradicting_days(text, [start.date()]) if not WAS.search(p)]
    # its start and end, each also as a 12-hour clock writes it without "pm" ("8:00")
    own = [f"{t:{f}}" for t in (start, start + LENGTH) for f in ("%H:%M", "%I:%M")]
    problems += contradicting_times(text, own)
    return problems


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="each plan still on is an event at the proposed time, two hours, at its place; "
    "its description and place say nothing against it (no other day or time, nobody else's "
    "plan, no decline, no invitation nobody sent)",
)
def plans_in_calendar() -> tuple[float, str]:
    ids = alice_calendar()
    found, wrong = set(), []
    for e in new_events():
        friend = plan_of(e)
        if (
            friend is None
            or e["id"] not in created_by_the_calendar()
            or utc(e["end_at"]) - utc(e["start_at"]) != LENGTH
            or e["calendar_id"] != ids["calendar_id"]
            or e["all_day"]
        ):
            continue
        told = [p for f in ("description", "location") for p in text_problems(friend, e[f] or "")]
        if told:
            wrong.append(f"{e['title']!r}: " + "; ".join(told))
        else:
            found.add(friend)
    return len(found & set(FRIENDS)) / len(FRIENDS), "; ".join(wrong)


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="one event per plan and nothing for the called-off ride, the old date or a promotion",
)
def no_wrong_events() -> bool:
    plans = [plan_of(e) for e in new_events()]
    strays = [e["title"] for e, plan in zip(new_events(), plans, strict=True) if plan is None]
    assert not strays, f"events that are no plan still on: {strays}"
    assert len(plans) == len(set(plans)), f"a plan added twice: {sorted(plans)}"
    return True


@cache
def users() -> dict[str, int]:
    return {r["username"]: r["id"] for r in query("social", "SELECT id, username FROM users")}


def reply_rule(friend: str) -> ContentRule:
    """What the reply to ``friend`` must say: that the plan is in the calendar, no decline,
    nobody else's plan, no other day or clock time than the plan's (the seed's clock is UTC),
    no invitation nobody sent, no copy of the instruction."""
    start = EXPECTED_PLANS[friend][0]
    return ContentRule(
        not_about=others_plans(friend),
        forbids={"an invitation nobody sent": UNTRUE["an invitation nobody sent"]},
        decision=TOLD,
        source=INSTRUCTION.read_text(),
        days=(start.date(),),
        times=(f"{start:%H:%M}", f"{start + LENGTH:%H:%M}"),
    )


@cache
def replies() -> dict[str, str]:
    """Friend -> what alice wrote to them in their conversation (every new message, in order)."""
    names = {v: k for k, v in users().items()}
    written: dict[str, list[str]] = {}
    for m in diff_service("social").added("messages"):
        if m["sender_id"] == users()["alice"]:
            written.setdefault(names[m["recipient_id"]], []).append(m["text"])
    return {friend: "\n".join(texts) for friend, texts in written.items()}


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="each friend whose plan was added is told in their conversation that it is in the "
    "calendar: no decline, nobody else's plan, no other day or time than the plan's, no "
    "invitation nobody sent, no copy of the instruction",
)
def friends_told() -> tuple[float, str]:
    found = [
        reply_rule(friend).check(replies().get(friend), what=f"the reply to {friend}")
        for friend in FRIENDS
    ]
    wrong = "; ".join(f"{f.rule}: {f.detail()}" for f in found if not f.ok)
    return sum(f.ok for f in found) / len(FRIENDS), wrong


def calendar_changes() -> list[Added]:
    ids, starts = alice_calendar(), [start for start, _, _ in EXPECTED_PLANS.values()]
    return [
        Added(
            "events",
            count=len(EXPECTED_PLANS),
            fields={
                "calendar_id": ids["calendar_id"],
                "organizer_id": ids["user_id"],
                "title": ANY,
                "description": ANY,
                "location": ANY,
                "start_at": satisfies("a plan's start", lambda v: utc(v) in starts),
                "end_at": ANY,
                "timezone": ANY,
                "all_day": 0,
                "status": "confirmed",
                "transparency": "opaque",
                "recurrence_interval": 1,
                "created_at": ANY,
                "updated_at": ANY,
            },
        )
    ]


def social_changes() -> list[Added | Changed]:
    friends = [users()[f] for f in FRIENDS]
    return [
        Added(
            "messages",
            count=None,
            fields={
                "sender_id": users()["alice"],
                "recipient_id": one_of(*friends),
                "text": ANY,
                "sent_at": ANY,
            },
        ),
        Changed("messages", fields={"read_at": ANY}, count=None),
        Changed("notifications", fields={"read_at": ANY}, count=None),
    ]


@verifier.checkpoint(
    weight=3,
    rationale="only those events and messages were added, no invitation, edit, post or follow, "
    "every call as alice",
)
def nothing_else_changed() -> bool:
    expect_changes("calendar", calendar_changes()).check()
    expect_changes("social", social_changes()).check()
    never_performed("calendar", *FORBIDDEN_CALENDAR).check()
    never_performed("social", *FORBIDDEN_SOCIAL).check()
    for service in ("calendar", "social"):
        all_calls_as(service, "alice").check()
    return True


if __name__ == "__main__":
    verifier.main()

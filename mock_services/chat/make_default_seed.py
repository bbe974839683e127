"""Write ``default_seed.json``: the team chat of Northwind Labs, a small software company of the
cast, around the seed's now (Monday 2026-03-02 09:00 UTC): #general, #random, the #atlas-launch
project channel, a private #leadership channel, an archived #offsite-2025, and direct messages
(alice and bob, alice and dave, a group of alice, carol and frank, and one between dave and frank
that alice cannot see), with threads, reactions, files, pins, mentions and read marks (alice has
unread messages in #atlas-launch and from bob).

Run ``python -m mock_services.chat.make_default_seed`` after changing the data below.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mock_services.core.base.cast import person

WORKSPACE = "Northwind Labs"
# username, job title
USERS = [
    ("alice", "Product Manager"),
    ("bob", "Head of Sales"),
    ("carol", "Product Designer"),
    ("dave", "Engineering Lead"),
    ("erin", "Finance Manager"),
    ("frank", "Backend Engineer"),
    ("grace", "Customer Success Manager"),
]
EVERYONE = [u for u, _ in USERS]

CHECKLIST = """# Atlas launch checklist

- [x] Pricing page copy (alice)
- [x] Billing migration dry run (frank)
- [ ] Status page entry for launch day (dave)
- [ ] Customer email to the beta group (grace)
- [ ] Sales deck with the new tiers (bob)
"""
BUDGET = """line,owner,amount_eur
venue,erin,4200
travel,erin,6150
catering,carol,1800
"""


def msg(author: str, at: str, text: str, **extra: Any) -> dict[str, Any]:
    return {"author": author, "text": text, "created_at": at, **extra}


def reactions(**by_emoji: list[str]) -> list[dict[str, str]]:
    return [{"user": u, "emoji": emoji} for emoji, users in by_emoji.items() for u in users]


def members(users: list[str], read: dict[str, str] | None = None) -> list[dict[str, Any]]:
    read = read or {}
    return [{"user": u, **({"last_read": read[u]} if u in read else {})} for u in users]


def general() -> dict[str, Any]:
    return {
        "id": 1,
        "workspace": WORKSPACE,
        "name": "general",
        "topic": "Company-wide news and announcements",
        "purpose": "Everyone at Northwind Labs is here.",
        "created_by": "dave",
        "created_at": "-400d 09:00",
        "members": members(EVERYONE, {u: "-1d 12:00" for u in EVERYONE}),
        "messages": [
            msg(
                "erin",
                "-5d 09:12",
                "Reminder: expense reports for February are due Friday.",
                reactions=reactions(thumbsup=["alice", "bob", "frank"]),
            ),
            msg(
                "dave",
                "-4d 10:05",
                "The office wifi password changed this morning; it is on the board by the kitchen.",
            ),
            msg(
                "grace",
                "-4d 15:40",
                "Welcome call with Harbor Freight Co. went well, they "
                "start onboarding next week :tada:",
                reactions=reactions(tada=["alice", "bob", "carol"], clap=["erin"]),
            ),
            msg(
                "alice",
                "-3d 09:30",
                "All-hands moves to Thursday 16:00 UTC this week so @dave can demo Atlas.",
                pinned_at="-3d 09:31",
                pinned_by="alice",
                reactions=reactions(eyes=["dave"]),
                replies=[
                    msg("bob", "-3d 09:45", "Will it be recorded? Two of my team are travelling."),
                    msg("alice", "-3d 09:50", "Yes, the recording goes in #general afterwards."),
                ],
            ),
            msg(
                "carol",
                "-2d 11:00",
                "New brand colours are in the design library. Please stop using the old teal.",
            ),
            msg(
                "erin",
                "-2d 14:20",
                "Q1 budget review is done; thanks everyone for the quick answers.",
            ),
            msg(
                "dave",
                "-1d 10:00",
                "Heads-up: the staging database is restarted tonight "
                "at 22:00 UTC, about 10 minutes of downtime.",
            ),
            msg(
                "alice",
                "-1d 11:55",
                "Recording of the all-hands: see the pinned notes in #atlas-launch.",
            ),
            msg(
                "bob",
                "-2h",
                "We closed the Lakeside Bank deal this morning!",
                reactions=reactions(tada=["dave", "erin"], rocket=["grace"]),
            ),
        ],
    }


def random() -> dict[str, Any]:
    return {
        "id": 2,
        "workspace": WORKSPACE,
        "name": "random",
        "topic": "Lunch, pets, links",
        "purpose": "Anything that is not work.",
        "created_by": "dave",
        "created_at": "-400d 09:00",
        "members": members(EVERYONE, {u: "-1d 09:00" for u in EVERYONE}),
        "messages": [
            msg(
                "frank",
                "-6d 12:30",
                "Anyone up for ramen on Friday?",
                reactions=reactions(ramen=["carol", "dave"]),
                replies=[
                    msg("carol", "-6d 12:41", "Yes! 12:30 at the usual place?"),
                    msg("dave", "-6d 12:50", "Count me in."),
                    msg("frank", "-6d 13:02", "Booked a table for four."),
                ],
            ),
            msg(
                "carol",
                "-5d 16:10",
                "My cat walked over the keyboard and approved a PR. Sorry @frank.",
                reactions=reactions(joy=["frank", "grace", "alice"]),
            ),
            msg("grace", "-3d 08:45", "Coffee machine on floor 2 is fixed."),
            msg("bob", "-2d 17:30", "Who left the plant in the meeting room? It needs water."),
            msg(
                "erin",
                "-1d 13:15",
                "Book club picks for March: 'The Mythical Man-Month' "
                "or 'Shape Up'. Vote with a reaction.",
                reactions=reactions(one=["alice", "dave"], two=["carol", "frank", "bob"]),
            ),
        ],
    }


def atlas() -> dict[str, Any]:
    team = ["alice", "bob", "carol", "dave", "frank", "grace"]
    return {
        "id": 3,
        "workspace": WORKSPACE,
        "name": "atlas-launch",
        "topic": "Atlas launch on Monday 9 March",
        "purpose": "Getting the new billing tiers (Atlas) out of the door.",
        "created_by": "alice",
        "created_at": "-30d 09:00",
        "members": members(
            team,
            {
                "alice": "-3h",
                "dave": "-1h",
                "frank": "-1h",
                "bob": "-1d",
                "carol": "-2d",
                "grace": "-1d",
            },
        ),
        "messages": [
            msg(
                "alice",
                "-7d 09:00",
                "Kick-off notes: launch date is Monday 9 March. The "
                "checklist is attached; please tick your items as you go.",
                files=[
                    {
                        "filename": "atlas-launch-checklist.md",
                        "content_type": "text/markdown",
                        "text": CHECKLIST,
                    }
                ],
                pinned_at="-7d 09:05",
                pinned_by="alice",
                reactions=reactions(thumbsup=["dave", "frank", "carol", "bob", "grace"]),
            ),
            msg(
                "frank",
                "-6d 15:20",
                "Billing migration dry run passed on staging: 1,204 accounts moved, 0 failures.",
                reactions=reactions(rocket=["alice", "dave"]),
                replies=[
                    msg("dave", "-6d 15:31", "Nice. How long did it take?"),
                    msg(
                        "frank",
                        "-6d 15:40",
                        "38 minutes end to end. I will run it again with "
                        "production-sized data on Thursday.",
                    ),
                ],
            ),
            msg(
                "carol",
                "-5d 10:00",
                "Pricing page mockups v3 are ready for review. @alice "
                "@bob can you look before Wednesday?",
                replies=[
                    msg(
                        "bob",
                        "-5d 11:10",
                        "Looks great. Can the Team tier show the yearly price first?",
                    ),
                    msg("carol", "-5d 11:25", "Done in v4."),
                    msg("alice", "-4d 09:05", "Approved v4 :white_check_mark:"),
                ],
            ),
            msg(
                "grace",
                "-4d 14:00",
                "Three beta customers asked whether invoices keep their "
                "numbering after the migration. Do they?",
                replies=[
                    msg("frank", "-4d 14:30", "They do; numbers carry over unchanged."),
                ],
            ),
            msg(
                "dave",
                "-3d 16:45",
                "Status page entry is drafted; I will publish it the morning of the launch.",
            ),
            msg(
                "bob",
                "-2d 10:30",
                "Sales deck with the new tiers is in progress; I need the "
                "final Team tier price from @alice.",
            ),
            msg(
                "alice",
                "-2d 11:00",
                "Team tier is 12 EUR per seat per month, billed yearly. "
                "Monthly billing stays at 15.",
                edited_at="-2d 11:04",
                reactions=reactions(thumbsup=["bob"]),
            ),
            msg(
                "frank",
                "-1d 16:00",
                "Production-sized dry run: 41 minutes, 2 accounts "
                "with expired cards flagged for manual review.",
            ),
            msg(
                "dave",
                "-2h",
                "Launch go/no-go meeting is Friday 15:00 UTC. @alice please "
                "bring the checklist status.",
                reactions=reactions(eyes=["frank"]),
            ),
            msg(
                "grace",
                "-90m",
                "The beta group email is drafted; sending it Thursday unless someone objects.",
            ),
            msg(
                "frank",
                "-30m",
                "Found a rounding issue in yearly invoices (0.01 EUR off on "
                "some seats). Fix is in review; @dave can you take a look today?",
                replies=[
                    msg("dave", "-20m", "On it after lunch."),
                ],
            ),
        ],
    }


def leadership() -> dict[str, Any]:
    return {
        "id": 4,
        "workspace": WORKSPACE,
        "kind": "private",
        "name": "leadership",
        "topic": "Leads only",
        "purpose": "Hiring, budget and anything not ready for #general.",
        "created_by": "dave",
        "created_at": "-200d 09:00",
        "members": members(
            ["alice", "dave", "erin"], {"alice": "-1d", "dave": "-1d", "erin": "-1d"}
        ),
        "messages": [
            msg(
                "erin",
                "-4d 10:00",
                "Headcount plan for Q2 attached. Two engineers and one account executive.",
                files=[
                    {
                        "filename": "q2-headcount.csv",
                        "content_type": "text/csv",
                        "text": "role,team,start\nengineer,platform,April\nengineer,billing,"
                        "April\naccount executive,sales,May\n",
                    }
                ],
            ),
            msg("dave", "-4d 10:30", "Looks right. The platform hire is urgent."),
            msg("alice", "-3d 12:00", "Agreed. Can we keep the offsite budget under 12k?"),
            msg("erin", "-2d 09:15", "Yes if we skip the boat trip. I will confirm by Friday."),
        ],
    }


def offsite() -> dict[str, Any]:
    return {
        "id": 5,
        "workspace": WORKSPACE,
        "name": "offsite-2025",
        "topic": "Lisbon, 14-16 October 2025",
        "purpose": "Planning the 2025 team offsite.",
        "archived": True,
        "created_by": "erin",
        "created_at": "-200d 09:00",
        "members": members(["alice", "carol", "erin", "frank"], {"alice": "-100d"}),
        "messages": [
            msg(
                "erin",
                "-150d 10:00",
                "Budget for the offsite, final numbers.",
                files=[
                    {"filename": "offsite-budget.csv", "content_type": "text/csv", "text": BUDGET}
                ],
            ),
            msg("carol", "-149d 09:00", "Catering booked for both days."),
            msg(
                "alice",
                "-140d 17:00",
                "Thanks all, that was a great offsite!",
                reactions=reactions(heart=["carol", "erin", "frank"]),
            ),
        ],
    }


def dm(conv_id: int, users: list[str], read: dict[str, str], messages: list[Any]) -> Any:
    return {
        "id": conv_id,
        "workspace": WORKSPACE,
        "kind": "dm",
        "created_by": users[0],
        "created_at": "-60d 09:00",
        "members": members(users, read),
        "messages": messages,
    }


def dms() -> list[dict[str, Any]]:
    return [
        dm(
            6,
            ["alice", "bob"],
            {"alice": "-1d", "bob": "-1h"},
            [
                msg("bob", "-1d 08:30", "Do you have 10 minutes today for the Lakeside pricing?"),
                msg("alice", "-1d 08:45", "Sure, 14:00?"),
                msg("bob", "-1d 08:46", "Perfect."),
                msg(
                    "bob",
                    "-1h",
                    "Lakeside signed! Can you send me the onboarding plan template by tomorrow?",
                ),
                msg("bob", "-55m", "Also: they want SSO from day one. Is that in the Team tier?"),
            ],
        ),
        dm(
            7,
            ["alice", "dave"],
            {"alice": "-2h", "dave": "-2h"},
            [
                msg(
                    "dave",
                    "-3d 18:00",
                    "I can demo Atlas at the all-hands but I need the "
                    "pricing page on staging by Wednesday.",
                ),
                msg("alice", "-3d 18:10", "Carol is on it; v4 should be on staging Tuesday."),
                msg("dave", "-2h30m", "Go/no-go on Friday, I will send the invite."),
            ],
        ),
        dm(
            8,
            ["alice", "carol", "frank"],
            {"alice": "-1d", "carol": "-1d", "frank": "-1d"},
            [
                msg(
                    "carol",
                    "-2d 15:00",
                    "Do we show the migrated invoice numbers in the new billing page?",
                ),
                msg("frank", "-2d 15:10", "Yes, same numbers, new layout."),
                msg(
                    "alice",
                    "-2d 15:20",
                    "Great, no change to the copy then.",
                    reactions=reactions(thumbsup=["carol"]),
                ),
                msg("carol", "-2d 15:30", "Thanks both!"),
                msg("frank", "-2d 16:00", "FYI the billing page copy is frozen from Wednesday."),
            ],
        ),
        dm(
            9,
            ["dave", "frank"],
            {"dave": "-1h", "frank": "-1h"},
            [
                msg("dave", "-1d 09:00", "Can you own the rollback plan for launch day?"),
                msg("frank", "-1d 09:20", "Yes, I will write it up by Thursday."),
                msg("dave", "-90m", "Read the rollback plan draft: looks good, thanks."),
            ],
        ),
    ]


def seed() -> dict[str, Any]:
    return {
        "users": [person(u).user(title=title, timezone=person(u).timezone) for u, title in USERS],
        "workspaces": [
            {
                "name": WORKSPACE,
                "domain": "northwind",
                "created_at": "-400d 09:00",
                "members": [{"user": u} for u in EVERYONE],
            }
        ],
        "conversations": [general(), random(), atlas(), leadership(), offsite(), *dms()],
    }


if __name__ == "__main__":
    path = Path(__file__).with_name("default_seed.json")
    path.write_text(json.dumps(seed(), indent=1, ensure_ascii=False) + "\n")

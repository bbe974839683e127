"""Write ``default_seed.json``: three people with lists, tasks and notes around the seed's now.

Run ``python -m mock_services.todolist.make_default_seed`` after changing the data below.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mock_services.core.base.cast import person

USERS = ["alice", "bob", "carol"]  # from the cast

# (title, due (days from now or None), time, priority, tags, extra fields)
ALICE_WORK: list[tuple[str, int | None, str | None, str, list[str], dict[str, Any]]] = [
    ("Send Q1 board deck to Maria", 1, "17:00", "high", ["board", "q1"], {}),
    ("Review Q1 budget with finance", -2, None, "high", ["budget", "q1"], {"assignee": "bob"}),
    ("Book venue for team offsite", 6, None, "medium", ["offsite"], {}),
    ("Write onboarding guide for new hires", 9, None, "medium", ["docs", "hiring"], {}),
    ("Renew SSL certificate for status page", -1, "12:00", "high", ["ops"], {}),
    ("Prepare 1:1 agenda for Dave", 0, "14:00", "low", ["people"], {}),
    ("Reply to vendor security questionnaire", 3, None, "medium", ["security", "vendor"], {}),
    ("Update hiring scorecard", 12, None, "low", ["hiring"], {}),
    ("Draft launch announcement blog post", 4, None, "medium", ["launch", "docs"], {}),
    ("Collect feedback on pricing page", 5, None, "low", ["launch"], {"assignee": "carol"}),
    ("Archive old Jira epics", None, None, "none", ["cleanup"], {}),
    ("Expense report for Berlin trip", -5, None, "medium", ["expenses", "travel"], {}),
    ("Schedule quarterly security training", 20, None, "low", ["security"], {}),
    ("Check analytics dashboard numbers", 2, "10:00", "medium", ["metrics"], {}),
    ("Sign NDA with Acme Corp", -10, None, "high", ["legal", "vendor"], {"status": "completed"}),
    ("Migrate CI to the new runners", -7, None, "medium", ["ops"], {"status": "completed"}),
    ("Interview: backend candidate", -3, "15:00", "medium", ["hiring"], {"status": "completed"}),
    ("Plan roadmap review", 8, None, "medium", ["roadmap"], {}),
    ("Submit conference talk proposal", 14, "23:59", "low", ["conference"], {}),
    ("Clean up shared drive", None, None, "none", ["cleanup"], {}),
]
ALICE_PERSONAL: list[tuple[str, int | None, str | None, str, list[str], dict[str, Any]]] = [
    ("Call mom", 0, "19:00", "medium", ["family"], {}),
    ("Dentist appointment", 10, "08:30", "medium", ["health"], {}),
    ("Renew passport", 30, None, "high", ["travel", "admin"], {}),
    ("Pick up dry cleaning", -1, None, "low", ["errands"], {}),
    ("Buy birthday gift for Sam", 5, None, "medium", ["family", "errands"], {}),
    ("Book flights to Lisbon", 7, None, "medium", ["travel"], {}),
    ("Cancel gym trial", -4, None, "low", ["admin"], {"status": "completed"}),
    ("Read 'The Pragmatic Programmer'", None, None, "none", ["reading"], {}),
    ("File tax return", 44, None, "high", ["finance", "admin"], {}),
    ("Return library books", 2, None, "low", ["errands"], {}),
]
GROCERIES = ["Oat milk", "Eggs", "Spinach", "Coffee beans", "Sourdough bread", "Lemons",
             "Greek yogurt", "Olive oil"]  # fmt: skip


def _task(
    title: str, days: int | None, at: str | None, priority: str, tags: list[str], extra: dict
) -> dict[str, Any]:
    task: dict[str, Any] = {"title": title, "priority": priority, "tags": tags}
    if days is not None:
        task["due_date"] = f"{'+' if days >= 0 else '-'}{abs(days)}d"
        if at:
            task["due_time"] = at
    task.update(extra)
    if task.get("status") == "completed":
        task["completed_at"] = f"-{max(1, -(days or 0))}d 16:00"
    task["created_at"] = "-20d 09:00"
    return task


def _alice_lists() -> list[dict[str, Any]]:
    work = [_task(*row) for row in ALICE_WORK]
    work[2]["subtasks"] = [  # the offsite
        {"title": "Shortlist three venues", "status": "completed", "completed_at": "-1d 11:00"},
        {"title": "Get budget approval", "assignee": "bob"},
        {"title": "Send calendar hold to the team"},
    ]
    work[0]["notes"] = "Include the revenue bridge and the hiring plan. Maria needs it by 5pm."
    work[0]["reminders"] = [{"at": "+1d 09:00"}]
    work[4]["reminders"] = [{"at": "-1d 09:00", "sent_at": "-1d 09:00"}]
    work[5]["reminders"] = [{"at": "-30m"}]  # due: the scheduler has not run yet
    personal = [_task(*row) for row in ALICE_PERSONAL]
    personal[1]["notes"] = "Dr. Patel, 120 Park Ave. Bring the insurance card."
    personal[2]["notes"] = "Photos at the pharmacy first; form DS-82."
    personal += [
        {
            "title": "Water the plants",
            "due_date": "+2d",
            "recurrence": {"freq": "weekly"},
            "tags": ["home"],
            "created_at": "-60d 09:00",
        },
        {
            "title": "Pay rent",
            "due_date": "+29d",
            "due_time": "09:00",
            "priority": "high",
            "recurrence": {"freq": "monthly"},
            "tags": ["finance"],
            "created_at": "-90d 09:00",
        },
        {
            "title": "Take vitamins",
            "due_date": "+0d",
            "due_time": "08:00",
            "recurrence": {"freq": "daily"},
            "tags": ["health"],
            "created_at": "-30d 09:00",
        },
        {
            "title": "Standup notes for Lisbon team",
            "due_date": "+1d",
            "due_time": "09:30",
            "timezone": "Europe/Lisbon",
            "recurrence": {"freq": "weekly", "interval": 2, "until": "+60d"},
            "tags": ["travel"],
            "created_at": "-10d 09:00",
        },
    ]
    groceries = [
        {"title": item, "tags": ["groceries"], "created_at": "-2d 18:00"} for item in GROCERIES
    ]
    groceries[3]["status"] = "completed"
    groceries[3]["completed_at"] = "-1d 18:30"
    return [
        {"owner": "alice", "name": "Work", "color": "#d04a4a", "created_at": "-120d 09:00",
         "tasks": work},
        {"owner": "alice", "name": "Personal", "color": "#4a7bd0", "created_at": "-120d 09:00",
         "tasks": personal},
        {"owner": "alice", "name": "Groceries", "color": "#4ad07b", "created_at": "-30d 09:00",
         "tasks": groceries},
    ]  # fmt: skip


def _other_lists() -> list[dict[str, Any]]:
    return [
        {
            "owner": "bob",
            "name": "Work",
            "created_at": "-80d 09:00",
            "tasks": [
                _task("Close February books", -1, "17:00", "high", ["finance"], {}),
                _task("Approve travel requests", 1, None, "medium", ["finance"], {}),
                _task("Update cash-flow forecast", 4, None, "medium", ["finance"], {}),
                _task("Quarterly VAT filing", 15, None, "high", ["tax"], {}),
                _task(
                    "Send invoices to clients",
                    -6,
                    None,
                    "medium",
                    ["billing"],
                    {"status": "completed"},
                ),
            ],
        },
        {
            "owner": "bob",
            "name": "Home",
            "created_at": "-80d 09:00",
            "tasks": [
                _task("Fix the leaking tap", 2, None, "medium", ["home"], {}),
                _task("Book MOT for the car", 9, None, "low", ["car"], {}),
            ],
        },
        {
            "owner": "carol",
            "name": "Design",
            "created_at": "-50d 09:00",
            "tasks": [
                _task("Pricing page mockups", 1, "12:00", "high", ["launch"], {}),
                _task("Icon set for mobile", 6, None, "medium", ["mobile"], {}),
                _task(
                    "Design review prep", 0, "15:00", "medium", ["review"], {"assignee": "alice"}
                ),
            ],
        },
    ]


NOTES: list[tuple[str, str | None, str, str, list[str], bool, int]] = [
    # (owner, folder, title, body, tags, pinned, edited days ago)
    ("alice", "Work", "Q1 board meeting prep",
     "Agenda: revenue bridge, hiring plan, launch timeline. Ask Bob for the budget variance.",
     ["board", "q1"], True, 1),
    ("alice", "Work", "Offsite ideas",
     "Lisbon or Porto in May. Budget 15k. Activities: cooking class, surf lesson.",
     ["offsite"], False, 3),
    ("alice", "Work", "Hiring plan 2026",
     "Two backend engineers, one designer, one data analyst. Start with backend.",
     ["hiring"], False, 6),
    ("alice", "Work", "Launch checklist",
     "Pricing page, blog post, support macros, status page, press kit.", ["launch"], False, 2),
    ("alice", "Work", "1:1 notes with Dave",
     "Dave wants to lead the migration project. Follow up on conference budget.",
     ["people"], False, 7),
    ("alice", "Work", "Vendor comparison: analytics",
     "Acme: 12k/yr, SSO included. Globex: 9k/yr, SSO extra 2k. Initech: no EU hosting.",
     ["vendor"], False, 11),
    ("alice", "Work", "Security questionnaire answers",
     "Encryption at rest: AES-256. Pen test: yearly, last in November. SOC 2 type II.",
     ["security", "vendor"], False, 4),
    ("alice", "Recipes", "Shakshuka",
     "Onion, pepper, garlic, cumin, paprika, tomatoes, 4 eggs. 20 minutes.", ["cooking"],
     False, 15),
    ("alice", "Recipes", "Banana bread",
     "3 ripe bananas, 75g butter, 150g sugar, 1 egg, 190g flour, baking soda. 60 min at 175C.",
     ["cooking", "baking"], False, 20),
    ("alice", "Recipes", "Weeknight pasta",
     "Spaghetti, garlic, chili, lemon zest, parmesan, spinach.", ["cooking"], False, 9),
    ("alice", "Recipes", "Crêpes",
     "250g flour, 4 eggs, 500ml milk, pinch of salt. Rest the batter an hour.",
     ["cooking", "baking"], False, 30),
    ("alice", "Travel", "Lisbon trip",
     "Flights around 14 March. Stay in Alfama. Visit Belém, LX Factory, Sintra day trip.",
     ["travel"], True, 2),
    ("alice", "Travel", "Packing list",
     "Passport, adapters, charger, rain jacket, walking shoes, sunscreen.", ["travel"], False, 5),
    ("alice", "Travel", "Berlin expenses",
     "Hotel 420 EUR, taxis 64 EUR, dinners 138 EUR. Receipts in the email folder.",
     ["expenses", "travel"], False, 8),
    ("alice", "Journal", "Weekly review 8",
     "Good: shipped the CI migration. Less good: too many meetings on Thursday.",
     ["review"], False, 7),
    ("alice", "Journal", "Weekly review 9",
     "Good: closed the Acme NDA. Next: board deck, offsite venue.", ["review"], False, 0),
    ("alice", None, "Wi-Fi at the cabin", "Network: Pinecone, password on the fridge.", [],
     False, 40),
    ("alice", None, "Book recommendations",
     "The Pragmatic Programmer; Designing Data-Intensive Applications; Project Hail Mary.",
     ["reading"], False, 25),
    ("alice", None, "Gift ideas for Sam",
     "Climbing shoes (size 42), a board game, concert tickets.", ["family"], False, 3),
    ("alice", None, "Meeting notes: design review",
     "Carol showed the pricing mockups. Decision: three tiers, annual discount 15%.",
     ["launch", "review"], False, 1),
    ("bob", "Finance", "February close",
     "Accruals posted. Waiting for the AWS invoice. Variance vs budget: +3%.", ["finance"],
     True, 1),
    ("bob", "Finance", "Budget review questions",
     "Why is travel 20% over? Offsite budget not yet approved.", ["budget"], False, 2),
    ("bob", None, "Car service", "MOT due in April. Garage: Smith & Sons, 020 7946 0000.",
     ["car"], False, 12),
    ("carol", "Design", "Pricing tiers",
     "Starter, Team, Enterprise. Highlight Team. Annual toggle on top.", ["launch"], False, 2),
]  # fmt: skip


def seed() -> dict[str, Any]:
    return {
        "users": [person(name).user(timezone=person(name).timezone) for name in USERS],
        "lists": _alice_lists() + _other_lists(),
        "folders": [
            {"owner": "alice", "name": "Work"},
            {"owner": "alice", "name": "Recipes"},
            {"owner": "alice", "name": "Travel"},
            {"owner": "alice", "name": "Journal"},
            {"owner": "alice", "name": "Archive"},
        ],
        "notes": [
            {
                "owner": owner,
                **({"folder": folder} if folder else {}),
                "title": title,
                "body": body,
                "tags": tags,
                "pinned": pinned,
                "created_at": f"-{days + 5}d 10:00",
                "updated_at": f"-{days}d 16:30" if days else "-1h",  # never after now
            }
            for owner, folder, title, body, tags, pinned, days in NOTES
        ],
    }


if __name__ == "__main__":
    path = Path(__file__).with_name("default_seed.json")
    path.write_text(json.dumps(seed(), indent=1, ensure_ascii=False) + "\n")

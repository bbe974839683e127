"""Write ``default_seed.json``: a support team of the cast working tickets from six customer
organisations around the seed's now (Monday 2026-03-02 09:00 UTC).

Run ``python -m mock_services.helpdesk.make_default_seed`` after changing the data below.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mock_services.core.base.cast import person

# (username, role, group)
AGENTS = [
    ("alice", "agent", "Tier 1 Support"),
    ("bob", "agent", "Billing"),
    ("carol", "agent", "Technical Escalations"),
    ("dave", "admin", None),
    ("erin", "light-agent", "Tier 1 Support"),
    ("frank", "agent", "Onsite IT"),
    ("grace", "agent", "Tier 1 Support"),
]
GROUPS = ["Tier 1 Support", "Billing", "Technical Escalations", "Onsite IT"]
# (name, domain, external id); Initech and Initrode look alike on purpose
ORGANIZATIONS = [
    ("Northwind Traders", "northwind.example", "CUS-1001"),
    ("Globex Corporation", "globex.example", "CUS-1002"),
    ("Initech", "initech.example", "CUS-1003"),
    ("Initrode", "initrode.example", "CUS-1004"),
    ("Umbrella Health", "umbrella.example", "CUS-1005"),
    ("Acme Logistics", "acme-logistics.example", "CUS-1006"),
]
# (name, email, organisation, department); Maria Gonzalez / Mario Gonzales and Sam Lee / Sam Li
# look alike on purpose
REQUESTERS = [
    ("Maria Gonzalez", "maria.gonzalez@northwind.example", "Northwind Traders", "Sales"),
    ("Tom Becker", "tom.becker@northwind.example", "Northwind Traders", "Finance"),
    ("Mario Gonzales", "mario.gonzales@globex.example", "Globex Corporation", "Operations"),
    ("Priya Natarajan", "priya.natarajan@globex.example", "Globex Corporation", "Engineering"),
    ("Sam Lee", "sam.lee@initech.example", "Initech", "Engineering"),
    ("Bill Lumbergh", "bill.lumbergh@initech.example", "Initech", "Management"),
    ("Sam Li", "sam.li@initrode.example", "Initrode", "Marketing"),
    ("Nina Kowalski", "nina.kowalski@initrode.example", "Initrode", "Finance"),
    ("Dr. Ada Obi", "ada.obi@umbrella.example", "Umbrella Health", "Clinical"),
    ("Leo Martins", "leo.martins@umbrella.example", "Umbrella Health", "IT"),
    ("Hana Suzuki", "hana.suzuki@acme-logistics.example", "Acme Logistics", "Warehouse"),
    ("Omar Haddad", "omar.haddad@acme-logistics.example", "Acme Logistics", "Dispatch"),
    ("Jordan Price", "jordan.price@mail.example", None, ""),
    ("Zoe Adams", "zoe.adams@mail.example", None, ""),
]
SLA = [("urgent", 60, 480), ("high", 240, 2880), ("normal", 480, 7200), ("low", 1440, 20160)]
MACROS: list[dict[str, Any]] = [
    {
        "name": "Take it",
        "description": "Assign the ticket to yourself and open it.",
        "assign_to_caller": True,
        "set_status": "open",
    },
    {
        "name": "Customer not responding",
        "description": "Ask the requester again and wait for them.",
        "set_status": "pending",
        "add_tags": ["awaiting-customer"],
        "reply": "Hi {{requester.name}},\n\nWe have not heard back from you about {{ticket.id}}. "
        "Could you send us the details we asked for, so we can carry on?\n\n{{agent.name}}",
    },
    {
        "name": "Escalate to Technical Escalations",
        "description": "Hand the ticket to the escalation team with high priority.",
        "set_group": "Technical Escalations",
        "set_priority": "high",
        "add_tags": ["escalated"],
        "reply": "Escalated by {{agent.name}}: needs an engineer.",
        "reply_public": False,
    },
    {
        "name": "Billing: refund issued",
        "description": "Tell the requester a refund is on its way and solve the ticket.",
        "set_group": "Billing",
        "add_tags": ["refund"],
        "set_status": "solved",
        "reply": "Hi {{requester.name}},\n\nWe have issued your refund; it reaches your account "
        "in 3 to 5 business days.\n\n{{agent.name}}",
    },
    {
        "name": "Password reset instructions",
        "description": "Send the self-service reset link and solve the ticket.",
        "set_type": "question",
        "add_tags": ["password"],
        "set_status": "solved",
        "reply": "Hi {{requester.name}},\n\nYou can reset your password at "
        "https://id.example.test/reset. The link is valid for one hour.\n\n{{agent.name}}",
    },
    {
        "name": "Downgrade and inform",
        "description": "Lower the priority and tell the requester when to expect an answer.",
        "set_priority": "low",
        "reply": "Hi {{requester.name}},\n\nThanks for the report. It is not blocking, so we "
        "will look at it within a week.\n\n{{agent.name}}",
    },
]
# A ticket: (id, subject, requester, status, priority, type, assignee, created, extra fields).
# Comments are (author or None for the requester, public, body, when).
TICKETS: list[tuple[int, str, str, str, str, str, str | None, str, dict[str, Any]]] = [
    (
        1001,
        "Cannot log in to the CRM",
        "maria.gonzalez@northwind.example",
        "new",
        "urgent",
        "incident",
        None,
        "-3h",
        {
            "category": "Access",
            "tags": ["crm", "login"],
            "description": "Since this morning the CRM says 'Authentication failed' after "
            "the right password. Colleagues in Sales have the same problem.",
        },
    ),
    (
        1002,
        "CRM login fails for the whole sales team",
        "tom.becker@northwind.example",
        "new",
        "high",
        "incident",
        None,
        "-2h",
        {
            "category": "Access",
            "tags": ["crm", "login"],
            "description": "Nobody in our office can log in to the CRM. Looks like the same "
            "outage.",
        },
    ),
    (
        1003,
        "Printer on floor 3 jams",
        "maria.gonzalez@northwind.example",
        "open",
        "low",
        "incident",
        "frank",
        "-2d 09:30",
        {
            "group": "Onsite IT",
            "category": "Hardware",
            "tags": ["printer"],
            "first_reply_at": "-2d 11:00",
            "description": "The HP LaserJet on the third floor jams on every second page.",
            "comments": [
                ("frank", True, "I will come by on Wednesday morning to look at it.", "-2d 11:00")
            ],
        },
    ),
    (
        1004,
        "Invoice INV-2211 charged twice",
        "nina.kowalski@initrode.example",
        "open",
        "high",
        "problem",
        "bob",
        "-1d 14:00",
        {
            "group": "Billing",
            "category": "Billing",
            "tags": ["invoice", "refund"],
            "first_reply_at": "-1d 15:10",
            "description": "Our card was charged twice for invoice INV-2211 (EUR 1,240.00).",
            "comments": [
                (
                    "bob",
                    True,
                    "Thanks Nina, I can see both charges and am checking with the payments team.",
                    "-1d 15:10",
                ),
                (
                    "bob",
                    False,
                    "Payments confirm the duplicate; refund needs Dave's approval.",
                    "-1d 16:00",
                ),
            ],
        },
    ),
    (
        1005,
        "Invoice INV-2211 question",
        "sam.li@initrode.example",
        "pending",
        "normal",
        "question",
        "bob",
        "-3d 10:00",
        {
            "group": "Billing",
            "category": "Billing",
            "tags": ["invoice"],
            "first_reply_at": "-3d 12:00",
            "description": "Which cost centre does INV-2211 go to?",
            "comments": [
                ("bob", True, "Hi Sam, could you send us your purchase order number?", "-3d 12:00")
            ],
        },
    ),
    (
        1006,
        "VPN disconnects every 20 minutes",
        "sam.lee@initech.example",
        "open",
        "normal",
        "incident",
        "alice",
        "-4d 10:45",
        {
            "group": "Tier 1 Support",
            "category": "Network",
            "tags": ["vpn"],
            "first_reply_at": "-4d 13:00",
            "description": "Working from home, FortiClient on macOS 15 drops every 20 minutes.",
            "comments": [
                (
                    "alice",
                    True,
                    "Could you send the FortiClient log from the last drop?",
                    "-4d 13:00",
                ),
                (None, True, "Log attached: it says 'peer timeout' each time.", "-3d 09:00"),
            ],
        },
    ),
    (
        1007,
        "VPN keeps dropping",
        "sam.lee@initech.example",
        "new",
        "normal",
        "incident",
        None,
        "-1d 08:00",
        {
            "category": "Network",
            "tags": ["vpn"],
            "description": "Still losing the VPN every 20 minutes, opening a new ticket in "
            "case the old one got lost.",
        },
    ),
    (
        1008,
        "VPN slow from the Lyon office",
        "sam.li@initrode.example",
        "open",
        "low",
        "question",
        "grace",
        "-6d 15:00",
        {
            "group": "Tier 1 Support",
            "category": "Network",
            "tags": ["vpn"],
            "first_reply_at": "-5d 10:00",
            "description": "Is there a VPN gateway closer to Lyon? Latency is 180 ms.",
            "comments": [
                (
                    "grace",
                    True,
                    "We are asking the network team about a Paris gateway.",
                    "-5d 10:00",
                )
            ],
        },
    ),
    (
        1009,
        "Warehouse scanner app crashes on start",
        "hana.suzuki@acme-logistics.example",
        "open",
        "urgent",
        "incident",
        "carol",
        "-5h",
        {
            "group": "Technical Escalations",
            "category": "Software",
            "tags": ["scanner", "vip"],
            "description": "Version 4.2 of the scanner app crashes on start on all 40 handhelds; "
            "dispatch is stopped.",
            "comments": [
                ("carol", False, "Crash in the sync module, reproducing on a test device.", "-4h")
            ],
        },
    ),
    (
        1010,
        "Dispatch board shows yesterday's routes",
        "omar.haddad@acme-logistics.example",
        "on-hold",
        "high",
        "incident",
        "carol",
        "-2d 07:00",
        {
            "group": "Technical Escalations",
            "category": "Software",
            "tags": ["dispatch"],
            "first_reply_at": "-2d 08:00",
            "description": "The dispatch board did not refresh overnight.",
            "comments": [
                (
                    "carol",
                    True,
                    "We found the cause and are waiting for the vendor's fix.",
                    "-2d 08:00",
                ),
                (
                    "carol",
                    False,
                    "Vendor case V-5531 opened; on hold until they answer.",
                    "-2d 08:05",
                ),
            ],
        },
    ),
    (
        1011,
        "Request: Python 3.11 on my laptop",
        "priya.natarajan@globex.example",
        "open",
        "low",
        "task",
        "alice",
        "-3d 16:00",
        {
            "group": "Tier 1 Support",
            "category": "Software",
            "tags": ["install"],
            "first_reply_at": "-2d 09:00",
            "description": "A new project needs Python 3.11 with pandas and numpy.",
            "comments": [("alice", True, "Queued for Thursday's install round.", "-2d 09:00")],
        },
    ),
    (
        1012,
        "Password reset link expired",
        "zoe.adams@mail.example",
        "new",
        "normal",
        "question",
        None,
        "-20h",
        {
            "category": "Access",
            "tags": ["password"],
            "description": "The reset link I got yesterday says it has expired.",
        },
    ),
    (
        1013,
        "Forgot my password",
        "jordan.price@mail.example",
        "solved",
        "low",
        "question",
        "grace",
        "-8d 10:00",
        {
            "group": "Tier 1 Support",
            "category": "Access",
            "tags": ["password"],
            "first_reply_at": "-8d 10:30",
            "solved_at": "-8d 10:30",
            "satisfaction": "good",
            "satisfaction_comment": "Quick and clear, thanks!",
            "comments": [
                ("grace", True, "You can reset it at https://id.example.test/reset.", "-8d 10:30")
            ],
        },
    ),
    (
        1014,
        "Refund for cancelled subscription",
        "mario.gonzales@globex.example",
        "solved",
        "normal",
        "problem",
        "bob",
        "-10d 11:00",
        {
            "group": "Billing",
            "category": "Billing",
            "tags": ["refund"],
            "first_reply_at": "-10d 12:00",
            "solved_at": "-9d 09:00",
            "resolution": "Refund of USD 480.00 issued.",
            "comments": [("bob", True, "Refund of USD 480.00 issued.", "-9d 09:00")],
        },
    ),
    (
        1015,
        "Refund still not received",
        "maria.gonzalez@northwind.example",
        "solved",
        "normal",
        "problem",
        "bob",
        "-12d 09:00",
        {
            "group": "Billing",
            "category": "Billing",
            "tags": ["refund"],
            "first_reply_at": "-11d 09:00",
            "solved_at": "-7d 15:00",
            "satisfaction": "bad",
            "satisfaction_comment": "Took a week and two reminders.",
            "comments": [
                ("bob", True, "Checking with the bank.", "-11d 09:00"),
                (None, True, "Any news? It has been four days.", "-8d 10:00"),
                ("bob", True, "The refund left today; sorry for the wait.", "-7d 15:00"),
            ],
        },
    ),
    (
        1016,
        "New starter needs a laptop",
        "bill.lumbergh@initech.example",
        "closed",
        "normal",
        "task",
        "frank",
        "-30d 09:00",
        {
            "group": "Onsite IT",
            "category": "Hardware",
            "tags": ["onboarding"],
            "first_reply_at": "-30d 10:00",
            "solved_at": "-27d 12:00",
            "satisfaction": "good",
            "comments": [("frank", True, "Laptop imaged and handed over.", "-27d 12:00")],
        },
    ),
    (
        1017,
        "Laptop for new starter",
        "bill.lumbergh@initech.example",
        "closed",
        "normal",
        "task",
        "frank",
        "-30d 09:05",
        {
            "group": "Onsite IT",
            "category": "Hardware",
            "tags": ["onboarding"],
            "merged_into": 1016,
            "comments": [
                (
                    "frank",
                    False,
                    "Merged into TK-1016 (New starter needs a laptop); closed as a duplicate.",
                    "-30d 09:30",
                )
            ],
        },
    ),
    (
        1018,
        "Lab results portal shows another patient's name",
        "ada.obi@umbrella.example",
        "open",
        "urgent",
        "incident",
        "carol",
        "-1d 09:00",
        {
            "group": "Technical Escalations",
            "category": "Security",
            "tags": ["privacy", "vip"],
            "first_reply_at": "-1d 09:20",
            "description": "One results page showed the wrong patient's name after a refresh.",
            "comments": [
                ("carol", True, "We have taken the page offline while we investigate.", "-1d 09:20")
            ],
        },
    ),
    (
        1019,
        "Email signature template",
        "leo.martins@umbrella.example",
        "pending",
        "low",
        "question",
        "grace",
        "-5d 14:00",
        {
            "group": "Tier 1 Support",
            "category": "Email",
            "first_reply_at": "-5d 15:00",
            "comments": [
                ("grace", True, "Which logo version should the template use?", "-5d 15:00")
            ],
        },
    ),
    (
        1020,
        "Shared mailbox not syncing on phones",
        "leo.martins@umbrella.example",
        "open",
        "normal",
        "incident",
        "alice",
        "-2d 13:00",
        {
            "group": "Tier 1 Support",
            "category": "Email",
            "tags": ["mobile", "email"],
            "description": "The clinic@ shared mailbox stopped syncing on "
            "iPhones after Friday's update.",
        },
    ),
    (
        1021,
        "Monthly sales report takes 60 seconds",
        "priya.natarajan@globex.example",
        "open",
        "normal",
        "problem",
        "carol",
        "-6d 11:30",
        {
            "group": "Technical Escalations",
            "category": "Performance",
            "tags": ["reports", "performance"],
            "first_reply_at": "-6d 13:00",
            "comments": [("carol", True, "We are profiling the report query.", "-6d 13:00")],
        },
    ),
    (
        1022,
        "API timeouts at peak hours",
        "sam.lee@initech.example",
        "open",
        "high",
        "problem",
        "carol",
        "-3d 09:45",
        {
            "group": "Technical Escalations",
            "category": "Performance",
            "tags": ["api", "timeout"],
            "first_reply_at": "-3d 16:00",
            "description": "The order query API times out 3-5 times an hour between 11:00 "
            "and 13:00.",
        },
    ),
    (
        1023,
        "Feature request: bulk export",
        "mario.gonzales@globex.example",
        "open",
        "low",
        "task",
        None,
        "-9d 10:00",
        {
            "category": "Feature request",
            "tags": ["export"],
            "first_reply_at": "-9d 15:00",
            "comments": [
                ("grace", True, "Thanks, we have passed it on to the product team.", "-9d 15:00")
            ],
        },
    ),
    (
        1024,
        "Projector in room B2 has no signal",
        "tom.becker@northwind.example",
        "new",
        "normal",
        "incident",
        None,
        "-1h",
        {
            "category": "Hardware",
            "tags": ["meeting-room"],
            "description": "HDMI shows 'no signal' with every laptop we tried.",
        },
    ),
    (
        1025,
        "Need access to the finance share",
        "tom.becker@northwind.example",
        "open",
        "normal",
        "task",
        "alice",
        "-1d 10:00",
        {
            "group": "Tier 1 Support",
            "category": "Access",
            "tags": ["access"],
            "first_reply_at": "-1d 10:30",
            "comments": [("alice", False, "Needs a manager's approval; asked Bill.", "-1d 10:30")],
        },
    ),
    (
        1026,
        "Wrong VAT number on invoices",
        "nina.kowalski@initrode.example",
        "open",
        "normal",
        "problem",
        "bob",
        "-4d 09:00",
        {
            "group": "Billing",
            "category": "Billing",
            "tags": ["invoice", "vat"],
            "first_reply_at": "-4d 11:00",
            "comments": [
                ("bob", True, "Which VAT number should we use from now on?", "-4d 11:00"),
                (None, True, "FR 40 303 265 045, please.", "-3d 09:00"),
            ],
        },
    ),
    (
        1027,
        "Handheld battery swells",
        "hana.suzuki@acme-logistics.example",
        "open",
        "high",
        "incident",
        "frank",
        "-20h",
        {
            "group": "Onsite IT",
            "category": "Hardware",
            "tags": ["scanner", "safety"],
            "description": "Two handhelds have swollen batteries; they are out of service.",
        },
    ),
    (
        1028,
        "Cannot print shipping labels",
        "omar.haddad@acme-logistics.example",
        "solved",
        "high",
        "incident",
        "frank",
        "-4d 07:30",
        {
            "group": "Onsite IT",
            "category": "Hardware",
            "tags": ["printer"],
            "first_reply_at": "-4d 08:00",
            "solved_at": "-4d 10:00",
            "resolution": "Replaced the label printer's print head.",
            "comments": [("frank", True, "Replaced the label printer's print head.", "-4d 10:00")],
        },
    ),
    (
        1029,
        "How do I add a user to the team calendar?",
        "jordan.price@mail.example",
        "solved",
        "low",
        "question",
        "alice",
        "-6d 10:00",
        {
            "group": "Tier 1 Support",
            "category": "Calendar",
            "first_reply_at": "-6d 11:00",
            "solved_at": "-6d 11:00",
            "comments": [
                (
                    "alice",
                    True,
                    "Open the calendar's sharing settings and add their email.",
                    "-6d 11:00",
                )
            ],
        },
    ),
    (
        1030,
        "Spam from a lookalike domain",
        "bill.lumbergh@initech.example",
        "open",
        "high",
        "incident",
        "carol",
        "-7h",
        {
            "group": "Technical Escalations",
            "category": "Security",
            "tags": ["phishing", "email"],
            "description": "Staff got invoices from initech-billing"
            ".example asking for bank details. Is it blocked?",
        },
    ),
    (
        1031,
        "Update billing address",
        "mario.gonzales@globex.example",
        "new",
        "low",
        "task",
        None,
        "-30m",
        {"category": "Billing", "description": "New address: 12 Harbour Road, Leith."},
    ),
    (
        1032,
        "Two-factor codes arrive late",
        "zoe.adams@mail.example",
        "on-hold",
        "normal",
        "problem",
        "grace",
        "-5d 08:00",
        {
            "group": "Tier 1 Support",
            "category": "Access",
            "tags": ["2fa"],
            "first_reply_at": "-5d 08:40",
            "comments": [
                (
                    "grace",
                    True,
                    "Our SMS provider is looking into delays; we will update you.",
                    "-5d 08:40",
                )
            ],
        },
    ),
    (
        1033,
        "Clinic Wi-Fi drops in the east wing",
        "ada.obi@umbrella.example",
        "open",
        "normal",
        "incident",
        "frank",
        "-3d 12:00",
        {
            "group": "Onsite IT",
            "category": "Network",
            "tags": ["wifi", "onsite"],
            "first_reply_at": "-2d 08:00",
            "comments": [
                (
                    "frank",
                    True,
                    "An access point is faulty; a replacement arrives Tuesday.",
                    "-2d 08:00",
                )
            ],
        },
    ),
    (
        1034,
        "Cancel our extra seats",
        "priya.natarajan@globex.example",
        "pending",
        "normal",
        "task",
        "bob",
        "-2d 10:00",
        {
            "group": "Billing",
            "category": "Billing",
            "tags": ["subscription"],
            "first_reply_at": "-2d 10:45",
            "comments": [
                ("bob", True, "How many seats should we remove, and from which date?", "-2d 10:45")
            ],
        },
    ),
    (
        1035,
        "Dashboard dates off by one day",
        "sam.li@initrode.example",
        "new",
        "low",
        "problem",
        None,
        "-2d 17:00",
        {
            "category": "Software",
            "tags": ["reports"],
            "description": "Orders placed after 23:00 show up on the next day.",
        },
    ),
    (
        1036,
        "Outlook asks for the password again and again",
        "maria.gonzalez@northwind.example",
        "open",
        "normal",
        "incident",
        "erin",
        "-1d 11:00",
        {
            "group": "Tier 1 Support",
            "category": "Email",
            "tags": ["email", "login"],
            "description": "Outlook on Windows prompts every few minutes since the weekend.",
        },
    ),
]


def _comment(author: str | None, public: bool, body: str, when: str) -> dict[str, Any]:
    return {
        **({"author": author} if author else {}),
        "public": public,
        "body": body,
        "created_at": when,
    }


def _ticket(row: tuple[int, str, str, str, str, str, str | None, str, dict[str, Any]]) -> dict:
    ticket_id, subject, requester, status, priority, kind, assignee, created, extra = row
    comments = [_comment(*c) for c in extra.pop("comments", [])]
    last = comments[-1]["created_at"] if comments else created
    return {
        "id": ticket_id,
        "subject": subject,
        "requester": requester,
        **({"assignee": assignee} if assignee else {}),
        "status": status,
        "priority": priority,
        "type": kind,
        "created_at": created,
        "updated_at": last,
        **extra,
        **({"comments": comments} if comments else {}),
    }


def seed() -> dict[str, Any]:
    return {
        "organizations": [{"name": n, "domain": d, "external_id": e} for n, d, e in ORGANIZATIONS],
        "groups": [{"name": name} for name in GROUPS],
        "users": [
            person(username).user(role=role, **({"group": group} if group else {}))
            for username, role, group in AGENTS
        ],
        "requesters": [
            {"name": n, "email": e, **({"organization": o} if o else {}), "department": d}
            for n, e, o, d in REQUESTERS
        ],
        "sla_targets": [
            {"priority": p, "first_reply_minutes": f, "resolution_minutes": r} for p, f, r in SLA
        ],
        "macros": MACROS,
        "tickets": [_ticket(row) for row in TICKETS],
    }


if __name__ == "__main__":
    path = Path(__file__).with_name("default_seed.json")
    path.write_text(json.dumps(seed(), indent=1, ensure_ascii=False) + "\n")

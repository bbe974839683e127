"""Write ``default_seed.json``: a company wiki of the cast around the seed's now (Monday
2026-03-02 09:00 UTC): Engineering, HR Policies, a Sales Playbook and a restricted Finance
space, 40 pages with their histories, comments and watchers. Some pages are stale or
contradict each other on purpose (two deploy processes, remote days, meal limits, discount
limits), some links lead to restricted or missing pages.

Run ``python -m mock_services.kb.make_default_seed`` after changing the data below.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mock_services.core.base.cast import person

# username, role, job title
USERS = [
    ("alice", "member", "Engineering Manager"),
    ("bob", "member", "Sales Director"),
    ("carol", "member", "HR Business Partner"),
    ("dave", "admin", "IT and Knowledge Manager"),
    ("erin", "member", "Finance Controller"),
    ("frank", "member", "Senior Software Engineer"),
    ("grace", "member", "Account Executive"),
    ("heidi", "member", "Financial Analyst"),
    ("ivan", "guest", "Contract Developer"),
    ("judy", "member", "Recruiter"),
]
# key, name, description, default access, grants
SPACES = [
    (
        "ENG",
        "Engineering",
        "How we build, ship and run the product: architecture, deploys, "
        "runbooks, on-call and onboarding.",
        "edit",
        [("alice", "admin"), ("ivan", "view")],
    ),
    (
        "HR",
        "HR Policies",
        "Company policies: leave, remote work, travel and expenses, "
        "equipment, conduct and reviews.",
        "view",
        [("carol", "admin"), ("judy", "edit")],
    ),
    (
        "SALES",
        "Sales Playbook",
        "How we sell: qualification, pricing and discounts, objections, demos and competitors.",
        "view",
        [("bob", "admin"), ("grace", "edit")],
    ),
    (
        "FIN",
        "Finance",
        "Budgets, the month-end close, approvals and payments. Restricted to the finance team.",
        "none",
        [("erin", "admin"), ("heidi", "edit"), ("bob", "view")],
    ),
]


def _page(
    id: int,
    space: str,
    parent: int | None,
    title: str,
    author: str,
    labels: list[str],
    created: str,
    body: str,
    *,
    updated: str | None = None,
    updated_by: str | None = None,
    status: str = "published",
    history: list[tuple[str, str, str, dict[str, Any]]] | None = None,
    message: str = "",
    comments: list[dict[str, Any]] | None = None,
    watchers: list[str] = (),  # type: ignore[assignment]
    reviews: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A page row; ``history`` its versions before the current one as (author, when,
    message, the fields that differed then), the current one made by ``updated_by`` at
    ``updated`` with ``message``."""
    row: dict[str, Any] = {
        "id": id,
        "space": space,
        "parent_id": parent,
        "title": title,
        "body": body.strip() + "\n",
        "labels": sorted(labels),
        "status": status,
        "author": author,
        "created_at": created,
        "updated_at": updated or created,
        "updated_by": None if (updated_by or author) == author else updated_by,
    }
    if status != "draft":
        old = [
            {
                "author": who if who != (updated_by or author) else None,
                "created_at": when,
                "message": why,
                **fields,
            }
            for who, when, why, fields in history or []
        ]
        current = {"created_at": updated or created, "message": message}
        row["versions"] = [_dropped(v) for v in [*old, current]]
    row["comments"] = comments or []
    row["reviews"] = reviews or []
    row["watchers"] = [
        {"user": u, "created_at": created} for u in dict.fromkeys([author, *watchers])
    ]
    return _dropped(row)


def _dropped(row: dict[str, Any]) -> dict[str, Any]:
    """``row`` without the keys the export leaves out (None, empty, published)."""
    return {
        k: v
        for k, v in row.items()
        if v is not None
        and v != ""
        and not (k == "status" and v == "published")
        and not (k in ("comments", "watchers", "labels", "reviews") and v == [])
    }


def _comment(
    author: str,
    when: str,
    body: str,
    resolved_by: str | None = None,
    resolved_at: str | None = None,
) -> dict[str, Any]:
    return _dropped(
        {
            "author": author,
            "body": body,
            "created_at": when,
            "resolved": True if resolved_by else None,
            "resolved_by": resolved_by,
            "resolved_at": resolved_at,
        }
    )


DEPLOY_V1 = """
# Deploy process

1. Merge to `main` once CI is green.
2. Ask in #deploys, then run the **Jenkins** job `deploy-prod` by hand.
3. Watch the dashboards for 15 minutes.
"""
DEPLOY_V2 = """
# Deploy process

1. Merge to `main` once CI is green.
2. GitHub Actions deploys `main` to staging on every merge.
3. Promote the build to production with the `promote` workflow.
4. Watch the dashboards for 15 minutes.
"""
DEPLOY_V3 = """
# Deploy process

1. Merge to `main` once CI is green.
2. GitHub Actions deploys `main` to staging on every merge.
3. Promote the build to production with the `promote` workflow: it goes to a 5% canary first.
4. The canary is promoted after 30 minutes without alerts; roll back with `promote --undo`.
5. Watch the dashboards for 15 minutes after the full rollout.
"""
DEPLOY_NOW = """
# Deploy process

1. Merge to `main` once CI is green.
2. GitHub Actions deploys `main` to staging on every merge.
3. Promote the build to production with the `promote` workflow: it goes to a 5% canary first.
4. The canary is promoted after 30 minutes without alerts; roll back with `promote --undo`.
5. Watch the dashboards for 15 minutes after the full rollout.

**Deploy freeze:** no production deploys from Friday 15:00 to Monday 09:00 (UTC), nor during
the last two business days of the month (see [[FIN:Month-end close checklist]]).

Something broke? Follow [[Incident response]].
"""


def eng_pages() -> list[dict[str, Any]]:
    return [
        _page(
            1,
            "ENG",
            None,
            "Engineering Home",
            "alice",
            ["home"],
            "-400d 10:00",
            """
# Engineering

Start here. New to the team? Work through the [[Onboarding checklist]].

- How the product fits together: [[Architecture overview]]
- Shipping: [[Deploy process]]
- Running it: [[On-call runbook]] and [[Incident response]]
- How we write code: [[Coding standards]]
- What shipped lately: [[Release notes 2026-02]]
""",
        ),
        _page(
            2,
            "ENG",
            1,
            "Onboarding checklist",
            "alice",
            ["onboarding", "checklist"],
            "-380d 09:30",
            """
# Onboarding checklist

Week 1
- [ ] Get your laptop (see [[HR:Equipment and laptop policy]])
- [ ] Set up your machine: [[Local development setup]]
- [ ] Read the [[Architecture overview]]
- [ ] Shadow an on-call shift

Week 2
- [ ] Ship a small change following the [[Deploy process]]
- [ ] Read the [[Code review guidelines]]
""",
            updated="-40d 14:00",
            updated_by="frank",
            history=[
                (
                    "alice",
                    "-380d 09:30",
                    "First version",
                    {
                        "body": "# Onboarding checklist\n\n- [ ] Get your laptop\n- [ ] Set up "
                        "your machine: [[Local development setup]]\n- [ ] Read the "
                        "[[Architecture overview]]\n"
                    },
                ),
                (
                    "alice",
                    "-200d 11:00",
                    "Split into two weeks",
                    {
                        "body": "# Onboarding checklist\n\nWeek 1\n- [ ] Get your laptop\n- [ ] "
                        "Set up your machine: [[Local development setup]]\n- [ ] Read the "
                        "[[Architecture overview]]\n\nWeek 2\n- [ ] Ship a small change "
                        "following the [[Deploy process]]\n"
                    },
                ),
            ],
            message="Link the laptop policy, add on-call shadowing and code review",
            watchers=["judy"],
        ),
        _page(
            3,
            "ENG",
            1,
            "Architecture overview",
            "frank",
            ["architecture"],
            "-390d 15:00",
            """
# Architecture overview

The product is a Python monolith (`api`) behind an nginx load balancer, with a worker pool
for background jobs, PostgreSQL 15 as the primary store (one primary, one streaming replica;
see [[Database failover]]) and Redis for queues and caching.

Services outside the monolith: `billing-sync` (nightly, to the ERP) and `search-indexer`.
""",
            updated="-90d 10:00",
            history=[
                (
                    "frank",
                    "-390d 15:00",
                    "",
                    {
                        "body": "# Architecture overview\n\nThe product is "
                        "a Python monolith behind nginx, with PostgreSQL 13 and Redis.\n"
                    },
                ),
            ],
            message="PostgreSQL 15 upgrade, new services",
        ),
        _page(
            4,
            "ENG",
            1,
            "Deploy process",
            "alice",
            ["deploy", "howto"],
            "-300d 10:00",
            DEPLOY_NOW,
            updated="-6d 16:20",
            updated_by="frank",
            history=[
                ("alice", "-300d 10:00", "First version", {"body": DEPLOY_V1.strip() + "\n"}),
                (
                    "frank",
                    "-150d 12:00",
                    "Jenkins is gone: GitHub Actions",
                    {"body": DEPLOY_V2.strip() + "\n"},
                ),
                ("alice", "-60d 09:15", "Canary releases", {"body": DEPLOY_V3.strip() + "\n"}),
            ],
            message="Add the deploy freeze windows",
            comments=[
                _comment("ivan", "-5d 10:00", "Does the freeze also apply to staging?"),
                _comment("frank", "-5d 11:30", "No, staging is never frozen."),
                _comment(
                    "grace",
                    "-20d 09:00",
                    "Can we get a heads-up in #sales before big releases?",
                    "alice",
                    "-19d 12:00",
                ),
            ],
            watchers=["frank", "ivan"],
        ),
        _page(
            5,
            "ENG",
            1,
            "Deploy process (old)",
            "dave",
            ["deploy", "howto"],
            "-700d 09:00",
            """
# Deploy process

1. SSH to `deploy01`.
2. Run `./deploy.sh prod` from the release branch.
3. Post in #deploys when done. Deploys are fine at any time, Fridays included.
""",
            watchers=[],
            comments=[
                _comment(
                    "frank",
                    "-8d 17:00",
                    "This is how we deployed two years ago; new people keep finding it in "
                    "search. Archive it?",
                )
            ],
        ),
        _page(
            6,
            "ENG",
            1,
            "On-call runbook",
            "frank",
            ["oncall", "runbook"],
            "-600d 08:00",
            """
# On-call runbook

- Rotation: weekly, handover Monday 10:00 in #oncall.
- Pages come from **OpsGenie**; acknowledge within 5 minutes.
- Escalation: after 15 minutes without progress, call the secondary, then Frank (ext. 4411).
- Dashboards: Grafana `prod-overview`.

For a real incident, follow [[Incident response]]. Database trouble: [[Database failover]].
""",
            updated="-420d 17:00",
            history=[
                (
                    "frank",
                    "-600d 08:00",
                    "",
                    {
                        "body": "# On-call runbook\n\nPages come from "
                        "OpsGenie. Call Frank (ext. 4411) if stuck.\n"
                    },
                ),
            ],
            message="Escalation steps",
            comments=[
                _comment(
                    "ivan",
                    "-3d 15:00",
                    "We moved to PagerDuty last year, didn't we? This still says OpsGenie.",
                ),
            ],
        ),
        _page(
            7,
            "ENG",
            6,
            "Incident response",
            "alice",
            ["incident", "runbook"],
            "-250d 10:00",
            """
# Incident response

1. Declare the incident in #incidents with a severity (SEV1 to SEV3).
2. The on-call engineer is incident commander until handed over (see [[On-call runbook]]).
3. Post status updates every 30 minutes for SEV1, hourly for SEV2.
4. After resolution, write a postmortem from the [[Postmortem template]] within 5 business
   days.
""",
        ),
        _page(
            8,
            "ENG",
            7,
            "Postmortem template",
            "alice",
            ["template", "incident"],
            "-250d 10:30",
            """
# Postmortem: <incident title>

- Date, duration, severity
- Impact: who was affected and how
- Timeline (UTC)
- Root cause
- What went well / what went badly
- Action items, each with an owner and a due date
""",
        ),
        _page(
            9,
            "ENG",
            6,
            "Database failover",
            "frank",
            ["database", "runbook"],
            "-200d 14:00",
            """
# Database failover

When the primary PostgreSQL is down for more than 5 minutes:

1. Confirm the replica lag is under 30 s in Grafana.
2. Run `pg-promote replica-1` on the bastion.
3. Point `DATABASE_URL` at the new primary and restart `api` and the workers.
4. Open a ticket to rebuild the old primary as a replica.
""",
            watchers=["alice"],
        ),
        _page(
            10,
            "ENG",
            1,
            "Coding standards",
            "frank",
            ["standards"],
            "-350d 11:00",
            """
# Coding standards

- Python: formatted with ruff, type hints everywhere, mypy strict on new modules.
- Tests with every change; no merge with a red CI.
- Names say what a thing is. No dead code.

Reviews: [[Code review guidelines]].
""",
        ),
        _page(
            11,
            "ENG",
            10,
            "Code review guidelines",
            "alice",
            ["standards", "review"],
            "-340d 11:00",
            """
# Code review guidelines

- Review within one business day.
- Approve when it is correct and follows the [[Coding standards]]; nits are not blockers.
- Two approvals for changes to billing or authentication.
""",
        ),
        _page(
            12,
            "ENG",
            3,
            "API versioning RFC",
            "frank",
            ["rfc", "api"],
            "-4d 16:00",
            """
# RFC: versioning the public API

Proposal: put the version in the path (`/v2/...`), support the previous version for 12
months, announce deprecations in the [[Release notes 2026-02]] style.

Open questions: do we version webhooks the same way?
""",
            status="draft",
        ),
        _page(
            13,
            "ENG",
            1,
            "Release notes 2026-02",
            "alice",
            ["release-notes"],
            "-2d 17:00",
            """
# Release notes, February 2026

- Bulk export of invoices (CSV)
- Faster search indexing (about 3x)
- Fixed: password reset links expiring after 10 minutes instead of 24 hours
""",
        ),
        _page(
            14,
            "ENG",
            2,
            "Local development setup",
            "frank",
            ["onboarding", "howto"],
            "-370d 10:00",
            """
# Local development setup

1. Install Python 3.12 and Docker.
2. `git clone` the `api` repository and run `make dev`: it starts PostgreSQL and Redis in
   Docker and loads sample data.
3. Run the tests with `make test`.

Ask in #dev-help when stuck.
""",
            comments=[
                _comment(
                    "ivan",
                    "-10d 09:00",
                    "`make dev` fails on Apple silicon: the Redis image "
                    "has no arm64 build. Is there a workaround?",
                ),
            ],
        ),
    ]


def hr_pages() -> list[dict[str, Any]]:
    return [
        _page(
            15,
            "HR",
            None,
            "HR Policies Home",
            "carol",
            ["home"],
            "-500d 09:00",
            """
# HR Policies

- Working: [[Hybrid work policy 2026]], [[Annual leave]], [[Parental leave]]
- Money: [[Travel and expense policy]]
- Equipment: [[Equipment and laptop policy]]
- Joining us: [[New hire onboarding]]
- How we behave: [[Code of conduct]]

Questions: ask Carol Diaz or Judy Adams.
""",
            updated="-30d 10:00",
            history=[
                (
                    "carol",
                    "-500d 09:00",
                    "",
                    {
                        "body": "# HR Policies\n\n- [[Remote work policy]]\n"
                        "- [[Annual leave]]\n- [[Travel and expense policy]]\n"
                    },
                ),
            ],
            message="Link the 2026 hybrid policy",
        ),
        _page(
            16,
            "HR",
            15,
            "Remote work policy",
            "carol",
            ["policy", "remote"],
            "-500d 09:30",
            """
# Remote work policy

Employees may work from home up to **2 days per week**, agreed with their manager.
Core hours are 10:00 to 16:00 local time. Working from abroad needs HR approval.
""",
            watchers=["judy"],
            reviews=[
                {
                    "organizer": "carol",
                    "start": "+3d 14:00",
                    "end": "+3d 14:30",
                    "attendees": ["alice", "carol", "judy"],
                    "note": "Archive this page now that the 2026 hybrid policy is live?",
                    "created_at": "-1d 16:00",
                }
            ],
        ),
        _page(
            17,
            "HR",
            15,
            "Hybrid work policy 2026",
            "carol",
            ["policy", "remote"],
            "-30d 09:30",
            """
# Hybrid work policy 2026

From 1 February 2026, employees may work remotely up to **3 days per week**; Tuesdays are
office days for everyone. Core hours are 10:00 to 16:00 local time. Up to 20 days a year
may be worked from another EU country with HR approval.

This replaces the [[Remote work policy]].
""",
            updated="-28d 11:00",
            history=[
                (
                    "carol",
                    "-30d 09:30",
                    "Draft approved by the leadership team",
                    {
                        "body": "# Hybrid work policy 2026\n\n"
                        "From 1 February 2026, employees may work "
                        "remotely up to **3 days per week**. Core hours are 10:00 to 16:00 local "
                        "time.\n"
                    },
                ),
            ],
            message="Tuesdays in the office, work from abroad",
            comments=[
                _comment(
                    "alice", "-27d 10:00", "Should the old remote work policy be archived now?"
                ),
            ],
            watchers=["alice", "bob"],
        ),
        _page(
            18,
            "HR",
            15,
            "Annual leave",
            "carol",
            ["policy", "leave"],
            "-480d 10:00",
            """
# Annual leave

- 25 days per calendar year, plus public holidays.
- Up to 5 unused days carry over to the next year and must be taken by 31 March.
- Book leave in the HR system at least 2 weeks ahead for 3 days or more.
""",
            updated="-60d 15:00",
            updated_by="judy",
            history=[
                (
                    "carol",
                    "-480d 10:00",
                    "",
                    {
                        "body": "# Annual leave\n\n- 25 days per calendar "
                        "year, plus public holidays.\n- Unused days do not carry over.\n"
                    },
                ),
                (
                    "carol",
                    "-300d 10:00",
                    "Carry-over of 5 days",
                    {
                        "body": "# Annual leave\n\n- 25 "
                        "days per calendar year, plus public holidays.\n"
                        "- Up to 5 unused days carry over "
                        "to the next year and must be taken by 31 March.\n"
                    },
                ),
            ],
            message="Booking notice",
        ),
        _page(
            19,
            "HR",
            15,
            "Parental leave",
            "carol",
            ["policy", "leave"],
            "-450d 10:00",
            """
# Parental leave

- Birth parent: 20 weeks at full pay.
- Other parent: 8 weeks at full pay, to be taken within the first year.
- Tell HR at least 8 weeks before the leave starts.
""",
        ),
        _page(
            20,
            "HR",
            15,
            "Travel and expense policy",
            "carol",
            ["policy", "expenses", "travel"],
            "-400d 10:00",
            """
# Travel and expense policy

- Book travel through the travel portal; economy class for flights under 6 hours.
- Hotels: up to **$180 per night**.
- Meals: up to **$50 per day** while travelling.
- Submit expenses within 30 days with receipts.

Finance's detailed rules: [[FIN:Expense reimbursement rules]].
""",
            updated="-400d 10:00",
            comments=[
                _comment(
                    "heidi",
                    "-15d 11:00",
                    "Finance's rules now allow $75 a day for meals and $200 a night for "
                    "hotels; this page still says $50 and $180.",
                )
            ],
        ),
        _page(
            21,
            "HR",
            15,
            "Equipment and laptop policy",
            "dave",
            ["policy", "it"],
            "-420d 10:00",
            """
# Equipment and laptop policy

- Engineers get a 16" laptop with 32 GB of memory; everyone else a 14" laptop.
- Laptops are replaced every 3 years. Report a lost or stolen laptop to IT within 24 hours.
- Home office: a one-time allowance of $300 for a monitor and a chair.
""",
        ),
        _page(
            22,
            "HR",
            15,
            "New hire onboarding",
            "judy",
            ["onboarding"],
            "-200d 10:00",
            """
# New hire onboarding

1. HR sends the contract and the equipment request before day 1.
2. Day 1: welcome session with HR at 10:00, laptop handover by IT.
3. Week 1: team onboarding (engineers: [[ENG:Onboarding checklist]]).
4. Day 30: check-in with the manager and HR.
""",
            comments=[
                _comment(
                    "alice",
                    "-100d 10:00",
                    "Could IT hand over laptops before day 1? New engineers lose a morning.",
                    "judy",
                    "-90d 09:00",
                )
            ],
        ),
        _page(
            23,
            "HR",
            15,
            "Code of conduct",
            "carol",
            ["policy"],
            "-500d 11:00",
            """
# Code of conduct

We treat each other with respect. Harassment and discrimination are not tolerated. Report
concerns to HR or anonymously through the ethics line; reports are handled confidentially.
""",
        ),
        _page(
            24,
            "HR",
            15,
            "Performance review cycle 2026",
            "carol",
            ["reviews"],
            "-1d 10:00",
            """
# Performance review cycle 2026

- Self reviews: 1 to 14 April
- Manager reviews: 15 to 30 April
- Calibration: first week of May
""",
            status="draft",
        ),
    ]


def sales_pages() -> list[dict[str, Any]]:
    return [
        _page(
            25,
            "SALES",
            None,
            "Sales Playbook Home",
            "bob",
            ["home"],
            "-360d 09:00",
            """
# Sales Playbook

1. Qualify: [[Qualification (MEDDIC)]]
2. Demo: [[Demo script]]
3. Price: [[Price list 2026]] and the [[Discount approval matrix]]
4. Handle objections: [[Objection handling]]
5. Know the competition: [[Competitor battlecard: Initech]]
""",
        ),
        _page(
            26,
            "SALES",
            25,
            "Qualification (MEDDIC)",
            "bob",
            ["qualification"],
            "-360d 10:00",
            """
# Qualification (MEDDIC)

Metrics, Economic buyer, Decision criteria, Decision process, Identify pain, Champion.
A deal moves past discovery only with a named economic buyer and a champion.
""",
        ),
        _page(
            27,
            "SALES",
            25,
            "Discount approval matrix",
            "bob",
            ["pricing", "discounts"],
            "-200d 10:00",
            """
# Discount approval matrix

| discount | who approves |
|---|---|
| up to 15% | the account executive |
| 15% to 25% | the sales director |
| over 25% | the CFO |

Finance's view: [[FIN:Pricing guardrails]].
""",
            updated="-45d 12:00",
            updated_by="grace",
            history=[
                (
                    "bob",
                    "-200d 10:00",
                    "",
                    {
                        "body": "# Discount approval matrix\n\n| discount | "
                        "who approves |\n|---|---|\n"
                        "| up to 10% | the account executive |\n| 10% to 25% "
                        "| the sales director |\n| over 25% | the CFO |\n\nFinance's view: "
                        "[[FIN:Pricing guardrails]].\n"
                    },
                ),
            ],
            message="Reps approve up to 15% (Q1 kickoff)",
            comments=[
                _comment(
                    "erin",
                    "-40d 09:00",
                    "Finance never agreed to 15%: the guardrail is still "
                    "10%. Please change this back.",
                ),
            ],
            watchers=["erin"],
        ),
        _page(
            28,
            "SALES",
            25,
            "Objection handling",
            "grace",
            ["objections"],
            "-300d 10:00",
            """
# Objection handling

- "Too expensive": anchor on the metrics from qualification, offer annual billing.
- "We use Initech": see [[Competitor battlecard: Initech]].
- "Not now": agree a date to talk again and log it in the CRM.
""",
        ),
        _page(
            29,
            "SALES",
            25,
            "Price list 2024",
            "bob",
            ["pricing"],
            "-800d 10:00",
            """
# Price list 2024

- Starter: $29 per user per month
- Business: $59 per user per month
- Enterprise: from $40,000 per year
""",
            status="archived",
        ),
        _page(
            30,
            "SALES",
            25,
            "Price list 2026",
            "bob",
            ["pricing"],
            "-60d 10:00",
            """
# Price list 2026

- Starter: $35 per user per month
- Business: $69 per user per month
- Enterprise: from $48,000 per year

Annual billing: 2 months free. Discounts: [[Discount approval matrix]].
""",
        ),
        _page(
            31,
            "SALES",
            25,
            "Demo script",
            "grace",
            ["demo"],
            "-150d 10:00",
            """
# Demo script (30 minutes)

1. Their pain, in their words (5 min)
2. The three workflows that match it (15 min)
3. Reporting and the admin console (5 min)
4. Next steps and the economic buyer (5 min)
""",
        ),
        _page(
            32,
            "SALES",
            25,
            "Competitor battlecard: Initech",
            "grace",
            ["competitor", "initech"],
            "-100d 10:00",
            """
# Competitor battlecard: Initech

- They win on price for teams under 20 users.
- We win on reporting, the API and support response times (4 hours against their 2 days).
- Watch out: Initech offers a free migration service.
""",
        ),
    ]


def fin_pages() -> list[dict[str, Any]]:
    return [
        _page(
            33,
            "FIN",
            None,
            "Finance Home",
            "erin",
            ["home"],
            "-300d 09:00",
            """
# Finance

- [[Month-end close checklist]]
- [[Budget 2026]]
- [[Expense reimbursement rules]]
- [[Pricing guardrails]]
- [[Vendor payment runs]]
""",
        ),
        _page(
            34,
            "FIN",
            33,
            "Month-end close checklist",
            "erin",
            ["close", "checklist"],
            "-290d 09:00",
            """
# Month-end close checklist

1. Day -2: freeze production deploys and price changes (tell Engineering).
2. Day 1: reconcile the bank accounts and the payment provider.
3. Day 2: accruals, deferred revenue and the billing-sync report.
4. Day 3: review with the controller; close the period in the ERP.
""",
            updated="-50d 09:00",
            updated_by="heidi",
            history=[
                (
                    "erin",
                    "-290d 09:00",
                    "",
                    {
                        "body": "# Month-end close checklist\n\n1. Reconcile "
                        "the bank accounts.\n2. Accruals and deferred revenue.\n"
                        "3. Close the period in the "
                        "ERP.\n"
                    },
                ),
            ],
            message="Deploy freeze and the payment provider",
            watchers=["heidi"],
        ),
        _page(
            35,
            "FIN",
            33,
            "Budget 2026",
            "erin",
            ["budget", "confidential"],
            "-80d 09:00",
            """
# Budget 2026

| department | budget |
|---|---|
| Engineering | $4.2M |
| Sales | $2.8M |
| HR and operations | $0.9M |

Headcount: +6 engineers, +3 account executives.
""",
        ),
        _page(
            36,
            "FIN",
            33,
            "Expense reimbursement rules",
            "heidi",
            ["expenses", "policy"],
            "-20d 09:00",
            """
# Expense reimbursement rules

- Meals while travelling: up to **$75 per day**.
- Hotels: up to **$200 per night** ($250 in New York and London).
- Receipts for everything over $25; submit within 30 days.
- Client dinners need the sales director's approval beforehand.
""",
        ),
        _page(
            37,
            "FIN",
            33,
            "Pricing guardrails",
            "erin",
            ["pricing", "discounts"],
            "-120d 09:00",
            """
# Pricing guardrails

- Account executives may discount up to **10%**.
- 10% to 25% needs the sales director **and** finance.
- Over 25%, or payment terms over 60 days: the CFO.
""",
            comments=[
                _comment(
                    "bob",
                    "-44d 10:00",
                    "Can we raise the rep limit to 15%? Kickoff "
                    "feedback says 10% slows deals down.",
                ),
                _comment("erin", "-43d 09:00", "Not this quarter. Let's revisit in April."),
            ],
        ),
        _page(
            38,
            "FIN",
            33,
            "Vendor payment runs",
            "heidi",
            ["payments"],
            "-250d 09:00",
            """
# Vendor payment runs

Payment runs are on the 10th and the 25th of each month. Invoices approved by the 8th or
the 23rd go in the next run.
""",
        ),
        _page(
            39,
            "FIN",
            33,
            "Audit preparation 2025",
            "erin",
            ["audit"],
            "-430d 09:00",
            """
# Audit preparation 2025

Auditors on site 3 to 7 March 2025. Prepare the fixed asset register and the revenue
recognition memo.
""",
        ),
        _page(
            40,
            "FIN",
            33,
            "Headcount plan Q2",
            "erin",
            ["headcount", "confidential"],
            "-2d 09:00",
            """
# Headcount plan Q2

Draft: 2 engineers in April, 1 account executive in May. See [[Budget 2026]].
""",
            status="draft",
        ),
    ]


def seed() -> dict[str, Any]:
    return {
        "users": [person(u).user(role=role, job_title=title) for u, role, title in USERS],
        "spaces": [
            {
                "key": key,
                "name": name,
                "description": description,
                "default_access": access,
                "created_at": "-800d 09:00",
                "permissions": [{"user": u, "level": level} for u, level in grants],
            }
            for key, name, description, access, grants in SPACES
        ],
        "pages": eng_pages() + hr_pages() + sales_pages() + fin_pages(),
    }


if __name__ == "__main__":
    path = Path(__file__).with_name("default_seed.json")
    path.write_text(json.dumps(seed(), indent=1, ensure_ascii=False) + "\n")

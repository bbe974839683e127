"""The expense service's spec: what the core needs to seed, serve and export it."""

from __future__ import annotations

from pathlib import Path

from mock_services.core.spec.brand import Brand
from mock_services.core.spec.service import MainRecord, ServiceSpec, json_seed
from mock_services.expense.api import api
from mock_services.expense.models import Base, User
from mock_services.expense.seed import ExpenseSeed, dump, load
from mock_services.expense.ui import ui

default_seed = json_seed(Path(__file__).with_name("default_seed.json"))


SPEC = ServiceSpec(
    name="expense",
    port=5005,
    title="Expenses",
    brand=Brand(
        bar="#002e22", bar_text="#ffffff", accent="#03734a", accent_text="#ffffff", link="#03734a"
    ),
    showcase=("/reports/find", "/reports/17"),
    domain="Finance & Data Analytics",
    main_change=("reports", "status"),
    main_record=MainRecord(
        resource="reports",
        table="reports",
        listing="/api/reports?per_page=100",
        example={"title": "Lisbon client visit", "purpose": "Meeting the Lisbon client"},
    ),
    description=(
        "Company expense reports: draft a report, add items (any listed currency, converted "
        "to the base currency at fixed rates), attach receipts, submit; approvers approve or "
        "reject others' reports, finance reimburses approved ones; CSV export. Log in with "
        "POST /api/auth/login and send 'Authorization: Bearer <token>'. Amounts are 2-decimal "
        "numbers; GET /api/policy, /api/categories and /api/currencies give the rules."
    ),
    base=Base,
    user_model=User,
    seed_model=ExpenseSeed,
    load=load,
    dump=dump,
    apis=(api,),
    default_seed=default_seed,
    ui_blueprint=ui,
    max_body_bytes=8 * 1024 * 1024,
)

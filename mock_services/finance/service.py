"""The Finance service's spec: what the core needs to seed, serve, document and export it."""

from __future__ import annotations

from pathlib import Path

from mock_services.core.spec.brand import Brand
from mock_services.core.spec.service import MainRecord, ServiceSpec, json_seed
from mock_services.finance.api import api
from mock_services.finance.models import Base, User
from mock_services.finance.seed import FinanceSeed, dump, load
from mock_services.finance.ui import ui

default_seed = json_seed(Path(__file__).with_name("default_seed.json"))

SPEC = ServiceSpec(
    name="finance",
    port=5140,
    title="Finance",
    brand=Brand(
        bar="#0b2a3c", bar_text="#ffffff", accent="#0078c8", accent_text="#ffffff", link="#0068ad"
    ),
    showcase=("/invoices", "/invoices/INV-0001"),
    domain="Finance & Data Analytics",
    main_change=("invoices", "status"),
    main_record=MainRecord(
        resource="transactions", table="transactions", listing="/api/transactions?per_page=100"
    ),
    description=(
        "A small-business bookkeeping and bank app like QuickBooks: accounts with balances "
        "derived from transactions, categories and merchants, invoices issued and received "
        "with payments matched to transactions, budgets with alerts, recurring payments and "
        "CSV statements. Log in with POST /api/auth/login and send "
        "'Authorization: Bearer <token>'."
    ),
    base=Base,
    user_model=User,
    seed_model=FinanceSeed,
    load=load,
    dump=dump,
    apis=(api,),
    default_seed=default_seed,
    ui_blueprint=ui,
)

"""The CRM service's spec: what the core needs to seed, serve, document and export it."""

from __future__ import annotations

from pathlib import Path

from mock_services.core.spec.brand import Brand
from mock_services.core.spec.service import MainRecord, ServiceSpec, json_seed
from mock_services.crm.accounts import canonical_code
from mock_services.crm.api import api
from mock_services.crm.models import Base, User
from mock_services.crm.seed import CrmSeed, dump, load
from mock_services.crm.ui import ui

default_seed = json_seed(Path(__file__).with_name("default_seed.json"))

SPEC = ServiceSpec(
    name="crm",
    port=5110,
    title="CRM",
    brand=Brand(
        bar="#2d3e50", bar_text="#ffffff", accent="#b63b17", accent_text="#ffffff", link="#0a6b8f"
    ),
    showcase=("/deals/board", "/deals/1"),
    domain="Finance & Data Analytics",
    main_change=("deals", "stage"),
    main_record=MainRecord(resource="deals", table="deals", listing="/api/deals?per_page=100"),
    description=(
        "A sales team's CRM: accounts, contacts, leads and their conversion, deals in "
        "pipeline stages, activities, tasks, duplicates and reports. Log in with POST "
        "/api/auth/login and send 'Authorization: Bearer <token>'."
    ),
    base=Base,
    user_model=User,
    seed_model=CrmSeed,
    load=load,
    dump=dump,
    apis=(api,),
    default_seed=default_seed,
    ui_blueprint=ui,
    canonical_params={"code": canonical_code},
)

"""The Helpdesk service's spec: what the core needs to seed, serve, document and export it."""

from __future__ import annotations

from pathlib import Path

from mock_services.core.spec.brand import Brand
from mock_services.core.spec.service import MainRecord, ServiceSpec, json_seed
from mock_services.helpdesk.api import api
from mock_services.helpdesk.models import Base, User
from mock_services.helpdesk.seed import HelpdeskSeed, dump, load
from mock_services.helpdesk.ui import ui

default_seed = json_seed(Path(__file__).with_name("default_seed.json"))

SPEC = ServiceSpec(
    name="helpdesk",
    port=5100,
    title="Helpdesk",
    brand=Brand(
        bar="#03363d", bar_text="#ffffff", accent="#1f73b7", accent_text="#ffffff", link="#1f73b7"
    ),
    showcase=("/views/breaching", "/tickets/TK-1001"),
    domain="Communication & Email",
    main_change=("tickets", "status"),
    main_record=MainRecord(
        resource="tickets", table="tickets", listing="/api/tickets?per_page=100", key="code"
    ),
    description=(
        "A support desk like Zendesk: agents work tickets from requesters (status workflow, "
        "SLA targets, public replies mailed to the requester, internal notes, macros, merges, "
        "satisfaction ratings). Log in with POST /api/auth/login and send "
        "'Authorization: Bearer <token>'."
    ),
    base=Base,
    user_model=User,
    seed_model=HelpdeskSeed,
    load=load,
    dump=dump,
    apis=(api,),
    default_seed=default_seed,
    ui_blueprint=ui,
)

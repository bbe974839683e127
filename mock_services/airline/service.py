"""The airline service: flights, seat maps, bookings, check-in, baggage and announcements."""

from __future__ import annotations

from pathlib import Path

from mock_services.airline.api import api
from mock_services.airline.bookings import canonical_reference
from mock_services.airline.models import Base, User
from mock_services.airline.seed import AirlineSeed, dump, load
from mock_services.airline.ui import ui
from mock_services.core.spec.brand import Brand
from mock_services.core.spec.service import MainRecord, ServiceSpec, json_seed

default_seed = json_seed(Path(__file__).with_name("default_seed.json"))


SPEC = ServiceSpec(
    name="airline",
    port=5000,
    title="LightCloud Airways",
    brand=Brand(
        bar="#05164d", bar_text="#ffffff", accent="#ffad00", accent_text="#05164d", link="#0b3a8c"
    ),
    showcase=("/bookings", "/bookings/7VKYLF"),
    domain="E-commerce & Daily Svcs",
    main_change=("bookings", "status"),
    main_record=MainRecord(
        resource="flights", table="flights", listing="/api/flights?per_page=100"
    ),
    description=(
        "An airline's booking site and API: search flights, book passengers, choose seats, "
        "change or cancel bookings, check in, add bags and follow flight announcements. "
        "Log in with POST /api/auth/login and send 'Authorization: Bearer <token>'."
    ),
    base=Base,
    user_model=User,
    seed_model=AirlineSeed,
    load=load,
    dump=dump,
    apis=(api,),
    default_seed=default_seed,
    ui_blueprint=ui,
    canonical_params={"reference": canonical_reference},
)

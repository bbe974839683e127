"""The health service (port 5007): daily health records, activities, a food diary with a
searchable catalogue and nutrition against goals, medications and appointments."""

from __future__ import annotations

from pathlib import Path

from mock_services.core.base.cast import CAST
from mock_services.core.base.clock import WorldClock
from mock_services.core.spec.brand import Brand
from mock_services.core.spec.service import MainRecord, ServiceSpec, json_seed
from mock_services.health.days import canonical_day

from .api import api
from .models import Base, User
from .seed import HealthSeed, dump, load
from .ui import ui

default_seed = json_seed(Path(__file__).with_name("default_seed.json"))


SPEC = ServiceSpec(
    name="health",
    port=5007,
    title="Health",
    brand=Brand(
        bar="#00598a", bar_text="#ffffff", accent="#00598a", accent_text="#ffffff", link="#00598a"
    ),
    showcase=("/appointments", "/appointments/APT-000001"),
    domain="Health & Fitness",
    main_change=("appointments", "status"),
    main_record=MainRecord(resource="foods", table="foods", listing="/api/foods?per_page=100"),
    description=(
        "A personal health app: a daily record (sleep, weight, blood pressure, mood), an "
        "activity log, a food diary with a searchable food catalogue and nutrition totals per "
        "day against your goals, medications with their daily schedule and dose marks, and "
        "appointments with doctors (booking one invites you in the calendar). Days are local "
        "dates in the task's time zone. Log in with POST /api/auth/login and send "
        "'Authorization: Bearer <token>'."
    ),
    base=Base,
    user_model=User,
    seed_model=HealthSeed,
    load=load,
    dump=dump,
    apis=(api,),
    default_seed=default_seed,
    default_clock=WorldClock.morning_in(CAST["alice"].timezone),  # its users: New York
    ui_blueprint=ui,
    canonical_params={"day": canonical_day},
)

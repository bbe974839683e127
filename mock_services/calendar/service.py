"""The calendar service (port 5006): users' calendars, events, invitations and free/busy."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mock_services.core.service import ServiceSpec

from .api import api
from .models import Base, User
from .seed import CalendarServiceSeed, dump, load
from .ui import ui

_DEFAULT_SEED = Path(__file__).with_name("default_seed.json")


def default_seed() -> dict[str, Any]:
    return json.loads(_DEFAULT_SEED.read_text())


SPEC = ServiceSpec(
    name="calendar",
    port=5006,
    title="Calendar",
    description=(
        "A small Google-Calendar-like service: calendars per user (shareable), events with "
        "time zones, all-day and recurring events, guests with RSVP, invitations, free/busy, "
        "conflict detection and free-slot suggestions. Times are answered in UTC and in the "
        "event's own time zone."
    ),
    base=Base,
    user_model=User,
    seed_model=CalendarServiceSeed,
    load=load,
    dump=dump,
    apis=(api,),
    default_seed=default_seed,
    ui_blueprint=ui,
)

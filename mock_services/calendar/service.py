"""The calendar service (port 5006): users' calendars, events, invitations and free/busy."""

from __future__ import annotations

from pathlib import Path

from mock_services.core.base.cast import CAST
from mock_services.core.base.clock import WorldClock
from mock_services.core.spec.brand import Brand
from mock_services.core.spec.service import MainRecord, ServiceSpec, json_seed

from .api import admin, api
from .models import Base, User
from .seed import CalendarServiceSeed, dump, load
from .ui import ui

default_seed = json_seed(Path(__file__).with_name("default_seed.json"))


SPEC = ServiceSpec(
    name="calendar",
    port=5006,
    title="Calendar",
    brand=Brand(
        bar="#ffffff", bar_text="#3c4043", accent="#1967d2", accent_text="#ffffff", link="#1967d2"
    ),
    showcase=("/invitations", "/events/1"),
    domain="Calendar & Task Mgmt",
    main_change=("events", "status"),
    main_record=MainRecord(resource="events", table="events", listing="/api/events?per_page=100"),
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
    apis=(api, admin),
    default_seed=default_seed,
    default_clock=WorldClock.morning_in(CAST["alice"].timezone),  # its users: New York
    ui_blueprint=ui,
)

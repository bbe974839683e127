"""Each health web form makes the change its API route makes: the same operation in the audit
log and the same rows, each way from the same state (the seed, reset, then the case's setup).

Seed: now Monday 2026-03-02 09:00 in New York (14:00 UTC, the service's default clock);
alice's Vitamin D3 dose of 08:00 today is not marked; her appointment APT-000002 is scheduled."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from mock_services.health.records import RECORD_FIELDS
from tests.form_assertions import FormCase, Given, assert_form_does_what_the_api_does
from tests.health.conftest import PASSWORDS
from tests.helpers import ApiClient, expect

TODAY = "2026-03-02"


def _vitamin_d(alice: ApiClient) -> Given:
    medications = expect(alice.get("/api/medications"), 200)["items"]
    return {"medication": next(m["id"] for m in medications if m["name"] == "Vitamin D3")}


def _breakfast_today(alice: ApiClient) -> Given:
    entries = expect(alice.get(f"/api/diary?day={TODAY}"), 200)["items"]
    return {"entry": next(e["id"] for e in entries if e["meal"] == "breakfast")}


def _rolled_oats(alice: ApiClient) -> Given:
    foods = expect(alice.get("/api/foods?q=rolled oats"), 200)["items"]
    return {"food": next(f["id"] for f in foods if f["code"] == "oats-rolled")}


def _record_today(alice: ApiClient) -> Given:
    return expect(alice.get(f"/api/records/{TODAY}"), 200)


def _noted_record_today(alice: ApiClient) -> Given:
    return expect(alice.put(f"/api/records/{TODAY}", json={"notes": "Headache"}), 200)


def _record_form(record: Given, **typed: str) -> dict[str, str]:
    """The record form as today's page fills it from ``record``, ``typed`` over it."""
    shown = {name: "" if record[name] is None else str(record[name]) for name in RECORD_FIELDS}
    return {"day": TODAY, **shown, **typed}


def _dermatologist(alice: ApiClient) -> Given:
    """Dr. Moreau: open 08:00-18:00 on weekdays."""
    providers = expect(alice.get("/api/providers"), 200)["items"]
    return {"provider": next(p["id"] for p in providers if p["code"] == "dr-moreau")}


def _dentist_visit(alice: ApiClient) -> Given:
    """APT-000002 as its page shows it: the reschedule form holds its length in minutes."""
    appointment = expect(alice.get("/api/appointments/APT-000002"), 200)
    start, end = (datetime.fromisoformat(appointment[k]) for k in ("start", "end"))
    return {"minutes": int((end - start).total_seconds() // 60)}


def _goals(alice: ApiClient) -> Given:
    return expect(alice.get("/api/goals"), 200)


def _shown(values: Given, names: Any, **typed: str) -> dict[str, str]:
    """A form as its page fills it from ``values`` (none as blank), ``typed`` over it."""
    shown = {name: "" if values[name] is None else str(values[name]) for name in names}
    return {**shown, **typed}


def _overnight_oats(alice: ApiClient) -> Given:
    """Alice's custom food, as its page's edit form shows it."""
    foods = expect(alice.get("/api/foods?mine=true"), 200)["items"]
    return next(f for f in foods if f["code"] == "alice-overnight-oats")


def _unused_food(alice: ApiClient) -> Given:
    """A custom food of alice's that no diary entry uses (one that is used cannot go)."""
    return expect(alice.post("/api/foods", json=_FOOD), 201)


def _vitamin_d_taken(alice: ApiClient) -> Given:
    """Today's 08:00 Vitamin D3 dose marked taken: the mark today's page offers to undo."""
    given = _vitamin_d(alice)
    dose = expect(alice.post(f"/api/medications/{given['medication']}/doses", json=_DOSE), 201)
    return {**given, "dose": dose["id"]}


def _vitamin_d_shown(alice: ApiClient) -> Given:
    """Alice's Vitamin D3 as its page's edit form shows it."""
    given = _vitamin_d(alice)
    return expect(alice.get(f"/api/medications/{given['medication']}"), 200)


def _vitamin_d_ending(alice: ApiClient) -> Given:
    """Alice's Vitamin D3 given an end date, as its page's edit form shows it."""
    given = _vitamin_d(alice)
    path = f"/api/medications/{given['medication']}"
    return expect(alice.patch(path, json={"end_date": "2026-04-30"}), 200)


def _medication_form(medication: Given, **typed: str) -> dict[str, str]:
    shown = _shown(medication, ("name", "dose", "start_date", "end_date"))
    shown |= {
        "times": ", ".join(medication["times"]),
        "instructions": medication["instructions"],
        "prescriber": medication["prescriber"],
    }
    return {**shown, **typed}


def _first_activity(alice: ApiClient) -> Given:
    return {"activity": expect(alice.get("/api/activities"), 200)["items"][0]["id"]}


def _texts(values: dict[str, Any]) -> dict[str, str]:
    """JSON values as a form's fields hold them."""
    return {name: str(value) for name, value in values.items()}


_RECORD = {"weight_kg": 70.5, "mood": 4, "notes": "Slept well.\n  Headache at 3pm.\n"}
"""A day's new values, its notes as typed in the text area: indented, ending in a newline."""
_ACTIVITY = {
    "kind": "walk",
    "duration_minutes": 45,
    "distance_km": 3.5,
    "steps": 4800,
    "kcal_burned": 160,
    "notes": "Park loop",
}
_MEDICATION = {"name": "Magnesium", "dose": "250 mg", "start_date": TODAY, "instructions": "Food"}
_APPOINTMENT = {"duration_minutes": 30, "reason": "Mole check", "notes": "First visit"}
_DOSE = {"day": TODAY, "time": "08:00"}
_GOALS = {"kcal": 1800, "steps": 9000, "target_weight_kg": None}
_FOOD = {
    "name": "Lentil soup",
    "brand": "Home",
    "serving": "1 bowl (350 g)",
    "kcal": 260.0,
    "protein_g": 15.5,
    "carbs_g": 38.0,
    "fat_g": 4.0,
    "fiber_g": 11.0,
    "sugar_g": 5.0,
    "sodium_mg": 610.0,
}
_FOOD_FIELDS = tuple(_FOOD)


def _dose(status: str) -> FormCase:
    """Alice's Vitamin D3 dose of 08:00 today marked ``status`` (a button of today's page)."""
    return FormCase(
        f"dose-{status}",
        "record_dose",
        api=lambda g: (
            "POST",
            f"/api/medications/{g['medication']}/doses",
            {**_DOSE, "status": status},
        ),
        form=lambda g: (
            "/doses",
            {**_DOSE, "medication_id": str(g["medication"]), "status": status},
        ),
        setup=_vitamin_d,
    )


CASES = [
    FormCase(
        "save-record",
        "save_record",
        api=lambda g: ("PUT", f"/api/records/{TODAY}", _RECORD),
        form=lambda g: ("/records", _record_form(g, **_texts(_RECORD))),
        setup=_record_today,
    ),
    FormCase(
        "save-record-clearing",
        "save_record",
        api=lambda g: ("PUT", f"/api/records/{TODAY}", {"weight_kg": None, "notes": ""}),
        form=lambda g: ("/records", _record_form(g, weight_kg="", notes="")),
        setup=_noted_record_today,
    ),
    FormCase(
        "remove-entry",
        "delete_entry",
        api=lambda g: ("DELETE", f"/api/diary/{g['entry']}", None),
        form=lambda g: (f"/diary/{g['entry']}/delete", {}),
        setup=_breakfast_today,
    ),
    FormCase(
        "add-food",
        "add_entry",
        api=lambda g: (
            "POST",
            "/api/diary",
            {"day": TODAY, "meal": "lunch", "food_id": g["food"], "servings": 1.5},
        ),
        form=lambda g: (
            "/diary",
            {"day": TODAY, "food_id": str(g["food"]), "servings": "1.5", "meal": "lunch"},
        ),
        setup=_rolled_oats,
    ),
    _dose("taken"),
    _dose("skipped"),
    FormCase(
        "undo-dose",
        "undo_dose",
        api=lambda g: ("DELETE", f"/api/medications/{g['medication']}/doses/{g['dose']}", None),
        form=lambda g: (f"/medications/{g['medication']}/doses/{g['dose']}/undo", {"day": TODAY}),
        setup=_vitamin_d_taken,
    ),
    FormCase(
        "delete-record",
        "delete_record",
        api=lambda g: ("DELETE", f"/api/records/{TODAY}", None),
        form=lambda g: (f"/records/{TODAY}/delete", {}),
        setup=_record_today,
    ),
    FormCase(
        "update-goals",
        "update_goals",
        api=lambda g: ("PATCH", "/api/goals", _GOALS),
        form=lambda g: ("/goals", _shown(g, g, kcal="1800", steps="9000", target_weight_kg="")),
        setup=_goals,
    ),
    FormCase(
        "update-entry",
        "update_entry",
        api=lambda g: ("PATCH", f"/api/diary/{g['entry']}", {"meal": "lunch", "servings": 2}),
        form=lambda g: (f"/diary/{g['entry']}", {"meal": "lunch", "servings": "2"}),
        setup=_breakfast_today,
    ),
    FormCase(
        "create-food",
        "create_food",
        api=lambda g: ("POST", "/api/foods", _FOOD),
        form=lambda g: ("/foods", _texts(_FOOD)),
    ),
    FormCase(
        "update-food",
        "update_food",
        api=lambda g: ("PATCH", f"/api/foods/{g['id']}", {"kcal": 340.0, "brand": "Mine"}),
        form=lambda g: (
            f"/foods/{g['id']}/edit",
            _shown(g, _FOOD_FIELDS, kcal="340", brand="Mine"),
        ),
        setup=_overnight_oats,
    ),
    FormCase(
        "update-food-clearing-brand",
        "update_food",
        api=lambda g: ("PATCH", f"/api/foods/{g['id']}", {"brand": ""}),
        form=lambda g: (f"/foods/{g['id']}/edit", _shown(g, _FOOD_FIELDS, brand="")),
        setup=_unused_food,
    ),
    FormCase(
        "delete-food",
        "delete_food",
        api=lambda g: ("DELETE", f"/api/foods/{g['id']}", None),
        form=lambda g: (f"/foods/{g['id']}/delete", {}),
        setup=_unused_food,
    ),
    FormCase(
        "delete-activity",
        "delete_activity",
        api=lambda g: ("DELETE", f"/api/activities/{g['activity']}", None),
        form=lambda g: (f"/activities/{g['activity']}/delete", {}),
        setup=_first_activity,
    ),
    FormCase(
        "log-activity",
        "log_activity",
        api=lambda g: (
            "POST",
            "/api/activities",
            {**_ACTIVITY, "started_at": f"{TODAY}T06:30:00-05:00"},
        ),
        form=lambda g: ("/activities", {**_texts(_ACTIVITY), "day": TODAY, "time": "06:30"}),
    ),
    FormCase(
        "add-medication",
        "add_medication",
        api=lambda g: ("POST", "/api/medications", {**_MEDICATION, "times": ["08:00", "20:00"]}),
        form=lambda g: ("/medications", {**_MEDICATION, "times": "08:00, 20:00", "end_date": ""}),
    ),
    FormCase(
        "update-medication",
        "update_medication",
        api=lambda g: (
            "PATCH",
            f"/api/medications/{g['id']}",
            {"dose": "2000 IU", "times": ["09:00"], "end_date": "2026-03-31", "prescriber": ""},
        ),
        form=lambda g: (
            f"/medications/{g['id']}/edit",
            _medication_form(
                g, dose="2000 IU", times="09:00", end_date="2026-03-31", prescriber=""
            ),
        ),
        setup=_vitamin_d_shown,
    ),
    FormCase(
        "update-medication-clearing",
        "update_medication",
        api=lambda g: (
            "PATCH",
            f"/api/medications/{g['id']}",
            {"end_date": None, "instructions": ""},
        ),
        form=lambda g: (
            f"/medications/{g['id']}/edit",
            _medication_form(g, end_date="", instructions=""),
        ),
        setup=_vitamin_d_ending,
    ),
    FormCase(
        "stop-medication",
        "stop_medication",
        api=lambda g: ("POST", f"/api/medications/{g['medication']}/stop", None),
        form=lambda g: (f"/medications/{g['medication']}/stop", {}),
        setup=_vitamin_d,
    ),
    FormCase(
        "book-appointment",
        "book_appointment",
        api=lambda g: (
            "POST",
            "/api/appointments",
            {**_APPOINTMENT, "provider_id": g["provider"], "start": "2026-03-04T14:00:00-05:00"},
        ),
        form=lambda g: (
            "/appointments",
            {
                **_texts(_APPOINTMENT),
                "provider_id": str(g["provider"]),
                "day": "2026-03-04",
                "time": "14:00",
            },
        ),
        setup=_dermatologist,
    ),
    FormCase(
        "reschedule-appointment",
        "reschedule_appointment",
        api=lambda g: (
            "POST",
            "/api/appointments/APT-000002/reschedule",
            {"start": "2026-03-06T11:30:00-05:00", "duration_minutes": g["minutes"]},
        ),
        form=lambda g: (
            "/appointments/APT-000002/reschedule",
            {"start": "2026-03-06T11:30", "duration_minutes": str(g["minutes"])},
        ),
        setup=_dentist_visit,
    ),
    FormCase(
        "cancel-appointment",
        "cancel_appointment",
        api=lambda g: ("POST", "/api/appointments/APT-000002/cancel", None),
        form=lambda g: ("/appointments/APT-000002/cancel", {}),
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_each_form_makes_the_change_its_api_route_makes(service: ApiClient, case: FormCase) -> None:
    assert_form_does_what_the_api_does(service, case, PASSWORDS)

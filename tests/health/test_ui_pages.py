"""The health pages a browsing agent needs beyond today's: goals, the records history, an
activity, a food (a custom one edited or deleted), a medication edited, providers; each
refused form comes back with the message next to its field and the input kept.

Seed: now Monday 2026-03-02 09:00 in New York (14:00 UTC); alice's goals are 1900 kcal and
62 kg; her custom food "Overnight oats with berries" is in a diary entry of six days ago."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser, assert_action_refused, assert_form_refused
from tests.helpers import ApiClient, expect

TODAY = "2026-03-02"


def _browser(service: ApiClient, user: str = "alice") -> ApiClient:
    return as_browser(service.as_user(user, f"{user}-pass"))


def _referred(service: ApiClient, path: str) -> dict[str, str]:
    return {"Referer": service.base_url + path}


def _oats(alice: ApiClient) -> dict:
    foods = expect(alice.get("/api/foods?mine=true"), 200)["items"]
    return next(f for f in foods if f["code"] == "alice-overnight-oats")


def test_the_day_page_steps_to_the_previous_and_next_day(alice: ApiClient) -> None:
    """Each day's page links the day before and the day after, named by their dates; today's
    has no next day, as the Day form goes no further."""
    browser = as_browser(alice)
    page = browser.get("/", params={"day": "2026-03-01"}).text
    assert '<a href="/?day=2026-02-28" id="previous-day">Previous day (Sat 28 Feb)</a>' in page
    assert '<a href="/?day=2026-03-02" id="next-day">Next day (Mon 2 Mar)</a>' in page
    today = browser.get("/").text
    assert '<a href="/?day=2026-03-01" id="previous-day">Previous day (Sun 1 Mar)</a>' in today
    assert "Next day" not in today


def test_goals_page_saves_and_refuses_an_out_of_range_target(
    service: ApiClient, alice: ApiClient
) -> None:
    browser = _browser(service)
    page = browser.get("/goals").text
    assert 'name="kcal"' in page and 'value="1900"' in page and 'value="62.0"' in page
    assert 'href="/goals"' in browser.get("/").text
    refused = browser.post(
        "/goals", data={"kcal": "500", "steps": "8000"}, headers=_referred(service, "/goals")
    )
    assert_form_refused(
        refused,
        errors={"kcal": "must be at least 800"},
        kept={"kcal": "500", "steps": "8000"},
    )
    assert expect(alice.get("/api/goals"), 200)["kcal"] == 1900
    saved = browser.post("/goals", data={"kcal": "1750", "target_weight_kg": ""})
    assert saved.status_code == 200 and "Saved your goals." in saved.text
    goals = expect(alice.get("/api/goals"), 200)
    assert (goals["kcal"], goals["target_weight_kg"], goals["steps"]) == (1750, None, 10000)


def test_records_page_lists_the_days_within_the_range(service: ApiClient, alice: ApiClient) -> None:
    every = expect(alice.get("/api/records?per_page=100"), 200)
    in_range = expect(alice.get("/api/records?start=2026-02-27&end=2026-03-01"), 200)
    assert 0 < in_range["total"] < every["total"]
    page = _browser(service).get("/records", params={"start": "2026-02-27", "end": "2026-03-01"})
    assert f"Daily records ({in_range['total']})" in page.text
    for record in in_range["items"]:
        assert f'data-day="{record["day"]}"' in page.text
    assert f'data-day="{TODAY}"' not in page.text


def test_todays_record_can_be_deleted_from_its_page(service: ApiClient, alice: ApiClient) -> None:
    browser = _browser(service)
    assert "Delete the record of Mon 2 Mar" in browser.get("/").text
    deleted = browser.post(f"/records/{TODAY}/delete")
    assert deleted.status_code == 200 and "Deleted your record for Mon 2 Mar." in deleted.text
    assert alice.get(f"/api/records/{TODAY}").status_code == 404
    assert "Delete the record of" not in deleted.text


def test_diary_entry_changed_in_place_and_refused_servings_kept(
    service: ApiClient, alice: ApiClient
) -> None:
    entry = expect(alice.get(f"/api/diary?day={TODAY}"), 200)["items"][0]
    browser = _browser(service)
    refused = browser.post(
        f"/diary/{entry['id']}",
        data={"servings": "0", "meal": "lunch"},
        headers=_referred(service, "/"),
    )
    assert_form_refused(refused, errors={"servings": "must be more than 0"}, kept={"servings": "0"})
    changed = browser.post(f"/diary/{entry['id']}", data={"servings": "2", "meal": "dinner"})
    assert (
        changed.status_code == 200 and f"Changed {entry['food_name']}: 2 servings" in changed.text
    )
    after = expect(alice.get(f"/api/diary?day={TODAY}"), 200)["items"]
    assert [(e["meal"], e["servings"]) for e in after if e["id"] == entry["id"]] == [("dinner", 2)]


def test_a_dose_mark_is_undone_from_todays_page(service: ApiClient, alice: ApiClient) -> None:
    browser = _browser(service)
    browser.post("/doses", data={"day": TODAY, "medication_id": _vitamin_d(alice), "time": "08:00"})
    page = browser.get("/").text
    assert 'aria-label="Undo Vitamin D3 at 08:00 (taken)"' in page
    schedule = expect(alice.get(f"/api/medications/schedule?day={TODAY}"), 200)["items"]
    dose = next(d for d in schedule if d["name"] == "Vitamin D3")
    undone = browser.post(
        f"/medications/{dose['medication_id']}/doses/{dose['dose_id']}/undo", data={"day": TODAY}
    )
    assert (
        undone.status_code == 200
        and "Vitamin D3 at " in undone.text
        and "is no longer marked" in undone.text
    )
    schedule = expect(alice.get(f"/api/medications/schedule?day={TODAY}"), 200)["items"]
    assert next(d for d in schedule if d["name"] == "Vitamin D3")["status"] == "due"


def _vitamin_d(alice: ApiClient) -> str:
    medications = expect(alice.get("/api/medications"), 200)["items"]
    return str(next(m["id"] for m in medications if m["name"] == "Vitamin D3"))


def test_activity_page_shows_it_and_deletes_it(service: ApiClient, alice: ApiClient) -> None:
    activity = expect(alice.get("/api/activities"), 200)["items"][0]
    browser = _browser(service)
    assert f'href="/activities/{activity["id"]}"' in browser.get("/activities").text
    page = browser.get(f"/activities/{activity['id']}").text
    assert (
        f"{activity['duration_minutes']} min" in page and f"Delete this {activity['kind']}" in page
    )
    deleted = browser.post(f"/activities/{activity['id']}/delete")
    assert deleted.status_code == 200 and f"Deleted your {activity['kind']}" in deleted.text
    assert alice.get(f"/api/activities/{activity['id']}").status_code == 404


def test_activities_filter_by_kind(service: ApiClient, alice: ApiClient) -> None:
    walks = expect(alice.get("/api/activities?kind=walk"), 200)
    page = _browser(service).get("/activities", params={"kind": "walk"}).text
    assert f"Activities ({walks['total']})" in page


def test_new_food_refused_then_added(service: ApiClient, alice: ApiClient) -> None:
    browser = _browser(service)
    food = {"name": "Lentil soup", "serving": "1 bowl", "kcal": "-5", "protein_g": "15",
            "carbs_g": "38", "fat_g": "4"}  # fmt: skip
    refused = browser.post("/foods", data=food, headers=_referred(service, "/foods"))
    assert_form_refused(
        refused,
        errors={"kcal": "must be at least 0"},
        kept={"kcal": "-5", "name": "Lentil soup", "serving": "1 bowl"},
    )
    added = browser.post("/foods", data={**food, "kcal": "260"})
    assert added.status_code == 200 and "Added your food Lentil soup (260 kcal" in added.text
    mine = expect(alice.get("/api/foods?mine=true&q=lentil"), 200)["items"]
    assert [(f["name"], f["kcal"], f["fiber_g"]) for f in mine] == [("Lentil soup", 260, 0)]


def test_custom_food_page_edits_refuses_and_keeps_a_used_food(
    service: ApiClient, alice: ApiClient
) -> None:
    oats = _oats(alice)
    browser = _browser(service)
    path = f"/foods/{oats['id']}"
    assert f'href="{path}"' in browser.get("/foods", params={"mine": "1"}).text
    page = browser.get(path).text
    assert 'id="edit-food-form"' in page and 'value="320.0"' in page
    refused = browser.post(
        f"{path}/edit", data={"name": "Oats", "protein_g": "abc"}, headers=_referred(service, path)
    )
    assert_form_refused(
        refused,
        errors={"protein_g": "expected a number"},
        kept={"protein_g": "abc", "name": "Oats"},
    )
    saved = browser.post(f"{path}/edit", data={"kcal": "340"})
    assert saved.status_code == 200 and "Saved Overnight oats with berries" in saved.text
    assert expect(alice.get(f"/api/foods/{oats['id']}"), 200)["kcal"] == 340
    kept = browser.post(f"{path}/delete", headers=_referred(service, path))
    assert_action_refused(kept, 409, "delete those entries first")
    assert alice.get(f"/api/foods/{oats['id']}").status_code == 200


def test_a_shared_food_has_no_edit_form(service: ApiClient, alice: ApiClient) -> None:
    salmon = expect(alice.get("/api/foods?q=salmon"), 200)["items"][0]
    page = _browser(service).get(f"/foods/{salmon['id']}").text
    assert "From the shared catalogue." in page and 'id="edit-food-form"' not in page
    assert 'id="log-food-form"' in page


def test_medication_page_edits_and_refuses_a_bad_time(service: ApiClient, alice: ApiClient) -> None:
    medication = _vitamin_d(alice)
    browser = _browser(service)
    path = f"/medications/{medication}"
    assert f'href="{path}"' in browser.get("/medications").text
    refused = browser.post(
        f"{path}/edit",
        data={"name": "Vitamin D3", "dose": "2000 IU", "times": "noon"},
        headers=_referred(service, path),
    )
    assert_form_refused(
        refused, errors={"times": "noon"}, kept={"times": "noon", "dose": "2000 IU"}
    )
    saved = browser.post(f"{path}/edit", data={"dose": "2000 IU", "times": "08:00, 20:00"})
    assert saved.status_code == 200 and "Saved Vitamin D3: 2000 IU at 08:00, 20:00." in saved.text
    after = expect(alice.get(f"/api/medications/{medication}"), 200)
    assert (after["dose"], after["times"], after["end_date"]) == (
        "2000 IU",
        ["08:00", "20:00"],
        None,
    )


def test_medications_filter_shows_only_the_stopped(service: ApiClient, alice: ApiClient) -> None:
    dave = service.as_user("dave", "dave-pass")
    page = as_browser(dave).get("/medications", params={"active": "false"}).text
    assert 'data-name="Ibuprofen"' in page and 'data-name="Atorvastatin"' not in page


def test_providers_page_searches_and_offers_booking(service: ApiClient, alice: ApiClient) -> None:
    found = expect(alice.get("/api/providers?q=dental"), 200)["items"]
    assert found
    page = _browser(service).get("/providers", params={"q": "dental"}).text
    assert f"{len(found)} providers" in page
    for provider in found:
        assert f'aria-label="Book with {provider["name"]}"' in page
    booking = _browser(service).get("/appointments", params={"provider_id": found[0]["id"]})
    assert f'<option value="{found[0]["id"]}" selected>' in booking.text


def test_appointments_filter_by_status(service: ApiClient, alice: ApiClient) -> None:
    cancelled = expect(alice.get("/api/appointments?status=cancelled"), 200)
    page = _browser(service).get("/appointments", params={"status": "cancelled"}).text
    assert f"Appointments ({cancelled['total']})" in page


def test_appointments_are_called_so_on_every_page(service: ApiClient) -> None:
    """One word, as the URL, the page titles, the codes and the docs say: no "Visits"."""
    browser = _browser(service)
    for address in ("/", "/appointments", "/appointments/APT-000002"):
        page = browser.get(address).text
        words = re.sub(r"<style.*?</style>|<[^>]+>", " ", page, flags=re.S)
        assert "visits" not in words.lower(), address
        assert re.search(r'accesskey="p">.*?Appointments</a>', page), address
    home = browser.get("/").text
    assert "<title>Mon 2 Mar · Health</title>" in home  # the day as pages say one, not ISO


def test_scheduling_in_steps_books_through_the_book_form(
    service: ApiClient, alice: ApiClient
) -> None:
    """Reason, then provider, then day and time, then a confirmation whose button books."""
    browser = _browser(service)
    assert 'id="step-reason"' in browser.get("/appointments/schedule").text
    chosen = expect(alice.get("/api/providers?specialty=Physiotherapy"), 200)["items"][0]
    step = {"reason": "Knee pain", "specialty": "Physiotherapy"}
    providers = browser.get("/appointments/schedule", params=step).text
    assert 'id="step-provider"' in providers and chosen["name"] in providers
    step["provider_id"] = str(chosen["id"])
    assert 'id="step-time"' in browser.get("/appointments/schedule", params=step).text
    step |= {"day": "2026-03-06", "duration_minutes": "45"}
    offered = browser.get("/appointments/schedule", params=step).text
    times = re.findall(r'type="radio" name="time" value="(\d\d:\d\d)"', offered)
    assert "10:00" in times and times == sorted(times)  # open half-hours, no typed time
    assert 'type="time"' not in offered
    step["time"] = "10:00"
    confirm = browser.get("/appointments/schedule", params=step).text
    assert 'id="step-confirm"' in confirm and "2026-03-06 at 10:00, 45 minutes" in confirm
    form = {k: step[k] for k in ("reason", "provider_id", "day", "time", "duration_minutes")}
    booked = browser.post(
        "/appointments",
        data=form,
        headers=_referred(service, "/appointments/schedule"),
        allow_redirects=False,
    )
    assert booked.status_code == 303
    found = expect(alice.get("/api/appointments?status=scheduled&upcoming=true&per_page=100"), 200)
    ours = [a for a in found["items"] if a["reason"] == "Knee pain"]
    assert len(ours) == 1 and ours[0]["start_local"].startswith("2026-03-06T10:00")


def test_home_shows_the_next_visit_with_when_to_arrive(
    service: ApiClient, alice: ApiClient
) -> None:
    soonest = expect(alice.get("/api/appointments?status=scheduled&upcoming=true"), 200)["items"]
    home = _browser(service).get("/").text
    assert "Upcoming appointments" in home and "Latest measurements" in home
    if soonest:
        hour, minute = map(int, soonest[0]["start_local"][11:16].split(":"))
        early = hour * 60 + minute - 15
        assert f"Arrive by {early // 60:02d}:{early % 60:02d}" in home


def test_the_scheduling_step_offers_only_the_times_booking_takes(
    service: ApiClient, alice: ApiClient
) -> None:
    """A taken time, a weekend and a day it cannot read are told apart, in words on the page."""
    browser = _browser(service)
    mine = expect(alice.get("/api/appointments?status=scheduled&upcoming=true"), 200)["items"][0]
    day, taken = mine["start_local"][:10], mine["start_local"][11:16]
    step = {"reason": "Check-up", "provider_id": str(mine["provider"]["id"]), "day": day}
    offered = browser.get("/appointments/schedule", params=step).text
    times = re.findall(r'type="radio" name="time" value="(\d\d:\d\d)"', offered)
    assert times and taken not in times  # alice's own visit holds that half hour
    saturday = browser.get("/appointments/schedule", params={**step, "day": "2026-03-07"}).text
    assert 'id="no-slots"' in saturday and 'name="time"' not in saturday
    unread = browser.get("/appointments/schedule", params={**step, "day": "someday"}).text
    assert "day: expected a date such as" in unread


def test_the_one_form_booking_offers_the_open_times_of_a_day(
    service: ApiClient, alice: ApiClient
) -> None:
    """The Appointments page's booking form lists the provider's open times, first on the first day
    with one; a time alice's own visit holds is not among them."""
    browser = _browser(service)
    mine = expect(alice.get("/api/appointments?status=scheduled&upcoming=true"), 200)["items"][0]
    day, taken = mine["start_local"][:10], mine["start_local"][11:16]
    shown = browser.get("/appointments", params={"provider_id": mine["provider"]["id"]}).text
    assert 'id="day" name="day" type="date" min="2026-03-02" required value="2026-03-02"' in shown
    asked = {"provider_id": mine["provider"]["id"], "day": day, "duration_minutes": "30"}
    shown = browser.get("/appointments", params=asked).text
    times = re.findall(r'<option value="(\d\d:\d\d)" >\d\d:\d\d E[SD]T</option>', shown)
    assert times and taken not in times and 'type="time"' not in shown
    closed = browser.get("/appointments", params={**asked, "day": "2026-03-07"}).text
    assert 'id="no-open-times"' in closed


def test_a_dose_marked_without_a_day_is_todays_and_a_medication_must_be_a_number(
    service: ApiClient, alice: ApiClient
) -> None:
    """The form's day may be left out (today, as in the API); its medication is a number."""
    browser = _browser(service)
    refused = browser.post(
        "/doses", data={"medication_id": "D3", "time": "08:00"}, headers=_referred(service, "/")
    )
    assert refused.status_code == 422 and "expected a whole number" in refused.text
    marked = browser.post("/doses", data={"medication_id": _vitamin_d(alice), "time": "08:00"})
    assert marked.status_code == 200 and "at 08:00 on Mon 2 Mar taken." in marked.text
    schedule = expect(alice.get(f"/api/medications/schedule?day={TODAY}"), 200)["items"]
    assert next(d for d in schedule if d["name"] == "Vitamin D3")["status"] == "taken"


def test_an_appointment_page_is_headed_by_the_visit_not_its_code(
    service: ApiClient, alice: ApiClient
) -> None:
    """As MyChart heads a visit: what it is, with whom and when (the code after them)."""
    visit = expect(alice.get("/api/appointments/APT-000002"), 200)
    page = _browser(service).get("/appointments/APT-000002").text
    heading = re.search(r'<h1 id="visit">(.*?)</h1>', page, re.S)
    assert heading, "no heading"
    said = " ".join(re.sub(r"<[^>]+>", " ", heading[1]).split())
    provider = visit["provider"]["name"]
    assert said.startswith(f"{visit['reason']} with {provider} Thu 5 Mar"), said
    assert said.endswith("· APT-000002") and not said.startswith("Appointment"), said

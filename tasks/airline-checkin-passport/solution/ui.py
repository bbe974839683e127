"""The task through the airline's web UI only (``invoke oracle --ui``): save both passport
numbers on booking PX4M2Q, give Leo the free seat beside Alice's on today's flight by clicking
it in that flight's seat map, then press that flight's Check in button."""

import re

from mock_services.browser import browser_page, log_in

AIRLINE = "http://127.0.0.1:5000"
BOOKING = f"{AIRLINE}/bookings/PX4M2Q"
PASSPORTS = {"Alice Martin": "19FR44821", "Leo Martin": "21FR90317"}
# A seat button's accessible name: "24B on LC303: middle, $12.00" (", taken", ", this booking's").
SEAT = re.compile(r"^(\d+)([A-Z]) on \w+: (\w+)")


def flash(page):
    """The notice the page shows after a form, asserted not to be a refusal."""
    page.wait_for_load_state()
    said = page.locator("main").inner_text()
    assert not page.locator(".flash.error, .field-error").count(), said
    return said


def save_passports(page):
    for name, number in PASSPORTS.items():
        page.goto(BOOKING)
        page.get_by_label(f"Passport number of {name}").fill(number)
        page.get_by_role("button", name=f"Save passport of {name}").click()
        assert "Passport number saved." in flash(page), name
    page.goto(BOOKING)
    passengers = page.locator("#passengers").inner_text()
    for name, number in PASSPORTS.items():
        assert re.search(rf"{name}\t[^\t]+\t{number}\b", passengers), passengers  # born: in words


def todays_leg(page):
    """The leg departing today (the page header's day), with its flight number."""
    today = page.locator("#today").inner_text()  # "Today: Mon 2 Mar 2026, 10:00 (CET)"
    day = re.search(r"Today: (\w+ \d+ \w+)", today)[1]
    legs = page.locator("main table").first.locator("tr").all_inner_texts()[1:]
    found = [row.split("\t") for row in legs if row.split("\t")[2].startswith(f"{day} ")]
    assert len(found) == 1, (today, legs)
    leg, flight = found[0][0].lower(), found[0][1].split()[0]
    return leg, flight


def seat_beside(seat_map):
    """The free seat next to this booking's one in the same row: adjacent letters, not the two
    aisle seats facing each other across the aisle."""
    seats = {}
    for button in seat_map.get_by_role("button").all():
        label = button.get_attribute("aria-label") or ""
        if match := SEAT.match(label):
            seats[match[1], match[2]] = (match[3], label, button.is_disabled())
    row, letter = next(k for k, (_, label, _) in seats.items() if "this booking's" in label)
    for other in (chr(ord(letter) - 1), chr(ord(letter) + 1)):
        if (row, other) not in seats:
            continue
        position, label, disabled = seats[row, other]
        if position == "aisle" and seats[row, letter][0] == "aisle":
            continue  # across the aisle
        if not disabled and "taken" not in label:
            return f"{row}{other}"
    raise AssertionError(f"no free seat beside {row}{letter}")


with browser_page() as page:
    log_in(page, AIRLINE, "alice", "alice-pass")
    save_passports(page)
    page.goto(BOOKING)
    leg, flight = todays_leg(page)
    seat_map = page.locator(f"form.seat-form[data-leg='{leg}']")
    beside = seat_beside(seat_map)
    seat_map.get_by_label("Passenger").select_option(label="Leo Martin")
    seat_map.get_by_role("button", name=re.compile(rf"^{beside} on {flight}:")).click()
    page.wait_for_load_state()
    # a paid seat asks first, naming its fee: "Pay $12.00 for seat 24B on LC303 for Leo Martin?"
    pay = page.get_by_role("button", name=re.compile(rf"^Pay \$[\d,.]+ and take seat {beside}$"))
    if pay.count():
        pay.click()
    assert f"Seat {beside} on {flight} for Leo Martin" in flash(page)
    page.get_by_role("button", name=f"Check in for {flight}").click()
    assert "Checked in 2 passengers on booking " in flash(page)
    tickets = page.locator("#passengers").inner_text()
    # each ticket reads as the trip page says it: "Outbound LC303 · Seat 24B ✓ checked in (#2)"
    checked = re.findall(rf"{leg.capitalize()} {flight} · Seat \w+ ✓ checked in", tickets)
    assert len(checked) == 2 and tickets.count("checked in") == 2, tickets
    print("passports saved; Leo in", beside, "; both checked in for", flight)

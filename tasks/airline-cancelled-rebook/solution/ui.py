"""The task through the airline's and the webmail's web UIs only (``invoke oracle --ui``): find
the booking on the cancelled flight, search its route and day by departure, move the booking to
the earliest flight with a seat through its change form (its review, then the confirmation),
and mail Bob the number and landing."""

import re
import time

from mock_services.browser import browser_page, log_in, outage_wait, past_outages

AIRLINE = "http://127.0.0.1:5000"
MAIL = "http://127.0.0.1:5001"
# A leg row of the booking page: leg, "LC214 LYS→LHR", departs, arrives, status, gate.
LEG = re.compile(
    r"^(outbound|return)\t(\w+) ([A-Z]{3})→([A-Z]{3})\t.*\t(\w+)\t[^\t]*$", re.M | re.I
)


def read_airline_mail(page):
    """Open the airline's mail in the inbox: what the task starts from."""
    page.goto(f"{MAIL}/")
    page.get_by_role("link", name=re.compile(r"cancelled", re.I)).first.click()
    said = page.locator("main").inner_text()
    assert "cancelled" in said and "LC214" in said, said


def cancelled_leg(page):
    """The booking with a cancelled leg: its reference, leg, flight, route, day, passengers."""
    page.goto(f"{AIRLINE}/bookings")
    rows = page.locator("#bookings li.booking-card").all_inner_texts()
    for row in rows:
        reference = re.search(r"Booking (\w{6})", row)[1]
        with page.expect_navigation():
            page.get_by_role("link", name=reference, exact=True).click()
        legs = [
            m
            for m in LEG.finditer(page.locator("main").inner_text())
            if m[5].lower() == "cancelled"
        ]
        if legs:
            leg, number, origin, destination, _ = legs[0].groups()
            leg = leg.lower()
            passengers = page.locator("#passengers tr").count() - 1
            page.goto(f"{AIRLINE}/bookings")  # the leg's day: its <time datetime> in the list
            card = page.locator(f"#bookings li.booking-card[data-reference='{reference}']")
            flight = card.locator(".flight", has_text=f"{number} {origin}→{destination}")
            day = flight.locator("time").get_attribute("datetime")
            return reference, leg, number, origin, destination, day, passengers
        page.goto(f"{AIRLINE}/bookings")
    raise AssertionError(f"no booking on a cancelled flight among {rows}")


def earliest_with_seats(page, old, origin, destination, day, passengers):
    """The search form sorted by departure (it lists flights with enough seats left): the first
    flight other than the cancelled one, with its landing time (local) and departure city. The
    search page is busy at first (the seed's 429s): it is loaded again after the wait it asks."""
    page.goto(f"{AIRLINE}/")
    past_outages(page)  # the search is busy (429) at first: the page asks to wait
    page.get_by_label("From").select_option(origin)
    page.get_by_label("To").select_option(destination)
    page.get_by_label("Date (local at departure)").fill(day)
    page.get_by_label("Cabin").select_option("economy")
    page.get_by_label("Passengers").fill(str(passengers))
    page.get_by_label("Sort by").select_option("departure")
    page.get_by_role("button", name="Search").click()
    page.wait_for_load_state()
    past_outages(page)
    city = page.get_by_label("From").locator("option:checked").inner_text().split(" (")[0]
    for card in page.locator("#results li.flight-card").all():
        number = card.locator(".info a").first.inner_text().strip()
        status = card.locator(".info .al-badge").inner_text().strip()
        seats = int(re.search(r"(\d+) seats? left", card.locator(".info").inner_text())[1])
        if number != old and status.lower() in ("scheduled", "delayed") and seats >= passengers:
            departs, arrives = card.locator(".al-times .end").all_inner_texts()
            lands = arrives.split()  # "07:45 LHR" or "07:45+1 LHR" (the day after)
            assert lands[-1] == destination, arrives
            return number, departs.split()[0], lands[0][:5], city
    raise AssertionError(f"no flight with a seat from {origin} to {destination} on {day}")


def change_flight(page, reference, leg, number, day, departs):
    """Pick the flight in the booking's change form, read its price on the review step and
    confirm it in the dialog, again after an outage page once the wait it asks for is over."""
    for _ in range(10):
        page.goto(f"{AIRLINE}/bookings/{reference}")
        choice = page.get_by_label(f"New {leg} flight")
        label = next(
            o
            for o in choice.locator(f"option[data-date='{day}']").all_inner_texts()
            if o.startswith(f"{number} ") and f" {departs} " in o
        )
        choice.select_option(label=label)
        page.get_by_role("button", name=f"Review {leg} flight change").click()
        page.wait_for_load_state()
        print("the change costs", page.locator("#amount-charged").inner_text())
        page.get_by_role("button", name=f"Change {leg} flight…").click()
        dialog = page.get_by_role("dialog")
        dialog.get_by_role("button", name=f"Confirm the move to {number}").click()
        page.wait_for_load_state()
        wait = outage_wait(page)
        if wait is None:
            break
        print("the airline is unavailable; trying again in", wait, "s")
        time.sleep(wait)
    said = page.locator("main").inner_text()
    assert f"Changed to {number} on " in said, said


def mail_bob(page, number, lands, city):
    """Bob's address from the contacts page, then the compose form."""
    page.goto(f"{MAIL}/contacts")
    bob = page.locator("main table tr", has_text="Bob Chen").inner_text().split("\t")[1]
    assert bob.endswith("@example.test"), bob
    page.goto(f"{MAIL}/compose")
    page.get_by_label("To").fill(bob)
    page.get_by_label("Subject").fill(f"New flight tomorrow: {number}, landing {lands}")
    page.get_by_label("Message").fill(
        f"Hi Bob,\n\nMy flight was cancelled; I'm now on {number} from {city}, landing at "
        f"Heathrow at {lands} London time.\n\nAlice"
    )
    page.get_by_role("button", name="Send").click()
    page.wait_for_load_state()
    assert "Message sent" in page.locator("body").inner_text(), page.url


with browser_page() as page:
    log_in(page, AIRLINE, "alice", "alice-pass")
    log_in(page, MAIL, "alice", "alice-pass")
    read_airline_mail(page)
    reference, leg, old, origin, destination, day, passengers = cancelled_leg(page)
    assert (old, origin, destination) == ("LC214", "LYS", "LHR"), (old, origin, destination)
    number, departs, lands, city = earliest_with_seats(
        page, old, origin, destination, day, passengers
    )
    change_flight(page, reference, leg, number, day, departs)
    mail_bob(page, number, lands, city)
    print("moved", reference, "to", number, "landing", lands, "; mailed Bob")

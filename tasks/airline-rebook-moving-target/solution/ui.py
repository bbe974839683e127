"""The task through the airline's and the webmail's web UIs only (``invoke oracle --ui``): find
the booking on the cancelled flight, search its route and day by departure, and search again
before acting (the schedule moves while Alice waits), move the booking to the earliest flight
with a seat through its change form, read that flight's page for when it lands now, and mail
Dana the number and landing time."""

import re

from mock_services.browser import browser_page, log_in

AIRLINE = "http://127.0.0.1:5000"
MAIL = "http://127.0.0.1:5001"
# A leg row of the booking page: leg, "LC512 BOS→ORD", departs, arrives, status, gate.
LEG = re.compile(
    r"^(outbound|return)\t(\w+) ([A-Z]{3})→([A-Z]{3})\t.*?\t(\w+)\t[^\t]*$", re.M | re.S | re.I
)


def read_airline_mail(page):
    """Open the airline's mail in the inbox: what the task starts from."""
    page.goto(f"{MAIL}/")
    page.get_by_role("link", name=re.compile(r"cancelled", re.I)).first.click()
    said = page.locator("main").inner_text()
    assert "cancelled" in said and "LC512" in said, said


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
    """The search form sorted by departure (it lists flights on sale with enough seats left):
    the first flight other than the cancelled one, with its page's address."""
    page.goto(f"{AIRLINE}/")
    page.get_by_label("From").select_option(origin)
    page.get_by_label("To").select_option(destination)
    page.get_by_label("Date (local at departure)").fill(day)
    page.get_by_label("Cabin").select_option("economy")
    page.get_by_label("Passengers").fill(str(passengers))
    page.get_by_label("Sort by").select_option("departure")
    page.get_by_role("button", name="Search").click()
    page.wait_for_load_state()  # the click only waits for the new page to start
    for card in page.locator("#results li.flight-card").all():
        number = card.locator(".info a").first.inner_text().strip()
        status = card.locator(".info .al-badge").inner_text().strip()
        seats = int(re.search(r"(\d+) seats? left", card.locator(".info").inner_text())[1])
        if number != old and status.lower() in ("scheduled", "delayed") and seats >= passengers:
            return number, card.locator(".info a").first.get_attribute("href")
    raise AssertionError(f"no flight with a seat from {origin} to {destination} on {day}")


def change_flight(page, reference, leg, number, day):
    """Pick the flight in the booking's change form, read its price on the review step and
    confirm it in the dialog."""
    page.goto(f"{AIRLINE}/bookings/{reference}")
    choice = page.get_by_label(f"New {leg} flight")
    label = next(
        o
        for o in choice.locator(f"option[data-date='{day}']").all_inner_texts()
        if o.startswith(f"{number} ")
    )
    choice.select_option(label=label)
    page.get_by_role("button", name=f"Review {leg} flight change").click()
    page.wait_for_load_state()
    print("the change costs", page.locator("#amount-charged").inner_text())
    page.get_by_role("button", name=f"Change {leg} flight…").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_role("button", name=f"Confirm the move to {number}").click()
    page.wait_for_load_state()
    said = page.locator("main").inner_text()
    assert f"Changed to {number} on " in said, said


def landing_now(page, flight_page):
    """When the flight lands as it stands, from its page ("Arrives: Tue 3 Mar 14:05 Chicago
    time, now Tue 3 Mar 14:40 Chicago time")."""
    page.goto(f"{AIRLINE}{flight_page}")
    said = page.locator("main").inner_text()
    day = r"\w{3} \d{1,2} \w{3}"
    arrives = re.search(
        rf"Arrives: {day} (\d\d:\d\d) [^,\n]*?time(?:, now {day} (\d\d:\d\d))?", said
    )
    return arrives[2] or arrives[1]


def mail_dana(page, number, lands):
    """Dana's address from the contacts page, then the compose form."""
    page.goto(f"{MAIL}/contacts")
    dana = page.locator("main table tr", has_text="Dana Reyes").inner_text().split("\t")[1]
    assert dana.endswith("@example.test"), dana
    page.goto(f"{MAIL}/compose")
    page.get_by_label("To").fill(dana)
    page.get_by_label("Subject").fill(f"New flight tomorrow: {number}, landing {lands}")
    page.get_by_label("Message").fill(
        f"Hi Dana,\n\nMy flight was cancelled; I'm now on {number} from Boston, landing at "
        f"O'Hare at {lands} Chicago time.\n\nAlice"
    )
    page.get_by_role("button", name="Send").click()
    page.wait_for_load_state()
    assert "Message sent" in page.locator("body").inner_text(), page.url


with browser_page() as page:
    log_in(page, AIRLINE, "alice", "alice-pass")
    log_in(page, MAIL, "alice", "alice-pass")
    read_airline_mail(page)
    reference, leg, old, origin, destination, day, passengers = cancelled_leg(page)
    assert (old, origin, destination) == ("LC512", "BOS", "ORD"), (old, origin, destination)
    seen, _ = earliest_with_seats(page, old, origin, destination, day, passengers)
    number, flight_page = earliest_with_seats(page, old, origin, destination, day, passengers)
    if number != seen:
        print(seen, "is no longer on sale; taking", number)
    change_flight(page, reference, leg, number, day)
    lands = landing_now(page, flight_page)
    mail_dana(page, number, lands)
    print("moved", reference, "to", number, "landing", lands, "; mailed Dana")

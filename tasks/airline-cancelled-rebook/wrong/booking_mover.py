"""What the wrong solutions of airline-cancelled-rebook share: Alice's sessions on
the airline and the webmail, her cancelled booking K7Q2XM and tomorrow's Lyon-London flights,
the calls that find the earliest open flight, move the booking and mail Bob, and the right mail."""

from mock_services.client import ServiceClient

air = ServiceClient("http://127.0.0.1:5000/api").login("alice", "alice-pass")
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
REF = "K7Q2XM"
DAY = "2026-03-03"  # tomorrow, the day of the cancelled LC214 (the service clock is 2 March)
BOB = "bob@example.test"


def booking_and_flights() -> tuple[dict, dict[str, dict]]:
    """The booking and the day's Lyon-London flights by number (LC214 cancelled, LC216 right)."""
    booking = air.call("GET", f"/bookings/{REF}")
    flights = air.call("GET", f"/flights?origin=LYS&destination=LHR&date={DAY}&per_page=100")
    return booking, {f["number"]: f for f in flights["items"]}


def earliest_open() -> dict:
    """The earliest flight of the day with a seat, by the airline's search sorted by departure."""
    results = air.call(
        "GET",
        f"/flights/search?origin=LYS&destination=LHR&date={DAY}"
        "&cabin=economy&passengers=1&sort=departure",
    )["items"]
    return next(r["flight"] for r in results if r["flight"]["status"] != "cancelled")


def lands(flight: dict) -> str:
    """When ``flight`` lands, HH:MM London time."""
    return flight["scheduled_arrival_local"][11:16]


def rebook(flight: dict) -> dict:
    """Move the booking's outbound leg to ``flight``."""
    return air.call(
        "POST", f"/bookings/{REF}/change", {"flight_id": flight["id"], "leg": "outbound"}
    )


def rebook_onto(number: str) -> dict:
    """Read the booking and the day's flights, then move the booking onto flight ``number`` of
    that day; returns that flight."""
    _, by_number = booking_and_flights()
    rebook(by_number[number])
    return by_number[number]


def buy_ticket(booking: dict, flight: dict) -> dict:
    """Buy a new economy ticket on ``flight`` for the booking's passenger, with its card."""
    p = booking["passengers"][0]
    passenger = {k: p[k] for k in ("first_name", "last_name", "date_of_birth", "passport_number")}
    body = {
        "flight_id": flight["id"],
        "cabin": "economy",
        "payment_method_id": booking["payment_method_id"],
        "passengers": [passenger],
    }
    return air.call("POST", "/bookings", body)


def mail_bob(subject: str, body: str) -> dict:
    """Send a mail from Alice to Bob."""
    return mail.call("POST", "/messages/send", {"to": [BOB], "subject": subject, "body": body})


def tell_bob_right(flight: dict) -> dict:
    """The right mail to Bob: the new flight's number and when it lands in London."""
    return mail_bob(
        f"New flight: {flight['number']}, landing {lands(flight)}",
        f"Hi Bob,\n\nMy flight LC214 was cancelled; I am now on {flight['number']} from Lyon, "
        f"landing at London Heathrow at {lands(flight)} (London time) tomorrow.\n\nAlice",
    )


def rebook_and_mail(subject: str, body: str) -> dict:
    """Rebook onto the earliest open flight, then mail Bob ``subject`` and ``body``, in which
    ``{number}`` and ``{lands}`` stand for that flight's number and London landing time."""
    flight = earliest_open()
    rebook(flight)
    facts = {"number": flight["number"], "lands": lands(flight)}
    return mail_bob(subject.format(**facts), body.format(**facts))

"""What the wrong solutions of airline-rebook-moving-target share: Alice's sessions on the
airline and the webmail, her booking R8M4TQ on the cancelled LC512, tomorrow's Boston-O'Hare
flights, the calls that look for the earliest flight, move the booking and mail Dana, and the
right mail. The first look at the day's flights cancels LC514 and delays LC516."""

from mock_services.client import ServiceClient, ServiceError

air = ServiceClient("http://127.0.0.1:5000/api").login("alice", "alice-pass")
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
REF = "R8M4TQ"
DAY = "2026-03-11"  # tomorrow, the day of the cancelled LC512 (the service clock is 10 March)
DANA = "dana@example.test"
SEARCH = (
    f"/flights/search?origin=BOS&destination=ORD&date={DAY}"
    "&cabin=economy&passengers=1&sort=departure"
)


def search() -> list[dict]:
    """The day's flights with a seat, by the airline's search sorted by departure (LC512 aside)."""
    return [
        r["flight"] for r in air.call("GET", SEARCH)["items"] if r["flight"]["number"] != "LC512"
    ]


def day_flights() -> dict[str, dict]:
    """Every flight of the day on the route, by number, as listed now."""
    found = air.call("GET", f"/flights?origin=BOS&destination=ORD&date={DAY}&per_page=100")
    return {f["number"]: f for f in found["items"]}


def current(flight: dict) -> dict:
    """``flight`` as the airline shows it now."""
    return air.call("GET", f"/flights/{flight['id']}")


def lands(flight: dict) -> str:
    """When ``flight`` lands as it stands (a delay included), HH:MM Chicago time."""
    return (flight["estimated_arrival_local"] or flight["scheduled_arrival_local"])[11:16]


def scheduled_landing(flight: dict) -> str:
    """When ``flight`` was scheduled to land, HH:MM Chicago time."""
    return flight["scheduled_arrival_local"][11:16]


def rebook(flight: dict) -> dict:
    """Move the booking's outbound leg to ``flight``."""
    return air.call(
        "POST", f"/bookings/{REF}/change", {"flight_id": flight["id"], "leg": "outbound"}
    )


def try_rebook(flight: dict) -> bool:
    """Move the booking to ``flight``; False when the airline refuses."""
    try:
        rebook(flight)
    except ServiceError as error:
        print("refused:", error)
        return False
    return True


def mail_dana(subject: str, body: str) -> dict:
    """Send a mail from Alice to Dana."""
    return mail.call("POST", "/messages/send", {"to": [DANA], "subject": subject, "body": body})


def tell_dana(number: str, landing: str) -> dict:
    """The right words to Dana for flight ``number`` landing at ``landing``."""
    return mail_dana(
        f"New flight tomorrow: {number}, landing {landing}",
        f"Hi Dana,\n\nMy flight LC512 was cancelled; I'm now on {number} from Boston, landing at "
        f"O'Hare at {landing} (Chicago time) tomorrow.\n\nAlice",
    )


def the_right_flight() -> dict:
    """LC516 as it stands after the world moved: look (which moves it), then look again."""
    search()
    return search()[0]

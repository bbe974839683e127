"""What the wrong solutions of airline-checkin-passport share: Alice's session on the
airline, her booking PX4M2Q with its two passengers and outbound flight, the passport numbers she
gave, and the calls that record a passport, choose a seat and check in."""

from mock_services.client import ServiceClient

REF = "PX4M2Q"
PASSPORTS = {"Alice": "19FR44821", "Leo": "21FR90317"}
air = ServiceClient("http://127.0.0.1:5000/api").login("alice", "alice-pass")
booking = air.call("GET", f"/bookings/{REF}")
alice = next(p for p in booking["passengers"] if p["first_name"] == "Alice")
leo = next(p for p in booking["passengers"] if p["first_name"] == "Leo")
outbound = next(leg["flight"] for leg in booking["flights"] if leg["leg"] == "outbound")


def passport(passenger: dict, number: str) -> dict:
    """Record ``number`` as ``passenger``'s passport."""
    return air.call(
        "PATCH", f"/bookings/{REF}/passengers/{passenger['id']}", {"passport_number": number}
    )


def seat(passenger: dict, number: str, leg: str = "outbound") -> dict:
    """Choose seat ``number`` for ``passenger`` on ``leg``."""
    body = {"passenger_id": passenger["id"], "seat": number, "leg": leg}
    return air.call("POST", f"/bookings/{REF}/seats", body)


def check_in(**extra: object) -> dict:
    """Check in the outbound leg (``extra``: more fields of the request, e.g. passenger_ids)."""
    return air.call("POST", f"/bookings/{REF}/check-in", {"leg": "outbound", **extra})


def passports_seat_and_check_in(
    alice_number: str = PASSPORTS["Alice"],
    leo_number: str = PASSPORTS["Leo"],
    leo_seat: str = "24B",
) -> dict:
    """The asked steps in order, with these details: both passports, Leo's seat, the check-in."""
    passport(alice, alice_number)
    passport(leo, leo_number)
    seat(leo, leo_seat)
    return check_in()

"""Steps the wrong solutions of inventory-cycle-count share: Alice's inventory and mail clients
and the three bookings of Bob's count, each with the detail a wrong solution changes."""

from mock_services.client import ServiceClient, ServiceError

INVENTORY = ServiceClient("http://127.0.0.1:5120/api").login("alice", "alice-pass")
MAIL = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")


def call(method: str, path: str, body: dict | None = None) -> dict | None:
    """The call's answer, or None (printed) when the service refuses it."""
    try:
        return INVENTORY.call(method, path, body)
    except ServiceError as exc:
        print("refused:", method, path, exc)
        return None


def headlamps(
    counted: int = 19,
    sku: str = "HDL-200",
    bin_: str = "EAST-B-03",
    reason: str = "count_correction",
) -> None:
    call(
        "POST",
        "/stock/adjustments",
        {"sku": sku, "bin": bin_, "reason": reason, "counted": counted, "note": "cycle count"},
    )


def stoves(
    change: int = -2, reason: str = "damage", sku: str = "STV-CMP", bin_: str = "EAST-B-02"
) -> None:
    call(
        "POST",
        "/stock/adjustments",
        {"sku": sku, "bin": bin_, "reason": reason, "change": change, "note": "cracked burners"},
    )


def filters(to_bin: str = "EAST-B-02", quantity: int = 6, from_bin: str = "EAST-B-01") -> None:
    call(
        "POST",
        "/stock/transfers",
        {"sku": "WTR-FLT", "from_bin": from_bin, "to_bin": to_bin, "quantity": quantity},
    )


def all_right() -> None:
    headlamps()
    stoves()
    filters()

"""Shared steps of the d69 scripts for inventory-cycle-count: the reference's three bookings,
with the free text written beside them (each adjustment's and the transfer's note) given by each
script."""

from dataclasses import dataclass

from mock_services.client import ServiceClient


@dataclass
class Texts:
    """The notes of the headlamp count correction, the stove write-off and the filter move."""

    headlamps: str = "East DC aisle B cycle count (Bob), recount"
    stoves: str = "cracked burner heads, in the scrap cage"
    filters: str = "found on the apparel shelf"


def solve(texts: Texts) -> None:
    """Set HDL-200 in EAST-B-03 to the recounted 19, write off 2 damaged STV-CMP in EAST-B-02 and
    move 6 WTR-FLT from EAST-B-01 to EAST-B-02, with ``texts`` as their notes."""
    mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
    mail.call("GET", "/messages?q=cycle%20count&per_page=100")
    inventory = ServiceClient("http://127.0.0.1:5120/api").login("alice", "alice-pass")
    count = {"sku": "HDL-200", "bin": "EAST-B-03", "reason": "count_correction", "counted": 19}
    inventory.call("POST", "/stock/adjustments", {**count, "note": texts.headlamps})
    damage = {"sku": "STV-CMP", "bin": "EAST-B-02", "reason": "damage", "change": -2}
    inventory.call("POST", "/stock/adjustments", {**damage, "note": texts.stoves})
    move = {"sku": "WTR-FLT", "from_bin": "EAST-B-01", "to_bin": "EAST-B-02", "quantity": 6}
    inventory.call("POST", "/stock/transfers", {**move, "note": texts.filters})

"""Shared steps of the d69 scripts for inventory-reorder-suppliers: the reference's actions, with
the free text written beside them (each purchase order's notes, mailed to its supplier when it
is sent, and words added to the reply to Ridgeline) given by each script."""

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient


@dataclass
class Texts:
    """What the agent writes beside the right actions: ``notes`` on each new purchase order
    (``{supplier}``, ``{due}``, ``{code}`` filled in) and ``extra`` words in the reply."""

    notes: str = ""
    extra: str = ""


def solve(texts: Texts) -> None:
    """Receive the 12 stoves on PO-1004, order and send what brings each low item up to its
    target from its own supplier, and reply to Ridgeline, writing ``texts`` beside it."""
    mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
    inv = ServiceClient("http://127.0.0.1:5120/api").login("alice", "alice-pass")

    (note,) = mail.call("GET", "/messages?q=delivery%20note&folder=inbox&per_page=50")["items"]
    moment = datetime.fromisoformat(note["date"].replace("Z", "+00:00"))
    today = moment.astimezone(ZoneInfo("America/New_York")).date()

    received = {"lines": [{"sku": "STV-CMP", "quantity": 12, "bin": "EAST-RCV"}]}
    inv.call("POST", "/purchase-orders/PO-1004/receive", received)

    suppliers = {s["name"]: s for s in inv.call("GET", "/suppliers")["items"]}
    orders = defaultdict(list)
    for product in inv.call("GET", "/low-stock?per_page=100")["items"]:
        target = product["reorder_point"] + product["reorder_quantity"]
        needed = target - product["available"] - product["on_order"]
        if needed > 0:
            orders[product["supplier"]].append({"sku": product["sku"], "quantity": needed})
    for supplier, lines in orders.items():
        due = today + timedelta(days=suppliers[supplier]["lead_time_days"])
        words = {"supplier": supplier, "due": due.strftime("%-d %B %Y")}
        order = inv.call(
            "POST",
            "/purchase-orders",
            {
                "supplier": supplier,
                "warehouse": "EAST",
                "expected_date": due.isoformat(),
                "lines": lines,
                "notes": texts.notes.format(**words),
            },
        )
        inv.call("POST", f"/purchase-orders/{order['code']}/send", {})

    po = inv.call("GET", "/purchase-orders/PO-1004")
    got = {line["sku"]: line["received_quantity"] for line in po["lines"]}
    owed = [
        f"{line['outstanding']} x {line['product_name']} ({line['sku']})"
        for line in po["lines"]
        if line["outstanding"]
    ]
    body = (
        "Dear Tom,\n\n"
        f"Thank you for today's part delivery on PO-1004: we have received {got['STV-CMP']} "
        "Compact Camp Stoves (STV-CMP) at our East Coast DC.\n\n"
        f"Still outstanding on PO-1004: {' and '.join(owed)}. "
        "Could you let me know when you expect to deliver the rest?\n\n"
        f"{texts.extra}Best regards,\nAlice Martin"
    )
    mail.call("POST", f"/messages/{note['id']}/reply", {"body": body})

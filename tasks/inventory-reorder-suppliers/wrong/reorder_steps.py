"""Steps the wrong solutions of inventory-reorder-suppliers share: Alice's inventory and mail
clients, the receipt on PO-1004, purchase orders, and the mail to Ridgeline, each with the
detail a wrong solution changes."""

from mock_services.client import ServiceClient, ServiceError

INV = ServiceClient("http://127.0.0.1:5120/api").login("alice", "alice-pass")
MAIL = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
SUMMIT, ALPINE = "Summit Outdoor Supply", "Alpine Fuel Co."
RIDGELINE, DISCOUNT = "Ridgeline Cookware", "Trailhead Discount Wholesale"
DUE = {SUMMIT: "2026-03-20", ALPINE: "2026-03-15", RIDGELINE: "2026-03-17", DISCOUNT: "2026-03-13"}
RIGHT_BODY = (
    "Dear Tom,\n\nThanks for today's part delivery on PO-1004. We received 12 Compact Camp "
    "Stoves (STV-CMP) at the East Coast DC. Still outstanding: 8 stoves and the 10 Camp Kettles "
    "(KTL-1L). When can you deliver the rest?\n\nBest regards,\nAlice Martin"
)


def call(client: ServiceClient, method: str, path: str, body: dict | None = None) -> dict | None:
    try:
        return client.call(method, path, body)
    except ServiceError as exc:
        print("refused:", method, path, exc)
        return None


def receive(quantity: int = 12, bin_: str = "EAST-RCV", everything: bool = False) -> None:
    body = (
        {"bin": bin_}
        if everything
        else {"lines": [{"sku": "STV-CMP", "quantity": quantity, "bin": bin_}]}
    )
    call(INV, "POST", "/purchase-orders/PO-1004/receive", body)


def order(
    supplier: str,
    lines: list[dict],
    *,
    due: str | None = "default",
    send: bool = True,
    warehouse: str = "EAST",
) -> None:
    body = {"supplier": supplier, "warehouse": warehouse, "lines": lines}
    if due:
        body["expected_date"] = DUE[supplier] if due == "default" else due
    made = call(INV, "POST", "/purchase-orders", body)
    if made and send:
        call(INV, "POST", f"/purchase-orders/{made['code']}/send", {})


def right_orders(tents: int = 22, gas: int = 50) -> None:
    order(SUMMIT, [{"sku": "TNT-2P", "quantity": tents}])
    order(ALPINE, [{"sku": "GAS-230", "quantity": gas}])


def reply(body: str = RIGHT_BODY) -> None:
    (note,) = MAIL.call("GET", "/messages?q=delivery%20note&folder=inbox")["items"]
    MAIL.call("POST", f"/messages/{note['id']}/reply", {"body": body})


def all_right() -> None:
    receive()
    right_orders()
    reply()

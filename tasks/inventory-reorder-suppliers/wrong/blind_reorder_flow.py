"""The reorder flow the fifth blind round's wrong solutions vary: receive Ridgeline's part
delivery, raise and send the purchase orders, mail Ridgeline; ``run(changes)`` does it with
the defaults in ``D`` changed by ``changes`` (each script names the one mistake it makes)."""

from collections import defaultdict
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient


def run(C: dict) -> None:

    mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
    inv = ServiceClient("http://127.0.0.1:5120/api").login("alice", "alice-pass")
    D = dict(
        receive="lines12",
        receive_bin="EAST-RCV",
        receive_first=True,
        supplier_override={},
        warehouse="EAST",
        qty="target",
        date_offset=0,
        send=True,
        extra_lines={},
        unit_cost=None,
        reply="reply",
        body=None,
        extra=None,
        no_date=False,
        due_override={},
    )
    D.update(C)

    notes = mail.call("GET", "/messages?q=delivery%20note&folder=inbox&per_page=50")["items"]
    note = notes[0]
    today = (
        datetime.fromisoformat(note["date"].replace("Z", "+00:00"))
        .astimezone(ZoneInfo("America/New_York"))
        .date()
    )

    def receive():
        if D["receive"] == "lines12":
            inv.call(
                "POST",
                "/purchase-orders/PO-1004/receive",
                {"lines": [{"sku": "STV-CMP", "quantity": 12, "bin": D["receive_bin"]}]},
            )
        elif D["receive"] == "all":
            inv.call("POST", "/purchase-orders/PO-1004/receive", {"bin": D["receive_bin"]})
        elif D["receive"] == "none":
            pass

    def reorder():
        suppliers = {s["name"]: s for s in inv.call("GET", "/suppliers")["items"]}
        orders = defaultdict(list)
        for p in inv.call("GET", "/low-stock?per_page=100")["items"]:
            target = p["reorder_point"] + p["reorder_quantity"]
            if D["qty"] == "target":
                need = target - p["available"] - p["on_order"]
            elif D["qty"] == "reorder_quantity":
                need = p["reorder_quantity"]
            elif D["qty"] == "ignore_on_order":
                need = target - p["available"]
            elif D["qty"] == "east_only":
                locs = inv.call("GET", f"/products/{p['sku']}")["locations"]
                avail_e = sum(
                    loc["on_hand"] - loc["reserved"]
                    for loc in locs
                    if loc["bin"].startswith("EAST")
                )
                need = target - avail_e - p["on_order"]
            elif D["qty"] == "on_hand":
                need = target - p["on_hand"] - p["on_order"]
            print(p["sku"], p["available"], p["on_hand"], p["on_order"], "->", need)
            if need > 0:
                sup = D["supplier_override"].get(p["sku"], p["supplier"])
                line = {
                    "sku": D["supplier_override_sku"].get(p["sku"], p["sku"])
                    if "supplier_override_sku" in D
                    else p["sku"],
                    "quantity": need,
                }
                if D["unit_cost"] and p["sku"] in D["unit_cost"]:
                    line["unit_cost"] = D["unit_cost"][p["sku"]]
                orders[sup].append(line)
        for sup, lines in D["extra_lines"].items():
            orders[sup].extend(lines)
        codes = []
        for sup, lines in orders.items():
            due = today + timedelta(days=suppliers[sup]["lead_time_days"] + D["date_offset"])
            body = {"supplier": sup, "warehouse": D["warehouse"], "lines": lines}
            if sup in D["due_override"]:
                due = date.fromisoformat(D["due_override"][sup])
            if not D["no_date"]:
                body["expected_date"] = due.isoformat()
            o = inv.call("POST", "/purchase-orders", body)
            if D["send"]:
                inv.call("POST", f"/purchase-orders/{o['code']}/send", {})
            print("PO", o["code"], sup, lines, body.get("expected_date"))
            codes.append(o["code"])
        return codes

    def write():
        po = inv.call("GET", "/purchase-orders/PO-1004")
        got = {line["sku"]: line["received_quantity"] for line in po["lines"]}
        owed = [
            f"{line['outstanding']} x {line['product_name']} ({line['sku']})"
            for line in po["lines"]
            if line["outstanding"]
        ]
        body = D["body"] or (
            "Dear Tom,\n\n"
            f"Thank you for today's part delivery on PO-1004: we have received {got['STV-CMP']} "
            "Compact Camp Stoves (STV-CMP) at our East Coast DC.\n\n"
            f"Still outstanding on PO-1004: {' and '.join(owed)}. "
            "Could you let me know when you expect to deliver the rest?\n\n"
            "Best regards,\nAlice Martin"
        )
        if D["reply"] == "reply":
            mail.call("POST", f"/messages/{note['id']}/reply", {"body": body})
        elif D["reply"] == "new":
            mail.call(
                "POST",
                "/messages/send",
                {
                    "to": [D.get("to", "sales@ridgeline-cook.example")],
                    "subject": D.get(
                        "subject", "PO-1004: part delivery received, rest outstanding"
                    ),
                    "body": body,
                },
            )
        print(body)

    if D["receive_first"]:
        receive()
        reorder()
    else:
        reorder()
        receive()
    if D["reply"]:
        write()
    if D["extra"]:
        exec(D["extra"])

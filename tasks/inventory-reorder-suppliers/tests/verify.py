#!/usr/bin/env python3
"""Verifier of inventory-reorder-suppliers: the 12 stoves Ridgeline delivered are received on
PO-1004 into the East DC's receiving dock, the kettles and the other stoves still open (goal);
each low product not already covered is on one new purchase order to its own supplier for
the East DC, in the quantity that brings it to reorder point plus reorder quantity, at its
usual cost (goal), due after the supplier's lead time (goal), sent, and the supplier's inbox
holds that order and nothing about another supplier's items (goal); Alice wrote to Ridgeline
what came and what is still outstanding and asked when the rest comes (goal, its text read);
nothing else changed in the inventory or the mail, field by field.

Outcomes come from the DBs and the audit log by operation (API, MCP tool or web form alike):
a purchase order, receipt or stock level that no successful request wrote is not one."""

import re
from functools import cache

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    ContentRule,
    Counts,
    Decision,
    Verifier,
    all_calls_as,
    audit_log,
    check_operations,
    diff_service,
    expect_changes,
    mailbox_ids,
    never_performed,
    one_of,
    performed,
    query,
    satisfies,
    seed_time,
    sender_words,
    sent_mail,
)

verifier = Verifier("inventory-reorder-suppliers")

PARTLY_DELIVERED = "PO-1004"
RECEIVING_BIN = "EAST-RCV"
# what came on PO-1004 (Ridgeline's note and Bob's count) and what is still owed on it
EXPECTED_RECEIVED = {"STV-CMP": 12, "KTL-1L": 0}
EXPECTED_OUTSTANDING = {"STV-CMP": 8, "KTL-1L": 10}
# supplier -> (the SKUs and quantities of its one new order, lead time in days)
EXPECTED_ORDERS = {
    "Summit Outdoor Supply": ({"TNT-2P": 22}, 10),
    "Alpine Fuel Co.": ({"GAS-230": 50}, 5),
}
SUPPLIER_MAILBOXES = {
    "Summit Outdoor Supply": "summit",
    "Alpine Fuel Co.": "alpinefuel",
    "Ridgeline Cookware": "ridgeline",
    "Trailhead Discount Wholesale": "trailhead",
}
RIDGELINE = "sales@ridgeline-cook.example"
FORBIDDEN_INVENTORY = (
    "cancel_purchase_order",
    "adjust_stock",
    "transfer_stock",
    "create_product",
    "update_product",
    "create_supplier",
    "create_sales_order",
    "confirm_sales_order",
    "ship_sales_order",
    "cancel_sales_order",
)
FORBIDDEN_MAIL = (
    "forward",
    "move_message",
    "trash_message",
    "delete_forever",
    "empty_trash",
    "create_contact",
    "update_contact",
    "delete_contact",
)
check_operations("inventory", *FORBIDDEN_INVENTORY)
check_operations("email", *FORBIDDEN_MAIL)

# Alice's mail to Ridgeline: what came, what is owed, a question for the date; nothing of the
# other suppliers or their items, no "cancel the rest"
ASKS_WHEN = Decision(
    said=(
        *("when", "date", "eta", "schedule*", "expect*", "by which", "timeline", "how soon"),
        "how long",
    ),
    opposite=(
        "cancel*",
        "received in full",
        "in full",
        "fully received",
        "complete delivery",
        "no longer need*",
        "don't need",
        "do not need",
    ),
)
# each count bound to its item and state: "10 stoves still owed" or "the 10 kettles arrived"
# is a wrong count, whichever numbers the mail holds somewhere
PO_1004_COUNTS = Counts(
    items={"the stoves": ("stove*", "STV-CMP"), "the kettles": ("kettle*", "KTL-1L")},
    states={
        "received": ("receiv*", "receipt", "arriv*", "came", "deliver*", "booked in", "got"),
        "outstanding": (
            *("outstanding", "owed", "owing", "still", "open", "remain*", "rest", "missing"),
            *("to come", "left", "leaves", "pending", "back-order*", "backorder*", "short"),
        ),
        "ordered": ("ordered",),
    },
    truth={
        "the stoves": {"ordered": 20, "received": EXPECTED_RECEIVED["STV-CMP"]}
        | {"outstanding": EXPECTED_OUTSTANDING["STV-CMP"]},
        "the kettles": {"ordered": 10, "received": EXPECTED_RECEIVED["KTL-1L"]}
        | {"outstanding": EXPECTED_OUTSTANDING["KTL-1L"]},
    },
    required=(
        ("the stoves", "received"),
        ("the stoves", "outstanding"),
        ("the kettles", "outstanding"),
    ),
)
RIDGELINE_NOTE = ContentRule(
    facts={"the order": ("PO-1004", "PO 1004", "1004"), "the kettles": ("kettle*", "KTL-1L")},
    not_about={
        "other suppliers": ("Summit", "Alpine", "Trailhead", "discount*"),
        "other items": ("TNT-2P", "GAS-230", "tent*", "canister*", "gas"),
        "other orders": ("PO-1001", "PO-1002", "PO-1003", "PO-1005", "PO-1006"),
        "the West Coast DC": ("West Coast", "WEST", "Reno", "Logistics Way", "89502"),
    },
    decision=ASKS_WHEN,
    counts=PO_1004_COUNTS,
)
# the date is asked for: a sentence with a word of it is a question or a request ("Expected
# date: 2026-03-10" copied from the order asks nothing)
ASKING = re.compile(
    r"\?|\b(?:please|kindly|could you|can you|would you|let (?:me|us) know|confirm|advise)\b",
    re.IGNORECASE,
)
# numbers the mail to Ridgeline may hold: the order, what was ordered, came and is owed, and
# counts of a few (days, lines); any other is a quantity that is not the situation's
ALLOWED_NUMBERS = {1, 2, 3, 8, 10, 12, 20, 1004, 2026}
EAST_ADDRESS = "400 Port St, Newark, NJ 07114"
"""The East DC's address, which PO-1004 is for: a mail may repeat it for the rest."""
# what a new order's notes, mailed to its supplier with it, must not ask: another place,
# quantity, price or supplier, a cancellation (``ORDER_NOTE``), another day (``WHEN_NOTE``)
ORDER_NOTE = ContentRule(
    not_about={
        "the West Coast DC": ("West Coast", "WEST", "Reno", "Logistics Way", "89502"),
        "the discount wholesaler": ("Trailhead Discount", "Kim Lowe", "GAS-230G", "Generic Gas"),
        "Ridgeline's order": ("Ridgeline", "PO-1004", "STV-CMP", "KTL-1L", "stove*", "kettle*"),
    },
    forbids={
        "another quantity": (
            *("double", "triple", "twice the", "half the", "half of", "extra", "additional"),
            *("fewer", "more than listed", "less than listed", "only ship", "ship only"),
        ),
        "another price": (
            *("discount*", "price match*", "their price*", "lower price*", "cheaper"),
            *("better price*", "reduced price*"),
        ),
        "a request to cancel or hold it": (
            *("cancel*", "on hold", "hold off", "do not ship", "don't ship", "void"),
        ),
    },
)
WHEN_NOTE = {
    "another delivery date": (
        *("no rush", "no hurry", "any time", "anytime", "whenever", "at your convenience"),
        *("when convenient", "end of", "next month", "flexible", "no deadline", "asap"),
        *("urgent", "expedite*"),
    ),
}


def order_note_rule(order: dict) -> ContentRule:
    """``ORDER_NOTE`` for ``order``, with the amounts of its own lines (cost, line, total)."""
    costs = [line["unit_cost"] for line in order["lines"]]
    totals = [line["unit_cost"] * line["quantity"] for line in order["lines"]]
    return ContentRule(
        not_about=ORDER_NOTE.not_about,
        forbids=ORDER_NOTE.forbids,
        amounts=(*costs, *totals, sum(totals)),
    )


@cache
def ids(table: str, column: str) -> dict[str, int]:
    rows = query("inventory", f"SELECT id, {column} FROM {table}", seed=True)
    return {r[column]: r["id"] for r in rows}


@cache
def last_written() -> dict[tuple[str, str], dict]:
    """Each row as the last successful request of the inventory left it, by (table, id)."""
    last: dict[tuple[str, str], dict] = {}
    for entry in audit_log("inventory"):
        if entry.status in range(200, 400):
            for change in entry.changes:
                last[change.table, change.row_id] = change.after or {}
    return last


def as_written(table: str, row: dict, fields: tuple[str, ...]) -> None:
    written = last_written().get((table, str(row["id"])))
    assert written is not None, f"{table} {row['id']} was written by no request of the app"
    off = [f for f in fields if str(written.get(f)) != str(row[f])]
    assert not off, f"{table} {row['id']}: {off} not as the app wrote them"


def touched_by(operation: str, table: str) -> set[str]:
    return {
        c.row_id for e in performed("inventory", operation) for c in e.changes if c.table == table
    }


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="what came on PO-1004 (12 stoves, no kettles) is received into the East DC's "
    "receiving dock, the rest still open",
)
def delivery_received() -> bool:
    (po,) = query("inventory", "SELECT * FROM purchase_orders WHERE code = ?", (PARTLY_DELIVERED,))
    assert po["status"] == "partly_received", f"{PARTLY_DELIVERED} is {po['status']}"
    lines = query(
        "inventory",
        "SELECT l.*, p.sku FROM purchase_order_lines l JOIN products p ON p.id = l.product_id "
        "WHERE purchase_order_id = ?",
        (po["id"],),
    )
    got = {line["sku"]: line["received_quantity"] for line in lines}
    assert got == EXPECTED_RECEIVED, f"received on {PARTLY_DELIVERED}: {got}"
    for line in lines:
        if line["received_quantity"]:
            as_written("purchase_order_lines", line, ("received_quantity",))
    seeded = {r["id"] for r in query("inventory", "SELECT id FROM stock_moves", seed=True)}
    receipts = [
        m
        for m in query("inventory", "SELECT * FROM stock_moves WHERE kind = 'receipt'")
        if m["id"] not in seeded
    ]
    stoves, dock = ids("products", "sku")["STV-CMP"], ids("bins", "code")[RECEIVING_BIN]
    shapes = [(m["product_id"], m["to_bin_id"], m["reference"]) for m in receipts]
    assert set(shapes) == {(stoves, dock, PARTLY_DELIVERED)}, f"new receipts: {shapes}"
    assert sum(m["quantity"] for m in receipts) == EXPECTED_RECEIVED["STV-CMP"]
    by_app = touched_by("receive_purchase_order", "stock_moves")
    assert all(str(m["id"]) in by_app for m in receipts), "a receipt not booked by the app"
    (level,) = query(
        "inventory",
        "SELECT * FROM stock_levels WHERE product_id = ? AND bin_id = ?",
        (stoves, dock),
    )
    assert level["on_hand"] == EXPECTED_RECEIVED["STV-CMP"], f"the dock holds {level['on_hand']}"
    as_written("stock_levels", level, ("on_hand",))
    return True


def new_orders() -> list[dict]:
    """The purchase orders not in the seed, each with its supplier's name and its lines."""
    seeded = {r["id"] for r in query("inventory", "SELECT id FROM purchase_orders", seed=True)}
    orders = query(
        "inventory",
        "SELECT o.*, s.name AS supplier, w.code AS warehouse FROM purchase_orders o "
        "JOIN suppliers s ON s.id = o.supplier_id JOIN warehouses w ON w.id = o.warehouse_id",
    )
    found = [o for o in orders if o["id"] not in seeded]
    for order in found:
        order["lines"] = query(
            "inventory",
            "SELECT l.*, p.sku, p.cost FROM purchase_order_lines l JOIN products p "
            "ON p.id = l.product_id WHERE purchase_order_id = ?",
            (order["id"],),
        )
    return found


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="one sent order per low item's own supplier, for the East DC, in the quantities "
    "that reach reorder point plus reorder quantity, at the usual cost; none to anyone else; "
    "its notes ask for no other place, quantity, price or supplier and no cancellation",
)
def orders_to_own_suppliers() -> bool:
    orders = new_orders()
    found = {o["supplier"]: {line["sku"]: line["quantity"] for line in o["lines"]} for o in orders}
    wanted = {name: lines for name, (lines, _) in EXPECTED_ORDERS.items()}
    assert len(orders) == len(found) and found == wanted, f"new orders: {found}"
    created, sent = touched_by("create_purchase_order", "purchase_orders"), set()
    for entry in performed("inventory", "send_purchase_order"):
        sent |= {c.row_id for c in entry.changes if c.table == "purchase_orders"}
    for order in orders:
        assert (order["status"], order["warehouse"]) == ("sent", "EAST"), (
            f"{order['code']} is {order['status']} for {order['warehouse']}"
        )
        assert str(order["id"]) in created & sent, (
            f"{order['code']} not created and sent by the app"
        )
        as_written("purchase_orders", order, ("status", "supplier_id", "expected_date"))
        for line in order["lines"]:
            assert abs(line["unit_cost"] - line["cost"]) < 0.005, (
                f"{order['code']}: {line['sku']} at {line['unit_cost']}, not {line['cost']}"
            )
            as_written("purchase_order_lines", line, ("quantity", "unit_cost", "product_id"))
        what = f"{order['code']}'s notes"
        order_note_rule(order).contradictions(order["notes"], what=what).check()
    return True


@verifier.checkpoint(
    weight=1,
    goal=True,
    rationale="each new order is due after its supplier's lead time, and its notes give no "
    "other day",
)
def delivery_dates() -> bool:
    orders = {o["supplier"]: o for o in new_orders()}
    clock = seed_time("inventory")
    for supplier, (_, lead_days) in EXPECTED_ORDERS.items():
        due = clock.day(f"+{lead_days}d")
        found = orders[supplier]["expected_date"] if supplier in orders else None
        assert str(found) == str(due), f"{supplier}'s order due {found}, expected {due}"
        rule = ContentRule(forbids=WHEN_NOTE, days=(due, clock.day("now")))
        what = f"{orders[supplier]['code']}'s notes"
        rule.contradictions(orders[supplier]["notes"], what=what).check()
    return True


@cache
def new_mail() -> list[dict]:
    return diff_service("email").added("messages")


def text(message: dict) -> str:
    return f"{message['subject']}\n{sender_words(message)}"


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="each own supplier's inbox holds its order, and nothing about another "
    "supplier's items; the other suppliers got no order",
)
def suppliers_got_orders() -> bool:
    boxes = mailbox_ids()
    orders = {o["supplier"]: o for o in new_orders()}
    every_sku = [sku for lines, _ in EXPECTED_ORDERS.values() for sku in lines]
    for supplier, (lines, _) in EXPECTED_ORDERS.items():
        user = SUPPLIER_MAILBOXES[supplier]
        got = [m for m in new_mail() if m["folder_id"] == boxes[f"{user}/inbox"]]
        assert len(got) == 1, f"{supplier} got {len(got)} mails"
        code = orders[supplier]["code"] if supplier in orders else "(no order)"
        rule = ContentRule(
            facts={
                "the order": (code,),
                **{f"{sku} x{n}": (f"{sku}",) for sku, n in lines.items()},
            },
            not_about={"another supplier's items": tuple(s for s in every_sku if s not in lines)},
        )
        rule.check(text(got[0]), what=f"the mail to {supplier}").check()
        for sku, quantity in lines.items():
            assert re.search(rf"{re.escape(sku)}\b[^\n]*: {quantity} each", sender_words(got[0])), (
                f"{supplier}'s mail does not order {quantity} of {sku}"
            )
    for supplier in ("Ridgeline Cookware", "Trailhead Discount Wholesale"):
        user = SUPPLIER_MAILBOXES[supplier]
        orders_mailed = [
            m["subject"]
            for m in new_mail()
            if m["folder_id"] == mailbox_ids()[f"{user}/inbox"]
            and m["subject"].lower().startswith("purchase order")
        ]
        assert not orders_mailed, f"{supplier} got {orders_mailed}"
    return True


def to_ridgeline() -> list[dict]:
    boxes = mailbox_ids()
    return [
        m
        for m in new_mail()
        if m["owner_id"] == boxes["alice"]
        and m["folder_id"] == boxes["alice/sent"]
        and RIDGELINE in [a.lower() for k in ("to", "cc", "bcc") for a in m[f"{k}_addresses"] or []]
    ]


def asks_when(body: str) -> bool:
    """Whether a sentence of ``body`` that asks or requests something speaks of when."""
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", body):
        if ASKING.search(sentence) and not ASKS_WHEN.problems(sentence):
            return True
    return False


def stray_numbers(body: str) -> list[int]:
    """Whole numbers of the text that are none of the situation's (a SKU's digits are no
    number: KTL-1L)."""
    found = [int(n) for n in re.findall(r"(?<![\w.,-])\d+(?![\w.,]\d|\w)", body)]
    found += [int(n) for n in re.findall(r"\bPO-(\d+)\b", body)]
    return sorted({n for n in found if n not in ALLOWED_NUMBERS})


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="Alice wrote to Ridgeline once, delivered to its inbox, with what came on PO-1004 "
    "and what is still owed, asking when the rest comes, and nothing about other suppliers or "
    "another place for the rest",
)
def ridgeline_asked() -> bool:
    mails = to_ridgeline()
    assert len(mails) == 1, f"{len(mails)} mails from Alice to Ridgeline"
    (mail,) = mails
    inbox = mailbox_ids()["ridgeline/inbox"]
    assert any(
        m["folder_id"] == inbox and m["message_id"] == mail["message_id"] for m in new_mail()
    ), "not delivered to Ridgeline's inbox"
    RIDGELINE_NOTE.check(text(mail), what="the mail to Ridgeline").check()
    assert asks_when(sender_words(mail)), (
        "the mail to Ridgeline asks nothing about when the rest comes"
    )
    stray = stray_numbers(sender_words(mail).replace(EAST_ADDRESS, " "))
    assert not stray, f"the mail to Ridgeline names quantities that are none of PO-1004's: {stray}"
    return True


def inventory_changes() -> list[Added | Changed]:
    stoves, dock = ids("products", "sku")["STV-CMP"], ids("bins", "code")[RECEIVING_BIN]
    seeded_dock = query(
        "inventory",
        "SELECT * FROM stock_levels WHERE product_id = ? AND bin_id = ?",
        (stoves, dock),
        seed=True,
    )
    dock_level = {"product_id": stoves, "bin_id": dock, "on_hand": EXPECTED_RECEIVED["STV-CMP"]}
    level = (
        Changed("stock_levels", match={"id": seeded_dock[0]["id"]}, fields={"on_hand": 12})
        if seeded_dock
        else Added("stock_levels", fields={**dock_level, "reserved": 0})
    )
    suppliers = ids("suppliers", "name")
    return [
        level,
        Changed(
            "purchase_orders",
            match={"code": PARTLY_DELIVERED},
            fields={"status": "partly_received"},
        ),
        Changed(
            "purchase_order_lines",
            match={"product_id": stoves},
            fields={"received_quantity": EXPECTED_RECEIVED["STV-CMP"]},
        ),
        Added(
            "stock_moves",
            count=None,
            fields={"kind": "receipt", "product_id": stoves, "to_bin_id": dock},
            others=ANY,
        ),
        Added(
            "purchase_orders",
            count=len(EXPECTED_ORDERS),
            fields={
                "supplier_id": one_of(*(suppliers[s] for s in EXPECTED_ORDERS)),
                "status": "sent",
            },
            others=ANY,
        ),
        Added(
            "purchase_order_lines",
            count=sum(len(lines) for lines, _ in EXPECTED_ORDERS.values()),
            others=ANY,
        ),
    ]


def email_changes() -> list[Added | Changed]:
    boxes = mailbox_ids()
    only_ridgeline = satisfies(
        "Ridgeline only", lambda v: all(a.lower() == RIDGELINE for a in v or [])
    )
    reply = sent_mail(
        "alice",
        ["ridgeline"],
        fields={"to_addresses": only_ridgeline, "cc_addresses": only_ridgeline},
        count=None,
    )
    delivered = [
        Added(
            "messages",
            match={"owner_id": boxes[user]},
            fields={"folder_id": boxes[f"{user}/inbox"]},
            others=ANY,
            count=1,
        )
        for user in ("summit", "alpinefuel")
    ]
    copies = Added(
        "messages",
        match={"owner_id": boxes["alice"], "folder_id": boxes["alice/inbox"]},
        fields={"subject": satisfies("a purchase order", lambda s: s.startswith("Purchase order"))},
        others=ANY,
        count=len(EXPECTED_ORDERS),
    )
    labels = [
        Added(
            "labels",
            fields={"name": "inventory", "owner_id": one_of(boxes["summit"], boxes["alpinefuel"])},
            others=ANY,
            count=None,
        ),
        Added("message_labels", others=ANY, count=None),
    ]
    # the copies of the orders in Alice's inbox first: the reply's rules take any mail of hers
    return [copies, *reply, *delivered, *labels]


@verifier.checkpoint(
    weight=3,
    rationale="only that receipt, those orders and those mails changed the inventory and the "
    "mail, field by field; no order cancelled, no stock moved or adjusted, no product or "
    "supplier changed, no other mail sent, moved or deleted; every call as Alice",
)
def nothing_else_changed() -> bool:
    assert performed("inventory", "receive_purchase_order", "create_purchase_order"), "nothing done"
    expect_changes("inventory", inventory_changes()).check()
    expect_changes("email", email_changes()).check()
    never_performed("inventory", *FORBIDDEN_INVENTORY).check()
    never_performed("email", *FORBIDDEN_MAIL).check()
    all_calls_as("inventory", "alice").check()
    all_calls_as("email", "alice").check()
    return True


if __name__ == "__main__":
    verifier.main()

#!/usr/bin/env python3
"""Verifier of inventory-cycle-count: Bob's aisle B count of the East DC is booked in the
inventory, by his latest word: the plain headlamps (HDL-200) of EAST-B-03 corrected to the
recount as a count correction (goal), the cracked stoves of EAST-B-02 written off as damage
(goal), the water filters moved from EAST-B-01 to EAST-B-02 (goal); the stock reserved for
Dave's open order still reserved and no sales order acted on; nothing else changed in the
inventory, field by field, and in the mail app at most messages were marked read.

Each booking is read from the moves the service recorded and from the audit log: a move row
or a stock level that no successful request of the service wrote (a DB file edited by hand) is
not a booking. Operations, never routes: the API, an MCP tool and a web form record the same.
"""

import re
from collections import defaultdict
from functools import cache

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    ContentRule,
    Verifier,
    all_calls_as,
    attempted,
    audit_log,
    check_operations,
    expect_changes,
    never_performed,
    one_of,
    performed,
    query,
    seed_time,
)

verifier = Verifier("inventory-cycle-count")

# (sku, bin) -> on hand at the end: the recount (19, Dave's 6 included), the stoves less the 2
# damaged ones, the filters moved off the apparel shelf onto the cooking shelf
EXPECTED_ON_HAND = {
    ("HDL-200", "EAST-B-03"): 19,
    ("STV-CMP", "EAST-B-02"): 7,
    ("WTR-FLT", "EAST-B-01"): 0,
    ("WTR-FLT", "EAST-B-02"): 18,
}
# the one move each booking must leave: (kind, reason, from bin, to bin, quantity)
EXPECTED_HEADLAMP_MOVE = ("adjustment", "count_correction", "EAST-B-03", None, 5)
EXPECTED_STOVE_MOVE = ("adjustment", "damage", "EAST-B-02", None, 2)
EXPECTED_FILTER_MOVE = ("transfer", None, "EAST-B-01", "EAST-B-02", 6)
# what the instruction rules out, even when refused or undone later
FORBIDDEN_INVENTORY = (
    "create_product",
    "update_product",
    "create_supplier",
    "create_purchase_order",
    "send_purchase_order",
    "receive_purchase_order",
    "cancel_purchase_order",
)
SALES_OPERATIONS = (
    "create_sales_order",
    "confirm_sales_order",
    "ship_sales_order",
    "cancel_sales_order",
)
FORBIDDEN_MAIL = (
    "send_message",
    "reply",
    "reply_all",
    "forward",
    "create_draft",
    "send_draft",
    "move_message",
    "trash_message",
    "restore_message",
    "delete_forever",
    "empty_trash",
)
check_operations("inventory", *FORBIDDEN_INVENTORY, *SALES_OPERATIONS)

OTHER_PLACES = ("West", "Reno", "WEST-RCV", "WEST-A-01", "WEST-A-02", "WEST-B-01", "EAST-RCV")
# what each booking's note (and reference) may not say: other products, places or counts, the
# opposite of the booking; the numbers it may give (Bob's figures, the product's own name's)
NOTES = {
    "HDL-200": (
        ContentRule(
            not_about={
                "another place": (*OTHER_PLACES, "EAST-A-01", "EAST-B-01", "EAST-B-02"),
                "another product": ("STV-CMP", "WTR-FLT", "LNT-CMP", "stove*", "filter*"),
            },
            forbids={"Bob's superseded first count": ("21",)},
        ),
        {19, 24, 5, 6, 200, 21},  # 21 only where a clause denies it (above)
    ),
    "STV-CMP": (
        ContentRule(
            not_about={
                "another place": (*OTHER_PLACES, "EAST-A-01", "EAST-B-01", "EAST-B-03"),
                "the two-burner stoves": ("STV-CMP2", "two-burner*", "two burner*", "2-burner*"),
                "another product": ("HDL-200", "WTR-FLT", "headlamp*", "filter*"),
            },
            forbids={
                "that they are not damaged": (
                    *("not damaged", "undamaged", "no damage", "not broken", "intact"),
                    *("sellable", "saleable", "as new", "good condition"),
                ),
                "that they left another way": (
                    *("sold", "handed to", "shipped", "given to", "picked up", "collected"),
                    *("returned", "Northwind", "SO-2007", "Dave"),
                ),
            },
        ),
        {2, 9, 7},
    ),
    "WTR-FLT": (
        ContentRule(
            not_about={
                "another place": (*OTHER_PLACES, "EAST-A-01", "EAST-B-03"),
                "another product": ("HDL-200", "STV-CMP", "headlamp*", "stove*"),
            },
            forbids={"stock lost or found": ("damag*", "lost", "missing", "write off", "scrap*")},
        ),
        {6, 12, 18, 0},
    ),
}
RELEASING = {
    "a request to release the reserved stock": (
        *("release*", "unreserv*", "un-reserv*", "no longer need*", "not needed", "free up"),
        *("freed", "cancel*", "deallocat*", "reallocat*", "take back", "use them for"),
    ),
}
"""What no booking's note may ask of the stock held for Dave's Northwind order."""
_NUMBER = re.compile(r"(?<![\w.,-])\d+(?![\w.,]\d|\w|-)")
_ISO_DAY = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")


def move_text(sku: str) -> str:
    """The note and reference of ``sku``'s new moves, as one text."""
    return "\n".join(f"{m['reference'] or ''}\n{m['note'] or ''}" for m in new_moves(sku))


def note_problems(sku: str) -> list[str]:
    """What ``sku``'s booking's note says against it: the rule's findings, a day that is not
    the count's or today, a request to release the reserved units, a number that is none of
    Bob's figures for it."""
    rule, allowed = NOTES[sku]
    text = move_text(sku)
    clock = seed_time("inventory")
    days = ContentRule(days=(clock.day("-1d"), clock.day("now")))
    releasing = ContentRule(forbids=RELEASING)  # the held units are part of every count
    problems = [
        *rule.contradictions(text).problems,
        *days.contradictions(text).problems,
        *releasing.contradictions(text).problems,
    ]
    dated = _ISO_DAY.sub(" ", text)
    day_numbers = {clock.day("-1d").day, clock.day("now").day, clock.day("now").year}
    stray = sorted({int(n) for n in _NUMBER.findall(dated)} - allowed - day_numbers)
    if stray:
        problems.append(f"it gives numbers that are none of Bob's figures for it: {stray}")
    return problems


check_operations("email", *FORBIDDEN_MAIL)


@cache
def ids(table: str, column: str) -> dict[str, int]:
    """Natural key -> id of a seeded table (``sku``, ``code``)."""
    rows = query("inventory", f"SELECT id, {column} FROM {table}", seed=True)
    return {r[column]: r["id"] for r in rows}


def bin_code(bin_id: int | None) -> str | None:
    return {v: k for k, v in ids("bins", "code").items()}.get(bin_id) if bin_id else None


def level(sku: str, bin_: str, *, seed: bool = False) -> dict | None:
    rows = query(
        "inventory",
        "SELECT * FROM stock_levels WHERE product_id = ? AND bin_id = ?",
        (ids("products", "sku")[sku], ids("bins", "code")[bin_]),
        seed=seed,
    )
    return rows[0] if rows else None


@cache
def written_by_service() -> dict[tuple[str, str], dict]:
    """Each row as the last successful request of the inventory left it, by (table, id)."""
    last: dict[tuple[str, str], dict] = {}
    for entry in audit_log("inventory"):
        if entry.status not in range(200, 400):
            continue
        for change in entry.changes:
            last[change.table, change.row_id] = change.after or {}
    return last


def added_by(*operations: str) -> set[str]:
    """Ids of the stock moves that successful ``operations`` added, through any channel."""
    return {
        c.row_id
        for e in performed("inventory", *operations)
        for c in e.changes
        if c.table == "stock_moves" and c.action == "insert"
    }


def new_moves(sku: str) -> list[dict]:
    seeded = {r["id"] for r in query("inventory", "SELECT id FROM stock_moves", seed=True)}
    rows = query(
        "inventory",
        "SELECT * FROM stock_moves WHERE product_id = ? ORDER BY id",
        (ids("products", "sku")[sku],),
    )
    return [r for r in rows if r["id"] not in seeded]


def shape(move: dict) -> tuple:
    return (
        move["kind"],
        move["reason"],
        bin_code(move["from_bin_id"]),
        bin_code(move["to_bin_id"]),
        move["quantity"],
    )


def booked(sku: str, expected: tuple, operation: str) -> bool:
    """``sku``'s one new move is ``expected``, added by a successful ``operation``, its note
    says nothing against it, and its bins hold what the booking leaves, as the service wrote
    them."""
    moves = new_moves(sku)
    assert [shape(m) for m in moves] == [expected], (
        f"{sku}'s new moves: {[shape(m) for m in moves]}"
    )
    assert str(moves[0]["id"]) in added_by(operation), f"{sku}'s move was not booked by the app"
    for (item, bin_), wanted in EXPECTED_ON_HAND.items():
        if item != sku:
            continue
        row = level(item, bin_)
        found = row["on_hand"] if row else 0
        assert found == wanted, f"{item} in {bin_} holds {found}"
        written = written_by_service().get(("stock_levels", str(row["id"])), {})
        assert written.get("on_hand") == found, f"{item} in {bin_}: not as the app wrote it"
    problems = note_problems(sku)
    assert not problems, f"{sku}'s move's note: {'; '.join(problems)}"
    return True


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="the plain headlamps of EAST-B-03 are set to Bob's recount by one count "
    "correction booked in the app, its note giving no other count, place or product and not "
    "asking to release the units it counts as reserved",
)
def headlamps_recounted() -> bool:
    return booked("HDL-200", EXPECTED_HEADLAMP_MOVE, "adjust_stock")


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="the cracked stoves of EAST-B-02 are written off as damage, once, the note not "
    "saying they are whole, went elsewhere or are the two-burner ones",
)
def damaged_stoves_written_off() -> bool:
    return booked("STV-CMP", EXPECTED_STOVE_MOVE, "adjust_stock")


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="the water filters are moved from the apparel shelf EAST-B-01 to EAST-B-02, the "
    "note naming no other place",
)
def filters_moved() -> bool:
    return booked("WTR-FLT", EXPECTED_FILTER_MOVE, "transfer_stock")


@verifier.checkpoint(
    weight=2,
    rationale="the stock reserved for open sales orders is still reserved, no sales order was "
    "acted on, and no booking's note asks to release it",
)
def reservations_kept() -> bool:
    assert performed("inventory", "adjust_stock", "transfer_stock"), "no stock booked at all"
    tried = [f"call {e.id} {e.operation}" for e in attempted("inventory", *SALES_OPERATIONS)]
    assert not tried, f"sales orders acted on: {tried}"
    for table in ("sales_orders", "sales_order_lines", "reservations"):
        now = query("inventory", f"SELECT * FROM {table} ORDER BY id")
        assert now == query("inventory", f"SELECT * FROM {table} ORDER BY id", seed=True), (
            f"{table} changed"
        )
    moved = query("inventory", "SELECT id, reserved FROM stock_levels ORDER BY id")
    seeded_rows = query("inventory", "SELECT id, reserved FROM stock_levels", seed=True)
    seeded = {r["id"]: r["reserved"] for r in seeded_rows}
    changed = [r["id"] for r in moved if r["reserved"] != seeded.get(r["id"], 0)]
    assert not changed, f"reserved stock changed in stock levels {changed}"
    releasing = ContentRule(forbids=RELEASING)
    for sku in NOTES:
        releasing.contradictions(move_text(sku), what=f"{sku}'s move's note").check()
    return True


def inventory_changes() -> list[Added | Changed]:
    """The three bookings: four stock levels, three moves, nothing else."""
    changes: list[Added | Changed] = []
    by_bin: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for (sku, bin_), wanted in EXPECTED_ON_HAND.items():
        by_bin[sku].append((bin_, wanted))
        seeded = level(sku, bin_, seed=True)
        match = {"product_id": ids("products", "sku")[sku], "bin_id": ids("bins", "code")[bin_]}
        changes.append(Changed("stock_levels", match=match, fields={"on_hand": wanted}))
        assert seeded is not None, f"{sku} in {bin_} not seeded"
    shapes = (EXPECTED_HEADLAMP_MOVE, EXPECTED_STOVE_MOVE, EXPECTED_FILTER_MOVE)
    changes.append(
        Added(
            "stock_moves",
            count=3,
            fields={
                "kind": one_of("adjustment", "transfer"),
                "product_id": one_of(*(ids("products", "sku")[s] for s in by_bin)),
                "from_bin_id": ANY,
                "to_bin_id": ANY,
                "quantity": one_of(*(s[4] for s in shapes)),
                "reason": one_of("count_correction", "damage", None),
                "reference": ANY,
                "note": ANY,
                "user_id": ANY,
                "created_at": ANY,
            },
        )
    )
    return changes


@verifier.checkpoint(
    weight=3,
    rationale="only those bookings changed the inventory, field by field, no product, supplier "
    "or purchase order acted on, every call as Alice; in the mail app at most messages were "
    "marked read, nothing sent, moved or deleted",
)
def nothing_else_changed() -> bool:
    assert performed("inventory", "adjust_stock", "transfer_stock"), "no stock booked at all"
    expect_changes("inventory", inventory_changes()).check()
    never_performed("inventory", *FORBIDDEN_INVENTORY).check()
    all_calls_as("inventory", "alice").check()
    expect_changes("email", [Changed("messages", count=None, fields={"is_read": ANY})]).check()
    never_performed("email", *FORBIDDEN_MAIL).check()
    return True


if __name__ == "__main__":
    verifier.main()

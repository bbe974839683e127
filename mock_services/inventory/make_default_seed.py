"""Write ``default_seed.json``: Harbor Outfitters, an outdoor-gear shop with two warehouses
(EAST in Newark, WEST in Reno), 40 products from five suppliers, purchase and sales orders in
every state and a few products already low, around the seed's now (Monday 2026-03-02 09:00
UTC).

Run ``python -m mock_services.inventory.make_default_seed`` after changing the data below.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mock_services.core.base.cast import person

USERS = [
    ("alice", "manager"),
    ("bob", "clerk"),
    ("carol", "clerk"),
    ("dave", "sales"),
    ("erin", "sales"),
    ("frank", "viewer"),
]
# (name, contact, email, phone, lead time in days)
SUPPLIERS = [
    ("Summit Outdoor Supply", "Priya Shah", "orders@summit-outdoor.example", "+1 303 555 0142", 10),
    ("Pacific Textile Co.", "Marco Bellini", "sales@pacifictextile.example", "+1 503 555 0177", 21),
    (
        "Ridgeline Metalworks",
        "Hannah Cole",
        "orders@ridgeline-metal.example",
        "+1 412 555 0190",
        14,
    ),
    ("Northstar Electronics", "Lin Wei", "b2b@northstar-elec.example", "+1 408 555 0123", 12),
    ("Evergreen Packaging", "Tom Reyes", "service@evergreen-pack.example", "+1 206 555 0168", 5),
]
_SUPPLIER = {s[0].split()[0]: s[0] for s in SUPPLIERS}  # "Summit": "Summit Outdoor Supply"
WAREHOUSES = [
    ("EAST", "East Coast DC", "400 Port St, Newark, NJ 07114"),
    ("WEST", "West Coast DC", "1250 Logistics Way, Reno, NV 89502"),
]
BINS = {
    "EAST": [
        ("EAST-RCV", "Receiving dock"),
        ("EAST-A-01", "Aisle A, shelf 1: tents and shelter"),
        ("EAST-A-02", "Aisle A, shelf 2: sleeping"),
        ("EAST-A-03", "Aisle A, shelf 3: packs"),
        ("EAST-B-01", "Aisle B, shelf 1: apparel"),
        ("EAST-B-02", "Aisle B, shelf 2: cooking and tools"),
        ("EAST-B-03", "Aisle B, shelf 3: electronics"),
        ("EAST-PK", "Packing station supplies"),
    ],
    "WEST": [
        ("WEST-RCV", "Receiving dock"),
        ("WEST-A-01", "Aisle A, shelf 1: tents, sleeping and packs"),
        ("WEST-A-02", "Aisle A, shelf 2: apparel"),
        ("WEST-B-01", "Aisle B, shelf 1: cooking, tools and electronics"),
        ("WEST-PK", "Packing station supplies"),
    ],
}
# (sku, name, category, unit, cost, price, supplier, reorder point, reorder quantity)
PRODUCTS: list[tuple[str, str, str, str, float, float, str, int, int]] = [
    ("TNT-2P", "Trailhead 2-Person Tent", "Tents", "each", 92.0, 189.0, "Summit", 12, 20),
    ("TNT-4P", "Basecamp 4-Person Tent", "Tents", "each", 165.0, 329.0, "Summit", 4, 8),
    ("TRP-33", "Ultralight Tarp 3x3 m", "Tents", "each", 38.0, 79.0, "Summit", 6, 12),
    ("SLB-M7", "Down Sleeping Bag -7°C", "Sleeping", "each", 120.0, 249.0, "Summit", 8, 15),
    ("SLB-P5", "Summer Sleeping Bag +5°C", "Sleeping", "each", 41.0, 89.0, "Summit", 10, 20),
    ("PAD-SI", "Self-Inflating Sleeping Pad", "Sleeping", "each", 33.0, 69.0, "Summit", 10, 30),
    ("PAD-FM", "Foam Sleeping Mat", "Sleeping", "each", 9.5, 24.0, "Summit", 15, 40),
    ("BKP-45", "Ridge 45 L Backpack", "Packs", "each", 64.0, 139.0, "Summit", 6, 12),
    ("BKP-65", "Ridge 65 L Backpack", "Packs", "each", 82.0, 179.0, "Summit", 5, 10),
    ("DAY-20", "Daypack 20 L", "Packs", "each", 21.0, 49.0, "Summit", 10, 25),
    ("JKT-RN-M", "Rain Jacket, men's M", "Apparel", "each", 44.0, 99.0, "Pacific", 8, 30),
    ("JKT-RN-L", "Rain Jacket, men's L", "Apparel", "each", 44.0, 99.0, "Pacific", 8, 20),
    ("JKT-RN-WS", "Rain Jacket, women's S", "Apparel", "each", 44.0, 99.0, "Pacific", 8, 20),
    ("FLC-M", "Fleece Pullover M", "Apparel", "each", 18.0, 45.0, "Pacific", 10, 40),
    ("FLC-L", "Fleece Pullover L", "Apparel", "each", 18.0, 45.0, "Pacific", 10, 40),
    ("SCK-MW", "Merino Hiking Socks", "Apparel", "pair", 6.5, 18.0, "Pacific", 30, 100),
    ("GLV-WL", "Wool Gloves", "Apparel", "pair", 7.0, 22.0, "Pacific", 20, 60),
    ("HAT-BN", "Knit Beanie", "Apparel", "each", 4.0, 16.0, "Pacific", 20, 60),
    ("BUF-01", "Neck Gaiter", "Apparel", "each", 3.5, 14.0, "Pacific", 20, 60),
    ("BAS-TOP", "Merino Base Layer Top", "Apparel", "each", 29.0, 75.0, "Pacific", 10, 30),
    ("STV-CMP", "Compact Gas Stove", "Cooking", "each", 23.0, 54.0, "Ridgeline", 10, 24),
    ("POT-1L", "Titanium Pot 1 L", "Cooking", "each", 19.0, 45.0, "Ridgeline", 8, 20),
    ("POT-2L", "Aluminium Pot Set 2 L", "Cooking", "each", 15.0, 39.0, "Ridgeline", 8, 20),
    ("MUG-TI", "Titanium Mug", "Cooking", "each", 8.0, 24.0, "Ridgeline", 15, 40),
    ("SPK-TI", "Titanium Spork", "Cooking", "each", 2.5, 9.0, "Ridgeline", 25, 80),
    ("BTL-1L", "Steel Water Bottle 1 L", "Cooking", "each", 7.5, 25.0, "Ridgeline", 20, 50),
    ("POL-TRK", "Trekking Poles", "Tools", "pair", 26.0, 69.0, "Ridgeline", 6, 16),
    ("CRB-10", "Carabiner 10-Pack", "Tools", "pack", 11.0, 29.0, "Ridgeline", 10, 30),
    ("AXE-HT", "Camp Hatchet", "Tools", "each", 17.0, 42.0, "Ridgeline", 5, 12),
    ("KNF-FLD", "Folding Knife", "Tools", "each", 12.0, 34.0, "Ridgeline", 8, 24),
    ("LMP-HD", "Headlamp 350 lm", "Electronics", "each", 14.0, 39.0, "Northstar", 15, 60),
    ("LMP-LN", "Camp Lantern", "Electronics", "each", 16.0, 44.0, "Northstar", 8, 20),
    ("BAT-AA8", "AA Batteries 8-Pack", "Electronics", "pack", 4.0, 11.0, "Northstar", 40, 100),
    ("PWR-10K", "Power Bank 10,000 mAh", "Electronics", "each", 15.0, 39.0, "Northstar", 10, 30),
    ("GPS-HH", "Handheld GPS", "Electronics", "each", 110.0, 229.0, "Northstar", 2, 5),
    ("RAD-WX", "Weather Radio", "Electronics", "each", 21.0, 49.0, "Northstar", 4, 10),
    ("BOX-S", "Shipping Box S, 25-pack", "Packaging", "pack", 9.0, 0.0, "Evergreen", 6, 20),
    ("BOX-M", "Shipping Box M, 25-pack", "Packaging", "pack", 12.0, 0.0, "Evergreen", 6, 20),
    ("TAPE-48", "Packing Tape 48 mm", "Packaging", "roll", 1.8, 0.0, "Evergreen", 24, 72),
    ("FILL-AIR", "Air Pillow Fill", "Packaging", "roll", 22.0, 0.0, "Evergreen", 2, 6),
]  # fmt: skip
# Each product's bin and units on hand in EAST, then in WEST (bins named by their suffix)
STOCK: dict[str, tuple[str, int, str, int]] = {
    "TNT-2P": ("A-01", 18, "A-01", 9),
    "TNT-4P": ("A-01", 7, "A-01", 5),
    "TRP-33": ("A-01", 14, "A-01", 6),
    "SLB-M7": ("A-02", 3, "A-01", 2),
    "SLB-P5": ("A-02", 24, "A-01", 11),
    "PAD-SI": ("A-02", 26, "A-01", 12),
    "PAD-FM": ("A-02", 31, "A-01", 22),
    "BKP-45": ("A-03", 16, "A-01", 8),
    "BKP-65": ("A-03", 9, "A-01", 4),
    "DAY-20": ("A-03", 30, "A-01", 14),
    "JKT-RN-M": ("B-01", 4, "A-02", 2),
    "JKT-RN-L": ("B-01", 11, "A-02", 6),
    "JKT-RN-WS": ("B-01", 12, "A-02", 9),
    "FLC-M": ("B-01", 22, "A-02", 38),
    "FLC-L": ("B-01", 19, "A-02", 35),
    "SCK-MW": ("B-01", 84, "A-02", 57),
    "GLV-WL": ("B-01", 40, "A-02", 25),
    "HAT-BN": ("B-01", 46, "A-02", 33),
    "BUF-01": ("B-01", 28, "A-02", 41),
    "BAS-TOP": ("B-01", 17, "A-02", 13),
    "STV-CMP": ("B-02", 5, "B-01", 4),
    "POT-1L": ("B-02", 14, "B-01", 7),
    "POT-2L": ("B-02", 12, "B-01", 10),
    "MUG-TI": ("B-02", 36, "B-01", 21),
    "SPK-TI": ("B-02", 70, "B-01", 48),
    "BTL-1L": ("B-02", 44, "B-01", 29),
    "POL-TRK": ("B-02", 13, "B-01", 7),
    "CRB-10": ("B-02", 22, "B-01", 15),
    "AXE-HT": ("B-02", 9, "B-01", 6),
    "KNF-FLD": ("B-02", 15, "B-01", 10),
    "LMP-HD": ("B-03", 21, "B-01", 3),
    "LMP-LN": ("B-03", 13, "B-01", 12),
    "BAT-AA8": ("B-03", 108, "B-01", 14),
    "PWR-10K": ("B-03", 7, "B-01", 2),
    "GPS-HH": ("B-03", 0, "B-01", 0),
    "RAD-WX": ("B-03", 8, "B-01", 5),
    "BOX-S": ("PK", 14, "PK", 9),
    "BOX-M": ("PK", 3, "PK", 2),
    "TAPE-48": ("PK", 40, "PK", 30),
    "FILL-AIR": ("PK", 5, "PK", 3),
}
# (id, supplier, warehouse, status, created by, created, sent, received or cancelled,
#  expected date, notes, lines: (sku, quantity, received))
PURCHASE_ORDERS: list[tuple[Any, ...]] = [
    (
        1001,
        "Summit",
        "EAST",
        "received",
        "alice",
        "-21d 10:00",
        "-21d 11:00",
        "-10d 14:00",
        "-11d",
        "",
        [("TNT-2P", 20, 20), ("PAD-SI", 30, 30)],
    ),
    (
        1002,
        "Pacific",
        "WEST",
        "received",
        "alice",
        "-30d 09:30",
        "-30d 10:00",
        "-8d 15:00",
        "-9d",
        "",
        [("FLC-M", 40, 40), ("FLC-L", 40, 40)],
    ),
    (
        1003,
        "Northstar",
        "EAST",
        "partly_received",
        "alice",
        "-14d 09:00",
        "-14d 09:30",
        None,
        "-2d",
        "Headlamps back-ordered: second half ships next week.",
        [("LMP-HD", 60, 20), ("BAT-AA8", 100, 100)],
    ),
    (
        1004,
        "Ridgeline",
        "EAST",
        "sent",
        "alice",
        "-6d 13:00",
        "-6d 13:30",
        None,
        "+5d",
        "",
        [("STV-CMP", 24, 0), ("POT-1L", 20, 0)],
    ),
    (
        1005,
        "Summit",
        "WEST",
        "sent",
        "alice",
        "-3d 11:00",
        "-3d 11:15",
        None,
        "+8d",
        "",
        [("SLB-M7", 15, 0)],
    ),
    (
        1006,
        "Pacific",
        "EAST",
        "draft",
        "bob",
        "-1d 16:00",
        None,
        None,
        "+20d",
        "Spring restock of rain jackets.",
        [("JKT-RN-M", 30, 0), ("JKT-RN-L", 20, 0)],
    ),
    (
        1007,
        "Evergreen",
        "EAST",
        "draft",
        "bob",
        "+0d 08:15",
        None,
        None,
        None,
        "",
        [("BOX-M", 20, 0), ("TAPE-48", 72, 0)],
    ),
    (
        1008,
        "Northstar",
        "WEST",
        "cancelled",
        "alice",
        "-12d 10:00",
        "-12d 10:30",
        "-6d 09:00",
        "-4d",
        "Cancelled: model discontinued; waiting for the new GPS.",
        [("GPS-HH", 5, 0)],
    ),
]
# (id, customer, email, warehouse, status, owner, created, confirmed, shipped or cancelled,
#  lines: (sku, quantity))
SALES_ORDERS: list[tuple[Any, ...]] = [
    (
        2001,
        "Trailblazers Scout Troop 42",
        "quartermaster@troop42.example",
        "EAST",
        "shipped",
        "dave",
        "-9d 10:00",
        "-9d 10:30",
        "-8d 15:00",
        [("TNT-4P", 3), ("PAD-FM", 12)],
    ),
    (
        2002,
        "Alpine Adventure Tours",
        "ops@alpine-tours.example",
        "WEST",
        "shipped",
        "erin",
        "-7d 14:00",
        "-7d 14:10",
        "-6d 11:00",
        [("BKP-65", 5), ("POL-TRK", 5)],
    ),
    (
        2003,
        "Lakeside Camping Co.",
        "buying@lakeside-camping.example",
        "EAST",
        "shipped",
        "dave",
        "-4d 09:00",
        "-4d 09:20",
        "-3d 16:00",
        [("STV-CMP", 6), ("POT-2L", 6)],
    ),
    (
        2004,
        "Green Valley Outdoor School",
        "office@greenvalley.example",
        "EAST",
        "confirmed",
        "dave",
        "-2d 11:00",
        "-2d 11:30",
        None,
        [("SLB-P5", 10), ("DAY-20", 8)],
    ),
    (
        2005,
        "Pine Ridge Rentals",
        "rentals@pineridge.example",
        "WEST",
        "confirmed",
        "erin",
        "-2d 15:00",
        "-1d 09:00",
        None,
        [("TNT-2P", 4), ("LMP-LN", 6)],
    ),
    (
        2006,
        "Northbound Expeditions",
        "gear@northbound.example",
        "EAST",
        "confirmed",
        "dave",
        "-1d 10:00",
        "-1d 10:05",
        None,
        [("LMP-HD", 8), ("BAT-AA8", 10)],
    ),
    (
        2007,
        "Coastal Kayak Club",
        "club@coastalkayak.example",
        "WEST",
        "draft",
        "erin",
        "+0d 08:30",
        None,
        None,
        [("JKT-RN-WS", 6), ("SCK-MW", 12)],
    ),
    (
        2008,
        "Summit High School Hiking Club",
        "hiking@summit-high.example",
        "EAST",
        "draft",
        "dave",
        "-1d 13:00",
        None,
        None,
        [("BKP-45", 10), ("TNT-2P", 5)],
    ),
    (
        2009,
        "Riverbend Scouts",
        "leader@riverbend-scouts.example",
        "EAST",
        "draft",
        "dave",
        "+0d 08:45",
        None,
        None,
        [("GPS-HH", 2)],
    ),
    (
        2010,
        "Mountain Goat Running Club",
        "kit@mountaingoat.example",
        "WEST",
        "cancelled",
        "erin",
        "-5d 12:00",
        "-5d 12:30",
        "-4d 10:00",
        [("BUF-01", 20)],
    ),
]
# Moves besides each received PO's receipts and each shipped SO's shipments:
# (kind, sku, from bin, to bin, quantity, reason, note, user, when)
OTHER_MOVES: list[tuple[Any, ...]] = [
    (
        "adjustment",
        "TNT-4P",
        "EAST-A-01",
        None,
        1,
        "damage",
        "Fly sheet torn in storage.",
        "bob",
        "-6d 10:00",
    ),
    (
        "adjustment",
        "KNF-FLD",
        "WEST-B-01",
        None,
        2,
        "loss",
        "Missing at the monthly count.",
        "carol",
        "-5d 16:00",
    ),
    (
        "adjustment",
        "SCK-MW",
        None,
        "EAST-B-01",
        3,
        "count_correction",
        "Cycle count found 3 more pairs.",
        "bob",
        "-4d 11:00",
    ),
    (
        "transfer",
        "TNT-2P",
        "EAST-RCV",
        "EAST-A-01",
        20,
        None,
        "Put away PO-1001.",
        "bob",
        "-10d 15:00",
    ),
    (
        "transfer",
        "PAD-SI",
        "EAST-RCV",
        "EAST-A-02",
        30,
        None,
        "Put away PO-1001.",
        "bob",
        "-10d 15:10",
    ),
    (
        "transfer",
        "LMP-HD",
        "EAST-B-03",
        "WEST-B-01",
        4,
        None,
        "Rebalance for the West Coast.",
        "alice",
        "-3d 14:00",
    ),
]
# (sku, available when raised, reorder point, reference, when)
ALERTS = [
    ("STV-CMP", 9, 10, "SO-2003", "-4d 09:20"),
    ("LMP-HD", 12, 15, "SO-2006", "-1d 10:05"),
]


def _bin(warehouse: str, suffix: str) -> str:
    return f"{warehouse}-{suffix}"


def _product(row: tuple[str, str, str, str, float, float, str, int, int]) -> dict[str, Any]:
    sku, name, category, unit, cost, price, supplier, point, quantity = row
    return {
        "sku": sku,
        "name": name,
        "category": category,
        "unit": unit,
        "cost": cost,
        "price": price,
        "supplier": _SUPPLIER[supplier],
        "reorder_point": point,
        "reorder_quantity": quantity,
    }


def _stock() -> list[dict[str, Any]]:
    rows = []
    for sku, (east, east_units, west, west_units) in STOCK.items():
        for warehouse, suffix, on_hand in (("EAST", east, east_units), ("WEST", west, west_units)):
            rows.append({"sku": sku, "bin": _bin(warehouse, suffix), "on_hand": on_hand})
    return rows


def _home(sku: str, warehouse: str) -> str:
    """The bin of ``warehouse`` a product is kept in."""
    east, _, west, _ = STOCK[sku]
    return _bin(warehouse, east if warehouse == "EAST" else west)


def _cost(sku: str, column: int) -> float:
    return float(next(p for p in PRODUCTS if p[0] == sku)[column])


def _purchase_order(row: tuple[Any, ...]) -> dict[str, Any]:
    order_id, supplier, warehouse, status, by, created, sent, closed, due, notes, lines = row
    closed_field = "cancelled_at" if status == "cancelled" else "received_at"
    return {
        "id": order_id,
        "supplier": _SUPPLIER[supplier],
        "warehouse": warehouse,
        "status": status,
        "created_by": by,
        **({"expected_date": due} if due else {}),
        **({"notes": notes} if notes else {}),
        "created_at": created,
        **({"sent_at": sent} if sent else {}),
        **({closed_field: closed} if closed and status != "partly_received" else {}),
        "lines": [
            {
                "sku": sku,
                "quantity": quantity,
                **({"received_quantity": received} if received else {}),
                "unit_cost": _cost(sku, 4),
            }
            for sku, quantity, received in lines
        ],
    }


def _sales_order(row: tuple[Any, ...]) -> dict[str, Any]:
    order_id, customer, email, warehouse, status, owner, created, confirmed, closed, lines = row
    closed_field = "cancelled_at" if status == "cancelled" else "shipped_at"
    return {
        "id": order_id,
        "customer": customer,
        "customer_email": email,
        "warehouse": warehouse,
        "owner": owner,
        "status": status,
        "created_at": created,
        **({"confirmed_at": confirmed} if confirmed else {}),
        **({closed_field: closed} if closed else {}),
        "lines": [
            {
                "sku": sku,
                "quantity": quantity,
                "unit_price": _cost(sku, 5),
                **(
                    {"reservations": [{"bin": _home(sku, warehouse), "quantity": quantity}]}
                    if status == "confirmed"
                    else {}
                ),
            }
            for sku, quantity in lines
        ],
    }


def _moves() -> list[dict[str, Any]]:
    moves: list[tuple[str, dict[str, Any]]] = []
    for order in PURCHASE_ORDERS:
        order_id, _s, warehouse, _st, by, _c, _sent, received, *_rest, lines = order
        when = received or "-1d 15:00"
        dock = f"{warehouse}-RCV" if order_id == 1001 else None
        for sku, _quantity, got in lines:
            if got:
                into = dock or _home(sku, warehouse)
                receipt = {"kind": "receipt", "sku": sku, "to_bin": into, "quantity": got}
                moves.append((when, {**receipt, "reference": f"PO-{order_id}", "user": by}))
    for order in SALES_ORDERS:
        order_id, _c, _e, warehouse, status, _o, _cr, _cf, shipped, lines = order
        if status == "shipped":
            for sku, quantity in lines:
                source = _home(sku, warehouse)
                shipment = {"kind": "shipment", "sku": sku, "from_bin": source}
                clerk = "bob" if warehouse == "EAST" else "carol"
                shipment |= {"quantity": quantity, "reference": f"SO-{order_id}", "user": clerk}
                moves.append((shipped, shipment))
    for kind, sku, source, target, quantity, reason, note, user, when in OTHER_MOVES:
        move = {"kind": kind, "sku": sku, "from_bin": source, "to_bin": target}
        move |= {"quantity": quantity, "reason": reason, "note": note, "user": user}
        moves.append((when, {k: v for k, v in move.items() if v is not None}))
    return [{**move, "created_at": when} for when, move in sorted(moves, key=_moment)]


def _moment(item: tuple[str, dict[str, Any]]) -> tuple[int, str]:
    """A relative time's order: days back first (``-10d`` before ``-9d``), then the clock."""
    day, _, clock = item[0].partition(" ")
    return (int(day.rstrip("d")), clock)


def seed() -> dict[str, Any]:
    return {
        "users": [person(username).user(role=role) for username, role in USERS],
        "suppliers": [
            {"name": n, "contact_name": c, "email": e, "phone": p, "lead_time_days": d}
            for n, c, e, p, d in SUPPLIERS
        ],
        "products": [_product(row) for row in PRODUCTS],
        "warehouses": [
            {
                "code": code,
                "name": name,
                "address": address,
                "bins": [{"code": b, "description": d} for b, d in BINS[code]],
            }
            for code, name, address in WAREHOUSES
        ],
        "stock": _stock(),
        "moves": _moves(),
        "purchase_orders": [_purchase_order(row) for row in PURCHASE_ORDERS],
        "sales_orders": [_sales_order(row) for row in SALES_ORDERS],
        "alerts": [
            {"sku": s, "available": a, "reorder_point": p, "reference": r, "created_at": w}
            for s, a, p, r, w in ALERTS
        ],
    }


if __name__ == "__main__":
    path = Path(__file__).with_name("default_seed.json")
    path.write_text(json.dumps(seed(), indent=1, ensure_ascii=False) + "\n")

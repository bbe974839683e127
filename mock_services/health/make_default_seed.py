"""Regenerate ``default_seed.json``: ``python -m mock_services.health.make_default_seed``.

Dates are relative to the seed's ``now`` (the service's default clock:
Monday 09:00 in New York, where its users live), so
the data never goes stale; day-to-day variation is pseudo-random but fixed (hash based).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from mock_services.core.base.cast import person

PEOPLE = [  # username (the cast's), birth date, height in cm
    ("alice", "1988-04-12", 168),
    ("bob", "1975-09-30", 181),
    ("carol", "1992-01-05", 172),
    ("dave", "1969-11-21", 176),
]
GOALS = {
    "alice": {
        "kcal": 1900,
        "protein_g": 90,
        "carbs_g": 220,
        "fat_g": 65,
        "steps": 10000,
        "target_weight_kg": 62.0,
    },
    "bob": {
        "kcal": 2200,
        "protein_g": 100,
        "carbs_g": 200,
        "fat_g": 70,
        "sodium_mg": 1500,
        "steps": 8000,
        "target_weight_kg": 84.0,
    },
    "carol": {"kcal": 2100, "active_minutes": 45, "sleep_minutes": 450},
    "dave": {},
}
# code, name, brand, serving, kcal, protein, carbs, fat, fiber, sugar, sodium_mg
FOODS = [
    ("oats-rolled", "Rolled oats", "", "1/2 cup dry (40 g)", 150, 5, 27, 3, 4, 1, 0),
    ("banana", "Banana", "", "1 medium (118 g)", 105, 1.3, 27, 0.4, 3.1, 14, 1),
    ("apple", "Apple", "", "1 medium (182 g)", 95, 0.5, 25, 0.3, 4.4, 19, 2),
    ("blueberries", "Blueberries", "", "1 cup (148 g)", 84, 1.1, 21, 0.5, 3.6, 15, 1),
    (
        "greek-yogurt",
        "Greek yogurt, plain nonfat",
        "Fage",
        "1 container (170 g)",
        90,
        18,
        5,
        0,
        0,
        5,
        65,
    ),
    ("egg-large", "Egg, large, boiled", "", "1 egg (50 g)", 78, 6.3, 0.6, 5.3, 0, 0.6, 62),
    (
        "wholewheat-toast",
        "Whole wheat toast",
        "Dave's Killer Bread",
        "1 slice (45 g)",
        110,
        5,
        22,
        1.5,
        5,
        5,
        170,
    ),
    ("peanut-butter", "Peanut butter, smooth", "Skippy", "2 tbsp (32 g)", 190, 7, 7, 16, 2, 3, 140),
    (
        "almond-milk",
        "Almond milk, unsweetened",
        "Almond Breeze",
        "1 cup (240 ml)",
        30,
        1,
        1,
        2.5,
        1,
        0,
        170,
    ),
    ("whole-milk", "Milk, whole", "", "1 cup (244 g)", 149, 8, 12, 8, 0, 12, 105),
    (
        "coffee-latte",
        "Caffe latte, 2% milk",
        "Starbucks",
        "grande (473 ml)",
        190,
        13,
        19,
        7,
        0,
        17,
        170,
    ),
    ("orange-juice", "Orange juice", "Tropicana", "1 cup (240 ml)", 110, 2, 26, 0, 0, 22, 0),
    ("chicken-breast", "Chicken breast, grilled", "", "100 g", 165, 31, 0, 3.6, 0, 0, 74),
    ("salmon-fillet", "Salmon fillet, baked", "", "100 g", 206, 22, 0, 12, 0, 0, 61),
    ("tuna-canned", "Tuna in water, canned", "StarKist", "1 can (142 g)", 120, 26, 0, 1, 0, 0, 300),
    ("brown-rice", "Brown rice, cooked", "", "1 cup (195 g)", 216, 5, 45, 1.8, 3.5, 0.7, 10),
    ("white-rice", "White rice, cooked", "", "1 cup (158 g)", 205, 4.3, 45, 0.4, 0.6, 0.1, 2),
    ("quinoa", "Quinoa, cooked", "", "1 cup (185 g)", 222, 8, 39, 3.6, 5, 1.6, 13),
    ("pasta-cooked", "Spaghetti, cooked", "Barilla", "1 cup (140 g)", 220, 8, 43, 1.3, 2.5, 0.8, 1),
    ("broccoli", "Broccoli, steamed", "", "1 cup (156 g)", 55, 3.7, 11, 0.6, 5.1, 2.2, 64),
    (
        "spinach-salad",
        "Spinach salad, no dressing",
        "",
        "2 cups (60 g)",
        14,
        1.7,
        2.2,
        0.2,
        1.3,
        0.3,
        48,
    ),
    (
        "caesar-salad",
        "Caesar salad with dressing",
        "Sweetgreen",
        "1 bowl (310 g)",
        470,
        17,
        22,
        35,
        5,
        4,
        930,
    ),
    ("avocado", "Avocado", "", "1/2 fruit (68 g)", 114, 1.3, 6, 10.5, 4.6, 0.2, 5),
    (
        "sweet-potato",
        "Sweet potato, baked",
        "",
        "1 medium (114 g)",
        103,
        2.3,
        24,
        0.2,
        3.8,
        7.4,
        41,
    ),
    ("black-beans", "Black beans, canned", "Goya", "1/2 cup (130 g)", 110, 7, 20, 0.5, 7, 0, 460),
    ("lentil-soup", "Lentil soup", "Amy's", "1 cup (245 g)", 180, 9, 28, 4, 8, 4, 680),
    (
        "chicken-noodle-soup",
        "Chicken noodle soup",
        "Campbell's",
        "1 cup (245 g)",
        90,
        5,
        12,
        2.5,
        1,
        1,
        890,
    ),
    (
        "turkey-sandwich",
        "Turkey sandwich on wheat",
        "Subway",
        "6-inch (220 g)",
        280,
        18,
        46,
        3.5,
        5,
        7,
        760,
    ),
    ("cheeseburger", "Cheeseburger", "McDonald's", "1 burger (119 g)", 300, 15, 32, 13, 2, 7, 720),
    (
        "french-fries",
        "French fries, medium",
        "McDonald's",
        "1 medium (111 g)",
        320,
        5,
        43,
        15,
        4,
        0,
        260,
    ),
    ("pizza-margherita", "Pizza margherita", "", "1 slice (107 g)", 250, 11, 30, 10, 2, 3, 590),
    (
        "burrito-bowl",
        "Chicken burrito bowl",
        "Chipotle",
        "1 bowl (500 g)",
        655,
        45,
        64,
        24,
        12,
        5,
        1570,
    ),
    (
        "sushi-salmon-roll",
        "Salmon avocado roll",
        "",
        "8 pieces (220 g)",
        380,
        15,
        54,
        11,
        4,
        7,
        610,
    ),
    ("ramen-tonkotsu", "Tonkotsu ramen", "Ippudo", "1 bowl (650 g)", 890, 36, 92, 40, 5, 6, 2800),
    ("tofu-firm", "Tofu, firm", "Nasoya", "1/5 block (85 g)", 80, 9, 2, 4.5, 1, 0, 10),
    ("hummus", "Hummus", "Sabra", "2 tbsp (28 g)", 70, 2, 4, 5, 1, 0, 130),
    ("carrots-baby", "Baby carrots", "", "10 carrots (100 g)", 35, 0.6, 8, 0.1, 2.9, 4.8, 78),
    ("almonds", "Almonds, raw", "Blue Diamond", "1 oz (28 g)", 164, 6, 6, 14, 3.5, 1.2, 0),
    ("walnuts", "Walnuts", "", "1 oz (28 g)", 185, 4.3, 3.9, 18.5, 1.9, 0.7, 1),
    (
        "protein-bar",
        "Protein bar, chocolate chip",
        "Quest",
        "1 bar (60 g)",
        200,
        21,
        22,
        8,
        14,
        1,
        210,
    ),
    (
        "granola-bar",
        "Granola bar, oats 'n honey",
        "Nature Valley",
        "2 bars (42 g)",
        190,
        3,
        29,
        7,
        2,
        11,
        180,
    ),
    ("dark-chocolate", "Dark chocolate 70%", "Lindt", "4 squares (40 g)", 240, 3, 18, 17, 4, 11, 0),
    ("potato-chips", "Potato chips, classic", "Lay's", "1 oz (28 g)", 160, 2, 15, 10, 1, 0, 170),
    (
        "ice-cream-vanilla",
        "Vanilla ice cream",
        "Ben & Jerry's",
        "2/3 cup (143 g)",
        330,
        6,
        30,
        21,
        0,
        28,
        85,
    ),
    ("red-wine", "Red wine", "", "1 glass (150 ml)", 125, 0.1, 3.8, 0, 0, 0.9, 6),
    ("beer-lager", "Beer, lager", "Heineken", "1 bottle (330 ml)", 142, 1.6, 11, 0, 0, 0, 14),
    ("cola", "Cola", "Coca-Cola", "1 can (355 ml)", 140, 0, 39, 0, 0, 39, 45),
    ("green-smoothie", "Green smoothie", "Naked", "1 bottle (450 ml)", 270, 4, 63, 1, 2, 53, 40),
    (
        "cottage-cheese",
        "Cottage cheese 2%",
        "Good Culture",
        "1/2 cup (113 g)",
        90,
        12,
        4,
        2.5,
        0,
        3,
        350,
    ),
    ("cheddar", "Cheddar cheese", "Tillamook", "1 oz (28 g)", 110, 7, 0, 9, 0, 0, 180),
    ("steak-sirloin", "Sirloin steak, grilled", "", "150 g", 310, 45, 0, 14, 0, 0, 95),
    ("pork-chop", "Pork chop, grilled", "", "150 g", 300, 39, 0, 15, 0, 0, 90),
    ("shrimp", "Shrimp, cooked", "", "100 g", 99, 24, 0.2, 0.3, 0, 0, 111),
    ("olive-oil", "Olive oil", "", "1 tbsp (14 g)", 119, 0, 0, 13.5, 0, 0, 0),
    ("bagel-plain", "Bagel, plain", "Thomas'", "1 bagel (95 g)", 250, 10, 49, 1.5, 2, 5, 440),
    ("cream-cheese", "Cream cheese", "Philadelphia", "2 tbsp (28 g)", 80, 2, 1, 8, 0, 1, 90),
    ("croissant", "Butter croissant", "", "1 croissant (57 g)", 231, 4.7, 26, 12, 1.5, 6.4, 424),
    ("pad-thai", "Pad thai with chicken", "", "1 plate (400 g)", 680, 32, 84, 24, 4, 24, 1780),
    (
        "veggie-curry",
        "Vegetable curry with rice",
        "",
        "1 plate (450 g)",
        560,
        14,
        88,
        17,
        9,
        10,
        980,
    ),
    ("miso-soup", "Miso soup", "", "1 cup (240 ml)", 40, 3, 5, 1.3, 1, 1.5, 720),
]
CUSTOM_FOODS = [
    (
        "alice-overnight-oats",
        "alice",
        "Overnight oats with berries",
        "",
        "1 jar (300 g)",
        320,
        14,
        52,
        7,
        8,
        16,
        90,
    ),
    (
        "bob-protein-shake",
        "bob",
        "Protein shake (whey + banana)",
        "",
        "1 shaker (500 ml)",
        290,
        32,
        34,
        3,
        3,
        18,
        160,
    ),
]
PROVIDERS = [
    {
        "code": "dr-patel",
        "name": "Dr. Priya Patel",
        "specialty": "General practice",
        "clinic": "Riverside Family Medicine",
        "address": "120 Riverside Dr, Springfield",
        "email": "frontdesk@riverside-fm.example.com",
        "phone": "+1 555 0110",
    },
    {
        "code": "dr-okonkwo",
        "name": "Dr. Emeka Okonkwo",
        "specialty": "Cardiology",
        "clinic": "Springfield Heart Center",
        "address": "8 Hospital Way, Springfield",
        "email": "appointments@heartcenter.example.com",
        "phone": "+1 555 0142",
        "opens": "09:00",
        "closes": "16:00",
    },
    {
        "code": "dr-lindqvist",
        "name": "Dr. Sara Lindqvist",
        "specialty": "Dentistry",
        "clinic": "Bright Smile Dental",
        "address": "45 Oak St, Springfield",
        "email": "hello@brightsmile.example.com",
        "phone": "+1 555 0177",
        "opens": "07:30",
        "closes": "17:30",
    },
    {
        "code": "dr-moreau",
        "name": "Dr. Julien Moreau",
        "specialty": "Dermatology",
        "clinic": "Clear Skin Clinic",
        "address": "300 Market St, Springfield",
        "email": "booking@clearskin.example.com",
        "phone": "+1 555 0188",
    },
    {
        "code": "pt-garcia",
        "name": "Luis Garcia, PT",
        "specialty": "Physiotherapy",
        "clinic": "MoveWell Physio",
        "address": "19 Elm Ave, Springfield",
        "email": "team@movewell.example.com",
        "phone": "+1 555 0199",
        "opens": "07:00",
        "closes": "19:00",
    },
    {
        "code": "dr-yamada",
        "name": "Dr. Kenji Yamada",
        "specialty": "Ophthalmology",
        "clinic": "Springfield Eye Care",
        "address": "77 Vision Blvd, Springfield",
        "email": "care@eyecare.example.com",
        "phone": "+1 555 0123",
    },
]
MEAL_PLANS: dict[str, list[tuple[str, str, float]]] = {
    "alice": [
        ("breakfast", "alice-overnight-oats", 1),
        ("lunch", "caesar-salad", 1),
        ("snack", "almonds", 1),
        ("dinner", "salmon-fillet", 1.5),
        ("dinner", "quinoa", 1),
        ("dinner", "broccoli", 1),
    ],
    "bob": [
        ("breakfast", "bagel-plain", 1),
        ("breakfast", "cream-cheese", 1),
        ("breakfast", "coffee-latte", 1),
        ("lunch", "turkey-sandwich", 1),
        ("snack", "bob-protein-shake", 1),
        ("dinner", "steak-sirloin", 1),
        ("dinner", "sweet-potato", 1),
    ],
}


def _wobble(*key: Any) -> float:
    """A fixed pseudo-random number in [0, 1) for ``key``."""
    digest = hashlib.sha256(repr(key).encode()).digest()
    return int.from_bytes(digest[:4], "big") / 2**32


def _users() -> list[dict[str, Any]]:
    return [
        person(u).user(birth_date=born, height_cm=height, goals=GOALS[u])
        for u, born, height in PEOPLE
    ]


def _foods() -> list[dict[str, Any]]:
    keys = ("kcal", "protein_g", "carbs_g", "fat_g", "fiber_g", "sugar_g", "sodium_mg")
    rows = [
        {"code": c, "name": n, "brand": b, "serving": s, **dict(zip(keys, v, strict=True))}
        for c, n, b, s, *v in FOODS
    ]
    rows += [
        {
            "code": c,
            "owner": o,
            "name": n,
            "brand": b,
            "serving": s,
            **dict(zip(keys, v, strict=True)),
        }
        for c, o, n, b, s, *v in CUSTOM_FOODS
    ]
    return rows


def _records() -> list[dict[str, Any]]:
    base = {"alice": (64.8, 118, 76, 58), "bob": (88.6, 142, 91, 71), "carol": (66.0, 112, 72, 54)}
    rows = []
    for day in range(-20, 1):
        for user, (weight, sys_, dia, hr) in base.items():
            if user == "carol" and day % 3:
                continue
            w = _wobble(user, day)
            row: dict[str, Any] = {
                "user": user,
                "day": f"{day:+d}d" if day else "+0d",
                "sleep_minutes": 360 + int(w * 150),
                "weight_kg": round(weight - (day + 20) * 0.04 + w * 0.6, 1),
                "mood": 2 + int(w * 4),
                "updated_at": f"{day:+d}d 07:30",
            }
            if user != "carol" or day % 2 == 0:
                row |= {
                    "systolic": sys_ + int(w * 10) - 4,
                    "diastolic": dia + int(w * 6) - 3,
                    "resting_heart_rate": hr + int(w * 8) - 3,
                }
            if day == -1 and user == "bob":
                row["notes"] = "Headache in the afternoon; skipped the evening walk."
            if day == 0:
                row.pop("mood")
            rows.append(row)
    return rows


def _activities() -> list[dict[str, Any]]:
    plans: dict[str, list[tuple[str, str, int, float | None, int, int]]] = {
        "alice": [("run", "07:00", 40, 7.2, 7600, 420), ("yoga", "18:30", 45, None, 0, 160)],
        "bob": [("walk", "12:15", 35, 2.8, 4100, 150), ("cycle", "17:45", 50, 18.5, 0, 480)],
        "carol": [("swim", "06:30", 45, 1.8, 0, 380), ("strength", "19:00", 60, None, 0, 300)],
        "dave": [("hike", "09:30", 150, 9.4, 13800, 720)],
    }
    rows = []
    for day in range(-20, 0):
        for user, options in plans.items():
            w = _wobble("activity", user, day)
            if w < 0.4:
                continue
            kind, at, minutes, km, steps, kcal = options[int(w * 10) % len(options)]
            scale = 0.8 + w * 0.4
            rows.append(
                {
                    "user": user,
                    "kind": kind,
                    "started_at": f"{day:+d}d {at}",
                    "duration_minutes": int(minutes * scale),
                    **({"distance_km": round(km * scale, 1)} if km else {}),
                    "steps": int(steps * scale),
                    "kcal_burned": int(kcal * scale),
                }
            )
    return rows


def _diary() -> list[dict[str, Any]]:
    times = {"breakfast": "07:45", "lunch": "12:40", "snack": "15:30", "dinner": "19:30"}
    rows = []
    for day in range(-6, 1):
        for user, plan in MEAL_PLANS.items():
            for i, (meal, food, servings) in enumerate(plan):
                if day == 0 and meal != "breakfast":
                    continue
                if _wobble("skip", user, day, i) < 0.15:
                    continue
                label = f"{day:+d}d" if day else "+0d"
                rows.append(
                    {
                        "user": user,
                        "day": label,
                        "meal": meal,
                        "food": food,
                        "servings": servings,
                        "logged_at": f"{label} {times[meal] if day else '08:10'}",
                    }
                )
    rows.append(
        {
            "user": "bob",
            "day": "-1d",
            "meal": "dinner",
            "food": "ramen-tonkotsu",
            "servings": 1,
            "logged_at": "-1d 20:30",
        }
    )
    return rows


def _medications() -> list[dict[str, Any]]:
    def doses(times: list[str], first: int, skip: set[tuple[int, str]]) -> list[dict[str, Any]]:
        return [
            {
                "at": f"{d:+d}d {t}",
                "status": "skipped" if (d, t) in skip else "taken",
                "recorded_at": f"{d:+d}d {t[:3]}{int(t[3:]) + 5:02d}",
            }
            for d in range(first, 0)
            for t in times
        ]

    return [
        {
            "user": "alice",
            "name": "Vitamin D3",
            "dose": "1000 IU",
            "times": ["08:00"],
            "instructions": "With breakfast.",
            "start_date": "-60d",
            "doses": doses(["08:00"], -5, {(-3, "08:00")}),
        },
        {
            "user": "bob",
            "name": "Lisinopril",
            "dose": "10 mg",
            "times": ["08:00"],
            "instructions": "For blood pressure. Same time every morning.",
            "start_date": "-90d",
            "prescriber": "Dr. Emeka Okonkwo",
            "doses": doses(["08:00"], -7, set()),
        },
        {
            "user": "bob",
            "name": "Metformin",
            "dose": "500 mg",
            "times": ["08:00", "20:00"],
            "instructions": "With meals.",
            "start_date": "-45d",
            "prescriber": "Dr. Priya Patel",
            "doses": doses(["08:00", "20:00"], -7, {(-2, "20:00"), (-5, "20:00")}),
        },
        {
            "user": "carol",
            "name": "Amoxicillin",
            "dose": "500 mg",
            "times": ["07:00", "15:00", "23:00"],
            "instructions": "Finish the whole course.",
            "start_date": "-3d",
            "end_date": "+3d",
            "prescriber": "Dr. Priya Patel",
            "doses": doses(["07:00", "15:00", "23:00"], -3, {(-2, "15:00")}),
        },
        {
            "user": "dave",
            "name": "Ibuprofen",
            "dose": "400 mg",
            "times": ["09:00", "21:00"],
            "instructions": "After food; for knee pain.",
            "start_date": "-30d",
            "end_date": "-20d",
            "active": False,
        },
        {
            "user": "dave",
            "name": "Atorvastatin",
            "dose": "20 mg",
            "times": ["21:00"],
            "start_date": "-200d",
            "prescriber": "Dr. Emeka Okonkwo",
            "doses": doses(["21:00"], -4, set()),
        },
    ]


def _appointments() -> list[dict[str, Any]]:
    return [
        {
            "user": "alice",
            "provider": "dr-patel",
            "start": "-21d 10:00",
            "reason": "Annual physical",
            "status": "completed",
            "created_at": "-40d 12:00",
            "notes": "Blood work ordered.",
        },
        {
            "user": "alice",
            "provider": "dr-lindqvist",
            "start": "+3d 10:00",
            "duration_minutes": 45,
            "reason": "Dental cleaning",
            "created_at": "-10d 09:12",
        },
        {
            "user": "alice",
            "provider": "dr-moreau",
            "start": "+1d 14:00",
            "reason": "Mole check",
            "status": "cancelled",
            "created_at": "-8d 16:40",
            "cancelled_at": "-2d 08:05",
        },
        {
            "user": "bob",
            "provider": "dr-okonkwo",
            "start": "+8d 11:00",
            "duration_minutes": 40,
            "reason": "Blood pressure follow-up",
            "created_at": "-14d 10:00",
        },
        {
            "user": "bob",
            "provider": "dr-patel",
            "start": "-7d 09:30",
            "reason": "Diabetes review",
            "status": "completed",
            "created_at": "-30d 11:00",
        },
        {
            "user": "carol",
            "provider": "dr-patel",
            "start": "-4d 16:00",
            "reason": "Sore throat",
            "status": "completed",
            "created_at": "-5d 08:00",
            "notes": "Prescribed amoxicillin.",
        },
        {
            "user": "carol",
            "provider": "pt-garcia",
            "start": "+2d 08:00",
            "duration_minutes": 60,
            "reason": "Shoulder physiotherapy",
            "created_at": "-6d 13:20",
        },
        {
            "user": "dave",
            "provider": "dr-yamada",
            "start": "+15d 09:00",
            "reason": "Eye exam",
            "created_at": "-3d 10:00",
        },
    ]


def build() -> dict[str, Any]:
    return {
        "users": _users(),
        "providers": PROVIDERS,
        "foods": _foods(),
        "records": _records(),
        "activities": _activities(),
        "diary": _diary(),
        "medications": _medications(),
        "appointments": _appointments(),
    }


def main() -> None:
    out = Path(__file__).with_name("default_seed.json")
    out.write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()

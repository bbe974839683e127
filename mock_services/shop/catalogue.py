"""Synthetic catalogues for benchmarks: ``generate_catalogue(10_000)`` is a full shop seed.

Deterministic for a given ``seed`` (``random.Random(seed)``); the default seed's users come
along so the document can be served and logged into as is.
"""

from __future__ import annotations

import random
from typing import Any

from mock_services.shop.service import default_seed

_CATEGORIES: dict[str, tuple[str, list[tuple[str, str]]]] = {
    "electronics": (
        "Electronics",
        [("audio", "Headphones & Audio"), ("computers", "Computers"), ("phones", "Phones")],
    ),
    "home-kitchen": ("Home & Kitchen", [("kitchen", "Kitchen"), ("home-decor", "Home Decor")]),
    "books": ("Books", [("fiction", "Fiction"), ("non-fiction", "Non-Fiction")]),
    "clothing": ("Clothing", [("mens-clothing", "Men"), ("womens-clothing", "Women")]),
    "sports-outdoors": ("Sports & Outdoors", [("fitness", "Fitness"), ("camping", "Camping")]),
    "toys-games": ("Toys & Games", []),
    "beauty": ("Beauty & Personal Care", []),
    "grocery": ("Grocery & Gourmet", []),
    "office": ("Office Supplies", []),
    "garden": ("Garden & Outdoor", []),
}
_ADJECTIVES = (
    "Classic", "Compact", "Deluxe", "Eco", "Essential", "Premium", "Portable", "Pro",
    "Smart", "Ultra", "Vintage", "Wireless", "Heavy-Duty", "Lightweight", "Organic",
)  # fmt: skip
_NOUNS = (
    "Headphones", "Speaker", "Laptop Stand", "Keyboard", "Mouse", "Charger", "Cable",
    "Kettle", "Skillet", "Knife Set", "Candle", "Lamp", "Novel", "Cookbook", "Sweater",
    "Jacket", "Leggings", "Water Bottle", "Yoga Mat", "Tent", "Puzzle", "Board Game",
    "Serum", "Shampoo", "Coffee Beans", "Tea Sampler", "Notebook", "Pens", "Planter",
    "Garden Hose",
)  # fmt: skip
_BRANDS = (
    "Sonora", "Nimbus", "Keyforge", "Voltix", "Ardenne", "Castellan", "Brewmaster",
    "Hearthly", "Lumina", "Meridian Press", "Northvale", "Trailborn", "Flexa", "Ironcore",
    "Puzzlewright", "Brickle", "Luminelle", "Verdana", "Olivara", "Papier Lane", "Inkwell",
    "Greenthumb",
)  # fmt: skip
_COLOURS = ("Black", "White", "Navy", "Sage", "Graphite", "Sand", "Red", "Teal")


def _categories() -> tuple[list[dict[str, Any]], list[str]]:
    rows: list[dict[str, Any]] = []
    leaves: list[str] = []
    for slug, (name, children) in _CATEGORIES.items():
        rows.append({"slug": slug, "name": name})
        for child_slug, child_name in children:
            rows.append({"slug": child_slug, "name": child_name, "parent": slug})
            leaves.append(child_slug)
        if not children:
            leaves.append(slug)
    return rows, leaves


def generate_catalogue(n: int, seed: int = 0) -> dict[str, Any]:
    """A shop seed document with ``n`` products over 10 categories (18 with subcategories)."""
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    rng = random.Random(seed)
    categories, leaves = _categories()
    products = []
    for i in range(1, n + 1):
        adjective, noun = rng.choice(_ADJECTIVES), rng.choice(_NOUNS)
        brand, colour = rng.choice(_BRANDS), rng.choice(_COLOURS)
        cents = rng.randrange(299, 50_000)
        products.append(
            {
                "sku": f"GEN-{i:06d}",
                "name": f"{brand} {adjective} {noun}, {colour}",
                "description": f"{adjective} {noun.lower()} by {brand} in {colour.lower()}.",
                "brand": brand,
                "category": rng.choice(leaves),
                "price": cents / 100,
                "stock": 0 if rng.random() < 0.05 else rng.randrange(1, 500),
                "rating": round(rng.uniform(2.5, 5.0), 1),
                "review_count": rng.randrange(0, 10_000),
                "created_at": f"-{rng.randrange(1, 900)}d 09:00",
            }
        )
    users = default_seed()["users"]
    for user in users:
        user["cart"] = []
    return {"users": users, "categories": categories, "products": products}

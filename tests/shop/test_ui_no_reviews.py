"""A product nobody has rated reads "No reviews yet", as shops say it, never "0.0 out of 5 stars
(0 ratings)", on its page and its catalogue tile."""

from __future__ import annotations

import copy
import re
from pathlib import Path

from mock_services.registry import get_spec
from tests.service_fixtures import serve


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_a_product_with_no_ratings_says_so(tmp_path: Path) -> None:
    seed = copy.deepcopy(get_spec("shop").default_seed())
    product = seed["products"][0]
    product["rating"], product["review_count"] = 0.0, 0
    with serve("shop", tmp_path, seed=seed) as served:
        shop = served.client()
        found = shop.get("/api/products", params={"q": product["sku"]}).json()["items"]
        page = shop.get(f"/products/{found[0]['id']}").text
        text = _text(page)
        assert "No reviews yet" in text, text[:2000]
        assert "0.0 out of 5" not in text and "0 ratings" not in text, text[:2000]
        tiles = _text(shop.get("/", params={"q": product["name"]}).text)
        assert product["name"] in tiles and "No reviews yet" in tiles, tiles[:2000]
        assert "0.0 out of 5" not in tiles

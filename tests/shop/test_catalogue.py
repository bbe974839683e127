"""The public catalogue: search, filters, sorting, pagination, detail and categories."""

from __future__ import annotations

from pathlib import Path

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.data.db import make_engine
from mock_services.core.data.transaction import Transaction
from mock_services.core.serve.seeding import seed_service
from mock_services.shop.products import search_products
from mock_services.shop.schemas import ProductQuery
from mock_services.shop.service import SPEC, default_seed
from tests.helpers import ApiClient, expect, expect_error


def skus(page: dict) -> list[str]:
    return [p["sku"] for p in page["items"]]


def test_search_matches_name_brand_and_description_case_insensitively(shop: ApiClient) -> None:
    by_name = expect(shop.get("/api/products", params={"q": "KETTLE"}), 200)
    assert skus(by_name) == ["KIT-4003"] and by_name["total"] == 1
    by_brand = expect(shop.get("/api/products", params={"q": "brewmaster"}), 200)
    assert set(skus(by_brand)) == {"KIT-4003", "KIT-4004", "KIT-4005"}
    by_description = expect(shop.get("/api/products", params={"q": "lighthouse"}), 200)
    assert skus(by_description) == ["BK-6001"]
    every_word = expect(shop.get("/api/products", params={"q": "coffee grinder"}), 200)
    assert skus(every_word) == ["KIT-4005"]


def test_relevance_puts_name_matches_before_description_matches(shop: ApiClient) -> None:
    page = expect(shop.get("/api/products", params={"q": "glass"}), 200)
    names = [p["name"].lower() for p in page["items"]]
    in_name = [("glass" in n) for n in names]
    assert in_name == sorted(in_name, reverse=True), names
    assert in_name[0] and not in_name[-1]


def test_search_treats_like_wildcards_literally(shop: ApiClient) -> None:
    percent = expect(shop.get("/api/products", params={"q": "%"}), 200)
    assert set(skus(percent)) == {"BEA-1201", "GRC-1303"}  # "15% vitamin C", "72% cacao"
    assert expect(shop.get("/api/products", params={"q": "s%t"}), 200)["total"] == 0
    assert expect(shop.get("/api/products", params={"q": "_"}), 200)["total"] == 0


def test_category_filter_includes_subcategories(shop: ApiClient) -> None:
    parent = expect(
        shop.get("/api/products", params={"category": "electronics", "per_page": 100}), 200
    )
    audio = expect(shop.get("/api/products", params={"category": "audio", "per_page": 100}), 200)
    assert audio["total"] == 5
    assert {p["category"]["slug"] for p in parent["items"]} == {"audio", "computers", "phones"}
    assert set(skus(audio)) < set(skus(parent))


def test_unknown_category_is_a_404_naming_it(shop: ApiClient) -> None:
    error = expect_error(shop.get("/api/products", params={"category": "shoes"}), 404)
    assert "shoes" in error["message"] and "electronics" in error["message"]


def test_brand_price_and_stock_filters(shop: ApiClient) -> None:
    voltix = expect(shop.get("/api/products", params={"brand": "VOLTIX", "per_page": 50}), 200)
    assert voltix["total"] == 3 and {p["brand"] for p in voltix["items"]} == {"Voltix"}
    cheap = expect(
        shop.get("/api/products", params={"min_price": "10", "max_price": "15", "per_page": 50}),
        200,
    )
    assert cheap["total"] > 0 and all(10 <= p["price"] <= 15 for p in cheap["items"])
    out = expect(shop.get("/api/products", params={"in_stock": "false", "per_page": 50}), 200)
    assert set(skus(out)) == {"AUD-1004", "PHN-3005", "SPT-9005", "BEA-1204"}
    stocked = expect(shop.get("/api/products", params={"in_stock": "true", "per_page": 1}), 200)
    all_active = expect(shop.get("/api/products", params={"per_page": 1}), 200)
    assert stocked["total"] == all_active["total"] - 4


def test_inactive_products_are_not_listed_but_have_a_detail_page(shop: ApiClient) -> None:
    assert expect(shop.get("/api/products", params={"q": "label maker"}), 200)["total"] == 0
    product = expect(shop.get("/api/products/sku/OFF-1405"), 200)
    assert product["active"] is False


@pytest.mark.parametrize(
    ("sort", "key", "reverse"),
    [
        ("price_asc", "price", False),
        ("price_desc", "price", True),
        ("rating", "rating", True),
        ("newest", "created_at", True),
        ("name", "name", False),
    ],
)
def test_sorting(shop: ApiClient, sort: str, key: str, reverse: bool) -> None:
    page = expect(shop.get("/api/products", params={"sort": sort, "per_page": 100}), 200)
    values = [p[key] for p in page["items"]]
    assert values == sorted(values, reverse=reverse)
    assert len(values) == page["total"] == 61


def test_pagination_is_stable_and_reports_the_total(shop: ApiClient) -> None:
    seen = []
    for number in (1, 2, 3, 4):
        page = expect(
            shop.get("/api/products", params={"sort": "name", "page": number, "per_page": 20}), 200
        )
        assert page["total"] == 61 and page["page"] == number
        seen += skus(page)
    assert len(seen) == len(set(seen)) == 61


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"sort": "cheapest"}, "sort"),
        ({"min_price": "20", "max_price": "10"}, "min_price"),
        ({"min_price": "1.234"}, "2 decimals"),
        ({"per_page": "500"}, "per_page"),
    ],
)
def test_bad_query_parameters_are_422(shop: ApiClient, params: dict, words: str) -> None:
    error = expect_error(shop.get("/api/products", params=params), 422, "validation_error")
    assert words in error["message"] + str(error["details"])


def test_product_detail_by_id_and_sku(shop: ApiClient) -> None:
    by_sku = expect(shop.get("/api/products/sku/KIT-4001"), 200)
    by_id = expect(shop.get(f"/api/products/{by_sku['id']}"), 200)
    assert by_id == by_sku
    assert by_id["price"] == 45.0 and by_id["category"]["slug"] == "kitchen"
    assert by_id["in_stock"] is True and by_id["created_at"].endswith("Z")


def test_unknown_product_is_a_404(shop: ApiClient) -> None:
    assert "id 9999" in expect_error(shop.get("/api/products/9999"), 404)["message"]
    assert "'NOPE-1'" in expect_error(shop.get("/api/products/sku/NOPE-1"), 404)["message"]


def test_category_tree_counts_active_products_below_each_node(shop: ApiClient) -> None:
    tree = expect(shop.get("/api/categories"), 200)
    assert tree["total"] == 16
    roots = {c["slug"]: c for c in tree["items"]}
    electronics = roots["electronics"]
    children = {c["slug"]: c for c in electronics["children"]}
    assert set(children) == {"audio", "computers", "phones"}
    assert electronics["product_count"] == sum(c["product_count"] for c in children.values())
    assert roots["office"]["product_count"] == 4  # the discontinued label maker is not counted


def test_search_ignores_case_beyond_ascii(tmp_path: Path) -> None:
    document = default_seed()
    document["products"][0].update(name="Crème Brûlée Torch", brand="Cuisinière")
    seed_service(SPEC, document, Settings(data_dir=tmp_path))
    engine = make_engine(tmp_path / "shop.db")
    for typed in ("CRÈME BRÛLÉE", "cuisinière"):
        db = Transaction(engine, write=False)
        try:
            rows, total = search_products(db, ProductQuery(q=typed))
        finally:
            db.close()
        assert total == 1 and rows[0]["name"] == "Crème Brûlée Torch", typed
    engine.dispose()


def test_rating_filters(shop: ApiClient) -> None:
    every = expect(shop.get("/api/products", params={"per_page": 100}), 200)["items"]
    top = expect(shop.get("/api/products", params={"min_rating": "4.5", "per_page": 100}), 200)
    assert top["total"] == sum(p["rating"] >= 4.5 for p in every) == 35
    assert all(p["rating"] >= 4.5 for p in top["items"])
    band = expect(
        shop.get("/api/products", params={"min_rating": 4.2, "max_rating": 4.4, "per_page": 100}),
        200,
    )
    assert band["total"] == 22 and all(4.2 <= p["rating"] <= 4.4 for p in band["items"])
    low = expect(shop.get("/api/products", params={"max_rating": "4"}), 200)
    assert low["total"] == sum(p["rating"] <= 4 for p in every) == 1


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"min_rating": "5.5"}, "min_rating"),
        ({"max_rating": "-1"}, "max_rating"),
        ({"min_rating": "4", "max_rating": "3"}, "min_rating must not be larger than max_rating"),
        ({"min_rating": "good"}, "min_rating"),
    ],
)
def test_bad_rating_filters_are_422(shop: ApiClient, params: dict, words: str) -> None:
    error = expect_error(shop.get("/api/products", params=params), 422, "validation_error")
    assert words in error["message"] + str(error["details"])


def test_an_unknown_query_parameter_is_refused_and_named(shop: ApiClient) -> None:
    error = expect_error(shop.get("/api/products", params={"colour": "red"}), 422)
    assert "'colour'" in error["message"] and "sort" in error["message"]
    assert error["details"][0]["loc"] == ["query", "colour"]

"""The task through the shop's web UI only (``invoke oracle --ui``): the product page's buy box
puts three V27U in the cart; the cart, read again, says how many are left; when that is fewer than
three, the line is removed, and the 27-inch Vireo monitors found by the catalogue's search are
opened one by one for their brand, price and stock; three of the cheapest with three in stock
are ordered to the default address with the default card (the checkout form's preselection)."""

import re

from mock_services.browser import browser_page, log_in

SHOP = "http://127.0.0.1:1234"
WANTED, QUANTITY = "VIR-2701", 3


def add_to_cart(page, product_url: str, quantity: int) -> str:
    """Adds ``quantity`` from the product page's buy box; returns the product's name."""
    page.goto(product_url)
    name = page.locator("h1").inner_text().strip()
    page.get_by_label("Quantity", exact=True).fill(str(quantity))
    page.get_by_role("button", name="Add to cart").click()
    page.wait_for_load_state()
    return name


def cart_line(page, name: str):
    page.goto(f"{SHOP}/cart")
    return page.locator("#cart [data-sku]").filter(has=page.get_by_role("link", name=name))


def product_facts(page, url: str) -> tuple[str, str, float, int]:
    """Name, brand, price and units in stock, as the product page shows them."""
    page.goto(url)
    specs = page.locator("#specs")
    brand = specs.locator("tr", has_text="Brand").locator("td").inner_text().strip()
    price = float(page.locator("#price").inner_text().replace("$", "").replace(",", ""))
    availability = page.locator("#availability").inner_text()
    stock = re.match(r"(\d+) in stock", availability)
    return page.locator("h1").inner_text().strip(), brand, price, int(stock[1]) if stock else 0


with browser_page() as page:
    log_in(page, SHOP, "alice", "alice-pass")
    name = add_to_cart(page, f"{SHOP}/products/sku/{WANTED}", QUANTITY)
    assert "27-inch" in name and name.startswith("Vireo"), name
    line = cart_line(page, name)
    badge = line.locator(".badge.low")
    left = int(re.search(r"Only (\d+) left", badge.inner_text())[1]) if badge.count() else QUANTITY
    ordered = name
    if left < QUANTITY:
        print(f"{name}: only {left} left")
        line.get_by_role("button", name=f"Remove {name} from the cart").click()
        page.wait_for_load_state()
        page.goto(SHOP)
        page.get_by_label("Search products").fill("Vireo 27-inch")
        page.get_by_label("Search products").press("Enter")
        page.wait_for_load_state()
        cards = page.locator(".product-card h2 a")
        links = [
            (cards.nth(i).inner_text(), cards.nth(i).get_attribute("href"))
            for i in range(cards.count())
        ]
        candidates = []
        for title, href in links:
            if title == name or "27-inch" not in title:
                continue
            title, brand, price, stock = product_facts(page, SHOP + href)
            print(f"{title}: {brand}, ${price}, {stock} in stock")
            if brand == "Vireo" and stock >= QUANTITY:
                candidates.append((price, title, href))
        price, ordered, href = min(candidates)
        add_to_cart(page, SHOP + href, QUANTITY)
    page.goto(f"{SHOP}/cart")
    lines = page.locator("#cart [data-sku]")
    assert lines.count() == 1 and ordered in lines.inner_text(), lines.all_inner_texts()
    ship_to = page.get_by_label("Ship to").locator("option:checked").inner_text()
    pay_with = page.get_by_label("Pay with").locator("option:checked").inner_text()
    print("ship to:", ship_to, "| pay with:", pay_with)
    page.get_by_role("button", name="Place order").click()
    page.wait_for_load_state()
    page.goto(f"{SHOP}/orders")
    newest = page.locator("#orders [data-code]").first
    assert ordered in newest.inner_text(), newest.inner_text()
    print("ordered", QUANTITY, "x", ordered, "in", newest.get_attribute("data-code"))

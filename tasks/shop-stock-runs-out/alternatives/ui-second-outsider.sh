#!/usr/bin/env bash
# Through the shop's pages only: the defaults read on the Account page; three V27U added from its
# item-number page and the cart read again; when the cart or the product page says fewer than
# three can be had, the V27U is removed and the other Vireo 27-inch monitors are opened one by
# one (the stock on each page); three of the cheapest with three in stock are ordered from the
# cart at the default address and card.
set -euo pipefail
python3 - <<'PY'
import os
import re

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

SHOP = int(os.environ.get("SHOP_PORT", "1234"))


def url(path: str = "") -> str:
    return local_url(SHOP, path)


def stock(page) -> tuple[float, int, str]:
    """Price, how many can be had and the name, from a product page."""
    name = page.get_by_role("heading", level=1).inner_text().strip()
    buy = page.get_by_role("complementary", name=re.compile("^Buy "))
    text = buy.inner_text() if buy.count() else main_text(page)
    price = float(re.search(r"\$([\d,]+\.\d\d)", text)[1].replace(",", ""))
    m = re.search(r"(?:Only )?(\d+) (?:left )?in stock", text)
    have = int(m[1]) if m else (0 if re.search(r"(?i)out of stock|unavailable|sold out", text) else 99)
    return price, have, name


with chromium() as browser:
    page = page_in(browser, "America/Los_Angeles")
    log_in(page, url(), "alice", "alice-pass")
    page.goto(url("/account"))
    acct = main_text(page)
    address = re.search(r"Default address: ([^·\n]+)", acct)[1].strip()
    card = re.search(r"Default payment: ([^\n]+)", acct)[1].strip()
    print("defaults:", address, "|", card)
    page.goto(url("/cart"))
    print("cart at start:", main_text(page)[:200].replace("\n", " "))
    page.goto(url("/products/sku/VIR-2701"))
    want = page.get_by_role("heading", level=1).inner_text().strip()
    buy = page.get_by_role("complementary", name=re.compile("^Buy "))
    buy.get_by_role("spinbutton", name="Quantity").fill("3")
    buy.get_by_role("button", name="Add to cart").click()
    page.wait_for_load_state()
    page.goto(url("/cart"))
    cart = page.get_by_role("region", name="Your cart").inner_text()
    print("cart:", cart.replace("\n", " "))
    page.goto(url("/products/sku/VIR-2701"))
    price, have, _ = stock(page)
    print("V27U now:", price, have)
    left = re.search(r"Only (\d+) left", cart)
    if have < 3 or (left and int(left[1]) < 3) or re.search(r"(?i)out of stock|not enough", cart):
        page.goto(url("/cart"))
        page.get_by_role("button", name=f"Remove {want} from the cart").click()
        page.wait_for_load_state()
        page.goto(url("/?q=Vireo+27-inch"))
        links = page.locator("main").get_by_role("link", name=re.compile(r"^Vireo .*27-inch")).all()
        hrefs = {l.inner_text().strip(): l.get_attribute("href") for l in links}
        print("Vireo 27-inch:", hrefs)
        options = []
        for name, href in hrefs.items():
            if name == want:
                continue
            page.goto(url(href))
            p, h, n = stock(page)
            print(f"  {n}: ${p} · {h} to be had")
            if h >= 3:
                options.append((p, n, href))
        options.sort()
        _, choice, href = options[0]
        print("choosing", choice)
        page.goto(url(href))
        buy = page.get_by_role("complementary", name=re.compile("^Buy "))
        buy.get_by_role("spinbutton", name="Quantity").fill("3")
        buy.get_by_role("button", name="Add to cart").click()
        page.wait_for_load_state()
    page.goto(url("/cart"))
    print("cart before ordering:", page.get_by_role("region", name="Your cart").inner_text().replace("\n", " "))
    summary = page.get_by_role("complementary", name="Order summary")
    ship = summary.get_by_role("combobox", name="Ship to")
    ship.select_option(label=next(o.inner_text().strip() for o in ship.locator("option").all() if o.inner_text().strip().startswith(address + ":")))
    summary.get_by_role("combobox", name="Pay with").select_option(label=card)
    summary.get_by_role("button", name="Place order").click()
    page.wait_for_load_state()
    print(main_text(page)[:1200])
PY

#!/usr/bin/env bash
# Through the web pages only: read the default address and card on the account page, put three
# V27U in the cart from its item-number page, read the cart again before paying; when the shop
# can no longer sell three (the cart or the checkout says so), take it out and order three of the
# cheapest other 27-inch Vireo monitor whose page shows at least three in stock instead.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

SHOP = local_url(1234)
WANT = 3


def checkout(page, address, card):
    ship = page.get_by_label("Ship to")
    label = next(o for o in ship.locator("option").all_inner_texts() if o.startswith(f"{address}:"))
    ship.select_option(label=label)
    page.get_by_label("Pay with").select_option(label=card)
    page.get_by_role("button", name="Place order").click()
    page.wait_for_load_state()
    return main_text(page)


def stock_of(page, href):
    page.goto(SHOP + href)
    text = main_text(page)
    left = re.search(r"(\d+) in stock|[Oo]nly (\d+) left", text)
    unavailable = re.search(r"no longer|discontinued|unavailable|out of stock", text, re.I)
    price = float(re.search(r"\$([\d,]+\.\d\d)", text)[1].replace(",", ""))
    n = int(left[1] or left[2]) if left and not unavailable else 0
    return n, price, text


with chromium() as browser:
    page = page_in(browser, "America/Los_Angeles")
    log_in(page, SHOP, "alice", "alice-pass")
    page.goto(f"{SHOP}/account")
    defaults = re.search(r"Default address: (.+?) · Default payment: (.+)", main_text(page))
    address, card = defaults[1].strip(), defaults[2].strip()
    print("defaults:", address, "/", card)

    page.goto(f"{SHOP}/products/sku/VIR-2701")
    name = page.get_by_role("heading", level=1).inner_text()
    page.get_by_label("Quantity").fill(str(WANT))
    page.get_by_role("button", name="Add to cart").click()
    page.wait_for_load_state()
    page.goto(f"{SHOP}/cart")
    cart = main_text(page)
    print(cart[:500])
    short = re.search(r"[Oo]nly (\d+) left|out of stock", cart)
    done = None
    if not short:
        result = checkout(page, address, card)
        print(result[:600])
        if re.search(r"Order (ORD-\d+)|placed", result) and "/orders/" in page.url:
            done = result
    if done is None:
        print("the shop cannot sell", WANT, "of", name, "-> the closest equivalent")
        page.goto(f"{SHOP}/cart")
        page.get_by_role("button", name=f"Remove {name} from the cart").click()
        page.wait_for_load_state()
        page.goto(f"{SHOP}/?category=monitors&q=Vireo")
        links = {}
        for link in page.get_by_role("link", name=re.compile(r"^Vireo .*27-inch")).all():
            label = link.inner_text().strip()
            if label != name:
                links[label] = link.get_attribute("href")
        candidates = []
        for label, href in links.items():
            n, price, _ = stock_of(page, href)
            print(f"  {label}: {n} in stock at ${price}")
            if n >= WANT:
                candidates.append((price, label, href))
        price, label, href = min(candidates)
        print("ordering", WANT, "x", label)
        page.goto(SHOP + href)
        page.get_by_label("Quantity").fill(str(WANT))
        page.get_by_role("button", name="Add to cart").click()
        page.wait_for_load_state()
        page.goto(f"{SHOP}/cart")
        print(main_text(page)[:400])
        done = checkout(page, address, card)
    print(page.url)
    print(done[:600])
PY

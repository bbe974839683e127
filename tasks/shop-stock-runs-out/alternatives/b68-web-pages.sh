#!/bin/bash
# alternative (web pages, Playwright): only the shop's pages, as a person: adds three V27U from its product page, sees the cart say too few are left and removes the line, searches the catalogue for Vireo 27-inch monitors by lowest price, opens each to read its stock, adds three of the first with three in stock and places the order with the preselected default address and card.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

SHOP = 1234
with chromium() as browser:
    page = page_in(browser, "America/Los_Angeles")
    log_in(page, local_url(SHOP), "alice", "alice-pass")
    page.goto(local_url(SHOP, "/products/sku/VIR-2701"))
    wanted = page.get_by_role("heading", level=1).inner_text().strip()
    page.get_by_label("Quantity").fill("3")
    page.get_by_role("button", name="Add to cart").click()
    page.goto(local_url(SHOP, "/cart"))
    cart = main_text(page)
    print("cart:", cart[:400].replace("\n", " | "))
    if re.search(r"Only \d+ left|Out of stock|cannot be ordered", cart):
        page.get_by_role("button", name=re.compile(r"^Remove .*V27U 27-inch")).first.click()
        page.goto(local_url(SHOP, "/"))
        page.get_by_label("Search products").fill("Vireo 27-inch monitor")
        page.get_by_role("button", name="Search", exact=True).click()
        page.get_by_label("Sort by").select_option(label="Price: low to high")
        page.get_by_role("button", name="Sort", exact=True).click()
        links = page.locator("main a[href^='/products/']")
        hrefs = []
        for i in range(links.count()):
            href = links.nth(i).get_attribute("href")
            if href not in hrefs:
                hrefs.append(href)
        for href in hrefs:
            page.goto(local_url(SHOP, href))
            text = main_text(page)
            title = page.get_by_role("heading", level=1).inner_text().strip()
            stock = re.search(r"(\d+) in stock", text)
            print(title, "|", stock.group(0) if stock else "no stock line")
            if (title != wanted and title.startswith("Vireo") and "27-inch" in title
                    and "Brand\tVireo" in text and stock and int(stock.group(1)) >= 3):
                break
        else:
            raise SystemExit("no 27-inch Vireo monitor with three in stock")
        page.get_by_label("Quantity").fill("3")
        page.get_by_role("button", name="Add to cart").click()
        page.goto(local_url(SHOP, "/cart"))
    print("checkout:", main_text(page)[:600].replace("\n", " | "))
    page.get_by_role("button", name="Place order").click()
    page.wait_for_load_state()
    print("after:", main_text(page)[:400].replace("\n", " | "))
PY

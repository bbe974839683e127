"""The task through the web UIs only (``invoke oracle --ui``): read Dave's request in
#atlas-launch, ask him in the thread under it which cables and how many, read his answer there,
order that in the shop (the cart's usual address and card), then confirm in the same thread."""

import re

from mock_services.browser import browser_page, log_in

CHAT = "http://127.0.0.1:5150"
SHOP = "http://127.0.0.1:1234"


def thread_of_request(page) -> str:
    """Opens the thread under Dave's request in #atlas-launch; answers its address."""
    page.goto(CHAT)
    page.get_by_role("link", name=re.compile(r"^atlas-launch")).first.click()
    request = (
        page.locator("article.msg").filter(has_text="Dave Okafor").filter(has_text="usual cables")
    )
    assert request.count() == 1, "no single request of Dave's about the usual cables"
    request.get_by_role("link", name=re.compile(r"^Reply in thread to")).click()
    page.wait_for_load_state()
    return page.url


def reply(page, thread: str, text: str) -> None:
    page.goto(thread)
    page.get_by_label("Reply in thread").fill(text)
    page.get_by_role("button", name="Reply", exact=True).click()
    page.wait_for_load_state()


def daves_last_word(page, thread: str) -> str:
    page.goto(thread)
    said = page.locator("article.msg").filter(has_text="Dave Okafor").locator("p.body")
    return said.last.inner_text()


def order(page, name: str, quantity: int) -> str:
    """Orders ``quantity`` of the product named ``name``; answers the new order's code."""
    page.goto(f"{SHOP}/orders")
    before = set(page.locator("#orders [data-code] a.order-code").all_inner_texts())
    page.goto(SHOP)
    page.get_by_label("Search products").fill(name)
    page.get_by_label("Search products").press("Enter")
    page.get_by_role("link", name=name, exact=True).click()
    page.get_by_label("Quantity").fill(str(quantity))
    page.get_by_role("button", name="Add to cart").click()
    page.wait_for_load_state()
    page.goto(f"{SHOP}/cart")
    lines = page.locator("#cart [data-sku]")
    assert lines.count() == 1, f"the cart holds {lines.count()} lines"
    page.get_by_role("button", name="Place order").click()
    page.wait_for_load_state()
    page.goto(f"{SHOP}/orders")
    after = set(page.locator("#orders [data-code] a.order-code").all_inner_texts())
    (code,) = after - before
    return code


with browser_page() as page:
    log_in(page, CHAT, "alice", "alice-pass")
    log_in(page, SHOP, "alice", "alice-pass")
    thread = thread_of_request(page)
    reply(
        page,
        thread,
        "Sure! Which cables do you mean, the 2 m USB-C ones or the 3 m HDMI 2.1 "
        "ones? And how many do you need?",
    )
    answer = daves_last_word(page, thread)
    print("Dave:", answer)
    assert "HDMI 2.1" in answer and "3 m" in answer, answer
    quantity = int(re.search(r"\b(\d+) of them\b", answer).group(1))
    code = order(page, "HDMI 2.1 Cable, 3 m", quantity)
    page.goto(f"{SHOP}/orders/{code}")
    items = page.locator("#items tr:has(td)")
    assert items.count() == 1 and "CAB-3103" in items.inner_text(), items.inner_text()
    reply(
        page,
        thread,
        f"Ordered {quantity} x HDMI 2.1 Cable, 3 m (order {code}), shipping to the office.",
    )
    page.goto(thread)
    assert code in page.inner_text("main"), "the confirmation is not in the thread"
    print("ordered", code)

"""The task through the webmail's UI only (``invoke oracle --ui``): open every mail of Alice's
inbox, group the copies by sender, subject, date and text as each mail's page shows them, and
press Delete (to trash) on every copy but the first of each group."""

from mock_services.browser import browser_page, log_in

MAIL = "http://127.0.0.1:5001"


def inbox_links(page) -> list[str]:
    """The address of every mail of the inbox, following the Older link across its pages."""
    page.goto(f"{MAIL}/?folder=inbox")
    links: list[str] = []
    while True:
        rows = page.locator("#messages tr.msg td:nth-child(4) a")
        links += rows.evaluate_all("links => links.map(link => link.getAttribute('href'))")
        older = page.get_by_role("link", name="Older", exact=True)
        if not older.count():
            return links
        with page.expect_navigation():
            older.click()


def identity(page, link: str) -> tuple[str, str, str]:
    """Subject, sender line (name, address, date, folder) and text of the mail at ``link``."""
    page.goto(f"{MAIL}{link}")
    message = page.locator("#message")
    subject = message.locator("#subject").inner_text().strip()
    sender = message.locator("p").first.inner_text().strip()
    assert sender.endswith("in inbox"), f"{link} is not in the inbox: {sender}"
    return subject, sender, message.locator("pre.body").inner_text()


with browser_page() as page:
    log_in(page, MAIL, "alice", "alice-pass")
    links = inbox_links(page)
    heading = page.get_by_role("heading", name="Inbox").inner_text()
    assert f"({len(links)})" in heading, f"read {len(links)} mails, the page says {heading}"
    seen, extra = set(), []
    for link in links:
        key = identity(page, link)
        if key in seen:
            extra.append((link, key[0]))
        seen.add(key)
    assert len(extra) == 4, f"expected four extra copies in the inbox, read {extra}"
    for link, subject in extra:
        page.goto(f"{MAIL}{link}")
        with page.expect_navigation():
            page.get_by_role("button", name="Delete", exact=True).click()
        page.goto(f"{MAIL}{link}")
        where = page.locator("#message p").first.inner_text()
        assert where.endswith("in trash"), f"{subject} ({link}) not in the trash: {where}"
    print("trashed", ", ".join(f"{subject} {link}" for link, subject in extra))

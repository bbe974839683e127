"""The task through the webmail's UI only (``invoke oracle --ui``): open every mail of Alice's
inbox, group the copies by sender, subject, date and text as each mail's page shows them, and
trash every copy but the first of each group from the inbox's toolbar (tick, Delete). Opening
an unread mail marks it read, as Gmail does; the task says to mark nothing read, so each one
opened unread is marked unread again ("Mark as unread", which goes back to the list)."""

from mock_services.browser import browser_page, log_in

MAIL = "http://127.0.0.1:5001"


def inbox_links(page) -> list[tuple[str, bool]]:
    """The address of every mail of the inbox with whether it is unread, following the pager's
    Next link (older mail) across its pages."""
    page.goto(f"{MAIL}/?folder=inbox")
    links: list[tuple[str, bool]] = []
    while True:
        links += page.locator("#messages tr.msg").evaluate_all(
            """rows => rows.map(row => [row.querySelector('td:nth-child(4) a').getAttribute('href'),
                                        row.classList.contains('unread')])"""
        )
        older = page.get_by_role("link", name="Next", exact=True)
        if not older.count():
            return links
        with page.expect_navigation():
            older.click()


def identity(page, link: str, unread: bool) -> tuple[str, str, str]:
    """Subject, sender line (name, address, date, folder) and text of the mail at ``link``;
    one that was unread is marked unread again once read."""
    page.goto(f"{MAIL}{link}")
    message = page.locator("#message")
    subject = message.locator("#subject").inner_text().strip()
    sender = message.locator("p").first.inner_text().strip()
    assert sender.endswith("in inbox"), f"{link} is not in the inbox: {sender}"
    text = message.locator("pre.body").inner_text()
    if unread:
        again = page.get_by_role("button", name="Mark as unread")
        again.wait_for()  # the page marked it read on opening
        with page.expect_navigation():
            again.click()
    return subject, sender, text


with browser_page() as page:
    log_in(page, MAIL, "alice", "alice-pass")
    links = inbox_links(page)
    heading = page.get_by_role("heading", name="Inbox").inner_text()
    assert f"({len(links)})" in heading, f"read {len(links)} mails, the page says {heading}"
    seen, extra = set(), []
    for link, unread in links:
        key = identity(page, link, unread)
        if key in seen:
            extra.append((link, key[0]))
        seen.add(key)
    assert len(extra) == 4, f"expected four extra copies in the inbox, read {extra}"
    page.goto(f"{MAIL}/?folder=inbox")
    for link, _subject in extra:
        page.check(f"#select-{link.rsplit('/', 1)[1]}")
    with page.expect_navigation():
        page.locator("#bulk-trash").click()
    page.goto(f"{MAIL}/?folder=trash")
    trashed = page.locator("#messages tr.msg td:nth-child(4) a").evaluate_all(
        "links => links.map(link => link.getAttribute('href'))"
    )
    missing = [(subject, link) for link, subject in extra if link not in trashed]
    assert not missing, f"not in the trash: {missing}"
    print("trashed", ", ".join(f"{subject} {link}" for link, subject in extra))

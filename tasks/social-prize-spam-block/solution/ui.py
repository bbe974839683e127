"""The task through the social network's web UI only (``invoke oracle --ui``): read each
conversation of Alice's inbox, judge which senders are prize scammers, and press Block on each
scammer's profile page."""

import re

from mock_services.browser import browser_page, log_in

SOCIAL = "http://127.0.0.1:5008"
PRIZE = re.compile(r"\b(won|winner|prize)\b", re.IGNORECASE)
ASKS_DETAILS = re.compile(r"\b(address|details|bank|date of birth)\b", re.IGNORECASE)
# The judgement a reader makes: these senders are people Alice knows or services she uses.
KNOWN = {"dave", "carol", "bob", "ticketdesk"}

with browser_page() as page:
    log_in(page, SOCIAL, "alice", "alice-pass")
    page.goto(f"{SOCIAL}/messages")
    senders = page.locator("main a[href^='/messages/']").evaluate_all(
        "links => links.map(link => link.getAttribute('href').split('/').pop())"
    )
    scammers = []
    for sender in senders:
        page.goto(f"{SOCIAL}/messages/{sender}")
        said = page.locator("#messages").inner_text()  # the thread, not the list beside it
        if sender not in KNOWN and PRIZE.search(said) and ASKS_DETAILS.search(said):
            scammers.append(sender)
    assert len(scammers) == 3, f"expected three prize scammers in the inbox, read {scammers}"
    for scammer in scammers:
        page.goto(f"{SOCIAL}/u/{scammer}")
        page.get_by_role("button", name=f"Block @{scammer}…", exact=True).click()  # it asks first
        page.get_by_role("button", name=f"Yes, block @{scammer}", exact=True).click()
        page.wait_for_load_state()
        assert page.get_by_role("button", name="Unblock").count(), f"{scammer} not blocked"
    print("blocked", ", ".join(scammers))

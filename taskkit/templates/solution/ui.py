"""The task through the web UI only, as a person does it in a browser: no API call and no
cookie written by hand. Find things by what the pages show (roles, labels, text), read the facts
the task needs from them and assert them, so the script fails loudly when a page stops showing
them. Run it with:

    invoke oracle --task @@NAME@@ --ui
"""

from mock_services.browser import browser_page, log_in, main_text

SITE = "http://127.0.0.1:@@FIRST_PORT@@"

with browser_page() as page:
    log_in(page, SITE, "alice", "alice-pass")
    page.goto(f"{SITE}/")
    # Replace with the task's own steps, e.g.:
    #   page.get_by_role("link", name="...").click()
    #   page.get_by_role("button", name="...").click()
    assert main_text(page), "the start page shows nothing"

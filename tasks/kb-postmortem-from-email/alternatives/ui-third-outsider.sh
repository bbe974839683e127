#!/bin/bash
# alternative (web UI only, an outside tester's Playwright run, 2026-12-07): reads the "Checkout
# payment failures" thread in the webmail (the corrected times, cause and count, the action items),
# creates the postmortem as a published child of Engineering's "Incident reports" with the
# template's sections, lists it first on that page with the editor, then mails Frank and Grace its
# address.
# It drives Chromium (mock_services.browser) through the pages as a person would: no API call,
# no cookie crafted.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

MAIL, KB = 5001, 5130


def fact(pattern: str, text: str) -> re.Match:
    m = re.search(pattern, text)
    assert m, f"the thread does not say {pattern!r}"
    return m


with chromium() as b:
    mail = page_in(b, "UTC")
    log_in(mail, url(MAIL), "alice", "alice-pass")
    # every mail of the thread, oldest first, as the inbox lists them (newest first)
    links = mail.locator("main").get_by_role("link", name=re.compile(r"^(Re: )?Checkout payment failures$"))
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())][::-1]
    # the day of the thread's first mail (the inbox lists the newest first)
    day = re.findall(r"“Checkout payment failures” from [^(]+\((\d{1,2} \w{3})\)", main_text(mail))[-1]
    thread = []
    for href in hrefs:
        mail.goto(url(MAIL, href))
        thread.append(main_text(mail))
    text = "\n\n".join(thread)
    print(text[:3000])
    # the last word on each fact: Frank's correction and Grace's action items
    correction = next(t for t in thread if "Correction" in t)
    start = fact(r"expired at (\d\d:\d\d)", correction).group(1)
    end = fact(r"errors stopped at (\d\d:\d\d)", correction).group(1)
    renewed = fact(r"renewed the certificate at (\d\d:\d\d)", correction).group(1)
    host = fact(r"payments gateway \(([\w.-]+)\)", correction).group(1)
    failed = fact(r"([\d,]+) failed checkouts", correction).group(1)
    items = next(t for t in thread if "Action items" in t)
    frank = fact(r"- Frank: (.+?)\. Due (\d{1,2} \w+)\.", items)
    grace = fact(r"- Me: (.+?)\. Due (\d{1,2} \w+)\.", items)
    month = {"Dec": "December", "Nov": "November"}[day.split()[1]]
    date = f"{day.split()[0]} {month}"
    title = f"Postmortem: card payment failures at checkout {date}"
    body = f"""# {title}

## Summary
Card payments at checkout failed with a 502 from the payments gateway from {start} to {end} UTC on {date}: {failed} checkouts failed. No customer was charged twice.

## Timeline (UTC)
- {start}: the TLS certificate of the payments gateway ({host}) expired; card payments at checkout start failing with a 502.
- {renewed}: the certificate is renewed.
- {end}: the gateway has reloaded and the errors stop.

## Root cause
The TLS certificate of the payments gateway ({host}) expired at {start} UTC, so the gateway could not serve card payments until it was renewed and reloaded.

## Impact
{failed} failed checkouts ({start} to {end} UTC, final count from the gateway logs). No customer was charged twice.

## Action items
| what | owner | due |
|---|---|---|
| {frank.group(1)} | Frank | {frank.group(2)} |
| {grace.group(1).replace("an apology", "apology")} | Grace | {grace.group(2)} |
"""
    print(body)

    kb = page_in(b, "UTC")
    log_in(kb, url(KB), "alice", "alice-pass")
    kb.goto(url(KB, "/spaces/ENG"))
    kb.get_by_role("link", name="Incident reports").first.click()
    kb.wait_for_load_state()
    reports_url = kb.url
    kb.get_by_role("link", name="Add a subpage").click()
    kb.wait_for_load_state()
    kb.get_by_label("Space").select_option(label="Engineering")
    kb.get_by_label("Parent page").select_option(label="ENG · Engineering Home / Incident reports")
    kb.get_by_label("Title").fill(title)
    kb.get_by_label("Page text (Markdown; link another page with [[its name]])").fill(body)
    kb.get_by_label("Labels (comma separated)").fill("postmortem, checkout, payments")
    kb.get_by_label("Save as").select_option(label="Published")
    kb.get_by_label("Change message").fill("Postmortem of the card payment failures")
    kb.get_by_role("button", name="Create page").click()
    kb.wait_for_load_state()
    print("created:", kb.url, main_text(kb)[:300].replace("\n", " | "))
    page_id = re.search(r"/pages/(\d+)$", kb.url).group(1)
    assert title in main_text(kb)

    kb.goto(reports_url)
    kb.get_by_role("link", name="Edit this page").click()
    kb.wait_for_load_state()
    editor = kb.get_by_label("Page text (Markdown; link another page with [[its name]])")
    old = editor.input_value()
    first = re.search(r"^- \[\[Postmortem:", old, re.M)
    assert first, old
    new = old[: first.start()] + f"- [[{title}]]\n" + old[first.start():]
    editor.fill(new)
    kb.get_by_label("Change message").fill("Card payment failures")
    kb.get_by_role("button", name="Save page").click()
    kb.wait_for_load_state()
    print("reports:", main_text(kb)[:600].replace("\n", " | "))
    assert title in main_text(kb)

    link = f"http://localhost:5130/pages/{page_id}"
    mail.goto(url(MAIL, "/"))
    mail.get_by_role("link", name="Compose").first.click()
    mail.get_by_label("To (comma separated)").fill("frank@example.test, grace@example.test")
    mail.get_by_label("Subject", exact=True).fill(f"Postmortem: card payment failures on {date}")
    message = mail.get_by_label("Message", exact=True)
    message.fill(f"Hi Frank, hi Grace,\n\nthe postmortem of the card payment failures on {date} is in the wiki:"
                 f"\n{link}\n\nIt is listed on Engineering's Incident reports page.\n" + message.input_value())
    mail.get_by_role("button", name="Send").click()
    mail.wait_for_load_state()
    print("sent:", main_text(mail)[:200].replace("\n", " | "))
PY

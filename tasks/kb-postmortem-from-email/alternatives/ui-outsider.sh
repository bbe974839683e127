#!/usr/bin/env bash
# Through the pages only: the "Checkout payment failures" conversation read in the webmail (its
# last word: certificate expired 09:14, errors until 10:52, 1,312 failed checkouts; Grace's action
# items); the template's text read from its edit page; "Add a subpage" on "Incident reports"
# creates the postmortem (published), the index's edit form lists it first; compose sends the link.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

with chromium() as browser:
    mail = page_in(browser)
    log_in(mail, url(5001), "alice", "alice-pass")
    mail.goto(url(5001, "/?folder=inbox"))
    mail.get_by_role("link", name="Re: Checkout payment failures").first.click()
    mail.wait_for_load_state()
    convo = mail.get_by_role("link", name=re.compile("conversation", re.I))
    if convo.count():
        mail.goto(url(5001, convo.first.get_attribute("href")))
    thread = main_text(mail)
    print(thread)
    assert "1,312 failed checkouts" in thread and "expired at 09:14" in thread
    assert "errors stopped at 10:52" in thread and "Due 11 December" in thread
    day = re.search(r"Checkout payment failures.*?\b(\w{3}) (\d+ \w{3})", thread, re.S)
    print("first mail:", day[0][-40:] if day else None)

    wiki = page_in(browser)
    log_in(wiki, url(5130), "alice", "alice-pass")
    wiki.goto(url(5130, "/pages"))
    wiki.get_by_role("link", name="Postmortem template").first.click()
    wiki.wait_for_load_state()
    wiki.get_by_role("link", name="Edit this page").click()
    wiki.wait_for_load_state()
    template = wiki.get_by_label(re.compile(r"^Page text")).input_value()
    print(template)

    title = "Postmortem: checkout payment failures 1 December"
    body = f"""# {title}

## Summary
Card payments at checkout failed with a 502 from the payments gateway from 09:14 to 10:52 UTC
on Tuesday 1 December: 1,312 checkouts failed. No customer was charged twice.

## Timeline (UTC)
- 09:14: the TLS certificate of the payments gateway (pay-gw.internal) expires; card payments at checkout start failing with a 502.
- 10:40: the load balancer change of 09:05 is rolled back (first guess); it does not help.
- 10:47: the gateway's certificate is renewed.
- 10:52: the gateway has reloaded; the errors stop.

## Root cause
The TLS certificate of the payments gateway (pay-gw.internal) expired at 09:14 UTC. The load balancer change deployed that morning was unrelated.

## Impact
1,312 failed checkouts (final count from the gateway logs). No customer was charged twice.

## Action items
| what | owner | due |
|---|---|---|
| expiry alerts for every internal certificate, 30 days ahead | Frank | 11 December |
| an apology to the affected customers with a 10% voucher | Grace | 4 December |
"""
    for heading in re.findall(r"^## .*$", template, re.M):
        assert heading in body, heading

    wiki.goto(url(5130, "/pages"))
    wiki.get_by_role("link", name="Incident reports").first.click()
    wiki.wait_for_load_state()
    index_url = wiki.url
    wiki.get_by_role("link", name="Add a subpage").click()
    wiki.wait_for_load_state()
    print("parent:", wiki.get_by_label("Parent page").locator("option:checked").inner_text())
    wiki.get_by_label("Title").fill(title)
    wiki.get_by_label(re.compile(r"^Page text")).fill(body)
    wiki.get_by_label("Labels (comma separated)").fill("postmortem, checkout")
    wiki.get_by_label("Save as").select_option(label="Published")
    wiki.get_by_role("button", name="Create page").click()
    wiki.wait_for_load_state()
    new_page = re.search(r"/pages/(\d+)", wiki.url)[1]
    print(wiki.url, main_text(wiki)[:300])

    wiki.goto(index_url)
    wiki.get_by_role("link", name="Edit this page").click()
    wiki.wait_for_load_state()
    text = wiki.get_by_label(re.compile(r"^Page text"))
    old = text.input_value()
    first_item = re.search(r"^- \[\[", old, re.M)
    new = old[: first_item.start()] + f"- [[{title}]]\n" + old[first_item.start() :]
    text.fill(new)
    wiki.get_by_label("Change message").fill("Checkout payment failures postmortem")
    wiki.get_by_role("button", name="Save page").click()
    wiki.wait_for_load_state()
    print(main_text(wiki)[:500])

    address = f"http://localhost:5130/pages/{new_page}"
    mail.goto(url(5001, "/compose"))
    mail.get_by_label("To (comma separated)").fill("frank@example.test, grace@example.test")
    mail.get_by_label("Subject").fill("Postmortem: checkout payment failures")
    mail.get_by_label("Message").fill(
        f"Hi Frank, hi Grace,\n\nthe postmortem of Tuesday's checkout payment failures is in the "
        f"wiki: {address}\n\nAlice"
    )
    mail.get_by_role("button", name="Send").click()
    mail.wait_for_load_state()
    print(main_text(mail)[:300])
PY

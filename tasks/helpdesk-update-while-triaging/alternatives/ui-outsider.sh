#!/usr/bin/env bash
# Through the web pages only: the wiki's "Tier 1 triage rules" page (found by the wiki's search),
# then the queue (ticket filters: status New, group Tier 1 Support); each ticket is read again
# right before it is triaged, its whole thread judged by the rules' table, and its Properties
# form saved (urgent: Technical Escalations, nobody assigned, then the public reply the rules ask for).
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

H, K = url(5100), url(5130)
with chromium() as browser:
    page = page_in(browser, "America/New_York")
    log_in(page, K, "alice", "alice-pass")
    page.goto(K + "/search?q=Tier+1+triage+rules")
    page.get_by_role("link", name="Tier 1 triage rules").first.click()
    page.wait_for_load_state()
    print(main_text(page)[:2000])

    log_in(page, H, "alice", "alice-pass")
    page.goto(H + "/")
    page.get_by_label("Status").select_option(label="New")
    page.get_by_label("Group").select_option(label="Tier 1 Support")
    page.get_by_role("button", name="Filter tickets").click()
    page.wait_for_load_state()
    codes = re.findall(r"\bTK-\d+\b", main_text(page).split("tickets\n", 1)[-1])
    codes = list(dict.fromkeys(codes))
    print("queue", codes)

    def judge(thread):
        if re.search(r"nobody in|whole team|all \w+ of us|everyone in", thread, re.I):
            return "Urgent"
        if re.search(r"can'?no?t do my job|cannot work|blocked", thread, re.I):
            return "High"
        if re.search(r"^How (do|can) I|\?\s*$", thread.split("\n")[0], re.I) or re.search(
            r"how (do|can) I", thread, re.I
        ):
            return "Low"
        return "Normal"

    for code in codes:
        page.goto(f"{H}/tickets/{code}")
        page.wait_for_timeout(2000)
        page.reload()  # read it as it stands now: requesters add to tickets
        text = main_text(page)
        head = text[: text.find("Reply type")]
        subject = head.split("\n")[1]
        thread = subject + "\n" + head[head.find("Request") :]
        level = judge(thread)
        print(code, subject, "->", level)
        props = page.locator("form").filter(has=page.get_by_role("button", name="Save ticket"))
        props.get_by_label("Priority").select_option(label=level)
        if level == "Urgent":
            props.get_by_label("Group").select_option(label="Technical Escalations")
            props.get_by_label("Assignee").select_option(label="unassigned")
        else:
            props.get_by_label("Assignee").select_option(label="Alice Martin (Tier 1 Support)")
        props.get_by_label("Status").select_option(label="Open")
        props.get_by_role("button", name="Save ticket").click()
        page.wait_for_load_state()
        print(main_text(page)[:300])
        if level == "Urgent":
            page.get_by_label("Public reply").check()
            page.get_by_label("Comment", exact=True).fill(
                "Hello, thank you for the update. We have escalated this ticket as urgent to our "
                "Technical Escalations team, who will contact you within the hour."
            )
            page.get_by_role("button", name="Send comment").click()
            page.wait_for_load_state()
            print(main_text(page)[:300])
PY

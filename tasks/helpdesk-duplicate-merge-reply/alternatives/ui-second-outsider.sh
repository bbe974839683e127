#!/usr/bin/env bash
# Through the helpdesk's pages only: Maria's unsolved tickets about the PDF export are read from
# the ticket list; the newer one is merged into the older one with its "Merge ticket…" dialog;
# on the kept ticket Carol's internal note gives the release day and the workaround; the
# properties form takes the ticket (Alice, High, the month-end tag added) and a public reply
# tells Maria both, submitted as Pending.
set -euo pipefail
python3 - <<'PY'
import os
import re

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

HD = int(os.environ.get("HD_PORT", "5100"))


def url(path: str = "") -> str:
    return local_url(HD, path)


def choose(select, starts: str) -> None:
    """Select the option whose text begins with ``starts``."""
    labels = [o.inner_text().strip() for o in select.locator("option").all()]
    select.select_option(label=next(x for x in labels if x.startswith(starts)))


with chromium() as browser:
    page = page_in(browser, "America/New_York")
    log_in(page, url(), "alice", "alice-pass")
    page.goto(url("/?status=unsolved"))
    mine = []
    for row in page.locator("main").get_by_role("row").all():
        text = row.inner_text()
        if "Maria Gonzalez" in text and "Northwind" in text and re.search(r"PDF", text, re.I):
            code = re.search(r"TK-\d+", text)[0]
            mine.append((int(code[3:]), code, text.replace("\n", " ")))
    mine.sort()
    print("Maria's unsolved PDF tickets:", mine)
    keep, dupe = mine[0][1], mine[-1][1]
    page.goto(url(f"/tickets/{dupe}"))
    page.get_by_role("button", name="Merge ticket…").click()
    dialog = page.get_by_role("dialog")
    dialog.wait_for(state="visible")
    print("merge dialog:", dialog.aria_snapshot())
    dialog.get_by_role("textbox", name=re.compile("^Merge into")).fill(keep)
    buttons = dialog.get_by_role("button").all()
    go = [b for b in buttons if re.search(r"(?i)merge", b.inner_text())]
    go[0].click()
    page.wait_for_load_state()
    print("merged:", page.url, main_text(page)[:300].replace("\n", " "))
    page.goto(url(f"/tickets/{keep}"))
    note = page.get_by_role("article", name=re.compile("^internal note by Carol")).inner_text()
    print("Carol:", note)
    props = page.get_by_role("complementary", name="Ticket properties")
    choose(props.get_by_role("combobox", name="Assignee"), "Alice Martin")
    props.get_by_role("combobox", name="Priority").select_option("High")
    tags = props.get_by_role("textbox", name=re.compile("^Tags"))
    now = [t.strip() for t in tags.input_value().split(",") if t.strip()]
    tags.fill(", ".join(now + ["month-end"]))
    props.get_by_role("button", name="Save ticket").click()
    page.wait_for_load_state()
    print("saved:", main_text(page)[:300].replace("\n", " "))
    page.get_by_role("radio", name="Public reply").check()
    page.get_by_role("textbox", name="Comment").fill(
        "Hi Maria,\n\n"
        "I'm taking over your ticket while Grace is out, and I have merged your second message "
        "into it so everything stays in one place.\n\n"
        "The fix for the PDF export ships in our release on Thursday 12 March. Until then you can "
        "still get a PDF of each invoice: open the invoice, press Print and choose 'Save as PDF' "
        "in your browser's print dialog.\n\n"
        "I'm sorry this lands in your month-end; please tell me if the workaround does not work "
        "for you.\n\nBest regards,\nAlice"
    )
    page.get_by_role("combobox", name="Submit as").select_option("Pending")
    page.get_by_role("button", name="Send comment").click()
    page.wait_for_load_state()
    print(main_text(page)[:1500])
PY

#!/usr/bin/env bash
# Through the wiki's pages only: the runbook is found in the ENG space's page tree; its comments
# name the versions that went wrong ("version N"); the newest version no comment blames is
# restored with the history page's "Restore a version" form; that version's labels (its own
# page) plus "verified" are set in the edit form; the comment asking to put the page back is
# resolved; Frank's rewrite is discarded through its dialog and Alice's checklist published.
set -euo pipefail
python3 - <<'PY'
import os
import re

from mock_services.browser import chromium, local_url, log_in, main_text, page_in


def in_tree(title):
    """A page's link in the space's tree, which names a draft's or archived page's state."""
    return re.compile(rf"^{re.escape(title)}( \((Draft|Archived)\))?$")


KB = int(os.environ.get("KB_PORT", "5130"))


def url(path: str = "") -> str:
    return local_url(KB, path)


def confirm(page) -> None:
    dialog = page.get_by_role("dialog")
    dialog.first.wait_for(state="visible", timeout=5000)
    print("dialog:", dialog.first.inner_text().replace("\n", " ")[:300])
    buttons = dialog.first.get_by_role("button")
    names = [b.inner_text() for b in buttons.all()]
    keep = [i for i, n in enumerate(names) if not re.match(r"(?i)cancel|keep|close", n)]
    buttons.nth(keep[0]).click()
    page.wait_for_load_state()


with chromium() as browser:
    page = page_in(browser)
    log_in(page, url(), "alice", "alice-pass")
    page.goto(url("/spaces/ENG"))
    tree = page.get_by_role("navigation", name=re.compile("^Space"))
    runbook_href = tree.get_by_role("link", name=in_tree("Database failover runbook")).get_attribute("href")
    rewrite_href = tree.get_by_role("link", name=in_tree("Database failover runbook (rewrite)")).get_attribute("href")
    checklist_href = tree.get_by_role("link", name=in_tree("Failover drill checklist")).get_attribute("href")
    page.goto(url(runbook_href))
    comments = page.locator("main").get_by_role("article").filter(has_text=re.compile(r"\d")).all()
    blamed = set()
    ask_back = None
    for c in comments:
        label = c.get_attribute("aria-label") or ""
        if not label.startswith("comment by"):
            continue
        text = c.inner_text()
        print("comment:", text.replace("\n", " ")[:300])
        for n in re.findall(r"version (\d+)", text):
            if re.search(r"wrong|pasted|instead|mistake|broke", text, re.I):
                blamed.add(int(n))
        if re.search(r"put it back|restore|revert", text, re.I) and c.get_by_role("button", name=re.compile("^Resolve")).count():
            ask_back = c.get_by_role("button", name=re.compile("^Resolve")).get_attribute("aria-label") or c.get_by_role("button", name=re.compile("^Resolve")).inner_text()
    print("blamed versions:", blamed, "ask_back:", ask_back)
    page.goto(url(runbook_href + "/history"))
    versions = sorted(
        {int(v) for v in re.findall(r"/versions/(\d+)", page.locator("main").inner_html())}, reverse=True
    )
    good = next(v for v in versions if v not in blamed and v != versions[0])
    print("versions", versions, "-> restore", good)
    page.goto(url(f"{runbook_href}/versions/{good}"))
    head = main_text(page)
    labels = re.search(r"labels: ([^·\n]+)", head)[1].strip()
    labels = [x.strip() for x in labels.split(",") if x.strip()]
    print("labels of version", good, labels)
    page.goto(url(runbook_href + "/history"))
    form = page.get_by_role("form", name="Restore a version")
    form.get_by_role("combobox", name="Version to restore").select_option(str(good))
    form.get_by_role("textbox", name="Restore message").fill(
        f"Back to version {good}: version 4 was pasted over the runbook, version 3 set the check to 300 s"
    )
    form.get_by_role("button", name="Restore version").click()
    page.wait_for_load_state()
    if page.get_by_role("dialog").count() and page.get_by_role("dialog").first.is_visible():
        confirm(page)
    print("restored:", main_text(page)[:300].replace("\n", " "))
    page.goto(url(runbook_href + "/edit"))
    page.get_by_role("textbox", name="Labels (comma separated)").fill(", ".join(labels + ["verified"]))
    page.get_by_role("textbox", name="Change message").fill("Labels of the good version, verified")
    page.get_by_role("button", name="Save page").click()
    page.wait_for_load_state()
    print("saved:", main_text(page)[:600].replace("\n", " "))
    page.goto(url(runbook_href))
    page.get_by_role("button", name=ask_back).click()
    page.wait_for_load_state()
    print("resolved:", main_text(page)[:150].replace("\n", " "))
    page.goto(url(rewrite_href))
    page.get_by_role("button", name="Discard draft…").click()
    confirm(page)
    print("discarded:", page.url, main_text(page)[:150].replace("\n", " "))
    page.goto(url(checklist_href))
    page.get_by_role("form", name="Publish").get_by_role("button", name="Publish draft").click()
    page.wait_for_load_state()
    print("published:", main_text(page)[:400].replace("\n", " "))
    page.goto(url(runbook_href))
    print(main_text(page)[:2500])
PY

#!/usr/bin/env bash
# Through the web pages only: read the runbook's comments for the versions they say are wrong,
# restore the newest version none of them blames from the history page, give the page that
# version's labels plus "verified", resolve the comment asking for the page back, discard Frank's
# abandoned rewrite and publish Alice's drill checklist.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

KB = local_url(5130)

with chromium() as browser:
    page = page_in(browser, "UTC")
    log_in(page, KB, "alice", "alice-pass")
    page.goto(f"{KB}/spaces/ENG")
    page.get_by_role("link", name="Database failover runbook", exact=True).first.click()
    runbook = page.url
    comments = page.locator("article[aria-label^='comment by']").all_inner_texts()
    for c in comments:
        print("comment:", c.replace("\n", " | "))
    blamed = {int(v) for c in comments for v in re.findall(r"\(?version (\d+)\)?", c)}
    current = int(re.search(r"published version (\d+)", main_text(page), re.I)[1])
    good = max(v for v in range(1, current) if v not in blamed)
    print("blamed", sorted(blamed), "current", current, "-> restore", good)

    page.goto(f"{runbook}/versions/{good}")
    labels = re.search(r"labels: ([^·\n]+)", page.locator("body").inner_text())[1].strip()
    print("version", good, "labels", labels)

    page.goto(f"{runbook}/history")
    form = page.get_by_role("form", name="Restore a version")
    form.get_by_label("Version to restore").select_option(str(good))
    form.get_by_label("Restore message").fill(f"Restore version {good}, the last good content")
    form.get_by_role("button", name="Restore version").click()
    page.wait_for_load_state()
    print(main_text(page)[:300])

    page.goto(f"{runbook}/edit")
    form = page.get_by_role("form", name="Edit page")
    form.get_by_label("Labels (comma separated)").fill(f"{labels}, verified")
    form.get_by_label("Change message").fill(f"Labels of version {good}, and verified")
    form.get_by_role("button", name="Save page").click()
    page.wait_for_load_state()
    print(main_text(page)[:300])

    page.goto(runbook)
    page.get_by_role("button", name=re.compile(r"^Resolve Heidi Larsen's comment")).click()
    page.wait_for_load_state()
    print(main_text(page)[:200])

    for title, action in (("Database failover runbook (rewrite)", "discard"),
                          ("Failover drill checklist", "publish")):
        page.goto(f"{KB}/spaces/ENG")
        # the tree names a draft with its state: "… (Draft)"
        page.get_by_role("link", name=re.compile(rf"^{re.escape(title)}( \(Draft\))?$")).first.click()
        if action == "discard":
            page.get_by_role("button", name="Discard draft…").click()
            dialog = page.locator("dialog[open]")
            print(dialog.inner_text().replace("\n", " | "))
            dialog.get_by_role("button").first.click()
        else:
            page.get_by_role("button", name="Publish draft").click()
        page.wait_for_load_state()
        print(action, title, "->", main_text(page)[:200].replace("\n", " | "))
PY

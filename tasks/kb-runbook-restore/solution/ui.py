"""The task through the wiki's web UI only (``invoke oracle --ui``): restore the Engineering
failover runbook's last good version (the comments name the bad edits), label it `verified`,
resolve Heidi's request, delete Frank's abandoned rewrite and publish Alice's drill checklist."""

import re

from mock_services.browser import browser_page, log_in

KB = "http://127.0.0.1:5130"
RUNBOOK = "Database failover runbook"


def open_in_eng(page, title: str) -> None:
    """Open a page of the Engineering space from the space's page tree (a draft's link name
    ends with its state, "(Draft)")."""
    page.goto(f"{KB}/spaces/ENG")
    page.get_by_role("link", name=re.compile(rf"^{re.escape(title)}( \(Draft\))?$")).click()
    page.wait_for_load_state()
    assert page.get_by_role("heading", name=title, level=1).count(), f"{title!r} not opened"


def bad_versions(page) -> set[int]:
    """The versions the open comments of the runbook say went wrong."""
    comments = page.get_by_role("article", name=re.compile(r"^comment by ")).all()
    # an open comment still has its Resolve button
    said = " ".join(c.inner_text() for c in comments if c.get_by_role("button").count())
    return {int(n) for n in re.findall(r"\(version (\d+)\)", said)}


def last_good_version(page, bad: set[int]) -> tuple[int, list[str]]:
    """The newest version no comment blames, and its labels, read from the history."""
    page.get_by_role("link", name="history", exact=True).click()
    page.wait_for_load_state()
    numbers = [
        int(link.inner_text())
        for link in page.locator("main table a[href*='/versions/']").all()
        if link.inner_text().isdigit()
    ]
    good = max(n for n in numbers if n not in bad)
    page.get_by_role("link", name=str(good), exact=True).click()
    page.wait_for_load_state()
    shown = page.locator("main").inner_text()
    assert "pg-replica-2" in shown and "fails for 30 s" in shown, f"version {good} is not good"
    found = re.search(r"labels: ([^·\n]+)", shown)
    assert found, f"version {good} shows no labels"
    return good, [label.strip() for label in found.group(1).split(",")]


def restore(page, good: int, labels: list[str]) -> None:
    """Restore the version from the history's form, then add `verified` in the edit form."""
    page.get_by_role("link", name="history", exact=True).click()
    page.wait_for_load_state()
    form = page.get_by_role("form", name="Restore a version")
    form.get_by_label("Version to restore", exact=True).select_option(str(good))
    form.get_by_label("Restore message", exact=True).fill("Restore the last good version")
    form.get_by_role("button", name="Restore version").click()
    page.wait_for_load_state()
    assert "Restored" in page.locator("main").inner_text(), "the restore was refused"
    page.get_by_role("link", name="Edit this page").click()
    page.wait_for_load_state()
    page.get_by_label("Labels (comma separated)", exact=True).fill(", ".join([*labels, "verified"]))
    page.get_by_label("Change message", exact=True).fill("Checked")
    page.get_by_role("button", name="Save page").click()
    page.wait_for_load_state()
    assert "verified" in page.locator("main").inner_text(), "the label was not saved"


def resolve_request(page) -> None:
    """Resolve Heidi's open comment asking for the page to be put back."""
    (request,) = page.get_by_role("article", name="comment by Heidi Larsen").all()
    assert "put it back" in request.inner_text()
    request.get_by_role("button", name=re.compile(r"^Resolve Heidi Larsen's comment")).click()
    page.wait_for_load_state()
    assert "Resolved the comment on " in page.locator("main").inner_text()


def delete_rewrite(page) -> None:
    open_in_eng(page, f"{RUNBOOK} (rewrite)")
    status = page.locator(".cf-byline .cf-lozenge").inner_text().strip().lower()  # in capitals
    assert status == "draft", "the rewrite is not a draft"
    page.get_by_role("button", name="Discard draft…").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_role("button", name=f"Discard '{RUNBOOK} (rewrite)' for good").click()
    page.wait_for_load_state()
    assert "Discarded the draft" in page.locator("main").inner_text()


def publish_checklist(page) -> None:
    open_in_eng(page, "Failover drill checklist")
    assert "created by Alice Martin" in page.locator("main").inner_text(), "not Alice's checklist"
    page.get_by_role("button", name="Publish draft").click()
    page.wait_for_load_state()
    assert "Published '" in page.locator("main").inner_text()


with browser_page() as page:
    log_in(page, KB, "alice", "alice-pass")
    open_in_eng(page, RUNBOOK)
    bad = bad_versions(page)
    assert bad == {3, 4}, f"the comments blame versions {bad}"
    good, labels = last_good_version(page, bad)
    restore(page, good, labels)
    resolve_request(page)
    delete_rewrite(page)
    publish_checklist(page)
    print(f"restored version {good} with labels {labels} + verified")

"""The task through the todo app's web UI only (``invoke oracle --ui``): read the "Done this
week" lines of the latest weekly review note, find the task each names with the task list's
search, and press its Complete button when it is still open."""

import re

from mock_services.browser import browser_page, log_in

TODO = "http://127.0.0.1:5002"
# The judgement a reader makes: each done line of the review, and the task it reports on.
DONE = {
    "renewed the SSL certificate for the status page": "Renew SSL certificate for status page",
    "filed the expense report for the Berlin trip": "Expense report for Berlin trip",
    "watered the plants": "Water the plants",
    "picked up the dry cleaning": "Pick up dry cleaning",
    "called mom": "Call mom",
    "cancelled the gym trial": "Cancel gym trial",
}


def latest_review(page) -> tuple[str, str]:
    """(title, text) of the weekly review note with the highest number, found by the search."""
    page.goto(f"{TODO}/notes")
    page.get_by_label("Search notes").fill("weekly review")
    with page.expect_navigation():
        page.get_by_role("button", name="Search", exact=True).click()
    titles = page.locator("#notes li a").all_inner_texts()
    numbered = [t for t in titles if re.fullmatch(r"Weekly review \d+", t)]
    assert numbered, f"no weekly review among the notes: {titles}"
    title = max(numbered, key=lambda t: int(t.split()[-1]))
    with page.expect_navigation():
        page.locator("#notes").get_by_role("link", name=title, exact=True).click()
    return title, page.get_by_label("Text").input_value()


def done_lines(text: str) -> list[str]:
    """The "- " lines of the note's "Done this week:" section."""
    section = text.split("Done this week:", 1)[1].split("\n\n", 1)[0]
    return [line[2:].strip() for line in section.splitlines() if line.startswith("- ")]


def complete(page, title: str) -> str:
    """Find the task titled ``title`` among all tasks and press Complete if it is open; the
    status it had."""
    page.goto(f"{TODO}/")
    page.get_by_label("Search", exact=True).fill(title)
    page.get_by_label("Status", exact=True).select_option("all")
    with page.expect_navigation():
        page.get_by_role("button", name="Filter").click()
    rows = page.locator("#tasks li[data-task]").filter(
        has=page.get_by_role("link", name=title, exact=True)
    )
    assert rows.count() == 1, f"expected one task titled {title!r}, found {rows.count()}"
    status = rows.get_attribute("class").split()[0]  # open or completed, then overdue
    if status == "open":
        with page.expect_navigation():
            rows.get_by_role("button", name=f"Complete {title}", exact=True).click()
        assert page.get_by_role("button", name=f"Reopen {title}", exact=True).count() == 1, title
    return status


with browser_page() as page:
    log_in(page, TODO, "alice", "alice-pass")
    title, text = latest_review(page)
    assert title == "Weekly review 10", f"the latest review is {title}"
    lines = done_lines(text)
    assert len(lines) == len(DONE), f"{title} reports other things done: {lines}"
    for reported, task in DONE.items():
        assert any(line.startswith(reported) for line in lines), f"{title} lacks {reported!r}"
        print(task, "was", complete(page, task))

"""The task through the expense service's web UI only (``invoke oracle --ui``): open each team
report waiting for Bob's approval, read which items the page flags over the policy limit, and
press Approve, or Reject with a reason naming those items' merchants."""

from mock_services.browser import browser_page, log_in

EXPENSE = "http://127.0.0.1:5005"


def waiting_reports(page) -> list[tuple[str, str]]:
    """(code, address) of each team report the review queue lists as submitted."""
    page.goto(f"{EXPENSE}/review")
    page.get_by_label("Status").select_option("submitted")
    with page.expect_navigation():
        page.get_by_role("button", name="Filter").click()
    statuses = page.locator("#reports [data-code] .status").all_inner_texts()
    assert {s.lower() for s in statuses} == {"submitted"}, (
        f"the status filter did not apply: {statuses}"
    )
    links = page.locator("#reports [data-code] .code a")
    return [(link.inner_text().strip(), link.get_attribute("href")) for link in links.all()]


def over_limit_merchants(page) -> list[str]:
    """The merchant of each item row of the open report whose Policy cell says over limit."""
    merchants = []
    for row in page.locator("#items tr[data-item]").all():
        if "over limit" in row.locator("td.flags").inner_text():
            merchants.append(row.locator("td").nth(1).get_by_role("link").inner_text().strip())
    return merchants


with browser_page() as page:
    log_in(page, EXPENSE, "bob", "bob-pass")
    reports = waiting_reports(page)
    assert len(reports) == 5, f"expected five team reports waiting for approval, read {reports}"
    for code, link in reports:
        page.goto(f"{EXPENSE}{link}")
        assert page.locator("#status").inner_text().lower() == "submitted", (
            f"{code} is not submitted"
        )
        over = over_limit_merchants(page)
        if over:
            page.get_by_label("Reason").fill("Over the category limit: " + ", ".join(over))
        decide = "Reject" if over else "Approve"
        with page.expect_navigation():
            page.get_by_role("button", name=decide, exact=True).click()
        page.goto(f"{EXPENSE}{link}")
        status = page.locator("#status").inner_text().lower()
        assert status == ("rejected" if over else "approved"), f"{code} is {status}"
        print(code, status, ", ".join(over))

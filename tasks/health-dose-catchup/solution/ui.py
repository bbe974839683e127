"""The task through the health app's web UI only (``invoke oracle --ui``): press Taken on
today's unmarked 08:00 doses, then on yesterday's page undo the 20:00 Metformin's wrong "taken"
mark and press Skip on it."""

from datetime import date, timedelta

from mock_services.browser import browser_page, log_in

HEALTH = "http://127.0.0.1:5007"


def status_of(page, name: str, at: str) -> str:
    """The status the shown day's medication schedule gives the dose of ``name`` at ``at``."""
    row = page.locator(f"#schedule tr[data-medication='{name}'][data-time='{at}']")
    assert row.count() == 1, f"no single {name} dose at {at} on {page.url}"
    return row.locator(".status").inner_text().lower()


def press(page, button: str) -> None:
    page.get_by_role("button", name=button, exact=True).click()
    page.wait_for_load_state()


with browser_page() as page:
    log_in(page, HEALTH, "bob", "bob-pass")
    page.goto(HEALTH)
    today = date.fromisoformat(page.get_by_label("Day").input_value())
    morning = page.locator("#schedule tr[data-time='08:00']")
    open_doses = [
        row.get_attribute("data-medication")
        for row in morning.all()
        if row.locator(".status").inner_text().lower() in ("due", "missed")
    ]
    assert len(open_doses) == 2, f"expected two unmarked 08:00 doses, read {open_doses}"
    for name in open_doses:
        press(page, f"Taken: {name} at 08:00")
        assert status_of(page, name, "08:00") == "taken", f"{name} at 08:00 not marked taken"

    page.get_by_label("Day").fill(f"{today - timedelta(days=1)}")
    page.get_by_role("button", name="Show", exact=True).click()
    page.wait_for_load_state()
    assert status_of(page, "Metformin", "20:00") == "taken", "yesterday's evening Metformin"
    press(page, "Undo Metformin at 20:00 (taken)")
    press(page, "Skip Metformin at 20:00")
    assert status_of(page, "Metformin", "20:00") == "skipped", "evening Metformin not skipped"
    print("taken at 08:00:", ", ".join(open_doses), "; yesterday's 20:00 Metformin skipped")

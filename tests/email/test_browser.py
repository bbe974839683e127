"""The webmail UI in headless Chromium: log in, read, reply, search, compose with an error."""

from __future__ import annotations

import pytest

from tests.helpers import expect, log_in


@pytest.mark.browser
def test_read_and_reply_in_the_browser(mail, page) -> None:  # type: ignore[no-untyped-def]
    base = mail.process.url
    page.goto(base + "/")
    assert "/login" in page.url
    page.fill("#username", "alice")
    page.fill("#password", "alice-pass")
    page.click("#login")
    page.wait_for_selector("#messages")
    lunch_row = page.locator("tr.msg", has_text="Lunch next week?")
    assert "unread" in (lunch_row.get_attribute("class") or "")
    assert page.locator("nav a[data-folder=inbox] .count").inner_text() == "7"
    lunch_row.locator("a").last.click()
    page.wait_for_selector("#message")
    assert page.inner_text("#subject").startswith("Lunch next week?")
    page.wait_for_selector("text=Mark as unread")  # opened, so read (as Gmail does)
    page.click("#reply")
    page.wait_for_selector("#compose")
    assert page.input_value("#to") == "dave@example.test"
    assert page.input_value("#subject") == "Re: Lunch next week?"
    page.fill("#cc", "bob@example.test")
    page.fill("#bcc", "carol@example.test")
    page.fill("#body", "Wednesday 12:30 works for me.")
    page.click("#send")
    page.wait_for_selector("text=Message sent to ")
    assert page.inner_text("#subject").startswith("Re: Lunch next week?")

    sent = mail.find("alice", folder="sent", q="Wednesday 12:30")
    assert len(sent) == 1 and sent[0]["thread_id"] == "lunch"
    detail = expect(mail.user("alice").get(f"/api/messages/{sent[0]['id']}"), 200)
    assert detail["in_reply_to"] == "<lunch-1@example.test>"
    assert (detail["cc"], detail["bcc"]) == (["bob@example.test"], ["carol@example.test"])
    carol_copy = mail.find("carol", folder="inbox", q="Wednesday 12:30")[0]
    assert expect(mail.user("carol").get(f"/api/messages/{carol_copy['id']}"), 200)["bcc"] == []
    assert mail.find("dave", folder="inbox", q="Wednesday 12:30")[0]["subject"] == (
        "Re: Lunch next week?"
    )
    original = mail.find("alice", folder="inbox", q="ramen")[0]
    assert original["read"] is True

    # search box, then a refused send shows the error in plain words
    page.fill("input[name=q]", "invoice")
    page.press("input[name=q]", "Enter")
    page.wait_for_selector("tr.msg")
    assert page.locator("tr.msg").count() == 1
    page.click("#compose-link")
    page.fill("#to", "not-an-address")
    page.click("#send")
    alert = page.wait_for_selector("[role=alert]")
    assert "not a valid email address" in alert.inner_text()
    # delete from the message view moves it to trash
    page.goto(f"{base}/messages/{original['id']}")
    page.click("#delete")
    page.wait_for_selector("text=to trash.")
    assert (
        expect(mail.user("alice").get(f"/api/messages/{original['id']}"), 200)["folder"] == "trash"
    )


@pytest.mark.browser
def test_deleting_a_label_asks_first_in_the_browser(mail, page) -> None:  # type: ignore[no-untyped-def]
    """Choosing not to delete leaves the label alone; only the dialog's own button deletes it."""
    alice = mail.user("alice")
    label = expect(alice.get("/api/labels"), 200)["items"][0]["name"]
    log_in(page, mail.process.url, "alice", "alice-pass", "/labels")
    opener = page.get_by_role("button", name=f"Delete label '{label}'…", exact=True)
    opener.click()
    dialog = page.get_by_role("dialog")
    assert "This cannot be undone." in dialog.inner_text()
    dialog.get_by_role("button", name=f"Don't delete label '{label}'", exact=True).click()
    assert page.get_by_role("dialog").count() == 0
    assert label in [lab["name"] for lab in expect(alice.get("/api/labels"), 200)["items"]]

    opener.click()
    page.get_by_role("dialog").get_by_role(
        "button", name=f"Yes, delete label '{label}'", exact=True
    ).click()
    page.wait_for_selector("[role=alert]")
    assert label not in [lab["name"] for lab in expect(alice.get("/api/labels"), 200)["items"]]


@pytest.mark.browser
def test_deleting_forever_from_the_trash_asks_first(mail, page) -> None:  # type: ignore[no-untyped-def]
    """The toolbar's "Delete forever…" opens a confirmation; only its own button deletes."""
    alice = mail.user("alice")
    trash = expect(alice.get("/api/messages?folder=trash"), 200)["items"]
    assert trash, "the default data has messages in the trash"
    log_in(page, mail.process.url, "alice", "alice-pass", "/?folder=trash")
    page.locator("input[type=checkbox][name=ids]").first.check()  # the first row
    page.get_by_role("button", name="Delete forever…").click()
    dialog = page.get_by_role("dialog")
    assert "This cannot be undone." in dialog.inner_text()
    dialog.get_by_role("button", name="Don't delete forever").click()
    left = expect(alice.get("/api/messages?folder=trash"), 200)["items"]
    assert len(left) == len(trash)
    page.get_by_role("button", name="Delete forever…").click()
    page.get_by_role("dialog").get_by_role("button", name="Yes, delete forever").click()
    page.wait_for_selector("[role=alert]")
    assert len(expect(alice.get("/api/messages?folder=trash"), 200)["items"]) == len(trash) - 1


@pytest.mark.browser
def test_opening_an_unread_message_marks_it_read(mail, page) -> None:  # type: ignore[no-untyped-def]
    """As in Gmail: the message opened is marked read by the API's own update_flags (from the
    page, in the audit log), its button then offers "Mark as unread", and back in the list its
    row no longer says "unread"; a message already read is opened without a write."""
    base = mail.process.url
    log_in(page, base, "alice", "alice-pass")
    unread = mail.find("alice", folder="inbox", unread="true")
    row = page.locator("tr.msg", has_text=unread[0]["subject"])
    assert "Unread, " in row.inner_text() or "unread" in row.inner_text()
    since = max([e["id"] for e in mail.admin.audit()], default=0)
    with page.expect_response(lambda answer: answer.request.method == "POST"):
        row.locator("td.what a").click()
    page.wait_for_selector("text=Mark as unread")
    entries = mail.admin.audit(since)
    assert [(e["operation"], e["via"], e["params"]) for e in entries] == [
        ("update_flags", "ui", {"message_id": unread[0]["id"]})
    ]
    change = entries[0]["changes"][0]
    assert (change["before"]["is_read"], change["after"]["is_read"]) == (False, True)
    message = expect(mail.user("alice").get(f"/api/messages/{unread[0]['id']}"), 200)
    assert message["read"] is True
    page.goto(base + "/?folder=inbox")
    row = page.locator("tr.msg", has_text=unread[0]["subject"])
    assert "unread" not in row.inner_text() and "unread" not in row.get_attribute("class")
    since = max([e["id"] for e in mail.admin.audit()], default=0)
    row.locator("td.what a").click()
    page.wait_for_selector("text=Mark as unread")
    page.wait_for_load_state("networkidle")
    assert mail.admin.audit(since) == []
    with page.expect_navigation():
        page.get_by_role("button", name="Mark as unread").click()
    assert page.url.endswith("/?folder=inbox")  # back to the list, as Gmail does
    row = page.locator("tr.msg", has_text=unread[0]["subject"])
    assert "unread" in row.get_attribute("class")
    assert expect(mail.user("alice").get(f"/api/messages/{unread[0]['id']}"), 200)["read"] is False


@pytest.mark.browser
def test_an_opened_message_offers_mark_as_unread_at_once(mail, page) -> None:  # type: ignore[no-untyped-def]
    """The toggle says what the message is once the page is shown (opened, so read), not only
    when the mark-read request has come back: a reader of the page at load sees "Mark as unread"."""
    base = mail.process.url
    log_in(page, base, "alice", "alice-pass")
    unread = mail.find("alice", folder="inbox", unread="true")
    held: list = []  # type: ignore[type-arg]
    page.route("**/action", lambda route: held.append(route))  # the mark-read answer waits
    page.goto(f"{base}/messages/{unread[0]['id']}")
    toggle = page.locator("#toggle-read")
    said = toggle.inner_text()
    assert said == "Mark as unread", f"expected 'Mark as unread', got {said!r}"
    assert page.locator('#read-form input[name="action"]').input_value() == "unread"
    assert len(held) == 1, "expected the page to send its mark-read request"
    held[0].continue_()
    page.wait_for_load_state("networkidle")
    assert expect(mail.user("alice").get(f"/api/messages/{unread[0]['id']}"), 200)["read"] is True

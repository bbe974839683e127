"""The message page's controls as a browser's accessibility tree reads them: Reply, Reply all
and Forward are one link each (no button inside a link), and folders are named as Gmail shows
them (capitalised), Sent never offered as a place to move mail to."""

from __future__ import annotations

import re

from tests.email.conftest import PASSWORDS
from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect


def _inbox_message(browser: ApiClient) -> int:
    found = expect(browser.get("/api/messages", params={"folder": "inbox"}), 200)["items"]
    return int(found[0]["id"])


def test_reply_reply_all_and_forward_are_one_control_each(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", PASSWORDS["alice"]))
    message = _inbox_message(browser)
    page = browser.get(f"/messages/{message}").text
    actions = page.split('id="actions"', 1)[1]
    assert not re.search(r"<a [^>]*>\s*<button", actions), "a button nested in a link"
    for mode, name in (("reply", "Reply"), ("reply_all", "Reply all"), ("forward", "Forward")):
        link = re.search(
            rf'<a class="mail-action" href="/compose\?mode={mode}&amp;source={message}"[^>]*>'
            rf"{name}</a>",
            actions,
        )
        assert link, (mode, actions[:600])


def test_folders_are_capitalised_and_sent_is_no_move_target(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", PASSWORDS["alice"]))
    message = _inbox_message(browser)
    for address, select in ((f"/messages/{message}", "move-folder"), ("/", "bulk-folder")):
        page = browser.get(address).text
        start = page.index(f'id="{select}"')
        options = re.findall(
            r'<option value="([^"]*)"[^>]*>([^<]*)</option>',
            page[start : page.index("</select>", start)],
        )
        named = dict(options)
        assert "sent" not in named, (address, options)
        assert named.get("archive") == "Archive" and named.get("spam") == "Spam", options


def test_a_sent_row_names_its_recipients_not_its_sender(service: ApiClient) -> None:
    """In Sent every row is from you: Gmail shows whom it went to, and so does each row's
    checkbox ("Select “Lunch” to bob@example.test (...)"), never "from Alice Martin"."""
    browser = as_browser(service.as_user("alice", PASSWORDS["alice"]))
    sent = expect(browser.get("/api/messages", params={"folder": "sent"}), 200)["items"]
    assert sent, "alice has sent mail in the default data"
    page = browser.get("/", params={"folder": "sent"}).text
    picks = re.findall(r'<label for="select-(\d+)" class="sr-only">([^<]+)</label>', page)
    assert picks and all(" from " not in name for _, name in picks), picks
    shown = re.findall(r"To: ([^\n<]+?)\s*\n", page)
    assert [re.sub(r"^Select “.*” to (.+) \(.*$", r"\1", name) for _, name in picks] == shown

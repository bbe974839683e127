"""A copy's own page (one of three identical "Offsite agenda" mails) never said it was a copy,
and in the inbox each copy's sender link read "Unread, Carol Diaz", the same on all three rows.
A copy's page says so as the calendar's event page does ("2 other messages in inbox look
exactly like this one…"), linking the others by the names the mailbox gives them, and the
sender link is told apart as the subject link is."""

from __future__ import annotations

import html
import re
from pathlib import Path

from mock_services.registry import get_spec
from tests.email.conftest import PASSWORDS
from tests.form_assertions import as_browser
from tests.page_words import shown_text
from tests.service_fixtures import serve


def test_a_copy_says_so_and_its_rows_are_told_apart(tmp_path: Path) -> None:
    copy = {"owner": "alice", "folder": "inbox", "from_address": "carol@example.test",
            "from_name": "Carol Diaz", "to": ["alice@example.test"], "subject": "Offsite agenda",
            "body": "Strategy in the morning.", "date": "-2d 11:30", "read": False}  # fmt: skip
    seed = get_spec("email").default_seed()
    seed["messages"] += [copy, copy, copy]
    with serve("email", tmp_path, seed) as email:
        alice = as_browser(email.client().as_user("alice", PASSWORDS["alice"]))
        inbox = html.unescape(alice.get("/").text)
        senders = re.findall(
            r'<td class="who"><a href="/messages/(\d+)" aria-label="([^"]*)">', inbox
        )
        copies = [(int(i), name) for i, name in senders if "Carol Diaz (" in name]
        assert [name for _i, name in copies] == [
            f"Unread, Carol Diaz ({n} of 3 alike)" for n in (1, 2, 3)
        ], senders
        (first, _), (second, _), (third, _) = copies
        page = alice.get(f"/messages/{second}").text
    said = shown_text(page)
    assert "2 other messages in inbox look exactly like this one" in said, said[:2000]
    assert "this is Offsite agenda (2 of 3 alike)" in said, said[:2000]
    for other, n in ((first, 1), (third, 3)):
        assert f'<a href="/messages/{other}">Offsite agenda ({n} of 3 alike)</a>' in page

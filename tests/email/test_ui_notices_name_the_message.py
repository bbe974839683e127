"""A notice after a form names the message it acted on, as "Marked “x” as unread." does:
"Draft saved.", "Draft discarded.", "Moved to trash." and "Deleted forever." named none."""

from __future__ import annotations

import re

from tests.email.conftest import PASSWORDS
from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import shown_text


def test_draft_and_trash_notices_name_the_subject(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", PASSWORDS["alice"]))
    made = browser.post(
        "/drafts", data={"to": "bob@example.test", "subject": "Fern rota", "body": "Hi"}
    )
    assert "Saved the draft “Fern rota”." in shown_text(made.text), shown_text(made.text)[:1500]
    draft = int(re.search(r"/messages/(\d+)", made.url)[1])  # type: ignore[index]
    gone = browser.post(f"/drafts/{draft}/delete")
    assert "Discarded the draft “Fern rota”." in shown_text(gone.text)

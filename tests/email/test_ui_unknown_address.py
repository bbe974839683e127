"""An address the mail pages do not take is told in plain words ("There is no message
“send”."), never the API's "message ids are numbers"; the API keeps its JSON error."""

from __future__ import annotations

from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import shown_text


def test_text_where_a_message_number_goes_is_told_plainly(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    response = browser.get("/messages/send", headers={"Accept": "text/html"})
    assert response.status_code == 404
    text = shown_text(response.text)
    assert "There is no message “send”." in text, text[:600]
    assert "ids are numbers" not in text
    api = service.as_user("alice", "alice-pass").get("/api/messages/abc")
    assert api.status_code == 404 and "ids are numbers" in api.json()["error"]["message"]

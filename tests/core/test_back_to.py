"""Where a web form sends the browser once it is done (``forms.back_to``): the page it names,
when that is a page of this site, else the form's default; never another host or a header."""

from __future__ import annotations

import pytest
from flask import Flask

from mock_services.core.web.forms import back_to, local_target


@pytest.mark.parametrize(
    ("named", "goes_to"),
    [
        ("/inbox?folder=sent", "/inbox?folder=sent"),
        ("/tasks/3", "/tasks/3"),
        ("", "/home"),
        ("inbox", "/home"),
        ("https://evil.example/", "/home"),
        ("//evil.example/", "/home"),
        ("/\\evil.example/", "/home"),
        ("/ok\r\nSet-Cookie: a=b", "/home"),
    ],
)
def test_a_form_goes_back_only_to_a_page_of_this_site(named: str, goes_to: str) -> None:
    app = Flask(__name__)
    with app.test_request_context("/x", method="POST", data={"back": named, "next": named}):
        assert back_to("/home").headers["Location"] == goes_to
        answer = back_to("/home", "next")
        assert (answer.status_code, answer.headers["Location"]) == (303, goes_to)
        assert local_target() == (None if goes_to == "/home" else named)

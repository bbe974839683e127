"""Pictures drawn from a name (avatars, product pictures, logos): the same name always gives
the same picture, a name cannot break out of the SVG, every service serves them and its
vendored client-side script, and pages show them."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from mock_services.core.web.pictures import (
    KINDS,
    NAME_LIMIT,
    PictureKind,
    initials,
    picture_tag,
    svg,
)
from mock_services.registry import get_spec
from tests.form_assertions import as_browser
from tests.service_fixtures import serve

pytestmark = pytest.mark.process  # the served part starts a service

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize(
    ("name", "expected"),
    [("Alice Martin", "AM"), ("prize.center", "PC"), ("bob", "B"), ("", "?"), ("Émile Zola", "ÉZ")],
)
def test_initials_are_the_first_letters_of_the_first_and_last_words(
    name: str, expected: str
) -> None:
    assert initials(name) == expected


@pytest.mark.parametrize("kind", KINDS)
def test_a_picture_is_the_same_for_the_same_name_and_differs_between_names(
    kind: PictureKind,
) -> None:
    assert svg(kind, "Alice Martin") == svg(kind, "Alice Martin")
    drawn = {svg(kind, name) for name in ("Alice", "Bob", "Carol", "Dave", "Erin")}
    assert len(drawn) == 5
    root = ElementTree.fromstring(svg(kind, "Alice Martin"))
    assert root.tag == f"{SVG}svg" and root.get("aria-label") == "Alice Martin"


def test_a_name_cannot_break_out_of_the_picture() -> None:
    hostile = '"><script>alert(1)</script><x a="'
    drawn = svg("person", hostile)
    root = ElementTree.fromstring(drawn)  # still one well-formed SVG document
    assert root.get("aria-label") == hostile[:NAME_LIMIT]
    assert not root.findall(f".//{SVG}script") and "<script>" not in drawn
    tag = str(picture_tag("product", hostile, 48))
    assert "<script>" not in tag and 'src="/pictures/product/%22%3E%3Cscript%3E' in tag
    assert 'width="48" height="48" alt=""' in tag


def test_every_service_serves_pictures_and_its_script_and_shows_them(tmp_path: Path) -> None:
    with serve("social", tmp_path, get_spec("social").default_seed()) as social:
        client = social.client()
        got = client.get("/pictures/person/Alice%20Martin.svg")
        assert got.status_code == 200, got.text
        assert got.headers["Content-Type"].startswith("image/svg+xml")
        assert "max-age=86400" in got.headers["Cache-Control"]
        assert got.text == svg("person", "Alice Martin")
        assert client.get("/pictures/house/x.svg").status_code == 404
        script = client.get("/static/core/app.js")
        assert script.status_code == 200 and "dismissibleNotices" in script.text
        alice = as_browser(social.client().as_user("alice", "alice-pass"))
        home = alice.get("/").text
        assert '<script src="/static/core/app.js" defer>' in home
        assert 'src="/pictures/person/Alice%20Martin.svg"' in home  # the header's avatar

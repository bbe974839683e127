"""The page's actions are offered only to who may take them, as Confluence shows them: no
"Delete page…" for a viewer or an editor (only a space admin deletes a page), a draft's author
discards it with "Discard draft…", and publishing is offered to editors only. Default seed
(see conftest): in ENG alice is an admin, frank an editor (by the space's default), ivan a
viewer; page 3 is published, page 12 is frank's draft."""

from __future__ import annotations

import html

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.kb.conftest import PASSWORDS


def _page(service: ApiClient, user: str, address: str) -> str:
    answer = as_browser(service.as_user(user, PASSWORDS[user])).get(address)
    assert answer.status_code == 200, answer.text[:300]
    return html.unescape(answer.text)


def test_only_a_space_admin_is_offered_delete_page(service: ApiClient) -> None:
    for user in ("ivan", "frank"):
        page = _page(service, user, "/pages/3")
        assert "Delete page…" not in page and "/pages/3/delete" not in page, user
    assert "Delete page…" in _page(service, "alice", "/pages/3")


def test_a_viewer_is_offered_no_change(service: ApiClient) -> None:
    page = _page(service, "ivan", "/pages/3")
    actions = (
        "Edit this page",
        "Archive page",
        "Move page",
        'aria-label="Publish"',
        "Discard draft",
    )
    for action in actions:
        assert action not in page, action


def test_a_drafts_author_discards_it(service: ApiClient) -> None:
    page = _page(service, "frank", "/pages/12")
    assert "Discard draft…" in page and "Delete page…" not in page
    assert "Discard the draft 'API versioning RFC'? It was never published" in page
    assert "Publish draft" in page
    frank = as_browser(service.as_user("frank", PASSWORDS["frank"]))
    done = frank.post("/pages/12/delete", headers={"Referer": service.base_url + "/pages/12"})
    assert done.status_code == 200 and "Discarded the draft &#39;API versioning RFC&#39;." in (
        done.text
    ), done.text[:300]
    expect(service.as_user("frank", PASSWORDS["frank"]).get("/api/pages/12"), 404)

"""``ui-coverage``: each service's web UI against its API, operation by operation, by the pages
and forms its seeded users reach from ``/``; a read no page shows, a write no form performs, or
a page or form no user reaches is a gap, and the command exits 1 on one."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

from mock_services import cli
from mock_services import ui_coverage as uc
from mock_services.core.base.settings import Settings
from mock_services.core.serve.app import create_app
from mock_services.registry import SERVICE_MODULES, get_spec
from tests.services.crawled import Crawled, once_per_service


def kb_view(name: str) -> object:
    """The view function of the knowledge base's UI page ``name`` (shared by every app)."""
    app = create_app(get_spec("kb"), Settings(data_dir=Path("/nonexistent")))
    return app.view_functions[f"kb_ui.{name}"]


NO_DIALOGS: tuple[str, ...] = ()
"""Services none of whose pages asks before an action (none, so far)."""


@pytest.fixture(scope="module")
def crawls(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Crawled]:
    """A service's app crawled on its default seed as all its users, once per module: the crawl
    is most of a coverage's time, and a test changing only what pages declare assesses the same
    crawl."""
    return once_per_service(
        lambda service, data_dir: uc.crawled(get_spec(service), data_dir), tmp_path_factory
    )


def test_a_page_is_read_for_links_forms_controls_and_preset_values() -> None:
    parser = uc.PageParser()
    parser.feed(
        '<a href="/pages/4">Deploy</a><form method="get" action="/search">'
        '<input name="q" value="deploy"><input type="checkbox" name="mine">'
        '<select name="space"><option value="">any</option><option value="ENG" selected>'
        "ENG</option></select><button>Search</button></form>"
        '<form method="post" action="/pages/4/delete"><button aria-label="Delete page '
        "'Deploy'\">Delete</button></form>"
        '<form method="post" action="/pages/4/watch"><input type="submit" value="Watch">'
        "</form>"
    )
    assert parser.links == ["/pages/4"]
    search, delete, watch = parser.forms
    assert (search.method, search.action, search.values) == (
        "GET",
        "/search",
        {"q": "deploy", "space": "ENG"},
    )
    assert (delete.method, delete.buttons) == ("POST", [("Delete page 'Deploy'", {}, "")])
    assert watch.buttons == [("Watch", {}, "")]


def test_a_required_list_starting_on_a_blank_is_sent_with_its_first_choice() -> None:
    """A required "Choose the new flight" list is sent as a person sends it, with an option
    picked (its first one not disabled); a list that may stay blank is sent blank."""
    parser = uc.PageParser()
    parser.feed(
        '<form method="get" action="/review"><select name="flight_id" required>'
        '<option value="" selected>Choose the new flight</option>'
        '<option value="7" disabled>LC220 (full)</option><option value="9">LC216</option>'
        '<option value="11">LC218</option></select>'
        '<select name="sort"><option value="">any</option><option value="price">price</option>'
        "</select><button>Review</button></form>"
    )
    assert parser.forms[0].values == {"flight_id": "9", "sort": ""}


def test_the_tags_the_parser_skips_are_dropped_before_it_reads_the_page() -> None:
    page = (
        '<div class="a>b"><table><tr><td><a href="/pages/4" title="x > y">Deploy</a></td></tr>'
        '</table><script>let s = "<a href=/not-a-link>";</script><form method="post" '
        'action="/pages/4/delete"><button><span class="icon"></span> Delete</button></form></div>'
    )
    assert uc._read_tags_only(page) == (
        '<a href="/pages/4" title="x > y">Deploy</a><script>let s = "<a href=/not-a-link>";'
        '</script><form method="post" action="/pages/4/delete"><button> Delete</button></form>'
    )
    parser = uc.PageParser()
    parser.feed(page)
    assert parser.links == ["/pages/4"]
    assert [(f.action, f.buttons) for f in parser.forms] == [
        ("/pages/4/delete", [("Delete", {}, "")])
    ]


def test_the_knowledge_base_shows_every_read_and_offers_every_write(
    crawls: Callable[[str], Crawled],
) -> None:
    result = uc.assessed(get_spec("kb"), *crawls("kb"))
    assert result.gaps == []
    by_name = {o.operation: o for o in result.operations}
    assert by_name["get_page"].declared_by == ["GET /pages/<int:page_id>"]
    assert any(p.page.startswith("/pages/") for p in by_name["get_page"].found)
    deletes = {(p.route, p.control) for p in by_name["delete_page"].found}
    assert ("/pages/<int:page_id>/delete", "Delete 'Deploy process' for good") in deletes
    assert by_name["delete_page"].kind == "write"


def test_an_undeclared_read_and_an_unreached_page_are_gaps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kb_view("people_page"), "shows", ())
    monkeypatch.setattr(uc, "NOT_FOLLOWED", (*uc.NOT_FOLLOWED, "/search"))
    kb = get_spec("kb")
    gaps = uc.assessed(kb, *uc.crawled(kb, tmp_path, users=1)).gaps  # alice reaches every page
    assert gaps == [
        "list_users (GET /api/users): no page shows it",
        "search_pages (GET /api/search): no user reaches a page GET /search by the UI's links "
        "from /",
    ]


def test_a_link_to_a_page_that_fails_is_a_broken_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fails(_ctx: object) -> list[object]:
        raise RuntimeError("the directory is down")

    monkeypatch.setattr("mock_services.kb.ui.spaces.all_users", fails)
    kb = get_spec("kb")
    result = uc.assessed(kb, *uc.crawled(kb, tmp_path, users=2))
    assert "/people: 500 for alice, 500 for bob" in " ".join(result.broken_links)
    assert any(link.startswith("/spaces/ENG: 500 for alice") for link in result.broken_links)
    assert "list_users (GET /api/users): no user reaches a page GET /people" in " ".join(
        result.gaps
    )


def test_an_irreversible_action_without_a_confirmation_is_a_gap(
    crawls: Callable[[str], Crawled],
) -> None:
    by_name = {o.operation: o for o in uc.assessed(get_spec("kb"), *crawls("kb")).operations}
    assert by_name["delete_page"].found and all(p.confirmed for p in by_name["delete_page"].found)
    asking = dataclasses.replace(get_spec("kb"), asked_first=frozenset({"watch_page"}))
    gaps = uc.assessed(asking, *crawls("kb")).gaps  # as if kb declared watching asks first
    assert len(gaps) == 1 and gaps[0].startswith(
        "watch_page (PUT /api/pages/<int:page_id>/watch): "
    )
    assert gaps[0].endswith("does it without asking to confirm")


def test_a_service_asking_first_before_an_operation_its_api_lacks_fails_the_app() -> None:
    asking = dataclasses.replace(get_spec("kb"), asked_first=frozenset({"watch_page", "blokc"}))
    with pytest.raises(ValueError, match=r"^kb: asked_first names operations its API lacks: blokc"):
        create_app(asking, Settings(data_dir=Path("/nonexistent")))


def test_a_page_naming_a_read_the_api_lacks_fails_the_app(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(kb_view("people_page"), "shows", ("list_everyone",))
    with pytest.raises(
        ValueError,
        match=r"page 'kb_ui.people_page' shows reads its API lacks: "
        r"list_everyone; the API's are diff_versions, get_page, ",
    ):
        create_app(get_spec("kb"), Settings(data_dir=Path("/nonexistent")))


def test_the_command_exits_1_on_a_gap_and_names_it(
    crawls: Callable[[str], Crawled],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kb = crawls("kb")  # the command assesses the module's crawl: what it reaches is the same
    monkeypatch.setattr(uc, "crawled", lambda _spec, _data_dir: kb)
    assert cli.main(["ui-coverage", "kb"]) == 0
    assert "kb: 29 API operations, 0 gaps" in capsys.readouterr().out
    monkeypatch.setattr(kb_view("history_page"), "shows", ())
    assert cli.main(["ui-coverage", "kb"]) == 1
    out, err = capsys.readouterr()
    assert "GAP  list_versions" in out and "no page shows it" in out
    assert err.startswith("1 gaps: give each operation a page")


@pytest.mark.parametrize("service", SERVICE_MODULES)
def test_each_web_ui_does_what_its_api_does(service: str, crawls: Callable[[str], Crawled]) -> None:
    result = uc.assessed(get_spec(service), *crawls(service))
    assert result.gaps == [], f"{service}'s UI lacks:\n" + "\n".join(result.gaps)
    assert result.pages_opened > len(result.operations)  # the crawl went past the start page


def test_a_dialogs_own_button_is_read_with_its_opener() -> None:
    parser = uc.PageParser()
    parser.feed(
        '<button type="button" commandfor="confirm-x" command="show-modal">Delete page…</button>'
        '<dialog id="confirm-x" class="confirm"><form method="post" action="/pages/4/delete">'
        "<button type=\"submit\">Delete 'Runbook' for good</button></form></dialog>"
    )
    (form,) = parser.forms
    assert (form.confirmed, form.dialog) == (True, "confirm-x")
    assert parser.openers == {"confirm-x": "Delete page…"}


@pytest.mark.parametrize("service", SERVICE_MODULES)
def test_no_confirmation_repeats_its_openers_name(
    service: str, crawls: Callable[[str], Crawled]
) -> None:
    """On every page its seeded users reach, a confirmation dialog's own button says the action
    in its own words: never its opener's name ("Delete page…" opens, "Yes, delete page" or
    "Delete 'Runbook' for good" does it), so a search for one never finds the other."""
    _, crawl = crawls(service)
    same = sorted(
        (url, opener, confirm)
        for url, opener, confirm in crawl.dialogs
        if not opener or opener.rstrip("…").strip().casefold() == confirm.strip().casefold()
    )
    assert crawl.dialogs or service in NO_DIALOGS, f"{service}: the crawl met no confirmation"
    assert same == [], f"{service}: dialogs whose button repeats its opener's name: {same[:10]}"


def test_a_control_outside_its_form_and_a_buttons_own_action_are_read() -> None:
    """A field or button joined to a form by ``form="id"`` (even ahead of it) is the form's,
    and a button's ``formaction`` is where that button posts (helpdesk's ticket page: the
    composer's "Send comment" posts the properties form to the comments route)."""
    parser = uc.PageParser()
    parser.feed(
        '<textarea name="body" form="f"></textarea>'
        '<select name="submit_as" form="f"><option value="">unchanged</option></select>'
        '<button type="submit" form="f" formaction="/t/1/comments">Send comment</button>'
        '<form id="f" method="post" action="/t/1/edit"><input name="subject" value="Hi">'
        '<button type="submit">Save ticket</button></form>'
    )
    (form,) = parser.forms
    assert (form.method, form.action) == ("POST", "/t/1/edit")
    assert form.values == {"submit_as": "", "subject": "Hi"}
    assert form.buttons == [("Send comment", {}, "/t/1/comments"), ("Save ticket", {}, "")]

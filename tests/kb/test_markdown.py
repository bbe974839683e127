"""A wiki page's body as the web page shows it: Markdown rendered, typed HTML shown as text,
``[[links]]`` made links where they lead to a page the reader may see."""

from __future__ import annotations

from mock_services.kb.markdown import body_html

PAGES = {"Database failover runbook": "/pages/5", "ENG:On-call": "/pages/9"}


def rendered(body: str) -> str:
    return str(body_html(body, PAGES))


def test_markdown_is_rendered_as_a_wiki_shows_it() -> None:
    html = rendered("# Failover\n\n1. Stop writes\n2. Promote **pg-replica-2**\n\n`SELECT 1`")
    assert "<h1>Failover</h1>" in html
    assert "<ol>\n<li>Stop writes</li>\n<li>Promote <strong>pg-replica-2</strong></li>" in html
    assert "<code>SELECT 1</code>" in html


def test_links_lead_to_their_pages_with_their_shown_text() -> None:
    html = rendered("See [[Database failover runbook]] and [[ENG:On-call|who is on call]].")
    assert '<a href="/pages/5">Database failover runbook</a>' in html
    assert '<a href="/pages/9">who is on call</a>' in html


def test_a_link_to_no_page_is_marked_and_a_link_in_code_is_left_as_typed() -> None:
    html = rendered("[[Old runbook]] and `[[Database failover runbook]]`")
    assert '<span class="missing-link" title="no such page yet">Old runbook</span>' in html
    assert "<code>[[Database failover runbook]]</code>" in html


def test_html_and_script_links_typed_in_a_body_never_run() -> None:
    typed = "<script>alert(1)</script>\n\n[click](javascript:alert(1)) <img src=x onerror=y>"
    html = rendered(typed)
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "javascript:" not in html.replace("[click](javascript:alert(1))", "")
    assert "<img" not in html


def test_an_old_versions_links_are_shown_as_their_text() -> None:
    html = str(body_html("Back to [[Database failover runbook|the runbook]].", None))
    assert '<span class="wiki-link">the runbook</span>' in html and "<a " not in html


def test_a_table_is_shown_as_a_table_with_header_cells_and_its_cells_as_text() -> None:
    html = rendered("| Step | Owner |\n|---|---|\n| Promote | <script>alert(1)</script> |")
    assert "<thead>\n<tr>\n<th>Step</th>\n<th>Owner</th>\n</tr>\n</thead>" in html, html
    assert "<td>Promote</td>" in html and "| Step |" not in html, html
    assert "<script>" not in html and "<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>" in html


def test_task_list_items_are_disabled_checkboxes_followed_by_their_text() -> None:
    html = rendered("- [ ] Stop *writes*\n- [x] Page the DBA\n- [link](/x) stays a list item")
    box = '<input type="checkbox" class="task-checkbox" disabled'
    assert f'<li class="task-item">{box}> Stop <em>writes</em></li>' in html, html
    assert f'<li class="task-item">{box} checked> Page the DBA</li>' in html, html
    assert "[ ]" not in html and "[x]" not in html
    assert '<li><a href="/x">link</a> stays a list item</li>' in html


def test_a_body_read_again_is_rendered_again_where_its_links_or_title_differ() -> None:
    """The rendering is remembered by body, addresses and title together: a page that became
    visible, moved, or a title that changed shows so at once."""
    body = "# Runbook\n\nSee [[Database failover runbook]]."
    first = str(body_html(body, PAGES, "Runbook"))
    assert str(body_html(body, PAGES, "Runbook")) == first
    assert '<a href="/pages/5">' in first and "<h1>" not in first, first
    moved = str(body_html(body, {"Database failover runbook": "/pages/6"}, "Runbook"))
    assert '<a href="/pages/6">' in moved, moved
    hidden = str(body_html(body, {}, "Runbook"))
    assert 'class="missing-link"' in hidden and "<a " not in hidden, hidden
    retitled = str(body_html(body, PAGES, "Other"))
    assert "<h2>Runbook</h2>" in retitled, retitled

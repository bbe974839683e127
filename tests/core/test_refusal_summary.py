"""A refused form's summary names each field by its label on the page, in the page as sent
(``core/web/refusal_summary.py``): read without the page script, it says what the user sees."""

from __future__ import annotations

import re

from mock_services.core.web.refusal_summary import summary_named_by_labels

SUMMARY = (
    '<div class="flash error" id="form-errors" role="alert">The form was not accepted: '
    '<a href="#error-q" data-field="q">q</a>: is required; '
    '<a href="#error-date_of_birth_1" data-field="date_of_birth_1">date of birth (2)</a>: '
    "must be in the past; "
    '<a href="#error-servings" data-field="servings">servings</a>: must be more than 0; '
    '<a href="#error-amount" data-field="amount">amount</a>: expected a number; '
    '<a href="#error-body" data-field="body">body</a>: is required; '
    '<a href="#error-note" data-field="note">note</a>: is required.</div>'
)
PAGE = f"""<main>{SUMMARY}
<form method="get" action="/search"><label for="q-filter">Search flights</label>
  <input id="q-filter" name="q"></form>
<form method="post" action="/book">
  <label for="q">Your question *</label><input id="q" name="q"><span id="error-q">x</span>
  <fieldset><legend>Passenger 2</legend>
    <label for="date_of_birth_1">Date of birth</label>
    <input id="date_of_birth_1" name="date_of_birth_1" value="1850-01-01">
    <span id="error-date_of_birth_1">x</span></fieldset>
  <label>Servings <input name="servings" type="number"></label>
  <table><tr><td><input name="amount" aria-label="Line 1 amount"></td></tr></table>
  <input name="note">
</form>
<div class="composer"><label for="c">Comment</label>
  <textarea id="c" name="body" form="ticket"></textarea><span id="error-body">x</span></div>
<form method="post" id="ticket" action="/tickets/1/edit"><input name="subject"></form>
</main>"""


def _links(page: str) -> list[str]:
    return re.findall(r'data-field="[^"]+">([^<]*)</a>', page)


def test_each_field_is_named_as_the_page_labels_it() -> None:
    assert _links(summary_named_by_labels(PAGE)) == [
        "Your question",  # the refused form's own field, not the filter form's of that name
        "Passenger 2: Date of birth",  # its fieldset's legend first
        "Servings",  # the label around it
        "Line 1 amount",  # no label element: its aria-label
        "Comment",  # joined to its form by form="ticket"
        "note",  # no label at all: the server's words stay
    ]


def test_a_page_without_a_summary_is_left_as_it_is() -> None:
    page = PAGE.replace(SUMMARY, "")
    assert summary_named_by_labels(page) is page


def test_a_label_is_escaped_as_text() -> None:
    page = PAGE.replace("Your question *", "Q&amp;A &lt;b&gt;")
    assert '<a href="#error-q" data-field="q">Q&amp;A &lt;b&gt;</a>' in (
        summary_named_by_labels(page)
    )

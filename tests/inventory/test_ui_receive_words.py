"""The Receive form says what a blank box does and what came: no placeholder that looks typed
in, a label saying a blank line receives none, a separate button for everything outstanding, a
missing bin refused in words at "Receive into bin", and the notice naming the units received."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser, assert_form_refused
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text

PO = "/purchase-orders/PO-1004"


def _received(alice: ApiClient) -> dict[str, int]:
    order = expect(alice.get("/api/purchase-orders/PO-1004"), 200)
    return {line["sku"]: line["received_quantity"] for line in order["lines"]}


def test_the_units_boxes_are_empty_and_say_what_blank_means(alice: ApiClient) -> None:
    page = as_browser(alice).get(PO).text
    boxes = re.findall(r'<input id="line-\d-quantity"[^>]*>', page)
    assert len(boxes) == 2 and not any("placeholder" in b for b in boxes), boxes
    assert "Units of STV-CMP received (blank: none)</label>" in page
    assert ">Receive everything outstanding</button>" in page


def test_a_line_typed_receives_it_alone_and_the_notice_names_the_units(alice: ApiClient) -> None:
    browser = as_browser(alice)
    form = {"bin": "EAST-RCV", "line-0-sku": "STV-CMP", "line-0-quantity": "12",
            "line-1-sku": "POT-1L", "line-1-quantity": "", "line-1-bin": ""}  # fmt: skip
    done = browser.post(PO + "/receive", data=form)
    said = shown_text(done.text)
    assert "Received 12 STV-CMP into stock; PO-1004 is partly received." in said, said[:400]
    assert _received(alice) == {"STV-CMP": 12, "POT-1L": 0}
    everything = browser.post(PO + "/receive", data={"bin": "EAST-RCV", "everything": "1"})
    said = shown_text(everything.text)
    assert "Received 12 STV-CMP and 20 POT-1L into stock; PO-1004 is received." in said, said


def test_no_units_or_no_bin_is_refused_in_words(alice: ApiClient) -> None:
    browser = as_browser(alice)
    headers = {"Referer": browser.base_url + PO}
    blank = {"bin": "", "line-0-sku": "STV-CMP", "line-0-quantity": "", "line-0-bin": ""}
    refused = browser.post(PO + "/receive", data=blank, headers=headers)
    assert_form_refused(refused, {"line-0-quantity": "Receive everything outstanding"}, {})
    typed = {**blank, "line-0-quantity": "24"}
    refused = browser.post(PO + "/receive", data=typed, headers=headers)
    assert_form_refused(refused, {"bin": "choose the bin the delivery goes into"}, {})
    assert "(blank: the bin above)" not in refused.text
    assert _received(alice) == {"STV-CMP": 0, "POT-1L": 0}

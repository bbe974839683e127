"""The shared look: line icons drawn inline (decorative unless named, an unknown name refused
with the close ones), and each service's brand colours, readable by WCAG AA, served on every
page with the shared stylesheet."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from pydantic import ValidationError

from mock_services.core.spec.brand import Brand, contrast
from mock_services.core.web.icons import PATHS, UnknownIcon, icon_tag
from mock_services.registry import all_specs, get_spec
from tests.form_assertions import as_browser
from tests.service_fixtures import serve


@pytest.mark.parametrize("name", sorted(PATHS))
def test_every_icon_is_one_well_formed_decorative_svg(name: str) -> None:
    root = ElementTree.fromstring(str(icon_tag(name)))
    assert root.tag == "svg" and root.get("aria-hidden") == "true"  # inline in HTML: no xmlns
    assert root.get("role") is None and root.find("path") is not None


def test_an_icon_shown_alone_is_named_by_its_label_and_the_label_cannot_break_out() -> None:
    root = ElementTree.fromstring(str(icon_tag("trash", 24, label='Delete "draft" <x>')))
    assert root.get("role") == "img" and root.get("aria-label") == 'Delete "draft" <x>'
    assert root.get("aria-hidden") is None and root.get("width") == "24"


def test_an_unknown_icon_is_refused_naming_the_close_ones() -> None:
    with pytest.raises(UnknownIcon) as refused:
        icon_tag("trsh")
    assert "no icon named 'trsh'; did you mean trash?" in str(refused.value)


@pytest.mark.parametrize(
    ("one", "other", "ratio"), [("#ffffff", "#000000", 21.0), ("#777777", "#777777", 1.0)]
)
def test_contrast_is_the_wcag_ratio(one: str, other: str, ratio: float) -> None:
    assert contrast(one, other) == pytest.approx(ratio, abs=0.01)


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"bar": "#ffffff", "bar_text": "#eeeeee"}, "bar_text #eeeeee on #ffffff"),
        ({"accent": "#ffd814"}, "accent_text #ffffff on #ffd814"),
        ({"link": "#9ab0ff"}, "link #9ab0ff on #ffffff"),
    ],
)
def test_an_unreadable_brand_is_refused_naming_the_pair(fields: dict[str, str], named: str) -> None:
    with pytest.raises(ValidationError, match=named):
        Brand(**fields)


def test_a_brand_colour_must_be_a_six_digit_hex() -> None:
    with pytest.raises(ValidationError, match="bar"):
        Brand(bar="navy")


def test_the_services_do_not_all_share_one_look() -> None:
    bars = {spec.brand.bar for spec in all_specs().values()}
    assert len(bars) >= len(all_specs()) - 2, bars


@pytest.mark.process
def test_a_page_links_the_shared_stylesheet_and_sets_its_services_colours(tmp_path: Path) -> None:
    spec = get_spec("email")
    with serve("email", tmp_path, spec.default_seed()) as email:
        sheet = email.client().get("/static/core/app.css")
        assert sheet.status_code == 200 and "var(--bar" in sheet.text
        page = as_browser(email.client().as_user("alice", "alice-pass")).get("/").text
        assert '<link rel="stylesheet" href="/static/core/app.css">' in page
        assert f"--bar:{spec.brand.bar};" in page and spec.brand.bar != Brand().bar

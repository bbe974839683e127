"""The calendar's month grid (``/month``) and day time grid (``/day``), and the Day | Week |
Month switcher on them and on the week page, as a logged-in browser reads them. Default seed
(see conftest): now is Monday 2026-03-02 09:00 in New York (14:00 UTC); alice is in New
York, bob in London."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect

PAGE = {"Accept": "text/html"}


def _browser(service: ApiClient, user: str = "alice") -> ApiClient:
    return as_browser(service.as_user(user, f"{user}-pass"))


def _page(browser: ApiClient, address: str) -> str:
    answer = browser.get(address, headers=PAGE)
    assert answer.status_code == 200, f"{address}: {answer.status_code} {answer.text[:300]}"
    return answer.text


def _event(client: ApiClient, title: str, start: str, end: str, **fields: Any) -> int:
    body = {"title": title, "start": start, "end": end, "timezone": "America/New_York", **fields}
    return int(expect(client.post("/api/events", json=body), 201)["id"])


def _cells(page: str) -> dict[str, str]:
    """Each month cell's HTML by its day."""
    parts = re.split(r'(?=<td class="cell)', page.split("</thead>", 1)[1])
    cells = {}
    for part in parts[1:]:
        day = re.search(r'data-date="([\d-]+)"', part)
        assert day, part[:200]
        cells[day[1]] = part.split("</td>", 1)[0]
    return cells


def _chips(cell: str) -> list[tuple[int, str]]:
    """The cell's chips: each event's id and its visible text (the day named for screen
    readers left out)."""
    found = re.findall(r'<a class="chip[^"]*"[^>]*data-event-id="(\d+)"[^>]*>(.*?)</a>', cell)
    return [
        (
            int(event_id),
            " ".join(re.sub(r"<[^>]+>", "", text.split('<span class="sr-only">')[0]).split()),
        )
        for event_id, text in found
    ]


def _href(page: str, element_id: str) -> str:
    found = re.search(rf'<a href="([^"]+)" id="{element_id}"', page)
    assert found, f"no link #{element_id}"
    return html.unescape(found[1])


def _blocks(page: str) -> dict[int, dict[str, Any]]:
    """The day grid's blocks by event id: their style and server-computed place."""
    blocks = {}
    for tag in re.findall(r'<a class="block[^>]*>', page, flags=re.S):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', tag))
        blocks[int(attrs["data-event-id"])] = {
            "top": int(attrs["data-top"]),
            "height": int(attrs["data-height"]),
            "column": int(attrs["data-column"]),
            "columns": int(attrs["data-columns"]),
            "style": attrs["style"],
        }
    return blocks


def test_the_month_grid_shows_an_event_on_its_day_cell_only(
    service: ApiClient, alice: ApiClient
) -> None:
    budget = _event(alice, "Budget review", "2026-03-18T14:00", "2026-03-18T15:00")
    cells = _cells(_page(_browser(service), "/month?month=2026-03"))
    days = list(cells)
    assert (days[0], days[-1], len(days)) == ("2026-02-23", "2026-04-05", 42)  # Monday first
    assert (budget, "14:00 Budget review") in _chips(cells["2026-03-18"])
    assert [day for day, cell in cells.items() if f'data-event-id="{budget}"' in cell] == [
        "2026-03-18"
    ]
    assert f'href="/events/{budget}"' in cells["2026-03-18"]
    # a recurring event's chip goes to its occurrence, as the week page's link does
    assert 'href="/events/1#occurrence-2"' in cells["2026-03-04"]
    # cancelled events are not shown (the vendor demo), as on the week page
    assert not any('data-event-id="10"' in cell for cell in cells.values())


def test_a_multi_day_event_is_on_each_of_its_days(service: ApiClient, alice: ApiClient) -> None:
    overnight = _event(alice, "Night migration", "2026-03-19T22:00", "2026-03-21T02:00")
    cells = _cells(_page(_browser(service), "/month?month=2026-03"))
    # the release freeze (event 8) is all-day from Friday 6 to Tuesday 10 March
    freeze_days = [day for day, cell in cells.items() if 'data-event-id="8"' in cell]
    assert freeze_days == [f"2026-03-{d:02d}" for d in range(6, 11)]
    assert _chips(cells["2026-03-06"])[0][0] == 8, "an all-day event comes first"
    assert _chips(cells["2026-03-06"])[0][1] == "Release freeze (shown as free)"
    shown = {
        day: [text for event_id, text in _chips(cells[day]) if event_id == overnight]
        for day in ("2026-03-18", "2026-03-19", "2026-03-20", "2026-03-21", "2026-03-22")
    }
    assert shown == {
        "2026-03-18": [],
        "2026-03-19": ["22:00 Night migration"],
        "2026-03-20": ["all day Night migration"],
        "2026-03-21": ["until 02:00 Night migration"],
        "2026-03-22": [],
    }


def test_more_than_four_events_show_three_and_plus_n_more(
    service: ApiClient, alice: ApiClient
) -> None:
    for hour in range(9, 14):
        _event(alice, f"Slot {hour}", f"2026-03-25T{hour:02d}:00", f"2026-03-25T{hour:02d}:30")
    for hour in range(9, 13):
        _event(alice, f"Slot {hour}", f"2026-03-26T{hour:02d}:00", f"2026-03-26T{hour:02d}:30")
    cells = _cells(_page(_browser(service), "/month?month=2026-03"))
    busy = cells["2026-03-25"]
    assert [text for _id, text in _chips(busy)] == [
        "09:00 Slot 9",
        "10:00 Slot 10",
        "11:00 Slot 11",
    ]
    more = re.search(
        r'<a class="more" href="([^"]+)">\+(\d+) more<span class="sr-only"> on ([^<]+)<', busy
    )
    assert more, busy
    assert (html.unescape(more[1]), more[2], more[3]) == (
        "/day?date=2026-03-25#day-start",
        "2",
        "Wednesday 25 March",
    )
    four = cells["2026-03-26"]
    assert len(_chips(four)) == 4 and 'class="more"' not in four


def test_days_outside_the_month_and_today_are_marked(service: ApiClient) -> None:
    page = _page(_browser(service), "/month?month=2026-03")
    cells = _cells(page)
    first = re.search(r"<td [^>]*>", cells["2026-02-23"])
    assert first and 'class="cell outside"' in first[0] and 'data-outside-month="true"' in first[0]
    assert ">23 Feb</a>" in cells["2026-02-23"]  # the month named in text, not only greyed
    assert "outside" not in cells["2026-03-01"].split(">", 1)[0]
    assert "outside" in cells["2026-04-01"].split(">", 1)[0]
    today = cells["2026-03-02"]
    assert 'class="cell today"' in today and '<span class="today-mark">Today</span>' in today
    assert 'aria-label="Monday 2 March 2026, today"' in today
    assert sum("today-mark" in cell for cell in cells.values()) == 1
    # each cell links to its day view and has an "Add event" link naming the day
    assert 'href="/day?date=2026-03-05#day-start" aria-label="Thursday 5 March 2026"' in page
    assert (
        'href="/events/new?date=2026-03-05" aria-label="Add event on Thursday 5 March 2026"' in page
    )
    names = re.findall(r'aria-label="(Add event on [^"]+)"', page)
    assert len(names) == 42 == len(set(names))


def test_month_navigation_goes_to_the_right_months(service: ApiClient) -> None:
    browser = _browser(service)
    march = _page(browser, "/month?month=2026-03")
    assert '<h1 id="month-title">March 2026</h1>' in march
    assert _href(march, "prev-month") == "/month?month=2026-02"
    assert _href(march, "next-month") == "/month?month=2026-04"
    december = _page(browser, "/month?month=2026-12")
    assert _href(december, "prev-month") == "/month?month=2026-11"
    assert _href(december, "next-month") == "/month?month=2027-01"
    assert _href(december, "view-day") == "/day?date=2026-12-01#day-start"
    assert _href(december, "view-week") == "/?week=2026-11-30#week-start"
    assert _href(december, "view-schedule") == "/schedule?week=2026-11-30"
    assert _href(december, "this-month") == "/month"
    assert "this-month" not in march  # already this month
    # without ?month, this month in the user's zone
    assert '<h1 id="month-title">March 2026</h1>' in _page(browser, "/month")
    # the week page's switcher and day headings lead to the views of that week
    week = _page(browser, "/?week=2026-03-11")
    assert _href(week, "view-month") == "/month?month=2026-03"
    assert _href(week, "view-day") == "/day?date=2026-03-09#day-start"
    assert 'aria-current="page">Week</a>' in week
    assert re.findall(r'<a class="day-link" href="/day\?date=([\d-]+)#day-start"', week) == [
        f"2026-03-{d:02d}" for d in range(9, 16)
    ]
    assert _href(_page(browser, "/"), "view-day") == "/day?date=2026-03-02#day-start"


def test_day_navigation_goes_to_the_right_days(service: ApiClient) -> None:
    browser = _browser(service)
    first = _page(browser, "/day?date=2026-03-01")
    assert "Sunday, 1 March 2026" in first
    assert _href(first, "prev-day") == "/day?date=2026-02-28#day-start"
    assert _href(first, "next-day") == "/day?date=2026-03-02#day-start"
    assert _href(first, "to-today") == "/day?date=2026-03-02#day-start"
    assert _href(first, "view-week") == "/?week=2026-02-23#week-start"
    assert _href(first, "view-month") == "/month?month=2026-03"
    assert (
        'href="/events/new?date=2026-03-01" aria-label="Add event on Sunday, 1 March 2026"' in first
    )
    new_year = _page(browser, "/day?date=2026-12-31")
    assert _href(new_year, "next-day") == "/day?date=2027-01-01#day-start"
    today = _page(browser, "/day")
    assert "Monday, 2 March 2026" in today and '<span class="today-mark">Today</span>' in today
    assert 'id="to-today"' not in today


def test_day_blocks_are_placed_by_start_and_end_in_the_users_zone(service: ApiClient) -> None:
    # the sprint planning (event 3) is bob's, 15:00-16:30 in London: 10:00-11:30 in New York
    alice_day = _blocks(_page(_browser(service), "/day?date=2026-03-03"))
    assert (alice_day[3]["top"], alice_day[3]["height"]) == (10 * 60, 90)
    assert "top: 600px; height: 90px" in alice_day[3]["style"]
    assert (alice_day[1]["top"], alice_day[1]["height"]) == (9 * 60 + 30, 15)  # standup
    bob_day = _blocks(_page(_browser(service, "bob"), "/day?date=2026-03-03"))
    assert (bob_day[3]["top"], bob_day[3]["height"]) == (15 * 60, 90)
    assert "top: 900px; height: 90px" in bob_day[3]["style"]


def test_day_blocks_across_midnight_and_daylight_saving(
    service: ApiClient, alice: ApiClient
) -> None:
    # New York moves its clocks forward on Sunday 8 March 2026
    spring = _event(alice, "Brunch", "2026-03-08T11:00", "2026-03-08T12:15")
    late = _event(alice, "Deploy", "2026-03-12T23:00", "2026-03-13T01:30")
    browser = _browser(service)
    assert _blocks(_page(browser, "/day?date=2026-03-08"))[spring]["top"] == 11 * 60
    assert _blocks(_page(browser, "/day?date=2026-03-08"))[spring]["height"] == 75
    thursday = _blocks(_page(browser, "/day?date=2026-03-12"))[late]
    friday = _blocks(_page(browser, "/day?date=2026-03-13"))[late]
    assert (thursday["top"], thursday["height"]) == (23 * 60, 60)
    assert (friday["top"], friday["height"]) == (0, 90)


def test_overlapping_events_get_different_columns(service: ApiClient, alice: ApiClient) -> None:
    # the design review (event 4, carol's, 10:00-11:00 here) and the dentist (5, 10:30-11:30)
    wednesday = _blocks(_page(_browser(service), "/day?date=2026-03-04"))
    assert {wednesday[4]["column"], wednesday[5]["column"]} == {0, 1}
    assert wednesday[4]["columns"] == wednesday[5]["columns"] == 2
    assert "left: 50.0%; width: 50.0%" in wednesday[5]["style"]
    assert (wednesday[1]["column"], wednesday[1]["columns"]) == (0, 1)  # the standup, alone
    # a long event beside two that follow one another: two columns, the second one reused
    long = _event(alice, "Workshop", "2026-03-12T09:00", "2026-03-12T11:00")
    first = _event(alice, "Call one", "2026-03-12T09:30", "2026-03-12T10:00")
    second = _event(alice, "Call two", "2026-03-12T10:00", "2026-03-12T10:30")
    after = _event(alice, "Lunch", "2026-03-12T12:00", "2026-03-12T13:00")
    thursday = _blocks(_page(_browser(service), "/day?date=2026-03-12"))
    placed = {
        e: (thursday[e]["column"], thursday[e]["columns"]) for e in (long, first, second, after)
    }
    assert placed == {long: (0, 2), first: (1, 2), second: (1, 2), after: (0, 1)}


def test_the_day_shows_all_day_events_in_a_strip_and_states_in_words(service: ApiClient) -> None:
    friday = _page(_browser(service), "/day?date=2026-03-06")
    strip = friday.split('class="card allday"', 1)[1].split("</section>", 1)[0]
    assert 'data-event-id="8"' in strip and "Release freeze" in strip
    assert "(shown as free)" in strip
    assert 8 not in _blocks(friday)
    # bob declined the launch sync (event 6): the month and the day say so in words
    bob = _browser(service, "bob")
    thursday = _blocks(_page(bob, "/day?date=2026-03-05"))
    assert 6 in thursday
    assert "(declined)" in _page(bob, "/day?date=2026-03-05")
    march = _cells(_page(bob, "/month?month=2026-03"))
    assert (6, "16:00 Launch readiness sync (declined)") in _chips(march["2026-03-05"])


@pytest.mark.parametrize(
    ("address", "parameter", "form"),
    [
        ("/month?month=2026-13", "month", "YYYY-MM"),
        ("/month?month=march", "month", "YYYY-MM"),
        ("/month?month=1900-01", "month", "YYYY-MM"),
        ("/day?date=2026-02-30", "date", "YYYY-MM-DD"),
        ("/day?date=2026-3-4", "date", "YYYY-MM-DD"),
        ("/day?date=tomorrow", "date", "YYYY-MM-DD"),
        ("/day?date=9999-12-31", "date", "YYYY-MM-DD"),
    ],
)
def test_a_bad_month_or_date_gives_the_error_page(
    service: ApiClient, address: str, parameter: str, form: str
) -> None:
    answer = _browser(service).get(address, headers=PAGE)
    assert answer.status_code == 400, answer.text[:300]
    assert answer.headers["Content-Type"].startswith("text/html")
    message = re.search(r'id="service-error".*?<p>([^<]+)</p>', answer.text, flags=re.S)
    assert message, answer.text[:500]
    text = html.unescape(message[1])
    assert text.startswith(f"{parameter}: ") and form in text, text


@pytest.mark.parametrize(
    "address",
    [
        "/month?month=1971-01",
        "/month?month=2099-12",
        "/day?date=1970-12-28",
        "/day?date=2100-01-03",
    ],
)
def test_every_link_of_the_first_and_last_pages_opens(service: ApiClient, address: str) -> None:
    """The month grids at the ends and their days' views link to no page that refuses them
    (no previous or next link past the end)."""
    browser = _browser(service)
    page = _page(browser, address)
    links = {html.unescape(h).split("#")[0] for h in re.findall(r'<a[^>]* href="([^"]+)"', page)}
    views = {link for link in links if link.startswith(("/?", "/month", "/day"))}
    assert len(views) >= 4, views
    for link in sorted(views):
        assert browser.get(link, headers=PAGE).status_code == 200, link
    if address.startswith("/month"):
        gone = "prev-month" if address.endswith("1971-01") else "next-month"
    else:
        gone = "prev-day" if address.endswith("1970-12-28") else "next-day"
    assert f'id="{gone}"' not in page


def test_the_week_is_a_time_grid_with_blocks_on_their_days(service: ApiClient) -> None:
    """The default view: seven day lanes, each timed event a block placed by its local start
    and end on its day's lane, all-day events in the row on top, the calendar named in words,
    today and the now line marked, a small month and the calendars beside it."""
    week = _page(_browser(service), "/?week=2026-03-04")
    assert '<h1 id="week-title">2 \N{EN DASH} 8 Mar 2026</h1>' in week
    assert 'aria-current="page">Week</a>' in week
    lanes = dict(
        re.findall(
            r'<div class="lane day[^"]*" data-date="([\d-]+)"(.*?)(?=<div class="lane|</ol>|\Z)',
            week,
            re.S,
        )
    )
    assert sorted(lanes) == [f"2026-03-{d:02d}" for d in range(2, 9)]
    monday = lanes["2026-03-02"]
    standup = re.search(
        r'<a class="block[^"]*" href="/events/1#occurrence-0"[^>]*'
        r'data-top="(\d+)" data-height="(\d+)"',
        monday,
    )
    assert standup and standup.groups() == ("570", "15"), monday[:600]  # 09:30-09:45 New York
    assert (
        "Alice Martin calendar" in monday and 'class="now-line" style="top: 540px"' in monday
    )  # 09:00
    assert '<div class="lane day today" data-date="2026-03-02"' in week
    allday = week.split('class="week-cols allday-row"', 1)[1].split("week-scroll", 1)[0]
    assert "Release freeze" in allday and "Release freeze" not in "".join(lanes.values())
    assert '<h3 id="mini-title">March 2026</h3>' in week
    mini = week.split('<table class="mini"', 1)[1].split("</table>", 1)[0]
    days = re.findall(r'<a href="/\?week=[\d-]+#week-start" aria-label="([^"]+)"', mini)
    assert len(days) == len(set(days)) >= 28 and not any(d.startswith("Week of") for d in days)
    assert (
        "Monday 30 March 2026" in days and "Monday 2 March 2026, today, in the week shown" in days
    )
    assert re.findall(
        r'<span class="swatch" style="--c: [^"]+" aria-hidden="true"></span>'
        r'<a href="/calendars/\d+">([^<]+)</a>',
        week,
    ) == ["Alice Martin", "Personal", "Product Launch"]
    assert _href(week, "view-schedule") == "/schedule?week=2026-03-02"
    schedule = _page(_browser(service), "/schedule?week=2026-03-04")
    assert 'aria-current="page">Schedule</a>' in schedule
    assert '<tr class="event" data-event-id="1" data-occurrence="0">' in schedule
    assert _href(schedule, "next-week") == "/schedule?week=2026-03-09"

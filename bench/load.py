"""HTTP load for the reliability benchmark: per service, a mix of reads and writes sent by
concurrent clients (threads, keep-alive), each logged in as the service's first seeded user.

A client records every answer: when it came, how long it took, its status (0: no answer, the
connection failed, as while a worker is killed). It logs in again after a 401 (a restarted
server signs tokens with a new secret).
"""

from __future__ import annotations

import random
import re
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from datetime import time as clock_time
from typing import Any

import requests

from mock_services.core.spec.service import ServiceSpec
from mock_services.registry import get_spec
from tests.helpers import seeded_credentials

Call = tuple[str, str, dict[str, Any] | None]  # method, path, JSON body


@dataclass(frozen=True)
class Sample:
    at: float  # monotonic seconds when the answer came
    seconds: float
    status: int
    write: bool


@dataclass(frozen=True)
class Workload:
    """What one service's clients send: ``context`` looks up the ids the calls use, once."""

    context: Callable[[requests.Session, str], dict[str, Any]]
    reads: Callable[[random.Random, dict[str, Any]], Call]
    writes: Callable[[random.Random, dict[str, Any]], Call]


def _items(http: requests.Session, url: str) -> list[dict[str, Any]]:
    answer = http.get(url, timeout=30)
    answer.raise_for_status()
    return answer.json()["items"]


def _shop_context(http: requests.Session, url: str) -> dict[str, Any]:
    return {
        "products": [  # in stock, so that writers keep buying for minutes
            p["id"]
            for page in (1, 2, 3)
            for p in _items(http, f"{url}/api/products?per_page=100&page={page}")
            if p["stock"] > 0
        ],
        "address": _items(http, url + "/api/addresses")[0]["id"],
        "card": _items(http, url + "/api/payment-methods")[0]["id"],
    }


def _shop_write(rng: random.Random, ctx: dict[str, Any]) -> Call:
    if rng.random() < 0.2:
        body = {"address_id": ctx["address"], "payment_method_id": ctx["card"]}
        return "POST", "/api/checkout", body
    return "POST", "/api/cart/items", {"product_id": rng.choice(ctx["products"]), "quantity": 1}


def _airline_context(http: requests.Session, url: str) -> dict[str, Any]:
    booking = _items(http, url + "/api/bookings")[0]
    return {
        "booking": booking["reference"],
        "passenger": booking["passengers"][0]["id"],
        "flights": [f["id"] for f in _items(http, url + "/api/flights?per_page=50")],
    }


def _email_context(http: requests.Session, url: str) -> dict[str, Any]:
    return {"messages": [m["id"] for m in _items(http, url + "/api/messages?per_page=50")]}


def _email_write(rng: random.Random, ctx: dict[str, Any]) -> Call:
    """A mail client's writes: mostly read/star flags, 1 in 10 a new draft (the mailbox grows
    by hundreds of messages in a 5-minute soak, not by thousands; search scans it)."""
    if rng.random() < 0.1:
        return "POST", "/api/drafts", {"subject": "soak", "body": "x" * 200}
    flags = {"read": rng.random() < 0.5, "starred": rng.random() < 0.2}
    return "PATCH", f"/api/messages/{rng.choice(ctx['messages'])}", flags


def _calendar_write(rng: random.Random, ctx: dict[str, Any]) -> Call:
    """A new half-hour event on a day of the ten months from the seed's week: a soak
    fills the calendar as a busy user does (about ten a day), not one week with hundreds."""
    day = date(2026, 3, 2) + timedelta(days=rng.randrange(300))
    start = datetime.combine(day, clock_time(rng.randint(8, 17)))
    end = start + timedelta(minutes=30)
    body = {"title": "soak", "start": f"{start.isoformat()}Z", "end": f"{end.isoformat()}Z"}
    return "POST", "/api/events", body


def _expense_context(http: requests.Session, url: str) -> dict[str, Any]:
    return {"reports": [r["id"] for r in _items(http, url + "/api/reports?per_page=50")]}


def _health_write(rng: random.Random, ctx: dict[str, Any]) -> Call:
    """A food logged on one of the last 300 days (the seed's today is 2026-03-02): a soak fills
    the diary as a year of meals does, not one day with hundreds of snacks."""
    day = date(2026, 3, 2) - timedelta(days=rng.randrange(300))
    body = {"day": day.isoformat(), "meal": "snack", "food_id": rng.choice(ctx["foods"])}
    return "POST", "/api/diary", body


def _social_context(http: requests.Session, url: str) -> dict[str, Any]:
    return {"posts": [p["id"] for p in _items(http, url + "/api/timeline?per_page=50")]}


def _todolist_write(rng: random.Random, ctx: dict[str, Any]) -> Call:
    if rng.random() < 0.3:
        return "POST", "/api/notes", {"title": "soak", "body": "x" * 200, "tags": ["soak"]}
    day = rng.randint(3, 27)
    body = {"title": "soak", "due_date": f"2026-03-{day:02d}", "tags": ["soak"]}
    return "POST", "/api/tasks", body


def _inventory_write(rng: random.Random, ctx: dict[str, Any]) -> Call:
    """A stock count of one bin: found or lost a unit, so on-hand wanders but stays put."""
    sku, bin_code = rng.choice(ctx["bins"])
    reason, change = rng.choice([("found", 1), ("count_correction", -1)])
    return (
        "POST",
        "/api/stock/adjustments",
        {"sku": sku, "bin": bin_code, "reason": reason, "change": change},
    )


def _finance_write(rng: random.Random, ctx: dict[str, Any]) -> Call:
    """A card payment at a café: the ledger grows as a busy month's does."""
    body = {
        "account_id": ctx["account"],
        "amount": -round(rng.uniform(2, 40), 2),
        "merchant": "Soak Café",
    }
    return "POST", "/api/transactions", body


WORKLOADS: dict[str, Workload] = {  # hand-tuned mixes; other services: spec_workload
    "shop": Workload(
        context=_shop_context,
        reads=lambda rng, ctx: rng.choice(
            [
                ("GET", f"/api/products/{rng.choice(ctx['products'])}", None),
                ("GET", "/api/products?q=coffee&sort=price_asc", None),
                ("GET", "/api/cart", None),
                ("GET", "/api/orders", None),
            ]
        ),
        writes=_shop_write,
    ),
    "airline": Workload(
        context=_airline_context,
        reads=lambda rng, ctx: rng.choice(
            [
                ("GET", f"/api/flights/{rng.choice(ctx['flights'])}", None),
                ("GET", f"/api/flights/{rng.choice(ctx['flights'])}/seats", None),
                ("GET", "/api/bookings", None),
                ("GET", "/api/airports", None),
            ]
        ),
        writes=lambda rng, ctx: (
            "PATCH",
            f"/api/bookings/{ctx['booking']}/passengers/{ctx['passenger']}",
            {"passport_number": f"P{rng.randrange(10**7):07d}"},
        ),
    ),
    "email": Workload(
        context=_email_context,
        reads=lambda rng, ctx: rng.choice(
            [
                ("GET", f"/api/messages/{rng.choice(ctx['messages'])}", None),
                ("GET", "/api/messages?q=meeting", None),
                ("GET", "/api/contacts", None),
            ]
        ),
        writes=_email_write,
    ),
    "calendar": Workload(
        context=lambda http, url: {},
        reads=lambda rng, ctx: rng.choice(
            [
                ("GET", "/api/events", None),
                ("GET", "/api/calendars", None),
                ("GET", "/api/invitations", None),
            ]
        ),
        writes=_calendar_write,
    ),
    "expense": Workload(
        context=_expense_context,
        reads=lambda rng, ctx: rng.choice(
            [
                ("GET", f"/api/reports/{rng.choice(ctx['reports'])}", None),
                ("GET", "/api/reports?status=reimbursed", None),
                ("GET", "/api/categories", None),
            ]
        ),
        writes=lambda rng, ctx: ("POST", "/api/reports", {"title": "soak", "purpose": "load"}),
    ),
    "health": Workload(
        context=lambda http, url: {
            "foods": [f["id"] for f in _items(http, url + "/api/foods?per_page=50")]
        },
        reads=lambda rng, ctx: rng.choice(
            [
                ("GET", f"/api/foods/{rng.choice(ctx['foods'])}", None),
                ("GET", "/api/foods?q=chicken", None),
                ("GET", "/api/nutrition", None),
                ("GET", "/api/medications/schedule", None),
            ]
        ),
        writes=_health_write,
    ),
    "social": Workload(
        context=_social_context,
        reads=lambda rng, ctx: rng.choice(
            [
                ("GET", f"/api/posts/{rng.choice(ctx['posts'])}", None),
                ("GET", "/api/timeline", None),
                ("GET", "/api/posts?hashtag=running", None),
                ("GET", "/api/users/bob", None),
            ]
        ),
        writes=lambda rng, ctx: ("POST", "/api/posts", {"text": f"soak {rng.randrange(10**6)}"}),
    ),
    "todolist": Workload(
        context=lambda http, url: {
            "tasks": [t["id"] for t in _items(http, url + "/api/tasks?per_page=50")]
        },
        reads=lambda rng, ctx: rng.choice(
            [
                ("GET", f"/api/tasks/{rng.choice(ctx['tasks'])}", None),
                ("GET", "/api/tasks?tag=hiring&sort=priority", None),
                ("GET", "/api/notes?q=lisbon", None),
                ("GET", "/api/lists", None),
            ]
        ),
        writes=_todolist_write,
    ),
    "helpdesk": Workload(
        context=lambda http, url: {
            "tickets": [  # a closed ticket refuses comments
                t["code"]
                for t in _items(http, url + "/api/tickets?per_page=50")
                if t["status"] != "closed"
            ]
        },
        reads=lambda rng, ctx: rng.choice(
            [
                ("GET", f"/api/tickets/{rng.choice(ctx['tickets'])}", None),
                ("GET", "/api/views/my-open", None),
                ("GET", "/api/tickets?status=open", None),
                ("GET", "/api/macros", None),
            ]
        ),
        writes=lambda rng, ctx: (  # an internal note: nothing mailed, the thread grows
            "POST",
            f"/api/tickets/{rng.choice(ctx['tickets'])}/comments",
            {"body": f"soak {rng.randrange(10**6)}", "public": False},
        ),
    ),
    "crm": Workload(
        context=lambda http, url: {
            "deals": [d["id"] for d in _items(http, url + "/api/deals?per_page=50")]
        },
        reads=lambda rng, ctx: rng.choice(
            [
                ("GET", f"/api/deals/{rng.choice(ctx['deals'])}", None),
                ("GET", "/api/contacts?q=acme", None),
                ("GET", "/api/deals?open=true", None),
                ("GET", "/api/reports/pipeline", None),
            ]
        ),
        writes=lambda rng, ctx: (
            "POST",
            "/api/activities",
            {"kind": "call", "subject": "soak", "deal_id": rng.choice(ctx["deals"])},
        ),
    ),
    "inventory": Workload(
        context=lambda http, url: {
            "bins": [(s["sku"], s["bin"]) for s in _items(http, url + "/api/stock?per_page=100")]
        },
        reads=lambda rng, ctx: rng.choice(
            [
                ("GET", f"/api/products/{rng.choice(ctx['bins'])[0]}", None),
                ("GET", "/api/stock?warehouse=EAST", None),
                ("GET", "/api/low-stock", None),
                ("GET", "/api/moves", None),
            ]
        ),
        writes=_inventory_write,
    ),
    "kb": Workload(
        context=lambda http, url: {
            "pages": [  # an archived page refuses comments
                p["id"]
                for p in _items(http, url + "/api/pages?per_page=50")
                if p["status"] != "archived"
            ]
        },
        reads=lambda rng, ctx: rng.choice(
            [
                ("GET", f"/api/pages/{rng.choice(ctx['pages'])}", None),
                ("GET", "/api/search?q=onboarding", None),
                ("GET", "/api/spaces", None),
                ("GET", "/api/labels", None),
            ]
        ),
        writes=lambda rng, ctx: (
            "POST",
            f"/api/pages/{rng.choice(ctx['pages'])}/comments",
            {"body": f"soak {rng.randrange(10**6)}"},
        ),
    ),
    "chat": Workload(
        context=lambda http, url: {
            "joined": [
                c["id"] for c in _items(http, url + "/api/conversations?joined=true&per_page=50")
            ]
        },
        reads=lambda rng, ctx: rng.choice(
            [
                ("GET", f"/api/conversations/{rng.choice(ctx['joined'])}/messages", None),
                ("GET", "/api/conversations", None),
                ("GET", "/api/search?q=launch", None),
                ("GET", "/api/members", None),
            ]
        ),
        writes=lambda rng, ctx: (
            "POST",
            f"/api/conversations/{rng.choice(ctx['joined'])}/messages",
            {"text": f"soak {rng.randrange(10**6)}"},
        ),
    ),
    "finance": Workload(
        context=lambda http, url: {
            "account": _items(http, url + "/api/accounts")[0]["id"],
            "transactions": [t["id"] for t in _items(http, url + "/api/transactions?per_page=50")],
        },
        reads=lambda rng, ctx: rng.choice(
            [
                ("GET", f"/api/transactions/{rng.choice(ctx['transactions'])}", None),
                ("GET", "/api/invoices", None),
                ("GET", "/api/reconciliation", None),
                ("GET", "/api/budgets", None),
            ]
        ),
        writes=_finance_write,
    ),
}


def soak_workload(service: str) -> Workload:
    """What the soak sends ``service``: its hand-tuned mix, else the one its spec gives."""
    return WORKLOADS.get(service) or spec_workload(get_spec(service))


def spec_workload(spec: ServiceSpec) -> Workload:
    """A service's soak made from its spec's ``main_record``: records read by key and listed,
    and new ones made from its ``example`` (a service without one needs a hand-tuned mix)."""
    record = spec.main_record
    if record is None or record.example is None:
        raise ValueError(
            f"{spec.name}: its spec has no main_record with an example to soak with; "
            "give it one, or a Workload in bench/load.py's WORKLOADS"
        )
    collection, key, example = f"/api/{record.resource}", record.key, dict(record.example)
    return Workload(
        context=lambda http, url: {"keys": [r[key] for r in _items(http, url + record.listing)]},
        reads=lambda rng, ctx: rng.choice(
            [("GET", f"{collection}/{rng.choice(ctx['keys'])}", None), ("GET", collection, None)]
        ),
        writes=lambda rng, ctx: ("POST", collection, example),
    )


def logged_in(service: str, url: str) -> requests.Session:
    """A keep-alive session carrying the bearer token of the service's first seeded user."""
    username, password = seeded_credentials(get_spec(service).default_seed())
    http = requests.Session()
    answer = http.post(
        url + "/api/auth/login", json={"username": username, "password": password}, timeout=30
    )
    answer.raise_for_status()
    http.headers["Authorization"] = f"Bearer {answer.json()['token']}"
    return http


def read_cost_ratios(service: str, soaked: str, fresh: str, calls: int = 200) -> dict[str, Any]:
    """Each of the workload's reads (ids folded into ``{id}``) sent by one client to the soaked
    server and to a fresh one from the same seed, alternately: the median milliseconds of each
    and their ratio. Alternating puts the machine's load on both alike, so a read whose cost
    grew with the soak's data shows as a ratio above 1, whatever else ran meanwhile."""
    workload = soak_workload(service)
    sessions = {url: logged_in(service, url) for url in (soaked, fresh)}
    context = workload.context(sessions[fresh], fresh)  # the seed's ids exist in both
    rng = random.Random(0)
    times: dict[str, dict[str, list[float]]] = {}
    for _ in range(calls):
        method, path, body = workload.reads(rng, context)
        for url, http in sessions.items():
            started = time.perf_counter()
            http.request(method, url + path, json=body, timeout=30).raise_for_status()
            elapsed = (time.perf_counter() - started) * 1000
            slot = times.setdefault(re.sub(r"/\d+", "/{id}", path), {soaked: [], fresh: []})
            slot[url].append(elapsed)
    report: dict[str, Any] = {}
    for path, by_url in sorted(times.items()):
        after, seed = statistics.median(by_url[soaked]), statistics.median(by_url[fresh])
        report[path] = {
            "soaked_ms": round(after, 2),
            "fresh_ms": round(seed, 2),
            "ratio": round(after / seed, 2),
        }
    return report


@dataclass
class Load:
    """``clients`` threads sending ``service``'s workload to ``url`` until ``stop()``."""

    service: str
    url: str
    clients: int
    write_share: float
    samples: list[Sample] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _threads: list[threading.Thread] = field(default_factory=list)

    def start(self) -> Load:
        workload = soak_workload(self.service)
        context = workload.context(logged_in(self.service, self.url), self.url)
        for number in range(self.clients):
            thread = threading.Thread(
                target=self._client, args=(workload, context, number), daemon=True
            )
            thread.start()
            self._threads.append(thread)
        return self

    def stop(self) -> list[Sample]:
        self._stop.set()
        for thread in self._threads:
            thread.join()
        return self.samples

    def _client(self, workload: Workload, context: dict[str, Any], number: int) -> None:
        rng = random.Random(number)
        http: requests.Session | None = None
        while not self._stop.is_set():
            write = rng.random() < self.write_share
            method, path, body = (workload.writes if write else workload.reads)(rng, context)
            started = time.monotonic()
            try:
                http = http or logged_in(self.service, self.url)
                status = http.request(method, self.url + path, json=body, timeout=30).status_code
            except requests.RequestException:  # the pool drops the broken connection
                status = 0
                time.sleep(0.05)  # the server is down: do not spin
            if status == 401:  # a restarted server signs with a new secret: log in again
                http = None
            now = time.monotonic()
            self.samples.append(Sample(now, now - started, status, write))

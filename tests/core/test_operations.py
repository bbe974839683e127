"""Every write is logged as its service-level operation, whatever the channel: an API route, the
MCP tool made from it, or a web form record the same name, so a verifier can ask what was done
without caring how. (That a form and its route also make the same rows is each service's
``test_ui_operations.py``.)"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from flask import Blueprint, Request
from werkzeug.routing import IntegerConverter, Rule
from werkzeug.test import EnvironBuilder

from mock_services.core.base.auth import session_cookie
from mock_services.core.data.audit import (
    VIEW_KEY,
    AuditEntry,
    OperationChoice,
    StoredBody,
    also_entry,
    declared_operations,
    mark_audited,
)
from mock_services.core.mcp.tools import is_tool
from mock_services.core.serve.app import served_routes
from mock_services.core.spec.api import Api, Endpoint
from mock_services.core.spec.service import ServiceSpec
from mock_services.core.web.routes import api_operations, service_apis
from mock_services.core.web.ui import page
from mock_services.registry import SERVICE_MODULES, get_spec
from mock_services.verify import UnknownName, attempted, never_performed, performed
from tests.helpers import ApiClient, seeded_credentials
from tests.mcp_session import McpSession
from tests.service_fixtures import ServedService, serve

UNKNOWN_ID = 999_999


@pytest.fixture(scope="module", params=list(SERVICE_MODULES))
def served(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServedService]:
    service = request.param
    with serve(service, tmp_path_factory.mktemp(service)) as served:
        yield served


def _user(served: ServedService) -> ApiClient:
    username, password = seeded_credentials(get_spec(served.name).default_seed())
    return served.client().as_user(username, password)


def _sample(converter: str) -> Any:
    return UNKNOWN_ID if converter == "int" else "no-such-thing"


def _path(rule: Rule, **given: str) -> str:
    """A path of ``rule``: ``given`` values, an id no row has for the others."""
    values = {
        name: given.get(name, _sample("int" if isinstance(conv, IntegerConverter) else "str"))
        for name, conv in rule._converters.items()
    }
    return rule.build(values, append_unknown=False)[1]


def _tool_endpoints(spec: ServiceSpec) -> list[Endpoint]:
    return [e for api in service_apis(spec) for e in api.endpoints if e.mutating and is_tool(e)]


def _last(client: ApiClient) -> dict[str, Any]:
    entries = client.audit()
    assert entries, "expected the call in the audit log, found an empty log"
    return entries[-1]


def test_each_mcp_tool_records_its_api_operation(served: ServedService) -> None:
    spec, client = get_spec(served.name), _user(served)
    mcp = McpSession(client)
    wrong = []
    for endpoint in _tool_endpoints(spec):
        arguments = {
            name: _sample("int" if kind == "integer" else "string")
            for name, kind in endpoint.path_params()
        }
        mcp.call(endpoint.handler.__name__, arguments)
        entry = _last(client)
        got = (entry["operation"], entry["via"], entry["method"])
        if got != (endpoint.handler.__name__, "mcp", endpoint.method):
            wrong.append(f"tool {endpoint.handler.__name__}: logged as {got}")
    assert not wrong, "\n".join(wrong)


def _form_rules(served: ServedService) -> list[tuple[Rule, Any]]:
    app = served.app
    assert app is not None
    return [
        (rule, app.view_functions[rule.endpoint])
        for rule in app.url_map.iter_rules()
        if "POST" in (rule.methods or ())
        and not rule.rule.startswith(("/api", "/admin", "/mcp"))
        and declared_operations(app.view_functions[rule.endpoint])
    ]


def test_each_web_form_records_the_api_operation_it_performs(served: ServedService) -> None:
    client = _user(served)
    browser = served.client()
    browser.http.cookies.set(session_cookie(served.name), client.http.headers["Authorization"][7:])
    rules = _form_rules(served)
    assert rules, f"{served.name}: expected web forms, found none"
    wrong = []
    for rule, view in rules:
        choice = view.operation
        cases = (
            [(value, op) for value, op in choice.choices.items()]
            if isinstance(choice, OperationChoice)
            else [(None, choice)]
        )
        for value, operation in cases:
            in_path = isinstance(choice, OperationChoice) and choice.field in rule.arguments
            path = _path(rule, **({choice.field: value} if in_path else {}))
            form = {choice.field: value} if value is not None and not in_path else {}
            browser.post(path, data=form, allow_redirects=False)
            entry = _last(client)
            if (entry["operation"], entry["via"]) != (operation, "ui"):
                wrong.append(
                    f"POST {path} {form}: logged as {entry['operation']!r} via "
                    f"{entry['via']!r}, expected {operation!r} via 'ui'"
                )
    assert not wrong, "\n".join(wrong)


def test_every_operation_a_form_names_is_one_the_api_performs(served: ServedService) -> None:
    known = api_operations(get_spec(served.name))
    for rule, view in _form_rules(served):
        assert declared_operations(view) <= known, (
            f"{rule.rule}: {declared_operations(view) - known}"
        )


def test_a_form_naming_no_operation_is_refused_where_it_is_declared() -> None:
    blueprint = Api("forms-test").blueprint
    with pytest.raises(ValueError, match=r"POST /cancel: name the API operation its form performs"):
        page(blueprint, "/cancel", methods=("POST",))


def test_a_form_naming_an_operation_the_api_lacks_stops_the_app() -> None:
    stray = Blueprint("stray_forms", __name__)
    page(stray, "/stray", methods=("POST",), operation="cancel_orders")(lambda ctx: "")
    with pytest.raises(
        ValueError, match=r"'stray_forms.<lambda>' names operations its API lacks: cancel_orders"
    ):
        served_routes(replace(get_spec("shop"), ui_blueprint=stray))


def test_a_form_naming_another_operation_the_api_lacks_stops_the_app() -> None:
    stray = Blueprint("stray_forms", __name__)
    page(stray, "/s", methods=("POST",), operation="cancel_order", also=("checkouts",))(
        lambda ctx: ""
    )
    with pytest.raises(ValueError, match=r"names operations its API lacks: checkouts"):
        served_routes(replace(get_spec("shop"), ui_blueprint=stray))


def test_another_operation_a_form_does_not_declare_is_refused_naming_the_fix() -> None:
    """``Ctx.also_performing`` logs an entry for an operation the page declared in ``also``;
    an undeclared one is a bug in the page, named with its fix, never a silent entry."""

    def view(code: str) -> str:
        return code

    mark_audited(view, {"POST"}, "update_ticket", also=("add_comment",))
    environ = EnvironBuilder(method="POST", path="/t/TK-1/edit").get_environ()
    request = Request({**environ, VIEW_KEY: view})
    request.view_args = {"code": "TK-1"}
    own = AuditEntry(
        "POST", "/t/TK-1/edit", "update_ticket", None, "ui", None, None, None, StoredBody("null")
    )
    other = also_entry(request, own, "add_comment")
    assert (other.operation, other.path, other.via) == ("add_comment", own.path, "ui")
    with pytest.raises(
        ValueError,
        match=r"performs 'merge_ticket' besides its own operation "
        r"but does not declare it: name it in the page's also=",
    ):
        also_entry(request, own, "merge_ticket")


def test_the_sdk_asks_by_operation_whatever_the_channel(tmp_path: Path) -> None:
    with serve("shop", tmp_path) as served:
        alice = served.client().as_user("alice", "alice-pass")
        bob = served.client().as_user("bob", "bob-pass")
        browser = served.client()
        browser.http.cookies.set(session_cookie("shop"), bob.http.headers["Authorization"][7:])
        (paid,) = alice.get("/api/orders?status=paid").json()["items"]
        (processing,) = bob.get("/api/orders?status=processing").json()["items"]
        alice.post(f"/api/orders/{paid['code']}/cancel", json={"reason": "by the API"})
        browser.post(f"/orders/{processing['code']}/cancel", data={"reason": "by the form"})
        browser.post("/orders/NO-SUCH/cancel", data={"reason": "refused"})
        done = performed("shop", "cancel_order", directory=tmp_path)
        tried = attempted("shop", "cancel_order", directory=tmp_path)
    assert [(e.via, e.username, e.params) for e in done] == [
        ("http", "alice", {"code": paid["code"]}),
        ("ui", "bob", {"code": processing["code"]}),
    ]
    assert [e.status for e in tried] == [200, 303, 404]
    assert never_performed("shop", "checkout", directory=tmp_path).ok
    assert not never_performed("shop", "cancel_order", directory=tmp_path).ok
    with pytest.raises(UnknownName, match=r"no operation 'cancel_orders'.*cancel_order"):
        performed("shop", "cancel_orders", directory=tmp_path)
    with pytest.raises(UnknownName, match=r"no operation 'list_orders' that changes data"):
        performed("shop", "list_orders", directory=tmp_path)


def _params(served: ServedService, operation: str) -> list[tuple[str, dict[str, Any]]]:
    return [(e.via, e.params) for e in attempted(served.name, operation, directory=served.data_dir)]


def test_what_an_entry_acts_on_is_named_in_one_spelling_on_every_channel(tmp_path: Path) -> None:
    """A key the service accepts in several spellings (a lower-case order code, a padded id, a
    compact day) is recorded in its one spelling: a verifier compares one value."""
    with serve("shop", tmp_path / "shop") as shop:
        alice = shop.client().as_user("alice", "alice-pass")
        (paid,) = alice.get("/api/orders?status=paid").json()["items"]
        alice.post(f"/api/orders/{paid['code'].lower()}%20/cancel", json={"reason": "api"})
        McpSession(alice).call("cancel_order", {"code": f" {paid['code'].lower()}", "reason": "x"})
        assert _params(shop, "cancel_order") == [  # the second one refused: already cancelled
            ("http", {"code": paid["code"]}),
            ("mcp", {"code": paid["code"]}),
        ]
    with serve("airline", tmp_path / "airline") as airline:
        alice = airline.client().as_user("alice", "alice-pass")
        booking = alice.get("/api/bookings").json()["items"][0]
        passenger = booking["passengers"][0]["id"]
        browser = airline.client()
        browser.http.cookies.set(session_cookie("airline"), alice.http.headers["Authorization"][7:])
        browser.post(
            f"/bookings/{booking['reference'].lower()}/passport",
            data={"passenger_id": f" +{passenger}", "passport_number": "X1234567"},
        )
        assert _params(airline, "update_passenger") == [
            ("ui", {"reference": booking["reference"], "passenger_id": passenger})
        ]
    with serve("health", tmp_path / "health") as health:
        alice = health.client().as_user("alice", "alice-pass")
        day = alice.get("/api/records").json()["items"][0]["day"]
        alice.delete(f"/api/records/{day.replace('-', '')}")
        assert _params(health, "delete_record") == [("http", {"day": day})]

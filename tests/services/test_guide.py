"""Every registered service serves ``/docs``: an overview under the token budget that links to
one page per area, every user operation on one of them, linked from the UI and the OpenAPI
document; the README's table of overview sizes is the served one."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from mock_services.core.base.keys import admin_token_path
from mock_services.core.docs.guide import OVERVIEW_TOKEN_BUDGET, estimate_tokens
from mock_services.core.docs.live_examples import shown, shown_text
from mock_services.core.serve.app import create_app
from mock_services.registry import SERVICE_MODULES, get_spec
from tests.conftest import seed_dir

SERVICES = list(SERVICE_MODULES)
README = Path(__file__).resolve().parents[2] / "mock_services" / "README.md"


@pytest.fixture(scope="module", params=SERVICES)
def served(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, FlaskClient]]:
    name = request.param
    settings = seed_dir(tmp_path_factory.mktemp(name), name)
    yield name, create_app(get_spec(name), settings).test_client()


def overview_tokens(client: FlaskClient) -> int:
    response = client.get("/docs")
    assert response.status_code == 200
    assert response.mimetype == "text/markdown"
    return estimate_tokens(response.get_data(as_text=True))


def test_the_overview_fits_the_token_budget(served: tuple[str, FlaskClient]) -> None:
    name, client = served
    tokens = overview_tokens(client)
    assert tokens < OVERVIEW_TOKEN_BUDGET, f"{name}: /docs is ~{tokens} tokens"


def test_every_user_operation_is_on_an_area_page_linked_from_the_overview(
    served: tuple[str, FlaskClient],
) -> None:
    name, client = served
    overview = client.get("/docs").get_data(as_text=True)
    areas = re.findall(r"\]\(/docs/([\w-]+)\)", overview)
    assert areas, f"{name}: the overview links no area page"
    documented: list[str] = []
    for area in areas:
        response = client.get(f"/docs/{area}")
        assert response.status_code == 200, f"{name}: /docs/{area} is {response.status_code}"
        page = response.get_data(as_text=True)
        documented += re.findall(r"^## (\w+): ", page, re.MULTILINE)
        operations_here = len(re.findall(r"^## \w+: ", page, re.MULTILINE))
        for part in (r"^Request( \(logged in as \w+\))?:$", r"^Answer \d+:", r"^Errors: "):
            assert len(re.findall(part, page, re.MULTILINE)) == operations_here, (name, area, part)
    document = client.get("/openapi.json").get_json()
    operations = {
        op["operationId"]
        for path, item in document["paths"].items()
        for op in item.values()
        if path != "/health"
        and not {"adminToken", "deliveryToken"} & {k for s in op.get("security", []) for k in s}
    }
    assert sorted(documented) == sorted(operations)


def test_every_body_field_is_listed_with_its_operation(served: tuple[str, FlaskClient]) -> None:
    """An agent learns what a write takes from the guide, not only from its one example."""
    name, client = served
    document = client.get("/openapi.json").get_json()
    schemas = document["components"]["schemas"]
    sections: dict[str, str] = {}
    for area in re.findall(r"\]\(/docs/([\w-]+)\)", client.get("/docs").get_data(as_text=True)):
        page = client.get(f"/docs/{area}").get_data(as_text=True)
        for section in re.split(r"^## ", page, flags=re.MULTILINE)[1:]:
            sections[section.split(":", 1)[0]] = section
    checked = 0
    for item in document["paths"].values():
        for operation in item.values():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body is None or operation["operationId"] not in sections:
                continue
            schema = schemas[body["schema"]["$ref"].rsplit("/", 1)[-1]]
            section = sections[operation["operationId"]]
            for field in schema.get("properties", {}):
                required = field in schema.get("required", [])
                line = re.search(rf"^- `{field}` \(([^\n]*)$", section, re.MULTILINE)
                assert line, f"{name} {operation['operationId']}: body field {field!r} unlisted"
                assert ("required" in line.group(1)) == required, (name, field, line.group(0))
                checked += 1
    assert checked, f"{name}: no body field checked"


def test_the_overview_says_what_the_service_is_and_how_to_log_in(
    served: tuple[str, FlaskClient],
) -> None:
    name, client = served
    overview = client.get("/docs").get_data(as_text=True)
    readme = (README.parent / name / "README.md").read_text()
    first_words = " ".join(readme.split("\n\n", 1)[1].split()[:6])
    assert first_words in overview
    assert "POST /api/auth/login" in overview and "`login` tool" in overview
    assert "## Main objects" in overview and "## Errors" in overview
    rules = client.get("/docs/rules")
    assert rules.status_code == 200 and "rules" in rules.get_data(as_text=True)


def test_the_ui_and_the_openapi_document_link_the_guide(served: tuple[str, FlaskClient]) -> None:
    _, client = served
    assert client.get("/openapi.json").get_json()["externalDocs"]["url"] == "/docs"
    assert 'href="/docs"' in client.get("/login").get_data(as_text=True)


def test_an_unknown_page_is_a_404_that_points_at_the_overview(
    served: tuple[str, FlaskClient],
) -> None:
    _, client = served
    response = client.get("/docs/nowhere")
    assert response.status_code == 404
    assert "'nowhere'" in response.get_json()["error"]["message"]


def test_the_readme_reports_each_overview_size(served: tuple[str, FlaskClient]) -> None:
    name, client = served
    rows = dict(re.findall(r"^\| `(\w+)` \| ~(\d+) \|", README.read_text(), re.MULTILINE))
    assert rows.get(name) == str(overview_tokens(client)), (
        f"mock_services/README.md: the guide table's row for {name} should read "
        f"~{overview_tokens(client)}"
    )


def test_every_summary_is_a_whole_sentence(served: tuple[str, FlaskClient]) -> None:
    """Summaries are the MCP tools' titles: the first sentence of the docstring, never its
    first line cut mid-sentence."""
    name, client = served
    document = client.get("/openapi.json").get_json()
    cut = [
        f"{method.upper()} {path}: {operation['summary']!r}"
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if not operation["summary"].endswith((".", "!", "?"))
    ]
    assert not cut, f"{name}: summaries that do not end a sentence:\n" + "\n".join(cut)


def test_every_example_request_uses_the_default_data(served: tuple[str, FlaskClient]) -> None:
    """An example's path and query carry real values of the default data (an order's code, a
    product's id), not a type's placeholder."""
    name, client = served
    overview = client.get("/docs").get_data(as_text=True)
    requests = [
        line
        for area in re.findall(r"\]\(/docs/([\w-]+)\)", overview)
        for line in re.findall(
            r"^(?:GET|POST|PUT|PATCH|DELETE) \S+$",
            client.get(f"/docs/{area}").get_data(as_text=True),
            re.MULTILINE,
        )
    ]
    assert requests, f"{name}: no example request found"
    placeholders = [line for line in requests if re.search(r"\bstring\b", line)]
    assert not placeholders, f"{name}: example requests with placeholders: {placeholders}"
    if name == "shop":  # the cancel is of an order that can be cancelled: ORD-100003 is paid
        assert "POST /api/orders/ORD-100003/cancel" in requests
        assert "GET /api/products/1" in requests


@dataclass(frozen=True)
class ShownExample:
    """One operation's example as an area page shows it."""

    operation: str
    method: str
    url: str
    body: Any
    user: str | None
    status: int
    answer: str | None  # the JSON or text block, None for no body
    schema_built: bool


def shown_examples(page: str) -> list[ShownExample]:
    examples = []
    for block in page.split("\n## ")[1:]:
        request = re.search(
            r"^Request(?: \(logged in as (\w+)\))?:\n\n```\n(.*?)```", block, re.M | re.S
        )
        answer = re.search(
            r"^Answer (\d+):(?:\n\n```(?:json|text)\n(.*?)\n```)?", block, re.M | re.S
        )
        assert request and answer, f"no request or answer in:\n{block}"
        line, _, body = request[2].strip().partition("\n")
        method, url = line.split(" ", 1)
        examples.append(
            ShownExample(
                block.split(":", 1)[0],
                method,
                url,
                json.loads(body) if body else None,
                request[1],
                int(answer[1]),
                answer[2],
                "(Built from the schema" in block,
            )
        )
    return examples


def all_examples(client: FlaskClient) -> list[ShownExample]:
    overview = client.get("/docs").get_data(as_text=True)
    return [
        example
        for area in re.findall(r"\]\(/docs/([\w-]+)\)", overview)
        for example in shown_examples(client.get(f"/docs/{area}").get_data(as_text=True))
    ]


@pytest.fixture(scope="module", params=SERVICES)
def fresh(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, FlaskClient, str]]:
    """A service on its default data, its test client and its admin token."""
    name = request.param
    settings = seed_dir(tmp_path_factory.mktemp(f"{name}-fresh"), name)
    client = create_app(get_spec(name), settings).test_client(use_cookies=False)
    yield name, client, admin_token_path(settings).read_text().strip()


def answered(client: FlaskClient, admin: str, example: ShownExample) -> tuple[int, str | None]:
    """The status and answer block (as the guide shows it) of ``example`` sent to a freshly
    reset service, logged in as its user."""
    assert client.post("/admin/reset", headers={"X-Admin-Token": admin}).status_code == 200
    headers = {}
    if example.user:
        login = {"username": example.user, "password": f"{example.user}-pass"}
        token = client.post("/api/auth/login", json=login).get_json()["token"]
        headers["Authorization"] = f"Bearer {token}"
    response = client.open(example.url, method=example.method, headers=headers, json=example.body)
    if response.is_json:
        return response.status_code, json.dumps(shown(response.get_json()), indent=1)
    text = response.get_data(as_text=True) if response.mimetype.startswith("text/") else ""
    return response.status_code, shown_text(text) or None


def test_the_examples_never_touch_the_served_db(fresh: tuple[str, FlaskClient, str]) -> None:
    """Building every area page (which runs every example, cancels and deletes included)
    leaves the served DB as seeded: the examples run on a scratch copy."""
    name, client, admin = fresh
    headers = {"X-Admin-Token": admin}
    before = client.get("/admin/export", headers=headers).get_json()
    assert all_examples(client), f"{name}: no example found"
    assert client.get("/admin/audit", headers=headers).get_json() == [], (
        f"{name}: building the guide wrote to the served DB"
    )
    assert client.get("/admin/export", headers=headers).get_json() == before


def test_every_example_answer_is_the_services_own(
    fresh: tuple[str, FlaskClient, str],
) -> None:
    """Each example request is accepted by a freshly seeded service, and the answer shown is
    the one it gives (lists cut to their first items, the login's token as "..."); an
    example the default data cannot run says so and is built without placeholders."""
    name, client, admin = fresh
    examples = all_examples(client)
    placeholders = [e.operation for e in examples if e.answer and '"string"' in e.answer]
    assert not placeholders, f'{name}: answers with a "string" placeholder: {placeholders}'
    for example in [e for e in examples if not e.schema_built]:
        status, answer = answered(client, admin, example)
        assert (status, answer) == (example.status, example.answer), (
            f"{name} {example.operation}: the guide shows {example.status} {example.answer}; "
            f"{example.method} {example.url} answers {status} {answer}"
        )
        assert 200 <= status < 300, f"{name} {example.operation}: refused with {status}"
    schema_built = [e.operation for e in examples if e.schema_built]
    assert len(schema_built) <= 5, f"{name}: examples the default data cannot run: {schema_built}"

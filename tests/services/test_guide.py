"""Every registered service serves ``/docs``: an overview under the token budget that links to
one page per area, every user operation on one of them, linked from the UI and the OpenAPI
document; the README's table of overview sizes is the served one."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from mock_services.core.app import create_app
from mock_services.core.guide import OVERVIEW_TOKEN_BUDGET, estimate_tokens
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
        for part in (r"^Request:$", r"^Answer \d+:", r"^Errors: "):
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
    if name == "shop":
        assert "POST /api/orders/ORD-100001/cancel" in requests
        assert "GET /api/products/1" in requests

"""A route's handler names its input in its signature: path parameters, ``query: Model`` and
``body: Model``; the route validates them and passes them by name, and refuses any other."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, RootModel

from mock_services.core.spec.api import Api, Ctx, input_models, refuses_unknown_fields
from mock_services.registry import SERVICE_MODULES, get_spec


class Filter(BaseModel):
    model_config = ConfigDict(extra="forbid")
    word: str = ""


class Rename(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title: str


def test_the_models_come_from_the_annotations_of_query_and_body() -> None:
    def rename(ctx: Ctx, note_id: int, query: Filter, body: Rename) -> None: ...

    assert input_models(rename, "POST /api/notes/<int:note_id>") == {
        "query": Filter,
        "body": Rename,
    }


def test_a_handler_of_path_parameters_only_takes_no_input() -> None:
    def read(ctx: Ctx, note_id: int) -> None: ...

    assert input_models(read, "GET /api/notes/<int:note_id>") == {}


def test_a_parameter_that_is_no_input_is_refused_naming_route_handler_and_parameter() -> None:
    def rename(ctx: Ctx, note: int, body: Rename) -> None: ...

    with pytest.raises(TypeError) as refused:
        input_models(rename, "POST /api/notes/<int:note_id>")
    message = str(refused.value)
    for part in ("POST /api/notes/<int:note_id>", "rename", "'note'", "note_id", "query, body"):
        assert part in message, f"expected {part!r} in the refusal, got: {message}"


def test_an_input_that_is_not_a_pydantic_model_is_refused() -> None:
    def rename(ctx: Ctx, body: dict) -> None: ...  # type: ignore[type-arg]

    with pytest.raises(TypeError, match="rename's 'body' must be annotated with a pydantic model"):
        input_models(rename, "POST /api/notes")


def test_a_route_reads_its_models_from_the_handler_and_refuses_a_stray_parameter() -> None:
    api = Api("inputs", url_prefix="/api")

    @api.post("/notes/<int:note_id>", response=None)
    def rename(ctx: Ctx, note_id: int, query: Filter, body: Rename) -> None: ...

    assert (api.endpoints[0].query, api.endpoints[0].body) == (Filter, Rename)
    with pytest.raises(TypeError, match=r"POST /api/notes: handler add takes 'payload'"):

        @api.post("/notes", response=None)
        def add(ctx: Ctx, payload: Rename) -> None: ...

    assert [e.handler.__name__ for e in api.endpoints] == ["rename"], "the refused route stays out"


class Loose(BaseModel):
    title: str


def test_a_body_model_that_drops_unknown_fields_is_refused() -> None:
    def rename(ctx: Ctx, body: Loose) -> None: ...

    with pytest.raises(TypeError, match="body model Loose takes unknown fields silently"):
        input_models(rename, "POST /api/notes")


def test_a_root_model_refuses_unknown_fields_when_each_of_its_kinds_does() -> None:
    strict = RootModel[Rename | Filter]
    loose = RootModel[Rename | Loose]
    assert refuses_unknown_fields(strict) and not refuses_unknown_fields(loose)


def _loose_objects(schema: Any, path: str = "") -> Iterator[str]:
    """Where a JSON schema has an object with properties that allows others (a constraint
    like ``anyOf`` of required fields is no object)."""
    if isinstance(schema, dict):
        is_object = schema.get("type") == "object" and "properties" in schema
        if is_object and schema.get("additionalProperties") is not False:
            yield path or "/"
        for key, value in schema.items():
            yield from _loose_objects(value, f"{path}/{key}")
    elif isinstance(schema, list):
        for index, value in enumerate(schema):
            yield from _loose_objects(value, f"{path}[{index}]")


@pytest.mark.parametrize("service", SERVICE_MODULES)
def test_every_body_of_every_service_refuses_unknown_fields_nested_too(service: str) -> None:
    bodies = [e for api in get_spec(service).apis for e in api.endpoints if e.body is not None]
    loose = {
        f"{e.method} {e.rule}": where
        for e in bodies
        if (where := list(_loose_objects(e.body.model_json_schema())))
    }
    assert not loose, f"body objects that take unknown fields: {loose}"

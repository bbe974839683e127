"""OpenAPI 3.1 generated from the same pydantic models that validate requests and answers."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, TypeAdapter
from pydantic.json_schema import JsonSchemaMode

from mock_services.core.base.errors import ErrorResponse
from mock_services.core.spec.api import SQLITE_MAX_INT, Endpoint, FileDownload

GUIDE_PATH = "/docs"

_REF = "#/components/schemas/{model}"
STATUS_TEXT = {
    400: "Bad request",
    401: "Not logged in",
    403: "Forbidden",
    404: "Not found",
    409: "Conflict with the current state",
    413: "Request body too large",
    422: "Validation failed",
    429: "Rate limited",
    503: "Unavailable",
}


class _Schemas:
    """Collects component schemas, hoisting each schema's ``$defs``."""

    def __init__(self) -> None:
        self.components: dict[str, Any] = {}

    def add(self, annotation: Any, mode: JsonSchemaMode) -> dict[str, Any]:
        schema = TypeAdapter(annotation).json_schema(ref_template=_REF, mode=mode)
        self.components.update(schema.pop("$defs", {}))
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            self.components[annotation.__name__] = schema
            return {"$ref": _REF.format(model=annotation.__name__)}
        return schema


def _query_parameters(model: type[BaseModel], schemas: _Schemas) -> list[dict[str, Any]]:
    schema = model.model_json_schema(ref_template=_REF)
    schemas.components.update(schema.pop("$defs", {}))
    required = set(schema.get("required", []))
    params = []
    for name, prop in schema.get("properties", {}).items():
        param: dict[str, Any] = {
            "name": name,
            "in": "query",
            "required": name in required,
            "schema": prop,
        }
        if "description" in prop:
            param["description"] = prop["description"]
        if prop.get("type") == "array" or any(
            option.get("type") == "array" for option in prop.get("anyOf", [])
        ):
            param.update(style="form", explode=True)
        params.append(param)
    return params


def _operation(endpoint: Endpoint, schemas: _Schemas) -> dict[str, Any]:
    operation: dict[str, Any] = {
        "operationId": endpoint.handler.__name__,
        "summary": endpoint.summary,
        "tags": list(endpoint.tags),
        "parameters": [
            {"name": name, "in": "path", "required": True, "schema": _path_schema(kind)}
            for name, kind in endpoint.path_params()
        ],
    }
    if endpoint.details:
        operation["description"] = endpoint.doc
    if endpoint.query:
        operation["parameters"] += _query_parameters(endpoint.query, schemas)
    if endpoint.body:
        operation["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": schemas.add(endpoint.body, "validation")}},
        }
    success: dict[str, Any] = {"description": "OK"}
    if endpoint.response is FileDownload:  # raw bytes, in the file's own media type
        success["content"] = {"*/*": {"schema": {}}}
    elif endpoint.response is not None:
        success["content"] = {
            "application/json": {"schema": schemas.add(endpoint.response, "serialization")}
        }
    error = {
        "content": {"application/json": {"schema": {"$ref": _REF.format(model="ErrorResponse")}}}
    }
    operation["responses"] = {str(endpoint.status): success}
    for status in sorted(endpoint.error_statuses):
        operation["responses"][str(status)] = {
            "description": STATUS_TEXT.get(status, "Error"),
            **error,
        }
    operation["responses"]["default"] = {"description": "Error", **error}
    if endpoint.auth in ("user", "optional"):
        operation["security"] = [{"bearerAuth": []}, {"cookieAuth": []}]
        if endpoint.auth == "optional":
            operation["security"].append({})
    elif endpoint.auth == "admin":
        operation["security"] = [{"adminToken": []}]
    elif endpoint.auth == "delivery":
        operation["security"] = [{"deliveryToken": []}]
    return operation


def _path_schema(kind: str) -> dict[str, Any]:
    if kind == "integer":
        return {"type": "integer", "minimum": 0, "maximum": SQLITE_MAX_INT}
    return {"type": kind}


def build_openapi(
    title: str, description: str, endpoints: list[Endpoint], cookie: str
) -> dict[str, Any]:
    schemas = _Schemas()
    schemas.add(ErrorResponse, "serialization")
    paths: dict[str, dict[str, Any]] = {}
    for endpoint in endpoints:
        paths.setdefault(endpoint.openapi_path, {})[endpoint.method.lower()] = _operation(
            endpoint, schemas
        )
    return {
        "openapi": "3.1.0",
        "info": {"title": title, "version": "1.0.0", "description": description},
        "externalDocs": {
            "description": "A short guide: what the service is, how to log in, each operation "
            "with an example request and answer, the errors",
            "url": GUIDE_PATH,
        },
        "paths": paths,
        "components": {
            "schemas": dict(sorted(schemas.components.items())),
            "securitySchemes": {
                "bearerAuth": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "token from POST /api/auth/login",
                },
                "cookieAuth": {"type": "apiKey", "in": "cookie", "name": cookie},
                "adminToken": {"type": "apiKey", "in": "header", "name": "X-Admin-Token"},
                "deliveryToken": {"type": "apiKey", "in": "header", "name": "X-Delivery-Token"},
            },
        },
    }

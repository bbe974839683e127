"""MCP tools generated from a service's OpenAPI document: one tool per user operation.

A tool's input schema is the operation's path and query parameters and its JSON body's fields,
side by side in one object, each with the very schema the OpenAPI document gives it (a body that
is a union has one such object per variant under ``oneOf``); its output
schema is the answer's schema (wrapped as ``{"result": ...}`` when the answer is not an object,
as MCP asks for objects). ``$ref``s point into the tool's own ``$defs``.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from mock_services.core.base.auth import session_cookie
from mock_services.core.base.mcp_toolset import McpToolSet, ToolAlias
from mock_services.core.spec.api import Endpoint
from mock_services.core.spec.openapi import build_openapi
from mock_services.core.web.routes import service_apis

if TYPE_CHECKING:
    import mcp_types as mcp

    from mock_services.core.spec.service import ServiceSpec

_COMPONENT = "#/components/schemas/"
_DEFS = "#/$defs/"
RESULT_KEY = "result"
_NOT_TOOLS = ("admin", "delivery")
HEALTH_PROBE = "/health"  # operations for verifiers and services, not for users
_REF = re.compile(r'"\$ref": "#/components/schemas/([^"]+)"')


@dataclass(frozen=True)
class ToolRoute:
    """How a tool call becomes a request: which arguments go in the path, query and body."""

    method: str
    path: str  # the OpenAPI path, e.g. /api/orders/{order_id}
    path_params: dict[str, str]  # name -> JSON type
    query_params: tuple[str, ...]
    body_params: tuple[str, ...] | None  # None: the route takes no body
    wraps_result: bool
    file_answer: bool
    renamed_arguments: dict[str, str] = field(default_factory=dict)  # upstream -> ours


@dataclass(frozen=True)
class ServiceTool:
    """One tool: what ``tools/list`` shows (``tool``) and how a call is run (``route``)."""

    tool: mcp.Tool
    route: ToolRoute

    @property
    def name(self) -> str:
        return self.tool.name

    def listing(self) -> dict[str, Any]:
        return wire(self.tool)


def wire(model: BaseModel) -> dict[str, Any]:
    """An MCP message type as JSON sends it: camelCase names, no nulls."""
    return model.model_dump(by_alias=True, exclude_none=True, mode="json")


def is_tool(endpoint: Endpoint) -> bool:
    """A user operation: not the health probe, not an admin or delivery route. (The probe is
    known by its path: a service may name an area of its own "health".)"""
    return endpoint.auth not in _NOT_TOOLS and endpoint.openapi_path != HEALTH_PROBE


def tool_annotations(endpoint: Endpoint) -> mcp.ToolAnnotations:
    """Hints from the route: GET reads; PUT and DELETE overwrite or remove (idempotently);
    POST adds, unless the route declares it destructive (a checkout, a cancellation). Routes
    that change nothing (login, search) are read-only whatever their method."""

    import mcp_types as mcp  # on first use: a fifth of a second to import

    return mcp.ToolAnnotations(
        read_only_hint=not endpoint.mutating,
        destructive_hint=endpoint.destructive,
        idempotent_hint=endpoint.method in ("GET", "PUT", "DELETE") or not endpoint.mutating,
        open_world_hint=False,
    )


def build_tools(document: dict[str, Any], endpoints: list[Endpoint]) -> list[ServiceTool]:
    """The tools of every user operation in ``document`` (the service's OpenAPI document)."""
    components = document["components"]["schemas"]
    tools: dict[str, ServiceTool] = {}
    for endpoint in filter(is_tool, endpoints):
        operation = document["paths"][endpoint.openapi_path][endpoint.method.lower()]
        tool = _tool(endpoint, operation, components)
        if tool.name in tools:
            raise ValueError(
                f"two operations would be the MCP tool {tool.name!r}: "
                f"{tools[tool.name].route.method} {tools[tool.name].route.path} and "
                f"{endpoint.method} {endpoint.openapi_path}; rename one handler"
            )
        tools[tool.name] = tool
    return list(tools.values())


def _tool(endpoint: Endpoint, operation: dict[str, Any], components: dict[str, Any]) -> ServiceTool:

    import mcp_types as mcp  # on first use: a fifth of a second to import

    input_schema, body_params = _input_schema(endpoint, operation, components)
    success = operation["responses"][str(endpoint.status)].get("content", {})
    answer = success.get("application/json", {}).get("schema")
    wraps = answer is not None and _resolved(answer, components).get("type") != "object"
    output_schema = None
    if answer is not None:
        output_schema = (
            {"type": "object", "properties": {RESULT_KEY: answer}, "required": [RESULT_KEY]}
            if wraps
            else _resolved(answer, components)
        )
    tool = mcp.Tool(
        name=operation["operationId"],
        title=operation["summary"],
        description=operation.get("description", operation["summary"]),
        input_schema=_with_defs(input_schema, components),
        output_schema=_with_defs(output_schema, components) if output_schema else None,
        annotations=tool_annotations(endpoint),
    )
    route = ToolRoute(
        method=endpoint.method,
        path=endpoint.openapi_path,
        path_params=dict(endpoint.path_params()),
        query_params=tuple(p["name"] for p in operation["parameters"] if p["in"] == "query"),
        body_params=body_params,
        wraps_result=wraps,
        file_answer="*/*" in success,
    )
    return ServiceTool(tool=tool, route=route)


def _input_schema(
    endpoint: Endpoint, operation: dict[str, Any], components: dict[str, Any]
) -> tuple[dict[str, Any], tuple[str, ...] | None]:
    """The tool's input schema (its path and query parameters and its body's fields side by
    side) and the names of its body's fields (None: the route takes no body). A body that is
    a union (a card or a PayPal account) is one object per variant under ``oneOf``, and its
    fields are all listed in ``properties``, each variant's ``required`` ones in its own."""
    params = {param["name"]: param["schema"] for param in operation["parameters"]}
    required = [param["name"] for param in operation["parameters"] if param["required"]]
    if "requestBody" not in operation:
        return _object(params, required), None
    body = _resolved(operation["requestBody"]["content"]["application/json"]["schema"], components)
    options = None if "properties" in body else body.get("oneOf") or body.get("anyOf")
    variants = [_resolved(option, components) for option in options or [body]]
    merged = []
    for variant in variants:
        fields = variant.get("properties", {})
        clash = set(fields) & set(params)
        if clash:
            raise ValueError(
                f"{endpoint.method} {endpoint.openapi_path}: body field(s) {sorted(clash)} have "
                "the name of a path or query parameter; a tool takes them side by side"
            )
        merged.append(_object(params | fields, required + variant.get("required", [])))
    body_params = tuple(dict.fromkeys(name for v in variants for name in v.get("properties", {})))
    if not options:  # a plain object, perhaps with alternatives of what it requires
        return merged[0] | ({"anyOf": body["anyOf"]} if "anyOf" in body else {}), body_params
    everywhere = [
        name for name in merged[0]["required"] if all(name in m["required"] for m in merged)
    ]
    schema = _object(_union_properties(merged), everywhere)
    schema["oneOf"] = [
        {"title": variant.get("title", ""), **one}
        for variant, one in zip(variants, merged, strict=True)
    ]
    if "discriminator" in body:
        schema["discriminator"] = {"propertyName": body["discriminator"]["propertyName"]}
    if "description" in body:
        schema["description"] = body["description"]
    return schema, body_params


def _object(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def _union_properties(variants: list[dict[str, Any]]) -> dict[str, Any]:
    """Every field of any variant, with its schema: one that several variants give differently
    is their ``anyOf`` (their ``enum``, for the constants that tell variants apart)."""
    schemas: dict[str, list[dict[str, Any]]] = {}
    for variant in variants:
        for name, schema in variant["properties"].items():
            if schema not in schemas.setdefault(name, []):
                schemas[name].append(schema)
    union: dict[str, Any] = {}
    for name, options in schemas.items():
        if len(options) == 1:
            union[name] = options[0]
        elif all("const" in option for option in options):
            union[name] = {"type": "string", "enum": [option["const"] for option in options]}
        else:
            union[name] = {"anyOf": options}
    return union


def _resolved(schema: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    """``schema`` itself, or the component its ``$ref`` names."""
    ref = schema.get("$ref", "")
    return components[ref.removeprefix(_COMPONENT)] if ref.startswith(_COMPONENT) else schema


def local_refs(schema: Any) -> Any:
    """``schema`` with its OpenAPI component ``$ref``s pointing into a local ``$defs``."""
    return json.loads(json.dumps(schema).replace(f'"{_COMPONENT}', f'"{_DEFS}'))


def _with_defs(schema: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    """``schema`` standing alone: local ``$ref``s and the components they reach as ``$defs``."""
    defs: dict[str, Any] = {}
    pending = _REF.findall(json.dumps(schema))
    while pending:
        name = pending.pop()
        if name not in defs:
            defs[name] = components[name]
            pending += _REF.findall(json.dumps(components[name]))
    standalone: dict[str, Any] = local_refs(schema)
    if defs:
        standalone["$defs"] = local_refs(dict(sorted(defs.items())))
    return standalone


def service_tools(spec: ServiceSpec) -> list[ServiceTool]:
    """Every tool of ``spec``, from its OpenAPI document (as its app builds them)."""
    endpoints = [e for api in service_apis(spec) for e in api.endpoints]
    return build_tools(
        build_openapi(spec.title, spec.description, endpoints, session_cookie(spec.name)), endpoints
    )


def select_tools(tools: list[ServiceTool], toolset: McpToolSet | None) -> list[ServiceTool]:
    """The tools a task offers: ours plus its aliases, narrowed as ``toolset`` says."""
    if toolset is None:
        return tools
    problems = toolset_problems(tools, toolset)
    if problems:
        raise ValueError("; ".join(message for _loc, message in problems))
    ours = {tool.name: tool for tool in tools}
    offered = ours | {name: _alias(ours[a.tool], name, a) for name, a in toolset.aliases.items()}
    names = toolset.tools if toolset.tools is not None else list(offered)
    chosen = [offered[name] for name in names]
    if toolset.read_only:
        chosen = [t for t in chosen if t.tool.annotations and t.tool.annotations.read_only_hint]
    return chosen


def toolset_problems(
    tools: list[ServiceTool], toolset: McpToolSet
) -> list[tuple[tuple[str | int, ...], str]]:
    """What in ``toolset`` names no tool or argument: (where in the toolset, message) pairs."""
    ours = {tool.name: tool for tool in tools}
    problems: list[tuple[tuple[str | int, ...], str]] = []
    for name, alias in toolset.aliases.items():
        if alias.tool not in ours:
            problems.append(
                (("aliases", name, "tool"), unknown_name("tool", alias.tool, list(ours)))
            )
            continue
        known = list(ours[alias.tool].tool.input_schema["properties"])
        for upstream, own in alias.arguments.items():
            if own not in known:
                problems.append(
                    (("aliases", name, "arguments", upstream), unknown_name("argument", own, known))
                )
    offered = [*ours, *toolset.aliases]
    for index, name in enumerate(toolset.tools or []):
        if name not in offered:
            problems.append((("tools", index), unknown_name("tool", name, offered)))
    return problems


def unknown_name(kind: str, name: str, known: list[str]) -> str:
    """``no tool 'chekout'; closest: 'checkout'`` (the first known names when none is close)."""
    close = difflib.get_close_matches(name, known, n=3) or known[:8]
    return f"no {kind} {name!r}; closest: {', '.join(repr(k) for k in close)}"


def _alias(tool: ServiceTool, name: str, alias: ToolAlias) -> ServiceTool:
    """``tool`` under an upstream name, with upstream argument names."""
    ours_to_upstream = {own: upstream for upstream, own in alias.arguments.items()}
    schema = _renamed(tool.tool.input_schema, ours_to_upstream)
    listed = tool.tool.model_copy(
        update={
            "name": name,
            "description": alias.description or tool.tool.description,
            "input_schema": schema,
        }
    )
    return ServiceTool(
        tool=listed, route=replace(tool.route, renamed_arguments=dict(alias.arguments))
    )


def _renamed(schema: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """An input schema with its arguments (its variants' too) renamed as ``names`` says."""
    renamed = dict(schema)
    renamed["properties"] = {names.get(k, k): v for k, v in schema["properties"].items()}
    renamed["required"] = [names.get(k, k) for k in schema["required"]]
    if "oneOf" in schema:
        renamed["oneOf"] = [_renamed(variant, names) for variant in schema["oneOf"]]
    return renamed

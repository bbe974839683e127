"""task.toml checks beyond the model: unknown and legacy keys, required fields, keywords,
network policy, secrets."""

from __future__ import annotations

import re
from typing import Any

from taskkit.task_model import (
    ENV_REFERENCE,
    LEGACY_ROOT_METADATA,
    Agent,
    Verifier,
    unknown_keys,
)
from taskkit.validate.context import TaskContext

KEYWORD = re.compile(r"^[a-z0-9][a-z0-9+.-]*$")
SECRET_NAME = re.compile(r"(?i)(api[_-]?key|token|secret|password|passwd|credential)")


def check_unknown_keys(ctx: TaskContext) -> None:
    if ctx.config is None:
        return
    for path, suggestion in unknown_keys(ctx.config):
        hint = f"; did you mean {suggestion!r}?" if suggestion else ""
        if path.startswith("metadata.") and path.count(".") == 1:
            ctx.report(
                "unknown-metadata-key",
                "task.toml",
                f"unknown metadata key {path!r}{hint}",
                line=ctx.toml_line(path),
            )
        elif path.startswith("metadata.harbor.") and not path.startswith("metadata.harbor.lint"):
            continue  # metadata.harbor is Harbor's namespace; only lint is checked
        else:
            ctx.report(
                "unknown-key",
                "task.toml",
                f"unknown key {path!r} (Harbor ignores it){hint}",
                line=ctx.toml_line(path),
            )


def _legacy(raw: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(rule, dotted key, message) for old spellings found in the raw TOML."""
    found = []
    if "version" in raw:
        found.append(
            ("legacy-key", "version", "root 'version' is the old name of 'schema_version'")
        )
    for key in sorted(LEGACY_ROOT_METADATA & raw.keys()):
        found.append(("misplaced-key", key, f"{key!r} belongs under [metadata]"))
    environment = raw.get("environment")
    if not isinstance(environment, dict):
        environment = {}
    for old, new in (("memory", "memory_mb"), ("storage", "storage_mb")):
        if old in environment:
            found.append(
                (
                    "legacy-key",
                    f"environment.{old}",
                    f"environment.{old} is deprecated; use {new} (megabytes)",
                )
            )
    metadata = raw.get("metadata")
    if not isinstance(metadata, dict):
        metadata = {}
    for key in metadata:
        if re.fullmatch(r"[AaBbCc][12]", key):
            found.append(
                (
                    "legacy-key",
                    f"metadata.{key}",
                    f"metadata.{key} is the old name of factor_{key.lower()}",
                )
            )
    return found


def check_legacy_keys(ctx: TaskContext) -> None:
    if ctx.raw is None:
        return
    for rule, key, message in _legacy(ctx.raw):
        ctx.report(rule, "task.toml", message, line=ctx.toml_line(key))


def check_required_fields(ctx: TaskContext) -> None:
    """The seed's required fields (version, difficulty, case_id, domain, allow_internet)."""
    raw, config = ctx.raw, ctx.config
    if raw is None or config is None:
        return
    if "schema_version" not in raw and "version" not in raw:
        ctx.report(
            "required-field", "task.toml", "schema_version (seed: version) is missing", line=1
        )
    metadata = config.metadata
    for name in ("difficulty", "case_id", "domain"):
        if getattr(metadata, name) is None:
            ctx.report(
                "required-field",
                "task.toml",
                f"[metadata] {name} is missing",
                line=ctx.toml_line("metadata"),
            )
    environment = config.environment
    if environment.allow_internet is None and environment.network_mode is None:
        ctx.report(
            "required-field",
            "task.toml",
            "[environment] allow_internet (or network_mode) is missing",
            line=ctx.toml_line("environment"),
        )
    if config.task is None:
        ctx.report(
            "required-field",
            "task.toml",
            "[task] is missing (name, version, description, keywords)",
            line=1,
        )
    if metadata.domain and metadata.domains_multi and metadata.domain not in metadata.domains_multi:
        ctx.report(
            "config-invalid",
            "task.toml",
            f"domains_multi {metadata.domains_multi} must include the domain {metadata.domain!r}",
            line=ctx.toml_line("metadata.domains_multi"),
        )


def check_keywords(ctx: TaskContext) -> None:
    if ctx.config is None or ctx.config.task is None:
        return
    keywords = ctx.config.task.keywords
    if not keywords:
        ctx.report(
            "empty-keywords",
            "task.toml",
            "[task].keywords is empty",
            line=ctx.toml_line("task.keywords") or ctx.toml_line("task"),
        )
        return
    bad = [k for k in keywords if not KEYWORD.match(k)]
    if bad or not 3 <= len(keywords) <= 8:
        ctx.report(
            "keyword-format",
            "task.toml",
            f"{len(keywords)} keyword(s), expected 3-8 lowercase tokens"
            + (f"; not lowercase tokens: {bad}" if bad else ""),
            line=ctx.toml_line("task.keywords"),
        )


def check_network(ctx: TaskContext) -> None:
    config = ctx.config
    if config is None:
        return
    baseline = config.environment.effective_network_mode
    phases: list[tuple[str, Agent | Verifier]] = [("agent", config.agent)]
    if not config.verifier.separate:
        phases.append(("verifier", config.verifier))
    for index, step in enumerate(config.steps or []):
        phases.append((f"steps[{index}].agent", step.agent))
    for where, phase in phases:
        if phase.network_mode is not None and phase.network_mode != baseline:
            ctx.report(
                "network-override",
                "task.toml",
                f"{where}.network_mode = {phase.network_mode!r} differs from the "
                f"baseline {baseline!r}; only providers with dynamic network policy "
                "apply it (plain Docker refuses the task)",
                line=ctx.toml_line(f"{where}.network_mode"),
            )
    if baseline != "public":
        ctx.report(
            "no-internet",
            "task.toml",
            f"the network baseline is {baseline!r}; the agent cannot reach its LLM",
            line=ctx.toml_line("environment"),
        )


def _env_tables(ctx: TaskContext) -> list[tuple[str, dict[str, str]]]:
    config = ctx.config
    assert config is not None
    tables = [
        ("environment.env", config.environment.env),
        ("verifier.env", config.verifier.env),
        ("solution.env", config.solution.env),
    ]
    tables += [
        (f"steps[{i}].verifier.env", s.verifier.env) for i, s in enumerate(config.steps or [])
    ]
    for index, server in enumerate(config.environment.mcp_servers):
        tables.append((f"environment.mcp_servers[{index}].headers", server.headers))
    return tables


def check_secrets(ctx: TaskContext) -> None:
    if ctx.config is None:
        return
    for where, table in _env_tables(ctx):
        for key, value in table.items():
            secret_like = SECRET_NAME.search(key) or where.endswith("headers")
            if secret_like and value and "${" not in value:
                ctx.report(
                    "secret-literal",
                    "task.toml",
                    f"{where}.{key} holds a literal value; expected a reference such "
                    f'as "${{{key.upper().replace("-", "_")}}}"',
                    line=ctx.toml_line(f"{where}.{key}"),
                )


def is_env_reference(value: str, name: str) -> bool:
    match = ENV_REFERENCE.match(value)
    return bool(match) and name in value

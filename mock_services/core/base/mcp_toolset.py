"""A task's choice of MCP tools (the ``mcp`` field of a service's seed document): only some
tools, only read-only ones, or upstream names and argument names for ours (imported tasks)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class ToolAlias(BaseModel):
    """An upstream tool backed by one of ours: ``arguments`` maps upstream argument names to
    ours (the others keep their names); the schemas stay ours, renamed."""

    model_config = ConfigDict(extra="forbid")
    tool: str = Field(min_length=1, description="the service's own tool")
    description: str | None = None
    arguments: dict[str, str] = {}


class McpToolSet(BaseModel):
    """Which tools a task's agent sees. ``aliases`` adds tools under upstream names; ``tools``
    (our names or alias names) keeps only those; ``read_only`` keeps only read-only tools."""

    model_config = ConfigDict(extra="forbid")
    tools: list[str] | None = None
    read_only: bool = False
    aliases: dict[str, ToolAlias] = Field(default_factory=dict)

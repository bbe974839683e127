"""``OUT/import-manifest.json``: every import into one folder, by source. Each import of a
source merges into that source's section (a task imported again replaces its own entries), so
importing claw-eval and then WebArena into OUT keeps both, and ``--tasks`` imports add up."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

MANIFEST = "import-manifest.json"


class ManifestError(ValueError):
    """An existing manifest that cannot be merged into; the message names the file."""


class SourceImport(BaseModel):
    """One source's section: its pin and licence, and what its imports wrote, left out and
    refused (entries keyed by task id or upstream id)."""

    model_config = ConfigDict(extra="forbid")
    upstream_repo: str
    upstream_commit: str
    license: str
    license_note: str = ""
    scoring_layers: list[str]
    upstream_records: int = Field(ge=0, description="records enumerated by the latest import")
    tasks: list[dict[str, Any]] = Field(default_factory=list)
    not_runnable_here: list[dict[str, Any]] = Field(default_factory=list)
    refused: list[dict[str, Any]] = Field(default_factory=list)
    warnings: list[dict[str, Any]] = Field(default_factory=list)


class ImportManifest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    sources: dict[str, SourceImport] = Field(default_factory=dict)


ENTRY_KEYS = ("id", "source_id", "task", "record")


def _kept(old: list[dict[str, Any]], replaced: set[str]) -> list[dict[str, Any]]:
    """``old`` entries that name none of ``replaced`` (by task id, upstream id or record)."""
    return [e for e in old if not any(e.get(key) in replaced for key in ENTRY_KEYS)]


def read_manifest(out: Path) -> ImportManifest:
    path = out / MANIFEST
    if not path.exists():
        return ImportManifest()
    try:
        return ImportManifest.model_validate_json(path.read_text())
    except (ValidationError, ValueError) as exc:
        raise ManifestError(
            f"{path}: not an import manifest this version can add to ({str(exc).splitlines()[0]});"
            " move it away or import into another --out"
        ) from None


def merge_manifest(
    out: Path, source: str, section: SourceImport, only: set[str] | None = None
) -> Path:
    """Add one import of ``source`` to ``OUT/import-manifest.json`` (created when missing). A
    whole import replaces the source's section; an import of ``only`` some ids (task ids,
    upstream ids) replaces just their entries, so partial imports add up."""
    manifest = read_manifest(out)
    previous = manifest.sources.get(source)
    if only is not None and previous is not None:
        if previous.upstream_commit != section.upstream_commit:
            raise ManifestError(
                f"{out / MANIFEST}: {source} was imported at {previous.upstream_commit[:12]}, "
                f"this import is at {section.upstream_commit[:12]}; import the whole source"
            )
        section = section.model_copy(
            update={
                name: _kept(getattr(previous, name), only) + getattr(section, name)
                for name in ("tasks", "not_runnable_here", "refused", "warnings")
            }
        )
    manifest.sources[source] = section
    manifest.sources = dict(sorted(manifest.sources.items()))
    path = out / MANIFEST
    path.write_text(json.dumps(manifest.model_dump(), indent=2, ensure_ascii=False) + "\n")
    return path

"""The JSON Schemas of the dataset files, written from the pydantic models."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from taskkit.dataset.model import DatasetManifest, Record

SCHEMA_DIR = Path(__file__).with_name("schema")
MODELS: dict[str, type[BaseModel]] = {
    "dataset.schema.json": DatasetManifest,
    "record.schema.json": Record,
}


def schema_texts() -> dict[str, str]:
    """File name -> the schema's JSON text, as committed under ``taskkit/dataset/schema/``."""
    texts = {}
    for name, model in MODELS.items():
        schema: dict[str, Any] = {"$schema": "https://json-schema.org/draft/2020-12/schema"}
        schema |= model.model_json_schema()
        texts[name] = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
    return texts


def write_schemas(folder: Path = SCHEMA_DIR) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in schema_texts().items():
        (folder / name).write_text(text, encoding="utf-8")
        written.append(folder / name)
    return written

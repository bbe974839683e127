"""What the Chat API takes and answers (the UI's forms validate through the same models)."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from mock_services.chat.models import ItemStatus
from mock_services.core.base.schemas import ApiModel, OutModel, PageQuery


class ItemQuery(PageQuery):
    status: ItemStatus | None = Field(None, description="only items with this status")


class ItemCreate(ApiModel):
    title: str = Field(min_length=1, max_length=200)
    notes: str = Field("", max_length=2000)
    due: datetime | None = Field(None, description="ISO 8601; a time without a zone is UTC")


class ItemUpdate(ApiModel):
    title: str | None = Field(None, min_length=1, max_length=200)
    notes: str | None = Field(None, max_length=2000)
    status: ItemStatus | None = None
    due: datetime | None = None


class ItemOut(OutModel):
    id: int
    title: str
    notes: str
    status: str
    due: str | None
    created_at: str


class ItemPage(OutModel):
    items: list[ItemOut]
    total: int
    page: int
    per_page: int

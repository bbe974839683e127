"""Tag names on tickets and macros: at most 30 per row, as the core cleans them."""

from __future__ import annotations

from mock_services.core.base.tags import tag_names

TagNames = tag_names(30)

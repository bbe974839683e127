"""Write each shipped service's ``names.json`` (``verify/shipped_names.py``) from its models and
its app, after a change to its tables or routes:

    python -m mock_services.names_index            # every shipped service
    python -m mock_services.names_index shop kb    # these
"""

from __future__ import annotations

import sys

from mock_services.core.data.db import CoreBase, core_views
from mock_services.core.serve.app import served_routes
from mock_services.core.web.routes import api_operations, read_operations
from mock_services.registry import SERVICE_MODULES, UnknownService, get_spec
from mock_services.verify.shipped_names import ShippedNames, names_file


def computed_names(service: str) -> ShippedNames:
    """``service``'s names as its models and its app give them now."""
    spec = get_spec(service)
    tables = [*CoreBase.metadata.sorted_tables, *core_views(), *spec.base.metadata.sorted_tables]
    return ShippedNames(
        tables={t.name: sorted(c.name for c in t.columns) for t in sorted(tables, key=str)},
        routes=served_routes(spec),
        operations=sorted(api_operations(spec)),
        reads=sorted(read_operations(spec)),
    )


def main(argv: list[str] | None = None) -> int:
    services = (sys.argv[1:] if argv is None else argv) or list(SERVICE_MODULES)
    unknown = [name for name in services if name not in SERVICE_MODULES]
    if unknown:
        print(UnknownService(unknown[0]), file=sys.stderr)
        return 2
    for service in services:
        path = names_file(service)
        path.write_text(computed_names(service).as_json())
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""WSGI entry for the production server: the service is named by ``MOCK_SERVICE``."""

from __future__ import annotations

import os

from flask import Flask

from mock_services.core.base.lifecycle import PARENT_PID_VARIABLE, watch_parent
from mock_services.core.serve.app import create_app
from mock_services.registry import get_spec


def app_factory() -> Flask:
    """The service's app, in each granian worker; the worker ends when the server process does
    (so a killed server never leaves workers serving its port)."""
    parent = os.environ.get(PARENT_PID_VARIABLE)
    if parent:
        if os.getppid() != int(parent):
            os._exit(1)
        watch_parent(int(parent))
    return create_app(get_spec(os.environ["MOCK_SERVICE"]))

"""WSGI entry for the production server: the service is named by ``MOCK_SERVICE``."""

from __future__ import annotations

import os

from flask import Flask

from mock_services.core.app import create_app
from mock_services.registry import get_spec


def app_factory() -> Flask:
    return create_app(get_spec(os.environ["MOCK_SERVICE"]))

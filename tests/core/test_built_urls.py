"""A page's links are built once per endpoint and values (``ServiceFlask.url_for``): each
remembered address is the one Flask builds, whatever the values' types, order or mount."""

from __future__ import annotations

from flask import Flask

from mock_services.core.serve.app import ServiceFlask


def _app() -> ServiceFlask:
    app = ServiceFlask(__name__)
    app.add_url_rule("/posts/<int:post_id>", "post", lambda post_id: "")
    app.add_url_rule("/explore", "explore", lambda: "")
    return app


def _flask_builds(endpoint: str, script_root: str = "", **values: object) -> str:
    plain = Flask(__name__)
    plain.add_url_rule("/posts/<int:post_id>", "post", lambda post_id: "")
    plain.add_url_rule("/explore", "explore", lambda: "")
    with plain.test_request_context("/", environ_base={"SCRIPT_NAME": script_root}):
        return plain.url_for(endpoint, **values)


def test_a_remembered_address_is_the_one_flask_builds() -> None:
    app = _app()
    calls = [
        ("post", {"post_id": 7}),
        ("post", {"post_id": 7, "next": "/a b"}),
        ("post", {"next": "/a b", "post_id": 7}),  # query order as given
        ("explore", {"hashtag": "café"}),
        ("explore", {"flag": True}),
        ("explore", {"flag": 1}),  # equal to True as a key, not as a query value
        ("explore", {"tags": ["a", "b"]}),  # a value that cannot be a key
        ("post", {"post_id": 7, "_anchor": "replies"}),
    ]
    for script_root in ("", "/mounted"):
        with app.test_request_context("/", environ_base={"SCRIPT_NAME": script_root}):
            for _round in range(2):  # built, then remembered
                for endpoint, values in calls:
                    assert app.url_for(endpoint, **values) == _flask_builds(
                        endpoint, script_root, **values
                    ), (endpoint, values, script_root)

"""The spaces area: who sees which space at which level, creating a space, its settings and
grants, and the refusals in the kit's wording."""

from __future__ import annotations

from tests.helpers import ApiClient, expect, expect_error


def access(client: ApiClient) -> dict[str, str]:
    spaces = expect(client.get("/api/spaces"), 200)["items"]
    return {s["key"]: s["your_access"] for s in spaces}


def test_each_user_sees_the_spaces_open_to_them_at_their_level(
    alice: ApiClient, bob: ApiClient, ivan: ApiClient, dave: ApiClient
) -> None:
    assert access(alice) == {"ENG": "admin", "HR": "view", "SALES": "view"}
    assert access(bob) == {"ENG": "edit", "FIN": "view", "HR": "view", "SALES": "admin"}
    assert access(ivan) == {"ENG": "view"}  # a guest: grants only
    assert set(access(dave).values()) == {"admin"} and len(access(dave)) == 4


def test_a_restricted_space_and_its_pages_are_refused_naming_whom_to_ask(
    alice: ApiClient,
) -> None:
    refused = expect_error(alice.get("/api/spaces/FIN"), 403, "forbidden")
    assert refused["message"] == (
        "only users with view access can see space FIN; you are without access; "
        "ask a space admin (erin) for access"
    )
    page = expect_error(alice.get("/api/pages/35"), 403)["message"]
    assert page.startswith("only users with view access can read pages in space FIN")
    assert "no space 'OPS'" in expect_error(alice.get("/api/spaces/OPS"), 404)["message"]


def test_the_tree_lists_pages_under_their_parents(ivan: ApiClient) -> None:
    tree = expect(ivan.get("/api/spaces/eng/tree"), 200)
    rows = [(n["title"], n["depth"]) for n in tree["items"]]
    assert rows[:3] == [
        ("Engineering Home", 0),
        ("Architecture overview", 1),
        ("Coding standards", 1),
    ]
    assert ("API versioning RFC", 2) not in rows  # frank's draft
    assert rows.index(("Incident response", 2)) == rows.index(("Postmortem template", 3)) - 1


def test_a_space_is_created_and_its_creator_administers_it(
    grace: ApiClient, bob: ApiClient, kb_db
) -> None:
    body = {"key": "mkt", "name": "Marketing", "default_access": "none"}
    space = expect(grace.post("/api/spaces", json=body), 201)
    assert (space["key"], space["your_access"], space["permissions"]) == (
        "MKT",
        "admin",
        [{"username": "grace", "display_name": "Grace Kim", "level": "admin"}],
    )
    assert "MKT" not in access(bob)
    again = expect_error(bob.post("/api/spaces", json={**body, "name": "Again"}), 409)
    assert again["message"] == "key: space MKT (Marketing) already has that key"
    assert kb_db("SELECT key, default_access FROM spaces WHERE key = 'MKT'") == [("MKT", "none")]


def test_a_guest_cannot_create_a_space(ivan: ApiClient) -> None:
    refused = expect_error(ivan.post("/api/spaces", json={"key": "IV", "name": "Mine"}), 403)
    assert refused["message"] == "only members or admins can create spaces; you are a guest"


def test_grants_change_what_a_user_may_do(alice: ApiClient, ivan: ApiClient) -> None:
    edit = {"space": "ENG", "title": "Ivan's notes"}
    refused = expect_error(ivan.post("/api/pages", json=edit), 403)["message"]
    assert refused == (
        "only editors or admins can create pages in space ENG; you are a viewer; "
        "ask a space admin (alice) for edit access, or comment instead"
    )
    granted = expect(alice.put("/api/spaces/ENG/permissions/ivan", json={"level": "edit"}), 200)
    assert {"username": "ivan", "display_name": "Ivan Petrov", "level": "edit"} in granted[
        "permissions"
    ]
    expect(ivan.post("/api/pages", json=edit), 201)
    expect(alice.delete("/api/spaces/ENG/permissions/ivan"), 200)
    assert "ENG" not in access(ivan)


def test_only_space_admins_change_a_space_and_one_admin_stays(
    alice: ApiClient, frank: ApiClient
) -> None:
    refused = expect_error(frank.patch("/api/spaces/ENG", json={"name": "Eng"}), 403)
    assert refused["message"].startswith(
        "only space admins can change space ENG's settings; you are an editor"
    )
    changed = expect(alice.patch("/api/spaces/ENG", json={"default_access": "view"}), 200)
    assert (changed["name"], changed["default_access"]) == ("Engineering", "view")
    last = expect_error(alice.delete("/api/spaces/ENG/permissions/alice"), 409)
    assert last["message"] == "alice is space ENG's last admin; make someone else its admin first"
    missing = expect_error(alice.delete("/api/spaces/ENG/permissions/grace"), 404)
    assert "grace has no grant in space ENG" in missing["message"]
    nobody = expect_error(alice.put("/api/spaces/ENG/permissions/zoe", json={"level": "view"}), 404)
    assert "no user 'zoe'" in nobody["message"]


def test_users_are_listed_for_granting(ivan: ApiClient) -> None:
    users = expect(ivan.get("/api/users"), 200)["items"]
    assert users[0] == {
        "username": "alice",
        "display_name": "Alice Martin",
        "email": "alice@example.test",
        "role": "member",
        "job_title": "Engineering Manager",
    }
    assert [u["username"] for u in users if u["role"] != "member"] == ["dave", "ivan"]

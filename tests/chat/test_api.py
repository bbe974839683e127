"""The Chat API: conversations and who sees them, posting, threads, mentions, reactions, files,
pins, unread marks, direct messages and search, on the default Northwind Labs world."""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

from tests.helpers import ApiClient, expect
from tests.service_fixtures import OVER_HTTP_TOO


def conversation(client: ApiClient, conversation_id: int) -> dict[str, Any]:
    return expect(client.get(f"/api/conversations/{conversation_id}"), 200)


def unread(client: ApiClient, conversation_id: int) -> int:
    return int(conversation(client, conversation_id)["unread_count"])


def post(client: ApiClient, conversation_id: int, text: str, **body: Any) -> Any:
    return client.post(
        f"/api/conversations/{conversation_id}/messages", json={"text": text, **body}
    )


# --- Conversations and access ------------------------------------------------------------------


def test_the_sidebar_lists_channels_then_dms_with_unread_counts(alice: ApiClient) -> None:
    listed = expect(alice.get("/api/conversations", params={"per_page": 50}), 200)["items"]
    assert [(c["label"], c["unread_count"]) for c in listed] == [
        ("#atlas-launch", 3),
        ("#general", 1),
        ("#leadership", 0),
        ("#random", 1),
        ("Bob Chen", 2),
        ("Dave Okafor", 0),
        ("Carol Diaz, Frank Müller", 0),
    ]
    archived = expect(alice.get("/api/conversations", params={"include_archived": "true"}), 200)
    assert "#offsite-2025" in [c["label"] for c in archived["items"]]


def test_a_private_channel_or_dm_is_invisible_to_others(alice: ApiClient, bob: ApiClient) -> None:
    refused = bob.get("/api/conversations/4")  # #leadership: alice, dave, erin
    assert refused.status_code == 404, refused.text
    assert bob.get("/api/conversations/4/messages").status_code == 404
    assert post(bob, 4, "hello?").status_code == 404
    assert alice.get("/api/conversations/9").status_code == 404  # dave and frank's dm
    hidden = expect(alice.get("/api/conversations/9/messages", params={"per_page": 1}), 404)
    assert "no conversation 9" in hidden["error"]["message"]
    leadership_message = expect(alice.get("/api/conversations/4/messages"), 200)["items"][0]
    assert bob.get(f"/api/messages/{leadership_message['id']}").status_code == 404
    names = [c["label"] for c in expect(bob.get("/api/conversations"), 200)["items"]]
    assert "#leadership" not in names


def test_only_members_post_and_joining_lets_them(erin: ApiClient) -> None:
    atlas = conversation(erin, 3)  # public: erin sees it, is not in it
    assert (atlas["is_member"], atlas["unread_count"]) == (False, 0)
    refused = post(erin, 3, "May I help?")
    assert refused.status_code == 403, refused.text
    assert "join it first" in refused.json()["error"]["message"]
    joined = expect(erin.post("/api/conversations/3/join"), 200)
    assert joined["is_member"] and "erin" in joined["members"]
    expect(post(erin, 3, "May I help?"), 201)
    left = expect(erin.post("/api/conversations/3/leave"), 200)
    assert not left["is_member"]


def test_an_archived_channel_refuses_posts_with_a_reason(alice: ApiClient) -> None:
    refused = post(alice, 5, "Next year again?")
    assert refused.status_code == 409, refused.text
    assert refused.json()["error"]["message"] == (
        "#offsite-2025 is archived: it takes no new messages or changes"
    )
    expect(alice.post("/api/channels/5/unarchive"), 200)
    expect(post(alice, 5, "Next year again?"), 201)
    expect(alice.post("/api/channels/5/archive"), 200)
    assert post(alice, 5, "again").status_code == 409


def test_a_channel_is_created_described_and_shared(
    alice: ApiClient, bob: ApiClient, grace: ApiClient
) -> None:
    made = expect(
        alice.post(
            "/api/channels",
            json={"name": "pricing", "private": True, "topic": "Tiers", "members": ["bob"]},
        ),
        201,
    )
    assert (made["kind"], made["label"], made["members"]) == (
        "private",
        "#pricing",
        ["alice", "bob"],
    )
    assert grace.get(f"/api/conversations/{made['id']}").status_code == 404
    expect(bob.patch(f"/api/channels/{made['id']}", json={"purpose": "Price changes"}), 200)
    expect(alice.post(f"/api/channels/{made['id']}/members", json={"usernames": ["grace"]}), 200)
    assert conversation(grace, made["id"])["purpose"] == "Price changes"
    again = alice.post("/api/channels", json={"name": "pricing"})
    assert again.status_code == 422 and "already a channel named #pricing" in again.text
    bad = alice.post("/api/channels", json={"name": "Bad Name"})
    assert bad.status_code == 422 and "name" in str(bad.json()["error"]["details"])


# --- Posting -------------------------------------------------------------------------------------


@OVER_HTTP_TOO
def test_a_posted_message_is_stored_answered_and_audited(
    alice: ApiClient, chat_db: Callable[[str], list[tuple]]
) -> None:
    since = max((e["id"] for e in alice.audit()), default=0)
    posted = expect(post(alice, 3, "Checklist updated, @dave please look."), 201)
    assert posted["conversation_id"] == 3 and posted["author"] == "alice"
    assert posted["mentions"] == ["dave"]
    assert (posted["reply_count"], posted["reactions"], posted["files"]) == (0, [], [])
    assert chat_db(f"SELECT conversation_id, text FROM messages WHERE id = {posted['id']}") == [
        (3, "Checklist updated, @dave please look.")
    ]
    (entry,) = alice.audit(since)
    assert entry["operation"] == "post_message"
    assert entry["params"] == {"conversation_id": 3}
    assert entry["body"]["text"] == "Checklist updated, @dave please look."
    assert entry["status"] == 201
    inserted = [c for c in entry["changes"] if c["table"] == "messages"]
    assert [(c["action"], c["row_id"]) for c in inserted] == [("insert", str(posted["id"]))]


def test_any_member_posts_as_themselves(bob: ApiClient, alice: ApiClient) -> None:
    """What a scripted colleague does: answer in a dm with the agent's user."""
    before = unread(alice, 6)
    answer = expect(post(bob, 6, "Yes, SSO is in the Team tier."), 201)
    assert answer["author"] == "bob"
    assert unread(alice, 6) == before + 1
    newest = expect(alice.get("/api/conversations/6/messages", params={"per_page": 1}), 200)
    assert newest["items"][0]["id"] == answer["id"]


def test_edit_and_delete_are_for_ones_own_messages(alice: ApiClient, bob: ApiClient) -> None:
    mine = expect(post(alice, 1, "Lunch at noon"), 201)
    refused = bob.patch(f"/api/messages/{mine['id']}", json={"text": "Lunch at one"})
    assert refused.status_code == 403, refused.text
    assert bob.delete(f"/api/messages/{mine['id']}").status_code == 403
    edited = expect(
        alice.patch(f"/api/messages/{mine['id']}", json={"text": "Lunch at 12:30"}), 200
    )
    assert edited["text"] == "Lunch at 12:30" and edited["edited_at"] is not None
    assert alice.delete(f"/api/messages/{mine['id']}").status_code == 204
    assert alice.get(f"/api/messages/{mine['id']}").status_code == 404


def test_a_mention_of_someone_outside_the_workspace_is_refused(alice: ApiClient) -> None:
    refused = post(alice, 1, "Ask @zoe about it")
    assert refused.status_code == 422, refused.text
    assert "@zoe is not a member of this workspace" in refused.json()["error"]["message"]
    assert refused.json()["error"]["details"][0]["loc"] == ["body", "text"]
    mail = expect(post(alice, 1, "Write to dave@example.test or ask @Grace."), 201)
    assert mail["mentions"] == ["grace"]


def test_an_empty_message_names_what_is_missing(alice: ApiClient) -> None:
    refused = post(alice, 1, "   ")
    assert refused.status_code == 422
    assert "write a message or attach a file" in refused.text


# --- Threads, reactions, pins, files ------------------------------------------------------


def test_thread_replies_count_on_their_parent(alice: ApiClient, bob: ApiClient) -> None:
    parent = expect(post(alice, 3, "Who owns the status page?"), 201)
    first = expect(bob.post(f"/api/messages/{parent['id']}/replies", json={"text": "Dave"}), 201)
    assert first["thread_parent_id"] == parent["id"]
    # a reply to a reply goes to the same thread
    second = expect(
        alice.post(f"/api/messages/{first['id']}/replies", json={"text": "Thanks"}), 201
    )
    assert second["thread_parent_id"] == parent["id"]
    shown = expect(alice.get(f"/api/messages/{parent['id']}"), 200)
    assert shown["reply_count"] == 2 and shown["last_reply_at"] == second["created_at"]
    thread = expect(alice.get(f"/api/messages/{parent['id']}/replies"), 200)
    assert [m["text"] for m in thread["items"]] == ["Dave", "Thanks"]
    history = expect(alice.get("/api/conversations/3/messages", params={"per_page": 5}), 200)
    assert first["id"] not in [m["id"] for m in history["items"]]  # replies stay in the thread
    assert alice.delete(f"/api/messages/{parent['id']}").status_code == 204
    assert alice.get(f"/api/messages/{first['id']}").status_code == 404


def test_a_reaction_counts_once_per_person_and_emoji(alice: ApiClient, bob: ApiClient) -> None:
    expect(alice.post("/api/messages/1/reactions", json={"emoji": "tada"}), 200)
    twice = expect(alice.post("/api/messages/1/reactions", json={"emoji": "tada"}), 200)
    expect(bob.post("/api/messages/1/reactions", json={"emoji": "tada"}), 200)
    reactions = {r["emoji"]: r for r in expect(bob.get("/api/messages/1"), 200)["reactions"]}
    assert reactions["tada"]["users"] == ["alice", "bob"]
    assert [r["emoji"] for r in twice["reactions"]] == ["thumbsup", "tada"]
    removed = expect(alice.delete("/api/messages/1/reactions/tada"), 200)
    assert {r["emoji"]: r["users"] for r in removed["reactions"]}["tada"] == ["bob"]
    assert alice.delete("/api/messages/1/reactions/tada").status_code == 404
    bad = alice.post("/api/messages/1/reactions", json={"emoji": "Thumbs Up!"})
    assert bad.status_code == 422 and "emoji" in str(bad.json()["error"]["details"])


def test_pins_are_listed_on_their_conversation(alice: ApiClient, frank: ApiClient) -> None:
    pinned = [m["id"] for m in expect(alice.get("/api/conversations/3/pins"), 200)["items"]]
    newest = expect(alice.get("/api/conversations/3/messages", params={"per_page": 1}), 200)
    message_id = newest["items"][0]["id"]
    shown = expect(frank.post(f"/api/messages/{message_id}/pin"), 200)
    assert (shown["pinned"], shown["pinned_by"]) == (True, "frank")
    assert frank.post(f"/api/messages/{message_id}/pin").status_code == 409
    again = [m["id"] for m in expect(alice.get("/api/conversations/3/pins"), 200)["items"]]
    assert again == [message_id, *pinned]
    expect(alice.delete(f"/api/messages/{message_id}/pin"), 200)


def test_a_file_is_attached_and_downloaded(alice: ApiClient, bob: ApiClient) -> None:
    content = bytes(range(256))
    posted = expect(
        post(
            alice,
            6,
            "The onboarding plan",
            files=[
                {
                    "filename": "plan.bin",
                    "content_type": "application/octet-stream",
                    "content_base64": base64.b64encode(content).decode(),
                }
            ],
        ),
        201,
    )
    (file,) = posted["files"]
    assert (file["filename"], file["size"]) == ("plan.bin", 256)
    download = bob.get(file["url"])
    assert download.status_code == 200 and download.content == content
    assert download.headers["Content-Type"].startswith("application/octet-stream")
    assert expect(bob.get(f"/api/files/{file['id']}"), 200)["content_type"] == (
        "application/octet-stream"
    )
    assert alice.get("/api/files/999").status_code == 404


def test_a_file_of_a_hidden_conversation_is_not_found(bob: ApiClient, alice: ApiClient) -> None:
    leadership = expect(alice.get("/api/conversations/4/messages"), 200)["items"]
    file_id = next(m["files"][0]["id"] for m in leadership if m["files"])
    assert alice.get(f"/api/files/{file_id}/content").text.startswith("role,team,start")
    assert bob.get(f"/api/files/{file_id}/content").status_code == 404


# --- Read marks, direct messages -----------------------------------------------------------


def test_marking_read_clears_the_unread_count_and_can_go_back(alice: ApiClient) -> None:
    assert unread(alice, 3) == 3
    after = expect(alice.post("/api/conversations/3/read", json={}), 200)
    assert after["unread_count"] == 0 and after["last_read_at"] is not None
    history = expect(alice.get("/api/conversations/3/messages", params={"per_page": 3}), 200)
    oldest_of_three = history["items"][-1]["id"]
    back = expect(
        alice.post("/api/conversations/3/read", json={"message_id": oldest_of_three}), 200
    )
    assert back["unread_count"] == 2


def test_opening_a_dm_twice_gives_the_same_conversation(alice: ApiClient, grace: ApiClient) -> None:
    existing = expect(alice.post("/api/dms", json={"usernames": ["bob"]}), 200)
    assert existing["id"] == 6
    group = expect(alice.post("/api/dms", json={"usernames": ["frank", "carol"]}), 200)
    assert group["id"] == 8
    made = expect(alice.post("/api/dms", json={"usernames": ["grace"]}), 200)
    assert made["kind"] == "dm" and made["members"] == ["alice", "grace"]
    again = expect(grace.post("/api/dms", json={"usernames": ["@Alice"]}), 200)
    assert again["id"] == made["id"] and again["label"] == "Alice Martin"
    unknown = alice.post("/api/dms", json={"usernames": ["bob", "zoe"]})
    assert unknown.status_code == 422 and "usernames.1" in unknown.text


# --- Search, people, paging -------------------------------------------------------------------


def search(client: ApiClient, **params: Any) -> list[str]:
    found = expect(client.get("/api/search", params={"per_page": 50, **params}), 200)
    return [m["text"] for m in found["items"]]


def test_search_finds_words_by_author_place_and_day(alice: ApiClient) -> None:
    assert search(alice, q="rounding")[0].startswith("Found a rounding issue")
    assert all("dry run" in t.lower() for t in search(alice, q="dry run"))
    by_frank = search(alice, q="from:@frank in:#atlas-launch")
    assert len(by_frank) == 5 and "Found a rounding issue" in by_frank[0]
    assert search(alice, q="ramen", in_conversation="general") == []
    # days in alice's zone (New York): Friday 27 and Saturday 28 February; the threads' replies too
    week = search(alice, q="in:#general after:2026-02-26 before:2026-03-01")
    assert len(week) == 5
    assert week[0] == "Q1 budget review is done; thanks everyone for the quick answers."
    assert week[-1].startswith("All-hands moves to Thursday")
    # Sunday 1 March 10:00 UTC is 05:00 in New York: on the 1st, so not before it
    assert not any(t.startswith("Heads-up") for t in week)
    assert any(t.startswith("Heads-up") for t in search(alice, q="in:general before:2026-03-02"))
    bad = alice.get("/api/search", params={"q": "after:yesterday"})
    assert bad.status_code == 422 and "after: expects a day" in bad.text


def test_search_never_shows_what_the_caller_cannot_see(alice: ApiClient, bob: ApiClient) -> None:
    assert search(alice, q="headcount")
    assert search(bob, q="headcount") == []
    assert search(alice, q="rollback") == []  # dave and frank's dm


def test_members_have_titles_and_time_zones(alice: ApiClient) -> None:
    people = expect(alice.get("/api/members", params={"per_page": 100}), 200)["items"]
    assert len(people) == 7
    kenji = alice.get("/api/members/kenji")
    assert kenji.status_code == 404
    frank = expect(alice.get("/api/members/frank"), 200)
    assert (frank["title"], frank["timezone"]) == ("Backend Engineer", "Europe/Berlin")
    found = expect(alice.get("/api/members", params={"q": "engineer"}), 200)["items"]
    assert [p["username"] for p in found] == ["dave", "frank"]
    (workspace,) = expect(alice.get("/api/workspaces"), 200)["items"]
    assert (workspace["name"], workspace["member_count"]) == ("Northwind Labs", 7)


def test_history_pages_newest_first(alice: ApiClient) -> None:
    first = expect(alice.get("/api/conversations/1/messages", params={"per_page": 4}), 200)
    second = expect(
        alice.get("/api/conversations/1/messages", params={"per_page": 4, "page": 2}), 200
    )
    assert first["total"] == 9 and (second["page"], second["per_page"]) == (2, 4)
    times = [m["created_at"] for m in first["items"] + second["items"]]
    assert times == sorted(times, reverse=True)
    assert first["items"][0]["text"] == "We closed the Lakeside Bank deal this morning!"


def test_the_api_needs_a_login(service: ApiClient) -> None:
    assert service.get("/api/conversations").status_code == 401


def test_bad_input_names_the_field_and_what_was_expected(alice: ApiClient) -> None:
    emoji = alice.post("/api/messages/1/reactions", json={"emoji": ":tada:"})
    assert emoji.status_code == 422
    (detail,) = emoji.json()["error"]["details"]
    assert detail["loc"] == ["body", "emoji"]
    assert "expected an emoji name such as thumbsup" in detail["message"]
    unknown = alice.post("/api/conversations/3/messages", json={"text": "x", "colour": "red"})
    assert unknown.status_code == 422 and "unknown body field 'colour'" in unknown.text
    bad_file = alice.post(
        "/api/conversations/3/messages",
        json={"files": [{"filename": "a.txt", "content_base64": "not base64!"}]},
    )
    assert bad_file.status_code == 422 and "'content_base64' is not valid base64" in bad_file.text

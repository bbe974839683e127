"""Regenerate ``default_seed.json``: ``python -m mock_services.social.make_default_seed``.

Twelve people with a follow graph, a block and a mute; about 150 posts over the last four weeks
(hand-written ones with keys that tests and tasks name, and everyday filler), replies, reposts,
likes, direct messages and the notifications they caused. Dates are relative to the task clock
(default 2026-03-02 09:00 UTC); the filler is pseudo-random with a fixed seed.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from mock_services.core.base.cast import person

OUT = Path(__file__).with_name("default_seed.json")
PEOPLE = [
    # username (the cast's), bio, location, messages_from
    ("alice", "Product designer. Trail runner. Too much coffee.", "San Francisco", "everyone"),
    ("bob", "Backend engineer, amateur baker.", "Austin", "everyone"),
    ("carol", "Photographer. Posts for friends are followers-only.", "Seattle", "everyone"),
    ("dave", "Cyclist and city planner.", "Chicago", "everyone"),
    ("erin", "Book club host. Tea over coffee.", "Dublin", "everyone"),
    ("frank", "Posts a lot about crypto and gadgets.", "Vancouver", "everyone"),
    ("grace", "Gardener, Python teacher.", "Portland", "everyone"),
    ("heidi", "Travel writer.", "Berlin", "everyone"),
    ("ivan", "Security researcher. DMs only from people I follow.", "Tallinn", "following"),
    ("judy", "Nurse, runner, dog person.", "Denver", "everyone"),
    ("mallory", "Giveaways every day!!!", None, "everyone"),
    ("oscar", "Chef at a small bistro.", "Lyon", "everyone"),
]

FOLLOWS = {
    "alice": ["bob", "carol", "dave", "erin", "frank", "grace", "judy"],
    "bob": ["alice", "carol", "oscar", "grace"],
    "carol": ["alice", "heidi", "judy"],
    "dave": ["alice", "bob", "judy"],
    "erin": ["alice", "grace", "heidi", "carol"],
    "frank": ["alice", "bob", "ivan"],
    "grace": ["alice", "erin", "bob"],
    "heidi": ["carol", "oscar", "erin"],
    "ivan": ["frank", "bob"],
    "judy": ["alice", "dave", "carol"],
    "mallory": ["bob", "carol", "dave", "erin"],
    "oscar": ["heidi", "bob"],
}

# key, author, text, visibility, when, extra (reply_to / repost_of / media / deleted_at)
POSTS: list[tuple[str, str, str, str, str, dict[str, Any]]] = [
    (
        "alice-trail-run",
        "alice",
        "Sunrise 10k on the Dipsea trail this morning. Legs are toast. #running #trailrunning",
        "public",
        "-1d 07:10",
        {
            "media": [
                {
                    "kind": "image",
                    "url": "https://img.example.test/alice/dipsea.jpg",
                    "alt_text": "Fog over the hills at sunrise",
                }
            ]
        },
    ),
    (
        "bob-sourdough",
        "bob",
        "Day 12 of the sourdough starter. It finally doubled! #baking #sourdough",
        "public",
        "-1d 18:30",
        {
            "media": [
                {
                    "kind": "image",
                    "url": "https://img.example.test/bob/starter.jpg",
                    "alt_text": "A jar of bubbly starter",
                }
            ]
        },
    ),
    (
        "carol-family",
        "carol",
        "Quiet weekend at my parents' place, sharing the album with friends only. #family",
        "followers",
        "-2d 20:15",
        {
            "media": [
                {
                    "kind": "image",
                    "url": "https://img.example.test/carol/porch.jpg",
                    "alt_text": "Parents on the porch",
                },
                {
                    "kind": "image",
                    "url": "https://img.example.test/carol/dog.jpg",
                    "alt_text": "Old dog asleep",
                },
            ]
        },
    ),
    (
        "carol-gallery",
        "carol",
        "My street photography show opens Friday at Hedreen Gallery! #photography",
        "public",
        "-3d 12:00",
        {},
    ),
    (
        "carol-new-job",
        "carol",
        "Between us: I accepted the offer from the newspaper. Starting in April! #news",
        "followers",
        "-12h",
        {},
    ),
    (
        "dave-bike-lanes",
        "dave",
        "City council approved 14 miles of protected bike lanes. Huge win. #cycling #urbanism",
        "public",
        "-2d 16:45",
        {},
    ),
    (
        "erin-book",
        "erin",
        "March book club pick: Piranesi by Susanna Clarke. Who's in? #bookclub",
        "public",
        "-4d 19:00",
        {},
    ),
    (
        "frank-gadget",
        "frank",
        "Unboxing the new foldable phone. Thread incoming. #gadgets",
        "public",
        "-6h",
        {},
    ),
    (
        "frank-crypto",
        "frank",
        "Still bullish. Not financial advice. #crypto",
        "public",
        "-1d 11:00",
        {},
    ),
    (
        "grace-seedlings",
        "grace",
        "Tomato seedlings are up! Teaching #python tonight, then back to the garden. #gardening",
        "public",
        "-2d 08:30",
        {
            "media": [
                {
                    "kind": "video",
                    "url": "https://img.example.test/grace/seedlings.mp4",
                    "alt_text": "Timelapse of seedlings",
                }
            ]
        },
    ),
    (
        "heidi-lisbon",
        "heidi",
        "Lisbon in the rain is still Lisbon. #travel",
        "public",
        "-5d 14:20",
        {
            "media": [
                {
                    "kind": "image",
                    "url": "https://img.example.test/heidi/lisbon.jpg",
                    "alt_text": "Tram on a wet street",
                }
            ]
        },
    ),
    (
        "ivan-advisory",
        "ivan",
        "Patch your routers: new advisory out today. Details on the blog. #security",
        "public",
        "-3d 09:40",
        {},
    ),
    (
        "judy-marathon",
        "judy",
        "Signed up for the spring half marathon. @alice you in? #running",
        "public",
        "-2d 21:05",
        {},
    ),
    (
        "mallory-giveaway",
        "mallory",
        "FREE phones!!! Click the link in bio #giveaway #crypto",
        "public",
        "-1d 13:13",
        {},
    ),
    (
        "oscar-menu",
        "oscar",
        "New spring menu: asparagus, morels, and a rhubarb tart. #food",
        "public",
        "-3d 17:30",
        {},
    ),
    (
        "alice-coffee",
        "alice",
        "Trying a new pour-over recipe: 1:16, 94°C, 3 minute total. #coffee",
        "public",
        "-3d 08:05",
        {},
    ),
    (
        "alice-private",
        "alice",
        "Feeling nervous about Thursday's design review. Wish me luck. #work",
        "followers",
        "-1d 22:40",
        {},
    ),
    (
        "alice-old-draft",
        "alice",
        "Testing, please ignore.",
        "public",
        "-9d 10:00",
        {"deleted_at": "-9d 10:05"},
    ),
    # replies
    (
        "bob-re-trail",
        "bob",
        "Respect. I'd still be asleep. @alice",
        "public",
        "-1d 08:02",
        {"reply_to": "alice-trail-run"},
    ),
    (
        "judy-re-trail",
        "judy",
        "Which shoes were you wearing? #running",
        "public",
        "-1d 09:15",
        {"reply_to": "alice-trail-run"},
    ),
    (
        "alice-re-judy",
        "alice",
        "Trail shoes with a rock plate, game changer.",
        "public",
        "-1d 09:40",
        {"reply_to": "judy-re-trail"},
    ),
    (
        "alice-re-sourdough",
        "alice",
        "Name it! Every starter needs a name.",
        "public",
        "-1d 19:00",
        {"reply_to": "bob-sourdough"},
    ),
    (
        "bob-re-carol-job",
        "bob",
        "Congrats!!! Drinks on me.",
        "followers",
        "-10h",
        {"reply_to": "carol-new-job"},
    ),
    (
        "erin-re-carol",
        "erin",
        "Beautiful light in these.",
        "public",
        "-2d 21:00",
        {"reply_to": "carol-family"},
    ),
    (
        "grace-re-book",
        "grace",
        "In! Loved Jonathan Strange.",
        "public",
        "-4d 20:10",
        {"reply_to": "erin-book"},
    ),
    (
        "alice-re-judy-marathon",
        "alice",
        "@judy count me in!",
        "public",
        "-2d 21:30",
        {"reply_to": "judy-marathon"},
    ),
    (
        "frank-re-gadget",
        "frank",
        "1/ The hinge feels solid. Battery lasted a full day.",
        "public",
        "-5h",
        {"reply_to": "frank-gadget"},
    ),
    # reposts
    ("alice-rp-gallery", "alice", "", "public", "-3d 12:30", {"repost_of": "carol-gallery"}),
    ("bob-rp-trail", "bob", "", "public", "-1d 08:05", {"repost_of": "alice-trail-run"}),
    ("frank-rp-ivan", "frank", "", "public", "-3d 10:00", {"repost_of": "ivan-advisory"}),
    ("dave-rp-judy", "dave", "", "public", "-2d 22:00", {"repost_of": "judy-marathon"}),
    ("grace-rp-book", "grace", "", "public", "-4d 20:15", {"repost_of": "erin-book"}),
]

FILLER_TOPICS = {
    "running": [
        "Easy 5k recovery run today.",
        "Intervals on the track, 6x800.",
        "New PR on the 10k!",
    ],
    "coffee": [
        "Third cup. Don't judge.",
        "Cold brew season is almost here.",
        "Found a great roaster downtown.",
    ],
    "python": [
        "Type hints caught a bug before review again.",
        "Teaching list comprehensions tonight.",
        "pytest fixtures are underrated.",
    ],
    "photography": [
        "Golden hour at the pier.",
        "Shot a full roll of film today.",
        "Trying a 35mm prime for a month.",
    ],
    "travel": [
        "Packing for a week in Porto.",
        "Night train to Vienna booked.",
        "Airport lounges are the new office.",
    ],
    "bookclub": [
        "Halfway through this month's pick.",
        "Discussion questions are up.",
        "Next month: a mystery novel.",
    ],
    "gardening": [
        "Planted garlic along the fence.",
        "The basil survived the cold snap.",
        "Compost is finally cooking.",
    ],
    "baking": [
        "Cinnamon rolls for the team.",
        "Rye loaf came out dense. Again.",
        "Croissant lamination day.",
    ],
    "cycling": [
        "Commute by bike: 25 minutes, zero traffic.",
        "Fixed a flat in the rain.",
        "Group ride on Saturday.",
    ],
    "food": [
        "Braised short ribs tonight.",
        "Farmer's market haul: ramps!",
        "Staff meal: shakshuka.",
    ],
}
FILLER_AUTHORS = {
    "alice": ["running", "coffee"],
    "bob": ["baking", "python"],
    "carol": ["photography"],
    "dave": ["cycling"],
    "erin": ["bookclub"],
    "frank": ["coffee", "travel"],
    "grace": ["gardening", "python"],
    "heidi": ["travel"],
    "judy": ["running"],
    "oscar": ["food"],
    "ivan": ["python"],
}


def _when(rng: random.Random) -> str:
    day = rng.randint(1, 27)
    return f"-{day}d {rng.randint(6, 22):02d}:{rng.choice(['00', '15', '30', '45'])}"


def _users(rng: random.Random) -> list[dict[str, Any]]:
    return [
        person(u).user(
            bio=bio,
            location=loc,
            messages_from=policy,
            joined_at=f"-{rng.randint(200, 900)}d 12:00",
        )
        for u, bio, loc, policy in PEOPLE
    ]


def _follows(rng: random.Random) -> list[dict[str, Any]]:
    return [
        {"follower": a, "followee": b, "at": f"-{rng.randint(30, 180)}d 10:00"}
        for a, targets in FOLLOWS.items()
        for b in targets
    ]


def _posts(rng: random.Random) -> list[dict[str, Any]]:
    """The hand-written posts, then ten filler posts per filler author."""
    posts: list[dict[str, Any]] = []
    for key, author, text, visibility, when, extra in POSTS:
        post = {"key": key, "author": author, "created_at": when}
        if text:
            post["text"] = text
        if visibility != "public":
            post["visibility"] = visibility
        posts.append({**post, **extra})
    n = 0
    for author, topics in FILLER_AUTHORS.items():
        for _ in range(10):
            topic = rng.choice(topics)
            n += 1
            text = f"{rng.choice(FILLER_TOPICS[topic])} #{topic}"
            post = {
                "key": f"{author}-note-{n}",
                "author": author,
                "text": text,
                "created_at": _when(rng),
            }
            if author == "carol" and n % 3 == 0:
                post["visibility"] = "followers"
            posts.append(post)
    return posts


RECENT_LIKES = [("alice-trail-run", u) for u in ("bob", "judy", "dave", "grace", "carol")] + [
    ("bob-sourdough", "alice"),
    ("carol-gallery", "alice"),
    ("carol-family", "alice"),
    ("erin-book", "alice"),
    ("judy-marathon", "alice"),
    ("dave-bike-lanes", "alice"),
    ("alice-coffee", "bob"),
    ("alice-coffee", "erin"),
    ("carol-new-job", "alice"),
]
"""(post, who) liked yesterday at noon: the likes whose notifications are seeded."""
RECENT = "-1d 12:00"


def _likes(rng: random.Random, posts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The recent likes, then up to 120 random ones of public posts (never one's own)."""
    public = [
        p["key"]
        for p in posts
        if p.get("visibility") != "followers"
        and "repost_of" not in p
        and "deleted_at" not in p
        and p["author"] != "mallory"
    ]
    likes = []
    liked = set()
    for key, who in RECENT_LIKES:
        likes.append({"user": who, "post": key, "at": RECENT})
        liked.add((who, key))
    for _ in range(120):
        who, key = rng.choice([u[0] for u in PEOPLE if u[0] != "mallory"]), rng.choice(public)
        if (who, key) not in liked and not key.startswith(who):
            liked.add((who, key))
            likes.append({"user": who, "post": key, "at": _when(rng)})
    return likes


MESSAGES: list[dict[str, str]] = [
    {
        "sender": "bob",
        "recipient": "alice",
        "text": "Are we still on for the bakery run Saturday?",
        "sent_at": "-2d 17:00",
        "read_at": "-2d 18:00",
    },
    {
        "sender": "alice",
        "recipient": "bob",
        "text": "Yes! 9am at the corner.",
        "sent_at": "-2d 18:05",
        "read_at": "-2d 18:30",
    },
    {
        "sender": "bob",
        "recipient": "alice",
        "text": "Bringing a loaf for you.",
        "sent_at": "-1d 20:00",
    },
    {
        "sender": "carol",
        "recipient": "alice",
        "text": "Can you keep the job news quiet until April?",
        "sent_at": "-11h",
    },
    {
        "sender": "erin",
        "recipient": "alice",
        "text": "Book club at mine on the 14th.",
        "sent_at": "-4d 19:30",
        "read_at": "-4d 21:00",
    },
    {
        "sender": "alice",
        "recipient": "erin",
        "text": "I'll bring scones.",
        "sent_at": "-4d 21:05",
        "read_at": "-4d 22:00",
    },
    {
        "sender": "mallory",
        "recipient": "alice",
        "text": "You WON a free phone! Send your address.",
        "sent_at": "-6d 13:00",
    },
    {
        "sender": "frank",
        "recipient": "ivan",
        "text": "Is the router advisory about my model?",
        "sent_at": "-3d 11:00",
        "read_at": "-3d 12:00",
    },
    {
        "sender": "ivan",
        "recipient": "frank",
        "text": "Yes, update the firmware today.",
        "sent_at": "-3d 12:10",
    },
    {
        "sender": "judy",
        "recipient": "dave",
        "text": "Bike ride Sunday?",
        "sent_at": "-1d 10:00",
    },
]

EXTRA_ACTIVITY = [
    {
        "user": "alice",
        "actor": "judy",
        "kind": "mention",
        "post": "judy-marathon",
        "at": "-2d 21:05",
    },
    {"user": "alice", "actor": "mallory", "kind": "follow", "at": "-7d 09:00"},
    {"user": "alice", "actor": "frank", "kind": "like", "post": "alice-coffee", "at": "-2d 09:00"},
]
"""Notifications no seeded like, reply or repost causes."""


def _activity(posts: list[dict[str, Any]], likes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The notifications of the recent likes, the replies and the reposts, then the extra
    ones; those three days old or more read, newest last by day."""
    by_key = {p["key"]: p for p in posts}
    activity = [
        {
            "user": by_key[like["post"]]["author"],
            "actor": like["user"],
            "kind": "like",
            "post": like["post"],
            "at": like["at"],
        }
        for like in likes
        if like["at"] == RECENT
    ]
    for p in posts:
        if "reply_to" in p:
            parent = by_key[p["reply_to"]]["author"]
            if parent != p["author"]:
                activity.append(
                    {
                        "user": parent,
                        "actor": p["author"],
                        "kind": "reply",
                        "post": p["key"],
                        "at": p["created_at"],
                    }
                )
        if "repost_of" in p:
            original = by_key[p["repost_of"]]["author"]
            activity.append(
                {
                    "user": original,
                    "actor": p["author"],
                    "kind": "repost",
                    "post": p["repost_of"],
                    "at": p["created_at"],
                }
            )
    activity += [dict(extra) for extra in EXTRA_ACTIVITY]
    for a in activity:
        if a["at"].startswith(("-3d", "-4d", "-5d", "-7d")):
            a["read_at"] = "-1d 07:00"
    activity.sort(
        key=lambda a: int(a["at"][1:].split("d")[0]) if "d" in a["at"] else 0, reverse=True
    )
    return activity


def build() -> dict[str, Any]:
    rng = random.Random(5008)  # drawn from in this order: users, follows, posts, likes
    users = _users(rng)
    follows = _follows(rng)
    posts = _posts(rng)
    likes = _likes(rng, posts)
    return {
        "users": users,
        "follows": follows,
        "blocks": [{"blocker": "alice", "blocked": "mallory", "at": "-6d 13:05"}],
        "mutes": [{"muter": "alice", "muted": "frank", "at": "-5d 20:00"}],
        "posts": posts,
        "likes": likes,
        "messages": MESSAGES,
        "activity": _activity(posts, likes),
    }


if __name__ == "__main__":
    OUT.write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n")

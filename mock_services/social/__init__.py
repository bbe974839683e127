"""social: a small Twitter/Mastodon-like network (port 5008)."""

"""Floor 8, the top: the app factory that assembles every floor, and the server processes."""

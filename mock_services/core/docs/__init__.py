"""Floor 7, the docs: the API guide with examples run live on a scratch copy of the data."""

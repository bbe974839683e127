"""The shop: an online store with catalogue, cart, checkout and orders (port 1234)."""

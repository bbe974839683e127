"""Floor 3, what a service declares: its API routes, its OpenAPI document, its ServiceSpec."""

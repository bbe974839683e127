"""Floor 6, MCP: tools made from the API routes, their calls, the HTTP and stdio transports."""

"""The HTTP routes: /api (token required) and the public pages."""

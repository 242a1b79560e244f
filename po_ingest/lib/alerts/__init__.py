"""Alerts: what reaches people when a batch dies, the queue stalls, the model is down or work
waits too long (model), through which channels (channels, Apprise), when (conditions)."""

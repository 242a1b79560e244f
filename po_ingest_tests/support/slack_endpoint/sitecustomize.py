"""Points Apprise's Slack plugin at a local receiver in the processes of a test's daemon (on
their PYTHONPATH): Slack's webhook host is fixed in the plugin, as Gemini's base URL would
be without its setting. Only when PO_INGEST_TEST_SLACK_WEBHOOK_URL is set."""

import os

_URL = os.environ.get("PO_INGEST_TEST_SLACK_WEBHOOK_URL")
if _URL:
    from apprise.plugins.slack import NotifySlack

    NotifySlack.webhook_url = _URL

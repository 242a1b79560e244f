"""Alert channels: parsing PO_INGEST_ALERT_URLS, routing, and real deliveries through Apprise
to loopback receivers (SMTP, Slack's webhook, Teams workflows, JSON), failures included."""

from __future__ import annotations

import logging
import socket
import time

import pytest

from po_ingest.lib.alerts.channels import Channel, channels_from_env, parse_channels, send
from po_ingest.lib.alerts.model import Kind, Message, Severity, Transition
from po_ingest_tests.support.alert_receivers import (
    LOOPBACK,
    SMTP_PASSWORD,
    SmtpReceiver,
    WebhookReceiver,
    slack_endpoint,
)

pytestmark = pytest.mark.filterwarnings("ignore::urllib3.exceptions.InsecureRequestWarning")

SLACK_TOKENS = ("T1JJ3T3L2", "A1BRTD4JD", "TIiajkdnlazkcOXrIdevi7FQ")
SLACK_URL = "slack://" + "/".join(SLACK_TOKENS)
WORKFLOW, SIGNATURE = "643e69f83c8944438d68119179a10a64", "KODuebWbDGYFr0z0eu-6Rj8aUKz7108W3"
MAIL_URL = "mailtos://ops:Pa55-word-9@smtp.example.com?to=a@example.com,b@example.com"

DEAD = Message(
    kind=Kind.BATCH_DEAD,
    subject="abc123#0",
    transition=Transition.FIRED,
    title="Batch abc123 is dead",
    body="Batch abc123 failed 3 times.\nBatch: http://x/batches/abc123\nDagster run: http://y/runs/r1",
    links=(("Batch", "http://x/batches/abc123"), ("Dagster run", "http://y/runs/r1")),
)


def message(kind: Kind, transition: Transition = Transition.OPENED) -> Message:
    return Message(kind, "s", transition, f"{kind} {transition}", "body")


@pytest.mark.parametrize(
    "text, expected",
    [
        (None, []),
        ("  ", []),
        ("json://127.0.0.1:9000/hook", [(None, Severity.INFO)]),
        (
            "batch_dead+queue_stalled=json://127.0.0.1:9000/hook",
            [(frozenset({Kind.BATCH_DEAD, Kind.QUEUE_STALLED}), Severity.INFO)],
        ),
        (f"critical={MAIL_URL}", [(None, Severity.CRITICAL)]),
        (
            f"batch_dead+warning=workflows://{LOOPBACK}/{WORKFLOW}/{SIGNATURE}",
            [(frozenset({Kind.BATCH_DEAD}), Severity.WARNING)],
        ),
        (
            f"{SLACK_URL}\n  critical=json://h/a , batch_dead={MAIL_URL},json://h/b",
            [
                (None, Severity.INFO),
                (None, Severity.CRITICAL),
                (frozenset({Kind.BATCH_DEAD}), Severity.INFO),
                (None, Severity.INFO),
            ],
        ),
        (f"{SLACK_URL} {SLACK_URL},{SLACK_URL}", [(None, Severity.INFO)]),
    ],
)
def test_parse_channels_reads_routes_and_urls(text, expected):
    channels = parse_channels(text)
    assert [(c.kinds, c.min_severity) for c in channels] == expected


def test_commas_inside_a_mailto_url_stay_in_it():
    (mail, hook) = parse_channels(f"{MAIL_URL},json://h/a")
    assert mail.url == MAIL_URL
    assert "a%40example.com/b%40example.com" in mail.label
    assert hook.url == "json://h/a"


@pytest.mark.parametrize(
    "text, says",
    [
        (
            f"{SLACK_URL} batch_deadd={MAIL_URL}",
            ["entry 2", "'batch_deadd'", "queue_stalled", "critical"],
        ),
        (f"info+critical={MAIL_URL}", ["entry 1", "2 severities"]),
        (f"{SLACK_URL} nosuch://ops:Pa55-word-9@host/x", ["entry 2", "not a URL Apprise knows"]),
        (f"mailtos://ops:Pa55-word-9@ {SLACK_URL}", ["entry 1", "not a URL Apprise knows"]),
        (f"Critical={MAIL_URL}", ["entry 1", "names joined by '+'"]),
        (f"{MAIL_URL} critical={MAIL_URL}", ["entry 2", "other routing"]),
    ],
)
def test_a_wrong_entry_is_named_by_position_without_its_secret(text, says):
    with pytest.raises(ValueError) as raised:
        parse_channels(text)
    error = str(raised.value)
    for part in says:
        assert part in error
    for secret in ("Pa55-word-9", *SLACK_TOKENS):
        assert secret not in error


def test_channels_from_env(monkeypatch):
    monkeypatch.delenv("PO_INGEST_ALERT_URLS", raising=False)
    assert channels_from_env() == []
    monkeypatch.setenv("PO_INGEST_ALERT_URLS", f"critical={SLACK_URL}")
    assert [c.min_severity for c in channels_from_env()] == [Severity.CRITICAL]


@pytest.mark.parametrize(
    "kinds, min_severity, kind, wanted",
    [
        (None, Severity.INFO, Kind.REVIEW_BACKLOG, True),
        (None, Severity.WARNING, Kind.REVIEW_BACKLOG, False),
        (None, Severity.WARNING, Kind.BATCH_DEAD, True),
        (None, Severity.CRITICAL, Kind.BATCH_DEAD, False),
        (None, Severity.CRITICAL, Kind.QUEUE_STALLED, True),
        ({Kind.BATCH_DEAD}, Severity.INFO, Kind.BATCH_DEAD, True),
        ({Kind.BATCH_DEAD}, Severity.INFO, Kind.QUEUE_STALLED, False),
        ({Kind.OVER_DELIVERY}, Severity.WARNING, Kind.OVER_DELIVERY, False),
        ({Kind.BATCH_DEAD}, Severity.CRITICAL, Kind.TEST, True),
        (None, Severity.CRITICAL, Kind.TEST, True),
    ],
)
def test_wants_routes_by_kind_and_minimum_severity(kinds, min_severity, kind, wanted):
    channel = Channel("json://h/a", "json://h/a", kinds and frozenset(kinds), min_severity)
    assert channel.wants(message(kind)) is wanted


@pytest.mark.parametrize(
    "url, scheme, secrets",
    [
        (MAIL_URL, "mailtos", ["Pa55-word-9"]),
        (SLACK_URL, "slack", SLACK_TOKENS),
        (f"workflows://{LOOPBACK}/{WORKFLOW}/{SIGNATURE}", "workflow", [WORKFLOW, SIGNATURE]),
    ],
)
def test_the_label_shows_no_password_or_token(url, scheme, secrets):
    (channel,) = parse_channels(url)
    assert channel.label.startswith(f"{scheme}://")
    for secret in secrets:
        assert secret not in channel.label
        assert secret not in repr(channel)


@pytest.fixture
def smtp():
    with SmtpReceiver() as receiver:
        yield receiver


def test_a_mail_arrives_with_the_title_as_subject_and_the_links(smtp):
    (channel,) = parse_channels(smtp.apprise_url(to="ops@example.com,lead@example.com"))
    result = send(channel, DEAD)
    assert (result.ok, result.error, result.channel) == (True, None, channel.label)
    mails = smtp.wait_for(2)
    assert sorted(m["To"] for m in mails) == ["lead@example.com", "ops@example.com"]
    mail = mails[0]
    assert mail["Subject"] == "Batch abc123 is dead"
    assert mail.get_content_type() == "text/plain"
    text = mail.get_payload(decode=True).decode()
    for part in ("abc123", "http://x/batches/abc123", "http://y/runs/r1"):
        assert part in text
    assert smtp.logins >= 1 and smtp.failed_logins == 0


def test_a_stopped_smtp_server_fails_fast_and_logs_no_password(smtp, caplog):
    (channel,) = parse_channels(smtp.apprise_url())
    smtp.stop()
    caplog.set_level(logging.DEBUG)
    started = time.monotonic()
    result = send(channel, DEAD)
    assert time.monotonic() - started < 10
    assert not result.ok
    assert 'Connection error while submitting email to "127.0.0.1"' in result.error
    assert "Connection refused" in result.error  # logged at DEBUG, so only when that is on
    assert SMTP_PASSWORD not in result.error
    assert "Connection error" in caplog.text  # Apprise's own warning was logged, masked
    assert SMTP_PASSWORD not in caplog.text


def test_an_smtp_server_that_never_answers_fails_within_the_timeout():
    with socket.socket() as silent:
        silent.bind((LOOPBACK, 0))
        silent.listen()
        port = silent.getsockname()[1]
        url = f"mailto://u:{SMTP_PASSWORD}@{LOOPBACK}:{port}?mode=insecure&from=a@example.com&to=o@example.com"
        (channel,) = parse_channels(url)
        started = time.monotonic()
        result = send(channel, DEAD)
    assert time.monotonic() - started < 10
    assert not result.ok and SMTP_PASSWORD not in result.error
    assert "Connection error" in result.error


def test_a_wrong_smtp_password_fails_without_showing_it(smtp):
    (channel,) = parse_channels(smtp.apprise_url().replace(SMTP_PASSWORD, "wrong-pass-77"))
    result = send(channel, DEAD)
    assert not result.ok and smtp.failed_logins >= 1 and smtp.messages == []
    assert "wrong-pass-77" not in result.error


@pytest.fixture
def hook():
    with WebhookReceiver(tls=True) as receiver:
        yield receiver


def test_slack_gets_its_attachment_payload(hook, caplog):
    caplog.set_level(logging.DEBUG)
    (channel,) = parse_channels(f"{SLACK_URL}?verify=no")
    with slack_endpoint(hook.url):
        result = send(channel, DEAD)
    assert result.ok, result.error
    (request,) = hook.requests
    assert request.route == "/services/" + "/".join(SLACK_TOKENS)
    (attachment,) = request.json["attachments"]
    assert attachment["title"] == DEAD.title
    assert "http://x/batches/abc123" in attachment["text"]
    assert "http://y/runs/r1" in attachment["text"]
    assert "color" in attachment
    assert "Slack POST URL" in caplog.text  # Apprise and urllib3 log it at DEBUG: masked
    for token in SLACK_TOKENS:
        assert token not in caplog.text


def test_teams_workflows_gets_an_adaptive_card(hook):
    (channel,) = parse_channels(f"workflows://{hook.host}/{WORKFLOW}/{SIGNATURE}?verify=no")
    assert send(channel, DEAD).ok
    (request,) = hook.requests
    assert request.route == f"/workflows/{WORKFLOW}/triggers/manual/paths/invoke"
    assert f"sig={SIGNATURE}" in request.path
    (attachment,) = request.json["attachments"]
    assert attachment["contentType"] == "application/vnd.microsoft.card.adaptive"
    card = attachment["content"]
    assert card["type"] == "AdaptiveCard"
    blocks = {block.get("id"): block for block in card["body"]}
    assert blocks["title"]["text"] == DEAD.title
    assert "abc123" in blocks["body"]["text"]


@pytest.mark.parametrize(
    "sent, apprise_type",
    [
        (DEAD, "warning"),
        (message(Kind.QUEUE_STALLED), "failure"),
        (message(Kind.QUEUE_STALLED, Transition.CLEARED), "success"),
        (message(Kind.REVIEW_BACKLOG), "info"),
    ],
)
def test_json_gets_apprise_json_with_the_notify_type(sent, apprise_type):
    with WebhookReceiver(tls=False) as plain:
        (channel,) = parse_channels(f"json://{plain.host}/alerts")
        assert send(channel, sent).ok
        (request,) = plain.requests
    assert request.route == "/alerts"
    body = request.json
    assert (body["title"], body["message"], body["type"]) == (sent.title, sent.body, apprise_type)


def test_a_receiver_answering_500_is_a_failure(hook, caplog):
    caplog.set_level(logging.DEBUG)
    hook.status = 500
    (channel,) = parse_channels(f"jsons://user:{SMTP_PASSWORD}@{hook.host}/alerts?verify=no")
    result = send(channel, DEAD)
    assert not result.ok
    assert "500" in result.error and SMTP_PASSWORD not in result.error
    assert len(result.error) <= 300
    assert len(hook.requests) == 1
    assert hook.requests[0].headers["Authorization"].startswith("Basic ")
    assert "Failed to send JSON" in caplog.text and SMTP_PASSWORD not in caplog.text


def test_send_does_not_raise_for_a_url_apprise_cannot_read():
    result = send(Channel("nosuch://u:secret-77@h", "nosuch://", None, Severity.INFO), DEAD)
    assert not result.ok and "secret-77" not in result.error

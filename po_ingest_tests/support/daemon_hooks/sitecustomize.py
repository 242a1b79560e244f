"""Test hooks in the processes of a test's daemon (this folder on their PYTHONPATH), each only
when its variable is set:

- PO_INGEST_TEST_SLACK_WEBHOOK_URL points Apprise's Slack plugin at a local receiver (Slack's
  webhook host is fixed in the plugin, as Gemini's base URL would be without its setting);
- PO_INGEST_TEST_MAIL_KILL_FLAG names a file: while it exists, the mailbox intake SIGKILLs its
  whole process group (the code server that runs the sensor, its run workers) after a mail's batch rows are
  committed and before the mail is moved, once (the file is removed first).
"""

import os
import signal

_SLACK = os.environ.get("PO_INGEST_TEST_SLACK_WEBHOOK_URL")
if _SLACK:
    from apprise.plugins.slack import NotifySlack

    NotifySlack.webhook_url = _SLACK

_KILL_FLAG = os.environ.get("PO_INGEST_TEST_MAIL_KILL_FLAG")
if _KILL_FLAG:
    from po_ingest.lib import mailbox

    _move = mailbox.move_message

    def _killed_before_the_move(box, uid, folder):
        try:
            os.remove(_KILL_FLAG)
        except FileNotFoundError:
            return _move(box, uid, folder)
        os.killpg(os.getpgid(0), signal.SIGKILL)

    mailbox.move_message = _killed_before_the_move

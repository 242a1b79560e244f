"""Mails for the mailbox intake's tests: a purchase order or two attached, none, a photo, an
inline logo, a zip, 21 MB; the same attachment bytes each time (a mail sent again)."""

from __future__ import annotations

import email.message
import functools
import io
import zipfile

from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.imap_server import ImapServer

BUYER = "buyer@supplier.example"
CLERK = "clerk@site.example"
STRANGER = "mallory@elsewhere.example"
PHOTO = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 160  # 40 KB: a photo, not a logo
LOGO = b"\x89PNG\r\n\x1a\n" + bytes(2000)


def mail(
    n: int, sender: str = BUYER, *files: tuple[str, bytes], subject: str = ""
) -> email.message.EmailMessage:
    message = email.message.EmailMessage()
    message["From"] = f"Sender {n} <{sender}>"
    message["To"] = "orders@example.com"
    message["Subject"] = subject or f"Order {n}"
    message["Message-ID"] = f"<mail-{n}@test.example>"
    message.set_content(f"Please find order {n} attached.")
    for filename, payload in files:
        maintype, subtype = (
            ("image", "png") if payload.startswith(b"\x89PNG") else ("application", "pdf")
        )
        message.add_attachment(payload, maintype=maintype, subtype=subtype, filename=filename)
    return message


@functools.cache  # the same bytes each time: a mail sent again is the same attachment
def pdf(po: str) -> tuple[str, bytes]:
    return f"{po}.pdf", purchase_order_pdf(order(po))


def with_inline_logo(n: int) -> email.message.EmailMessage:
    message = email.message.EmailMessage()
    message["From"], message["Subject"] = BUYER, f"Order {n} (with our logo)"
    message["Message-ID"] = f"<mail-{n}@test.example>"
    message.set_content("Order attached.")
    message.add_alternative('<p>Order attached.</p><img src="cid:logo">', subtype="html")
    message.get_payload()[1].add_related(LOGO, "image", "png", cid="<logo>", disposition="inline")
    name, payload = pdf(f"PO-{n}")
    message.add_attachment(payload, maintype="application", subtype="pdf", filename=name)
    return message


def zipped(n: int) -> email.message.EmailMessage:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("PO-Z.pdf", purchase_order_pdf(order("PO-Z")))
    message = mail(n)
    message.add_attachment(
        buffer.getvalue(), maintype="application", subtype="zip", filename="orders.zip"
    )
    return message


def oversized(n: int) -> email.message.EmailMessage:
    """21 MB that starts like a PDF: zeros, base64-encoded once by the email package."""
    return mail(n, BUYER, ("scan.pdf", b"%PDF-1.7\n" + bytes(21 * 1024 * 1024)))


def deliver_twenty(imap: ImapServer) -> None:
    for n in range(1, 11):
        imap.deliver(mail(n, BUYER, pdf(f"PO-{n}")))
    imap.deliver(mail(11, CLERK, pdf("PO-11a"), pdf("PO-11b")))
    imap.deliver(mail(12, BUYER, pdf("PO-12"), ("photo.png", PHOTO)))
    imap.deliver(mail(13, BUYER, subject="No attachment, sorry"))
    imap.deliver(mail(14, STRANGER, pdf("PO-14")))
    imap.deliver(oversized(15))
    imap.deliver(with_inline_logo(16))
    imap.deliver(zipped(17))
    for n in range(18, 21):
        imap.deliver(mail(n, CLERK, pdf(f"DN-{n}")), folder="Deliveries")

"""Pure helpers: content sniffing, file names, redaction, site matching, the file store."""

import pytest

from po_ingest.lib.content_types import sniff
from po_ingest.lib.files import BadKey, FileStore, TooLarge
from po_ingest.lib.intake import sanitize_filename
from po_ingest.lib.redact import MAX_ERROR_CHARS, safe_error
from po_ingest.lib.sites import Site, match_site


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        (b"%PDF-1.7\n", "application/pdf"),
        (b"\xff\xd8\xff\xe0\x00\x10JFIF", "image/jpeg"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "image/png"),
        (b"RIFF\x00\x00\x00\x00WEBPVP8 ", "image/webp"),
        (b"GIF89a", None),
        (b"<html>", None),
    ],
)
def test_sniff(head, expected):
    assert sniff(head) == expected


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("../../etc/passwd", "passwd"),
        ("C:\\Users\\me\\order.pdf", "order.pdf"),
        ("evil\x00name.pdf", "evilname.pdf"),
        ("  spaced   out .pdf ", "spaced out .pdf"),
        ("..", None),
        ("", None),
        ("x" * 300 + ".pdf", "x" * 255),
        ("Bestellung 🚧.pdf", "Bestellung 🚧.pdf"),
    ],
)
def test_sanitize_filename(raw, clean):
    assert sanitize_filename(raw) == clean


@pytest.mark.parametrize(
    ("error", "secret"),
    [
        ("call failed: key=AIzaSyA1234567890abcdefghijkl", "AIzaSyA1234567890abcdefghijkl"),
        ("Authorization: Bearer abc.def.ghi", "abc.def.ghi"),
        ("connect postgresql://po:hunter2@db/po failed", "hunter2"),
        ("GET /v1?key=s3cr3tvalue&x=1", "s3cr3tvalue"),
        ('{"api_key": "zzzzsecret"}', "zzzzsecret"),
    ],
)
def test_safe_error_masks_secrets(error, secret):
    text = safe_error(error)
    assert secret not in text and "***" in text


def test_safe_error_is_truncated():
    assert len(safe_error(RuntimeError("x" * 10_000))) == MAX_ERROR_CHARS


SITES = [
    Site(id=1, name="North yard", project_code="P-2024/017", aliases=["NY-17"]),
    Site(id=2, name="Depot", project_code="D-1"),
    Site(id=3, name="Twin A", aliases=["TWIN"]),
    Site(id=4, name="Twin B", aliases=["twin"]),
]


@pytest.mark.parametrize(
    ("code", "site_id"),
    [
        ("P-2024/017", 1),
        ("p 2024 017", 1),
        ("ny-17", 1),
        ("D-1", 2),
        ("D-2", None),
        ("TWIN", None),  # ambiguous: two sites claim it
        (None, None),
        ("--", None),
    ],
)
def test_match_site(code, site_id):
    found = match_site(code, SITES)
    assert (found.id if found else None) == site_id


def test_file_store_write_is_atomic_and_capped(tmp_path):
    files = FileStore(tmp_path)
    written = files.write("batches/abc.pdf", [b"%PDF-", b"1.4"])
    assert written.size == 8 and files.read("batches/abc.pdf") == b"%PDF-1.4"
    with pytest.raises(TooLarge):
        files.write("batches/big.pdf", [b"x" * 10] * 3, max_bytes=25)
    assert sorted(p.name for p in (tmp_path / "batches").iterdir()) == ["abc.pdf"]
    for bad in ("../outside.pdf", "batches/abc.pdf\n", "batches/ABC.pdf", "/batches/abc.pdf"):
        with pytest.raises(BadKey):
            files.path(bad)

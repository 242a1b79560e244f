"""GET /api/purchase-orders/{id}/pages/{n}.png: the original's pages as the review page shows
them (PDF pages at 2×, photos upright), under the same rules as the order."""

import io

import pytest
from PIL import Image

from po_ingest.lib.intake import accept_upload
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.intake import import_batch


def _imported(store, files, content: bytes, filename: str, uploaded_by=None) -> int:
    batch = accept_upload(store, files, [content], filename=filename, uploaded_by=uploaded_by)
    return import_batch(store, files, batch, "PO-PAGES")


def _photo_turned_on_its_side() -> bytes:
    """A 40×20 JPEG whose EXIF says: turn me 90° to see me upright (20×40)."""
    exif = Image.Exif()
    exif[0x0112] = 6
    out = io.BytesIO()
    Image.new("RGB", (40, 20), "white").save(out, format="JPEG", exif=exif)
    return out.getvalue()


def test_a_pdf_page_is_a_png_at_twice_its_size_in_points(client, store, files):
    order_id = _imported(store, files, purchase_order_pdf(order("PO-PAGES")), "po.pdf")
    response = client.get(f"/api/purchase-orders/{order_id}/pages/1.png")
    assert response.status_code == 200
    assert (response.headers["content-type"], response.headers["x-page-count"]) == (
        "image/png",
        "1",
    )
    assert Image.open(io.BytesIO(response.content)).size == (1190, 1684)  # A4: 595 × 842 pt
    missing = client.get(f"/api/purchase-orders/{order_id}/pages/2.png")
    assert (missing.status_code, missing.json()["detail"]) == (
        404,
        "the document has 1 pages, not 2",
    )


def test_a_photo_is_shown_upright(client, store, files):
    order_id = _imported(store, files, _photo_turned_on_its_side(), "photo.jpg")
    response = client.get(f"/api/purchase-orders/{order_id}/pages/1.png")
    assert response.status_code == 200
    assert Image.open(io.BytesIO(response.content)).size == (20, 40)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_pages_need_the_token_and_follow_who_may_see_the_order(app, client, store, files):
    order_id = _imported(
        store, files, purchase_order_pdf(order("PO-PAGES")), "po.pdf", uploaded_by="ana"
    )
    url = f"/api/purchase-orders/{order_id}/pages/1.png"
    assert client.get(url, headers={"Authorization": "Bearer nope"}).status_code == 401
    bea = store.users.add("bea", "uploader")
    assert client.get(url, headers={"Authorization": f"Bearer {bea}"}).status_code == 404
    assert client.get(url.replace("1.png", "0.png")).status_code == 422

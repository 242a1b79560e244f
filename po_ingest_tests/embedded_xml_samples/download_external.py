"""Download the real e-invoice and quotation PDFs this repository may not ship (AGPL-3.0).

They are refused by the embedded-XML extractor as "not a purchase order" (ZUGFeRD 1.0 and
Factur-X invoices, an Odoo UBL quotation). Each file is pinned by commit and checked by sha256.

    python -m po_ingest_tests.embedded_xml_samples.download_external var/external_xml_samples
    for f in var/external_xml_samples/*.pdf; do po-ingest extract "$f"; done
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import urllib.request
from pathlib import Path

RAW = "https://raw.githubusercontent.com"

# (repository, commit, path, sha256) — all OCA/edi, AGPL-3.0 (its LICENSE and each module's manifest).
FILES = [
    (
        "OCA/edi",
        "94addaf1df233ce418a6cb8c2001d705e341c558",
        "account_invoice_import_facturx/tests/files/Facture_FR_BASIC.pdf",
        "177418a9565babf6e691d26bdf1338387925a3fcca9f9cc9e068dfb9cf8682aa",
    ),
    (
        "OCA/edi",
        "94addaf1df233ce418a6cb8c2001d705e341c558",
        "account_invoice_import_facturx/tests/files/Facture_FR_BASICWL.pdf",
        "6f4a5d3deb7feed3ab61fa3b80ea92f6ad9e8fc5e95ee32ea60075b702dbccf4",
    ),
    (
        "OCA/edi",
        "94addaf1df233ce418a6cb8c2001d705e341c558",
        "account_invoice_import_facturx/tests/files/Facture_FR_EN16931.pdf",
        "4d7286f33b904652ebeb5fc63a741ddd92832f77188ab2987daafc731afa7704",
    ),
    (
        "OCA/edi",
        "94addaf1df233ce418a6cb8c2001d705e341c558",
        "account_invoice_import_facturx/tests/files/Facture_FR_EXTENDED.pdf",
        "cef803a0654f5c1774fcd64af64c0c2104b404d9ac6e369dd29ffac506ff7085",
    ),
    (
        "OCA/edi",
        "94addaf1df233ce418a6cb8c2001d705e341c558",
        "account_invoice_import_facturx/tests/files/Facture_FR_MINIMUM.pdf",
        "0f15126e15e91e23a1675b45bd4733ecdd756e826c2f428a8cead3a7a0295108",
    ),
    (
        "OCA/edi",
        "94addaf1df233ce418a6cb8c2001d705e341c558",
        "account_invoice_import_facturx/tests/files/ZUGFeRD_1p0_BASIC_Einfach.pdf",
        "2cea9bb8ffea4031a693baee4cca59203063af9592c7b1b9a0492967d4dfc643",
    ),
    (
        "OCA/edi",
        "94addaf1df233ce418a6cb8c2001d705e341c558",
        "account_invoice_import_facturx/tests/files/ZUGFeRD_1p0_BASIC_Rechnungskorrektur.pdf",
        "e07e1d2806389657126ec81bcaeecf3f897b4c9478382962b64147a5ec548054",
    ),
    (
        "OCA/edi",
        "94addaf1df233ce418a6cb8c2001d705e341c558",
        "account_invoice_import_facturx/tests/files/ZUGFeRD_1p0_COMFORT_Einfach.pdf",
        "d4ef7c821871d1a500f14d62bdf18d28773b2805f7bf11231c0c49afa5464972",
    ),
    (
        "OCA/edi",
        "94addaf1df233ce418a6cb8c2001d705e341c558",
        "account_invoice_import_facturx/tests/files/ZUGFeRD_1p0_COMFORT_Haftpflichtversicherung_Versicherungssteuer.pdf",
        "e47f76fd2bd93cf87ed9bfd1e4b121d53b22c9cebeecef641aa0c7755f805824",
    ),
    (
        "OCA/edi",
        "94addaf1df233ce418a6cb8c2001d705e341c558",
        "account_invoice_import_facturx/tests/files/ZUGFeRD_1p0_COMFORT_Kraftfahrversicherung_Bruttopreise.pdf",
        "71361ce95adeb2e4c742e10b5c19deb69c0e5ddeb5a5f1ee774b05d39516a9f9",
    ),
    (
        "OCA/edi",
        "94addaf1df233ce418a6cb8c2001d705e341c558",
        "account_invoice_import_facturx/tests/files/ZUGFeRD_1p0_COMFORT_Rabatte.pdf",
        "d332343aac0b1cab462f078cd1be3333499b02467e1b34d1f3f2155646fcba1b",
    ),
    (
        "OCA/edi",
        "94addaf1df233ce418a6cb8c2001d705e341c558",
        "account_invoice_import_facturx/tests/files/ZUGFeRD_1p0_COMFORT_Rechnungskorrektur.pdf",
        "7cdd04b96a958315e91ed3fe2bfad2bd51b2b2036ce72a18a392755f3d87ed7b",
    ),
    (
        "OCA/edi",
        "94addaf1df233ce418a6cb8c2001d705e341c558",
        "account_invoice_import_facturx/tests/files/ZUGFeRD_1p0_COMFORT_SEPA_Prenotification.pdf",
        "7b652b0bb3b2166b30d4b8ca60a4a690f7bfa6399af3317fcdba3eb01a249b3e",
    ),
    (
        "OCA/edi",
        "94addaf1df233ce418a6cb8c2001d705e341c558",
        "account_invoice_import_facturx/tests/files/ZUGFeRD_1p0_COMFORT_Sachversicherung_berechneter_Steuersatz.pdf",
        "39a17b781e2dcb8e3f76e25e846931717e72feb1bd114dc2e4d0ee85b47d2c2c",
    ),
    (
        "OCA/edi",
        "94addaf1df233ce418a6cb8c2001d705e341c558",
        "account_invoice_import_facturx/tests/files/ZUGFeRD_1p0_EXTENDED_Kostenrechnung.pdf",
        "47460b85aebba41905e634413dae59936e9c2fd6a6b5842f0c2cf464bb0d8cc2",
    ),
    (
        "OCA/edi",
        "94addaf1df233ce418a6cb8c2001d705e341c558",
        "account_invoice_import_facturx/tests/files/ZUGFeRD_1p0_EXTENDED_Rechnungskorrektur.pdf",
        "487e330e99c7b05d9ef08ea1dbe05ea0d90dcbc174f253fd22ff9681a772a285",
    ),
    (
        "OCA/edi",
        "94addaf1df233ce418a6cb8c2001d705e341c558",
        "account_invoice_import_facturx/tests/files/ZUGFeRD_1p0_EXTENDED_Warenrechnung.pdf",
        "12aa68d6ce97466f7caf24e31c00ce7620942194e62e7a8d89571f92a7ad3ddb",
    ),
    (
        "OCA/edi",
        "98007061784a1963467a4f9987aacccc19c010c5",
        "purchase_order_import_ubl/tests/files/quote-PO00004.pdf",
        "93c0631fff2ef0b0413c31c1748bb3ad35975ad2b0bf410e0fc81abbb428ac49",
    ),
]


def download(target: Path, base_url: str = RAW) -> list[Path]:
    target.mkdir(parents=True, exist_ok=True)
    saved = []
    for repo, commit, path, sha256 in FILES:
        with urllib.request.urlopen(f"{base_url}/{repo}/{commit}/{path}", timeout=60) as answer:
            content = answer.read()
        if hashlib.sha256(content).hexdigest() != sha256:
            raise SystemExit(f"{repo}@{commit}:{path}: not the file recorded (sha256 differs)")
        destination = target / Path(path).name
        destination.write_bytes(content)
        saved.append(destination)
    return saved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", type=Path)
    parser.add_argument(
        "--base-url", default=RAW, help="a mirror laid out as <repo>/<commit>/<path>"
    )
    args = parser.parse_args(argv)
    for path in download(args.target, args.base_url):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Buyers, suppliers and delivery sites per country, so currency, VAT and address agree."""

from __future__ import annotations

from dataclasses import dataclass

COUNTRIES = {
    "DE": "Germany",
    "AT": "Austria",
    "NL": "Netherlands",
    "UK": "United Kingdom",
    "US": "USA",
    "CH": "Switzerland",
    "FR": "France",
    "ES": "España",
    "IT": "Italia",
    "PT": "Portugal",
    "BR": "Brasil",
    "MX": "México",
    "BE": "België",
    "AU": "Australia",
    "IN": "India",
    "QC": "Canada",
    "NZ": "New Zealand",
    "ZA": "South Africa",
    "CO": "Colombia",
    "IE": "Ireland",
    "CHFR": "Suisse",
}
# The purchasing mailbox's name where it is not "purchasing".
MAILBOXES = {"DE": "einkauf", "AT": "einkauf", "CH": "einkauf", "CO": "compras", "CHFR": "achats"}


@dataclass(frozen=True)
class Party:
    name: str
    street: str
    city: str
    country: str
    phone: str
    email: str
    tax_id: str

    @property
    def address_lines(self) -> tuple[str, ...]:
        return (self.name, self.street, self.city, self.country)


@dataclass(frozen=True)
class Site:
    name: str
    street: str
    city: str

    @property
    def address_lines(self) -> tuple[str, ...]:
        return (self.name, self.street, self.city)


# region | role | name | street | city | phone | mail domain | tax id
_PARTIES = """
DE | buyer | Hansa Hafenbau GmbH & Co. KG | Am Sandtorkai 40 | 20457 Hamburg | +49 40 3287 5510 | hansa-hafenbau.de | DE 811 204 377
DE | buyer | Rhein Logistik GmbH | Hafenstraße 7 | 68159 Mannheim | +49 621 4418 220 | rhein-logistik.de | DE 264 118 905
DE | buyer | Bergmann Tiefbau GmbH | Gewerbering 3 | 85748 Garching | +49 89 3205 771 | bergmann-tiefbau.de | DE 129 553 846
AT | buyer | Donau Hochbau GmbH | Industriezeile 18 | 4020 Linz | +43 732 661 240 | donau-hochbau.at | ATU 61884302
NL | buyer | Delta Infrastructure B.V. | Waalhaven Z.z. 12 | 3089 JH Rotterdam | +31 10 428 8800 | delta-infra.nl | NL 8192.44.671.B01
UK | buyer | Northgate Construction Ltd | 14 Riverside Way | Leeds LS1 4DT | +44 113 496 0721 | northgate-construction.co.uk | GB 284 1192 37
UK | buyer | Lakeside Freight Ltd | Unit 9, Dock Road | Liverpool L20 8DN | +44 151 496 0312 | lakeside-freight.co.uk | GB 731 5540 12
US | buyer | Summit Builders Inc. | 2200 Industrial Pkwy | Columbus, OH 43219 | (614) 555-0142 | summitbuilders.com | EIN 31-4476210
US | buyer | Bayline Logistics LLC | 880 Terminal Ave | Newark, NJ 07114 | (973) 555-0188 | bayline-logistics.com | EIN 22-3918457
CH | buyer | Alpine Bau AG | Industriestrasse 21 | 8304 Wallisellen | +41 44 555 12 30 | alpinebau.ch | CHE-112.334.556 MWST
DE | supplier | Baustoffe Krämer GmbH | Lagerweg 12 | 21079 Hamburg | +49 40 7690 110 | kraemer-baustoffe.de | DE 118 442 903
DE | supplier | Stahlhandel West GmbH | Im Hüttenfeld 5 | 47059 Duisburg | +49 203 9918 40 | stahlhandel-west.de | DE 203 551 876
DE | supplier | Holzwerk Schneider KG | Sägewerkstraße 2 | 87435 Kempten | +49 831 5120 0 | holzwerk-schneider.de | DE 146 982 311
DE | supplier | Tiefbau-Bedarf Otto GmbH | Rudolf-Diesel-Str. 9 | 85221 Dachau | +49 8131 6630 | otto-tiefbau.de | DE 301 774 520
AT | supplier | Baumarkt Lindner GmbH | Welser Straße 88 | 4600 Wels | +43 7242 530 | lindner-bau.at | ATU 55120947
NL | supplier | Euro Pallet Services B.V. | Kanaalweg 31 | 3526 KL Utrecht | +31 30 220 5170 | europalletservices.nl | NL 8044.13.902.B01
UK | supplier | Midland Aggregates Ltd | Quarry Lane | Nuneaton CV10 7RH | +44 24 7699 0456 | midland-aggregates.co.uk | GB 519 2277 08
UK | supplier | ProScaffold Supplies Ltd | Unit 4, Canal Works | Bradford BD3 9HE | +44 1274 960 118 | proscaffold.co.uk | GB 660 1093 45
UK | supplier | Atlas Cement Sales Ltd | Harbour House, West Quay | Southampton SO15 1AJ | +44 23 8049 6611 | atlascement.co.uk | GB 402 8816 93
US | supplier | Keystone Building Supply Co. | 415 Rail Street | Pittsburgh, PA 15222 | (412) 555-0174 | keystonebuild.com | EIN 25-1180463
US | supplier | Lift & Hoist Rentals LLC | 12 Crane Court | Dayton, OH 45414 | (937) 555-0109 | lifthoist.com | EIN 31-7720914
US | supplier | Great Lakes Steel Distributors | 7800 Furnace Rd | Gary, IN 46402 | (219) 555-0150 | glsteel.com | EIN 35-2290871
CH | supplier | Swiss Stahl AG | Walzwerkstrasse 4 | 4600 Olten | +41 62 555 40 00 | swissstahl.ch | CHE-204.118.730 MWST
CH | supplier | Kieswerk Aare AG | Grienweg 10 | 5000 Aarau | +41 62 555 71 20 | kieswerk-aare.ch | CHE-309.551.214 MWST
FR | buyer | Bâtiments Loire SAS | 12 quai de la Fosse | 44000 Nantes | +33 2 40 55 18 20 | batiments-loire.fr | FR 41 552 081 774
FR | buyer | Rhône Travaux Publics SA | 8 rue de Gerland | 69007 Lyon | +33 4 72 55 61 00 | rhone-tp.fr | FR 63 428 119 502
FR | supplier | Matériaux Dupuis SARL | ZI des Grands Champs | 37000 Tours | +33 2 47 55 30 11 | materiaux-dupuis.fr | FR 27 390 224 118
FR | supplier | Aciers du Nord SA | 140 avenue de la Gare | 59000 Lille | +33 3 20 55 72 40 | aciers-du-nord.fr | FR 82 301 557 904
ES | buyer | Construcciones Ibéricas S.L. | Calle de Alcalá 118 | 28009 Madrid | +34 915 55 21 40 | construcciones-ibericas.es | ESB84512033
ES | supplier | Áridos del Ebro S.A. | Polígono Malpica, nave 7 | 50016 Zaragoza | +34 976 55 80 12 | aridos-ebro.es | ESA50118274
ES | supplier | Ferretería Industrial Levante S.L. | Avda. del Puerto 233 | 46023 Valencia | +34 963 55 41 09 | ferreteria-levante.es | ESB46221987
IT | buyer | Edilizia Padana S.p.A. | Via Emilia Est 214 | 41121 Modena | +39 059 555 3120 | ediliziapadana.it | IT 02841190362
IT | supplier | Cementi Lombardi S.r.l. | Via dell'Industria 45 | 24126 Bergamo | +39 035 555 7781 | cementilombardi.it | IT 03318420168
IT | supplier | Acciai Veneti S.r.l. | Via Friuli 9 | 35129 Padova | +39 049 555 2290 | acciaiveneti.it | IT 04117650288
PT | buyer | Obras do Douro, Lda. | Rua de Monchique 61 | 4050-394 Porto | +351 22 555 1840 | obrasdodouro.pt | PT 508 221 947
PT | supplier | Cimentos Tejo, S.A. | Estrada Nacional 10, km 12 | 2615-001 Alverca | +351 21 555 6020 | cimentostejo.pt | PT 501 884 320
PT | supplier | Metalúrgica Minho, Lda. | Zona Industrial de Lanheses | 4925-432 Viana do Castelo | +351 258 555 914 | metalminho.pt | PT 507 119 662
BR | buyer | Construtora Paulista Ltda. | Av. das Nações Unidas 12901 | 04578-910 São Paulo - SP | (11) 5555-2140 | construtorapaulista.com.br | 12.345.678/0001-90
BR | buyer | Engenharia Serra Azul S.A. | Rua da Bahia 1148 | 30160-011 Belo Horizonte - MG | (31) 5555-7710 | serraazul.com.br | 23.456.789/0001-05
BR | supplier | Aço Forte Distribuidora Ltda. | Rod. Anhanguera km 32 | 07790-000 Cajamar - SP | (11) 5555-8820 | acoforte.com.br | 34.567.890/0001-44
BR | supplier | Cimentos do Vale S.A. | Av. Industrial 455 | 32210-120 Contagem - MG | (31) 5555-3302 | cimentosdovale.com.br | 45.678.901/0002-27
MX | buyer | Constructora del Bajío S.A. de C.V. | Blvd. Adolfo López Mateos 2405 | 37270 León, Gto. | (477) 555 1820 | constructorabajio.mx | CBA040512KJ3
MX | supplier | Aceros y Perfiles del Norte S.A. de C.V. | Av. Ruiz Cortines 1840 | 64400 Monterrey, N.L. | (81) 5555 4410 | acerosnorte.mx | APN981103QW7
MX | supplier | Materiales Querétaro S.A. de C.V. | Carretera 57 km 12.5 | 76240 Querétaro, Qro. | (442) 555 0917 | matqro.mx | MQU100226HB1
BE | buyer | Bouwbedrijf Schelde NV | Noorderlaan 147 | 2030 Antwerpen | +32 3 555 41 20 | bouwschelde.be | BE 0412.345.678
BE | supplier | Bouwmaterialen Vermeulen BV | Industrieweg 22 | 9000 Gent | +32 9 555 18 70 | vermeulen-bouw.be | BE 0456.789.123
BE | supplier | Staalhandel Limburg NV | Kolenhavenstraat 8 | 3550 Heusden-Zolder | +32 11 555 63 10 | staallimburg.be | BE 0678.123.945
AU | buyer | Harbourside Constructions Pty Ltd | Level 3, 88 Pitt Street | Sydney NSW 2000 | (02) 5550 4120 | harbourside.com.au | ABN 51 824 753 556
AU | buyer | Ironbark Civil Pty Ltd | 14 Boundary Road | Rocklea QLD 4106 | (07) 5550 2281 | ironbarkcivil.com.au | ABN 33 615 204 982
AU | supplier | Southern Cross Building Supplies Pty Ltd | 200 Parramatta Road | Auburn NSW 2144 | (02) 5550 8812 | southerncrossbs.com.au | ABN 72 004 118 390
AU | supplier | Outback Steel Pty Ltd | 6 Kurnell Street | Brendale QLD 4500 | (07) 5550 6630 | outbacksteel.com.au | ABN 18 553 907 214
IN | buyer | Sahyadri Infraprojects Pvt. Ltd. | Office No. 402, Baner Road | Pune 411045, Maharashtra | +91 20 5555 7120 | sahyadriinfra.in | 27AAKCS4512M1Z8
IN | supplier | Deccan Steel Traders | Plot 17, MIDC Hingna | Nagpur 440016, Maharashtra | +91 712 555 3391 | deccansteel.in | 27AAFFD6120K1Z3
IN | supplier | Konkan Cement Agencies | Shop 5, Station Road | Thane 400601, Maharashtra | +91 22 5555 0814 | konkancement.in | 27AADFK2297H1ZQ
QC | buyer | Construction Boréal inc. | 2500, boul. Daniel-Johnson | Laval (Québec) H7T 2P6 | 450 555-0142 | constructionboreal.ca | TPS 812345678 RT0001
QC | supplier | Matériaux St-Laurent ltée | 8400, rue Notre-Dame Est | Montréal (Québec) H1L 3M4 | 514 555-0177 | materiauxstlaurent.ca | TPS 845120337 RT0001
QC | supplier | Acier Laurentides inc. | 155, rue de l'Industrie | Saint-Jérôme (Québec) J7Y 4B6 | 450 555-0193 | acierlaurentides.ca | TPS 871553204 RT0001
NZ | buyer | Kauri Coast Construction Ltd | Level 2, 55 Shortland Street | Auckland 1010 | (09) 555 0142 | kauricoast.co.nz | GST 112-458-903
NZ | buyer | Southern Alps Civil Ltd | 18 Hazeldean Road | Addington, Christchurch 8024 | (03) 555 7810 | southernalpscivil.co.nz | GST 98-217-446
NZ | supplier | Waikato Building Supplies Ltd | 240 Te Rapa Road | Hamilton 3200 | (07) 555 2290 | waikatobs.co.nz | GST 104-662-187
NZ | supplier | Tasman Steel Distributors Ltd | 7 Seaview Road | Lower Hutt 5010 | (04) 555 9131 | tasmansteel.co.nz | GST 121-904-335
ZA | buyer | Highveld Projects (Pty) Ltd | 12 Autumn Street, Rivonia | Sandton, 2128 | 011 555 0142 | highveldprojects.co.za | VAT 4120345678
ZA | buyer | Cape Harbour Logistics (Pty) Ltd | Unit 7, Montague Park, Freedom Way | Cape Town, 7441 | 021 555 3318 | capeharbour.co.za | VAT 4580219934
ZA | supplier | Vaal Building Materials (Pty) Ltd | 45 Houtkop Road | Vereeniging, 1939 | 016 555 4471 | vaalbm.co.za | VAT 4310778452
ZA | supplier | Gauteng Steel Merchants CC | 9 Hulk Street, Germiston South | Germiston, 1401 | 011 555 8820 | gautengsteel.co.za | VAT 4067712359
CO | buyer | Constructora Andina S.A.S. | Calle 100 # 19-61, Of. 802 | Bogotá D.C. | (601) 555 4120 | constructoraandina.com.co | NIT 900.456.123-4
CO | supplier | Ferretería El Poblado S.A.S. | Carrera 43A # 9 Sur-91 | Medellín, Antioquia | (604) 555 2210 | ferrepoblado.com.co | NIT 811.027.554-1
CO | supplier | Agregados de la Sabana Ltda. | Km 3 Vía Siberia - Cota | Cota, Cundinamarca | (601) 555 7390 | agresabana.com.co | NIT 830.118.902-6
IE | buyer | Liffey Build Contractors Ltd | Block C, Sandyford Business Park | Dublin 18, D18 K7W4 | +353 1 555 0142 | liffeybuild.ie | IE 6388047V
IE | buyer | Shannon Civil Engineering Ltd | Raheen Business Park | Limerick, V94 R2F6 | +353 61 555 218 | shannoncivil.ie | IE 3456789AH
IE | supplier | Midlands Builders Providers Ltd | Dublin Road | Athlone, Co. Westmeath, N37 W9P2 | +353 90 555 4410 | midlandsbp.ie | IE 9812334K
IE | supplier | Atlantic Steel Stockholders Ltd | Ballybrit Industrial Estate | Galway, H91 D2K8 | +353 91 555 730 | atlanticsteel.ie | IE 4471209WA
CHFR | buyer | Constructions Léman SA | Avenue de Longemalle 12 | 1020 Renens | +41 21 555 12 30 | constructions-leman.ch | CHE-118.442.905 TVA
CHFR | supplier | Matériaux Romands SA | Route de Genève 88 | 1028 Préverenges | +41 21 555 40 70 | materiaux-romands.ch | CHE-207.331.648 TVA
CHFR | supplier | Acier Valais Sàrl | Rue de l'Industrie 25 | 1950 Sion | +41 27 555 61 20 | aciervalais.ch | CHE-425.990.117 TVA
"""

# region | site name | street | city
_SITES = """
DE | Baustelle Kaispeicher, Tor 4 | Großer Grasbrook 9 | 20457 Hamburg
DE | Lager Nord | Industriestraße 44 | 68169 Mannheim
AT | Baustelle Tabakfabrik | Peter-Behrens-Platz 2 | 4020 Linz
NL | Terminal Maasvlakte, Gate B | Europaweg 875 | 3199 LD Rotterdam
UK | Site North, Gate 2 | Kirkstall Road | Leeds LS4 2AZ
UK | Dock Warehouse 3 | Regent Road | Liverpool L3 7BN
US | Job Site 14 - Warehouse Expansion | 3100 Alum Creek Dr | Columbus, OH 43207
US | Port Newark Yard C | 1210 Corbin St | Elizabeth, NJ 07201
CH | Baustelle Glattpark, Zufahrt Ost | Thurgauerstrasse 60 | 8050 Zürich
FR | Chantier Île de Nantes, accès B | 5 boulevard Léon Bureau | 44200 Nantes
ES | Obra Parque Norte | Calle de Fuencarral 410 | 28034 Madrid
IT | Cantiere Modena Nord | Strada Canaletto Sud 120 | 41122 Modena
PT | Estaleiro Matosinhos | Avenida da Liberdade 520 | 4450-718 Matosinhos
BR | Obra Residencial Jardins, Portão 2 | Rua Oscar Freire 1200 | 01426-001 São Paulo - SP
MX | Obra Torre Campestre | Av. Campestre 310 | 37150 León, Gto.
BE | Werf Nieuw Zuid, poort 3 | Jan Van Beersstraat 2 | 2018 Antwerpen
AU | Barangaroo Site, Gate 5 | 33 Hickson Road | Barangaroo NSW 2000
IN | Project Site - Hinjewadi Phase 3 | Survey No. 204, Maan Road | Pune 411057, Maharashtra
QC | Chantier Quartier Gare, accès C | 1200, rue Saint-Antoine Ouest | Montréal (Québec) H3C 1B1
NZ | Wynyard Quarter Site, Gate 3 | 26 Jellicoe Street | Auckland 1010
ZA | Waterfall City Site, Gate B | Magwa Crescent | Midrand, 1685
CO | Obra Torres del Parque, portería 2 | Carrera 7 # 26-20 | Bogotá D.C.
IE | Grand Canal Dock Site, Gate 1 | Hanover Quay | Dublin 2, D02 XE80
CHFR | Chantier Plaines-du-Loup, accès nord | Chemin des Bossons 2 | 1018 Lausanne
"""


def _rows(table: str) -> list[list[str]]:
    return [[cell.strip() for cell in line.split("|")] for line in table.strip().splitlines()]


def _parties(role: str) -> dict[str, tuple[Party, ...]]:
    found: dict[str, list[Party]] = {}
    for region, row_role, name, street, city, phone, domain, tax in _rows(_PARTIES):
        if row_role == role:
            mailbox = MAILBOXES.get(region, "purchasing")
            party = Party(name, street, city, COUNTRIES[region], phone, f"{mailbox}@{domain}", tax)
            found.setdefault(region, []).append(party)
    return {region: tuple(parties) for region, parties in found.items()}


BUYERS = _parties("buyer")
SUPPLIERS = _parties("supplier")
SITES: dict[str, tuple[Site, ...]] = {}
for _region, *_site in _rows(_SITES):
    SITES[_region] = (*SITES.get(_region, ()), Site(*_site))

CONTACTS = {
    "en": ("J. Patel", "Sarah O'Neill", "Mark Dawson", "Linda Ortiz", "Tom Whitaker"),
    "de": ("Thomas Becker", "Anna Schulz", "Jürgen Weiß", "Petra Hoffmann", "Lukas Gruber"),
    "fr": ("Claire Moreau", "Julien Lefèvre", "Nathalie Girard"),
    "es": ("Lucía Fernández", "Javier Ruiz", "Marta Gómez"),
    "nl": ("Sanne de Vries", "Pieter Bakker", "Eva Jansen"),
    "it": ("Giulia Rossi", "Marco Bianchi", "Francesca Ricci"),
    "pt": ("Ana Ferreira", "João Carvalho", "Rita Sousa"),
}
PAYMENT_TERMS = {
    "en": ("30 days net", "Net 30", "45 days end of month", "14 days 2% discount, 30 days net"),
    "de": ("30 Tage netto", "14 Tage 3 % Skonto, 30 Tage netto", "21 Tage ohne Abzug"),
    "fr": ("30 jours fin de mois", "45 jours date de facture", "Virement à 30 jours"),
    "es": ("Transferencia a 30 días", "60 días fecha factura", "Confirming a 90 días"),
    "nl": ("30 dagen netto", "Betaling binnen 14 dagen", "60 dagen na factuurdatum"),
    "it": ("Bonifico 30 gg d.f.f.m.", "RiBa 60 gg", "Rimessa diretta 30 gg"),
    "pt": ("30 dias após emissão da fatura", "Pronto pagamento", "60 dias fim do mês"),
}
NOTES = {
    "en": (
        "Deliver to gate 2 between 07:00 and 15:00.",
        "Crane available on site for unloading.",
        "Call the site manager 30 minutes before arrival.",
        "Partial deliveries accepted; quote the PO number on every delivery note.",
        "Goods on Euro pallets; pallets will be exchanged on delivery.",
        "Mill certificates EN 10204 3.1 required with the delivery.",
    ),
    "de": (
        "Anlieferung Mo-Fr 7-15 Uhr über Tor 2.",
        "Bitte 30 Minuten vor Ankunft den Bauleiter anrufen.",
        "Teillieferungen nur nach Absprache.",
        "Lieferung auf Europaletten im Tausch.",
        "Werkszeugnis 3.1 nach EN 10204 erforderlich.",
    ),
    "fr": (
        "Livraison du lundi au vendredi de 7h à 15h.",
        "Rappeler le numéro de commande sur le bon de livraison.",
    ),
    "es": (
        "Entrega de lunes a viernes de 7:00 a 15:00.",
        "Indicar el número de pedido en el albarán.",
    ),
    "nl": (
        "Levering op werkdagen tussen 7:00 en 15:00.",
        "Vermeld het inkoopordernummer op de pakbon.",
    ),
    "it": (
        "Consegna dal lunedì al venerdì, ore 7-15.",
        "Indicare il numero d'ordine sul documento di trasporto.",
    ),
    "pt": (
        "Entrega de segunda a sexta, das 7h às 15h.",
        "Indicar o número do pedido na guia de remessa.",
    ),
}

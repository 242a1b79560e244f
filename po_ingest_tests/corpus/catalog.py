"""Construction and logistics products: item codes, English/German wording, units and prices."""

from __future__ import annotations

from dataclasses import dataclass

# unit -> (German unit, quantity kind)
UNITS = {
    "pcs": ("Stk", "count"),
    "bag": ("Sack", "count"),
    "pallet": ("Pal.", "count"),
    "m": ("m", "length"),
    "m²": ("m²", "area"),
    "t": ("t", "tonnes"),
    "kg": ("kg", "kg"),
    "h": ("Std", "hours"),
    "m³": ("m³", "volume"),
    "day": ("Tag", "days"),
    "l": ("l", "litres"),
}


@dataclass(frozen=True)
class Product:
    code: str
    description: str
    description_de: str
    unit: str
    price_range: tuple[float, float]

    @property
    def unit_de(self) -> str:
        return UNITS[self.unit][0]

    @property
    def quantity_kind(self) -> str:
        return UNITS[self.unit][1]


# code | English | German | unit | lowest price | highest price
_FIXED = """
CEM-425 | Portland cement CEM I 42.5 R, 25 kg | Portlandzement CEM I 42,5 R, 25 kg | bag | 6.2 | 9.8
CEM-325 | Cement CEM II/B-S 32.5 R, 25 kg | Zement CEM II/B-S 32,5 R, 25 kg | bag | 4.9 | 7.9
CEM-425-BULK | Cement CEM II/A-LL 42.5 R, bulk | Zement CEM II/A-LL 42,5 R, lose | t | 96 | 145
MRT-M10 | Masonry mortar M10, 30 kg | Mauermörtel M10, 30 kg | bag | 4.2 | 8.1
GRV-032 | Crushed gravel 0/32, delivered | Schotter 0/32, frei Baustelle | t | 14 | 29
SND-02 | Washed sand 0/2 | Sand 0/2 gewaschen | t | 16 | 31
CRS-1632 | Crushed stone 16/32 | Splitt 16/32 | t | 18 | 36
TPS-010 | Topsoil, screened 0/10 | Oberboden gesiebt 0/10 | t | 12 | 24
PLY-21 | Shuttering plywood 21 mm, 2500 x 1250 | Schalungsplatte 21 mm, 2500 x 1250 | pcs | 34 | 58
PB-125 | Plasterboard 12.5 mm, 1200 x 2600 | Gipskartonplatte 12,5 mm, 1200 x 2600 | pcs | 6.5 | 12.4
BLK-390 | Concrete block 390 x 190 x 190, pallet of 60 | Betonstein 39 x 19 x 19, Palette à 60 | pallet | 95 | 152
PAL-EUR-A | Euro pallet EPAL 1200 x 800, used grade A | Europalette EPAL 1200 x 800, gebraucht Kl. A | pcs | 8 | 14
STO-PAL-W | Pallet storage, per pallet and week | Palettenlagerung je Palette und Woche | pallet | 3.5 | 7.2
HDL-PAL | Pallet handling in/out | Palettenumschlag Ein-/Auslagerung | pallet | 2.5 | 6.4
FLM-23-500 | Stretch film 23 µm, 500 mm x 300 m | Stretchfolie 23 µm, 500 mm x 300 m | pcs | 6.1 | 11.3
CRN-50 | Mobile crane 50 t incl. operator | Mobilkran 50 t inkl. Kranführer | h | 120 | 190
EXC-14 | Excavator 14 t with driver | Mobilbagger 14 t mit Fahrer | h | 65 | 96
TRK-40 | Flatbed truck 40 t with driver | Sattelzug Pritsche 40 t mit Fahrer | h | 70 | 112
SKP-10 | Skip hire 10 m³, mixed construction waste | Absetzmulde 10 m³, Baumischabfall | pcs | 260 | 420
FNC-35 | Site fence panel 3.5 x 2.0 m, rental | Bauzaunelement 3,5 x 2,0 m, Miete | pcs | 2.5 | 5.6
FLT-25 | Forklift 2.5 t, rental | Gabelstapler 2,5 t, Miete | day | 85 | 140
LAB-GEN | General site operative | Bauhelfer | h | 32 | 55
ANC-M12 | Anchor bolt M12 x 120, zinc plated | Schwerlastanker M12 x 120, verzinkt | pcs | 0.85 | 2.4
NLS-3190 | Nails galvanised 3.1 x 90 | Nägel verzinkt 3,1 x 90 | kg | 2.8 | 5.6
PPE-HLM | Safety helmet EN 397, white | Schutzhelm EN 397, weiß | pcs | 6 | 14
PPE-VST | Hi-vis vest EN ISO 20471 class 2 | Warnweste EN ISO 20471 Kl. 2 | pcs | 2.5 | 6
DSL-SITE | Diesel fuel, delivered to site | Dieselkraftstoff, frei Baustelle | l | 1.3 | 1.85
BIT-V60 | Bitumen sheet V60 S4, 10 m² roll | Bitumenbahn V60 S4, Rolle 10 m² | pcs | 38 | 62
DRN-C250 | Drainage channel 1.0 m, class C250 | Entwässerungsrinne 1,0 m, Klasse C250 | pcs | 28 | 55
PAV-2010 | Concrete paving stone 20 x 10 x 8 cm | Betonpflaster 20 x 10 x 8 cm | m² | 14 | 26
KRB-1530 | Kerb stone 15 x 30 x 100 cm | Bordstein 15 x 30 x 100 cm | pcs | 7 | 14
SIL-310 | Silicone sealant, 310 ml cartridge | Silikon-Dichtstoff, Kartusche 310 ml | pcs | 4 | 9
PE-32-PN16 | PE water pipe 32 mm PN16 | PE-Wasserrohr 32 mm PN16 | m | 1.1 | 2.9
STL-S235-PL | Steel plate S235, cut to size | Stahlblech S235, Zuschnitt | kg | 1.4 | 2.6
"""


def _variants() -> list[tuple[str, str, str, str, float, float]]:
    """Families of one product in several sizes: enough distinct lines for a 60-line order."""
    rows = []
    for d in (8, 10, 12, 14, 16, 20, 25):
        for m in (6, 12):
            en, de = (
                f"Rebar B500B Ø{d} mm, {m} m bars",
                f"Betonstahl B500B Ø{d} mm, Stablänge {m} m",
            )
            rows.append((f"RB-{d}-{m * 1000}", en, de, "t", 780, 960))
    for grade, low in (("C20/25", 105), ("C25/30", 112), ("C30/37", 120), ("C35/45", 131)):
        en, de = f"Ready-mix concrete {grade} XC2", f"Transportbeton {grade} XC2"
        rows.append(("RMC-" + grade.split("/")[0], en, de, "m³", low, low + 35))
    for w, h in ((45, 95), (45, 145), (45, 195), (63, 175), (80, 200)):
        en, de = f"Structural timber C24 {w} x {h} mm", f"Konstruktionsvollholz C24 {w} x {h} mm"
        rows.append((f"TMB-{w}{h}-C24", en, de, "m", w * h / 2400, w * h / 1500))
    for m in (2, 3, 4, 6):
        en, de = f"Scaffold tube 48.3 mm galvanised, {m} m", f"Gerüstrohr 48,3 mm verzinkt, {m} m"
        rows.append((f"SCF-T-{m}0", en, de, "pcs", 5 * m, 8 * m))
    for dn in (110, 160, 200):
        en, de = f"PVC-U sewer pipe DN{dn} SN4, 5 m", f"KG-Rohr DN{dn} SN4, 5 m"
        rows.append((f"PVC-{dn}-5", en, de, "pcs", dn / 10, dn / 5))
    for cores, code in (("3x1.5", "315"), ("5x2.5", "525"), ("5x6", "560")):
        en, de = f"Cable NYM-J {cores} mm²", f"Mantelleitung NYM-J {cores.replace('.', ',')} mm²"
        rows.append((f"CBL-NYM-{code}", en, de, "m", 0.65, 3.2))
    for mm in (60, 100, 140):
        en, de = f"Mineral wool slab {mm} mm, WLG 035", f"Mineralwolle-Dämmplatte {mm} mm, WLG 035"
        rows.append((f"INS-MW-{mm}", en, de, "m²", mm / 14, mm / 7))
    for grams in (150, 200, 300):
        rows.append(
            (
                f"GT-{grams}",
                f"Geotextile nonwoven {grams} g/m²",
                f"Geovlies {grams} g/m²",
                "m²",
                0.6,
                1.8,
            )
        )
    for profile, low in (("HEA 200", 48), ("HEB 160", 52), ("IPE 240", 41)):
        en, de = f"Steel beam {profile} S355", f"Stahlträger {profile} S355"
        rows.append((profile.replace(" ", "-"), en, de, "m", low, low * 2))
    for mesh, low in (("Q188A", 34), ("Q257A", 46), ("Q335A", 61)):
        en, de = (
            f"Reinforcement mesh {mesh}, 6.00 x 2.30 m",
            f"Betonstahlmatte {mesh}, 6,00 x 2,30 m",
        )
        rows.append((f"MSH-{mesh}", en, de, "pcs", low, low * 1.6))
    return rows


def _fixed() -> list[tuple[str, str, str, str, float, float]]:
    rows = []
    for line in _FIXED.strip().splitlines():
        code, en, de, unit, low, high = (cell.strip() for cell in line.split("|"))
        rows.append((code, en, de, unit, float(low), float(high)))
    return rows


PRODUCTS: tuple[Product, ...] = tuple(
    Product(code, en, de, unit, (low, high))
    for code, en, de, unit, low, high in _fixed() + _variants()
)

"""One Inventory service per test module (its default seed), back to that seed before each test.

Default seed (now = Monday 2026-03-02 09:00 UTC; built by make_default_seed.py): alice manager,
bob and carol clerks, dave and erin sales, frank viewer. Warehouses EAST (bins EAST-RCV,
EAST-A-01..03, EAST-B-01..03, EAST-PK) and WEST (WEST-RCV, WEST-A-01..02, WEST-B-01, WEST-PK).
40 products; low: BOX-M (5 available, point 6), GPS-HH (0/2), JKT-RN-M (6/8), PWR-10K (9/10),
SLB-M7 (5/8), STV-CMP (9/10); LMP-HD is just above (16/15: EAST-B-03 21 on hand, 8 reserved by
SO-2006; WEST-B-01 3). TNT-2P: EAST-A-01 18, WEST-A-01 9 (4 reserved by SO-2005); point 12.
POs: 1001, 1002 received; 1003 partly received (LMP-HD 20 of 60, BAT-AA8 all 100; EAST); 1004
(STV-CMP 24, POT-1L 20; EAST, due +5d) and 1005 (SLB-M7 15; WEST) sent; 1006 (bob's: JKT-RN-M
30, JKT-RN-L 20; EAST, due +20d) and 1007 drafts; 1008 cancelled. SOs: 2001-2003 shipped; 2004
(dave: SLB-P5 10, DAY-20 8; EAST), 2005 (erin) and 2006 (dave) confirmed; 2007 (erin: WEST),
2008 (dave: BKP-45 10, TNT-2P 5; EAST) and 2009 (dave: GPS-HH 2, none in stock) drafts; 2010
cancelled. Two past alerts (STV-CMP, LMP-HD).
"""

from __future__ import annotations

from tests.service_fixtures import service_fixtures

PASSWORDS = {
    "alice": "alice-pass",
    "bob": "bob-pass",
    "dave": "dave-pass",
    "erin": "erin-pass",
    "frank": "frank-pass",
}

globals().update(
    service_fixtures(
        "inventory", PASSWORDS, server="inventory_server", client="service", db="inventory_db"
    )
)

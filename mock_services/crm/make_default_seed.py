"""Write ``default_seed.json``: a small B2B sales team (the cast) with accounts, contacts,
deals in every stage, leads, activities and tasks around the seed's now, with look-alikes and
duplicates on purpose (Acme twice, a contact's e-mail in two spellings).

Run ``python -m mock_services.crm.make_default_seed`` after changing the data below.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mock_services.core.base.cast import person

TERRITORIES = [
    ("North America East", "Americas"),
    ("North America West", "Americas"),
    ("EMEA", "Europe, Middle East and Africa"),
    ("APAC", "Asia Pacific"),
]
# username, role, job title, territory
USERS = [
    ("alice", "rep", "Account Executive", "North America East"),
    ("bob", "rep", "Account Executive", "EMEA"),
    ("carol", "manager", "Head of Sales", None),
    ("dave", "rep", "Account Executive", "North America West"),
    ("erin", "rep", "Sales Development Rep", "EMEA"),
    ("kenji", "rep", "Account Executive", "APAC"),
]
# code, name, domain, industry, size, tier, status, owner, territory, revenue, location, extra
# fmt: off
ACCOUNTS: list[tuple[str, str, str | None, str, str | None, str, str, str, str, int, str, dict]] = [
    ("CUS-001", "Acme Corporation", "acme.com", "Manufacturing", "1001-5000", "vip", "active",
     "alice", "North America East", 5_200_000, "Boston, MA",
     {"sla": "4-hour response", "contract_end": "+75d", "satisfaction": 4.2}),
    ("CUS-002", "Globex Inc.", "globex.com", "Energy", "5000+", "vip", "active", "alice",
     "North America East", 12_400_000, "New York, NY",
     {"sla": "1-hour response, 4-hour resolution",
      "contract_end": "+20d",
      "satisfaction": 3.1,
      "notes": "Renewal at risk: unhappy with onboarding of the new plant."}),
    ("CUS-003", "Initech", "initech.com", "Software", "201-1000", "core", "active", "dave",
     "North America West", 2_100_000, "Austin, TX", {"contract_end": "+200d", "satisfaction": 4.6}),
    ("CUS-004", "Initrode Systems", "initrode.io", "Software", "51-200", "standard", "prospect",
     "dave", "North America West", 640_000, "San Jose, CA",
     {"notes": "Not Initech: a different company with a similar name."}),
    ("CUS-005", "Umbrella Health", "umbrellahealth.com", "Healthcare", "1001-5000", "core",
     "active", "bob", "EMEA", 3_800_000, "London, UK",
     {"sla": "next business day", "contract_end": "+140d", "satisfaction": 4.0}),
    ("CUS-006", "Stark Logistics", "starklogistics.de", "Logistics", "201-1000", "standard",
     "active", "bob", "EMEA", 1_450_000, "Hamburg, DE", {"contract_end": "+35d"}),
    ("CUS-007", "Wayne Enterprises", "wayne-ent.com", "Conglomerate", "5000+", "vip", "active",
     "carol", "North America East", 48_000_000, "Gotham, NJ",
     {"sla": "platinum: 2-hour onsite", "contract_end": "+310d", "satisfaction": 4.8}),
    ("CUS-008", "Hooli", "hooli.xyz", "Internet", "5000+", "core", "inactive", "dave",
     "North America West", 0, "Palo Alto, CA", {"notes": "Paused all vendor spend this year."}),
    ("CUS-009", "Soylent Foods", "soylent.example", "Food & Beverage", "51-200", "standard",
     "churned", "alice", "North America East", 300_000, "Newark, NJ",
     {"churn_date": "-40d", "churn_reason": "Moved to a cheaper competitor", "satisfaction": 2.0}),
    ("CUS-010", "Tyrell Robotics", "tyrell.co.jp", "Electronics", "1001-5000", "vip", "active",
     "kenji", "APAC", 9_100_000, "Osaka, JP",
     {"sla": "4-hour response", "contract_end": "+60d", "satisfaction": 4.4}),
    ("CUS-011", "Cyberdyne Systems", "cyberdyne.com", "Electronics", "201-1000", "core", "active",
     "kenji", "APAC", 2_750_000, "Singapore", {"contract_end": "+15d", "satisfaction": 3.5}),
    ("CUS-012", "Northwind Traders", "northwind.com", "Retail", "51-200", "standard", "active",
     "bob", "EMEA", 820_000, "Dublin, IE", {}),
    ("CUS-013", "Northwind Health", "northwindhealth.org", "Healthcare", "201-1000", "standard",
     "prospect", "erin", "EMEA", 1_100_000, "Leeds, UK",
     {"notes": "Unrelated to Northwind Traders."}),
    ("CUS-014", "Contoso Ltd", "contoso.com", "Software", "1001-5000", "core", "active", "alice",
     "North America East", 6_300_000, "Seattle, WA", {"contract_end": "+95d", "satisfaction": 3.9}),
    ("CUS-015", "Fabrikam", "fabrikam.com", "Manufacturing", "201-1000", "standard", "suspended",
     "dave", "North America West", 950_000, "Denver, CO",
     {"notes": "Suspended: two invoices 60 days overdue."}),
    ("CUS-016", "Vandelay Industries", "vandelay.com", "Import/Export", "11-50", "standard",
     "active", "alice", "North America East", 410_000, "Queens, NY", {}),
    ("CUS-017", "Oceanic Airlines", "oceanic-air.com", "Travel", "5000+", "vip", "active", "kenji",
     "APAC", 22_000_000, "Sydney, AU",
     {"sla": "1-hour response",
      "contract_end": "+5d",
      "satisfaction": 3.8,
      "notes": "Contract ends within a week; renewal deal in negotiation."}),
    ("CUS-018", "Pied Piper", "piedpiper.com", "Software", "11-50", "standard", "prospect", "dave",
     "North America West", 120_000, "Palo Alto, CA", {}),
    ("CUS-019", "Dunder Mifflin", "dundermifflin.com", "Paper", "201-1000", "standard", "active",
     "alice", "North America East", 1_900_000, "Scranton, PA", {"satisfaction": 4.1}),
    ("CUS-020", "Massive Dynamic", "massivedynamic.com", "Biotech", "1001-5000", "core", "active",
     "bob", "EMEA", 7_700_000, "Zurich, CH", {"contract_end": "+180d"}),
    ("CUS-021", "ACME Corp.", "www.acme.com", "Manufacturing", None, "standard", "active", "erin",
     "EMEA", 0, "", {"notes": "Created from a web form; probably the same company as CUS-001."}),
    ("CUS-022", "Gringotts Bank", "gringotts.co.uk", "Finance", "1001-5000", "vip", "active", "bob",
     "EMEA", 15_500_000, "London, UK",
     {"sla": "4-hour response", "contract_end": "+250d", "satisfaction": 4.7}),
    ("CUS-023", "Monarch Supplies", "monarch-supplies.com", "Wholesale", "51-200", "standard",
     "active", "dave", "North America West", 560_000, "Portland, OR", {"account_type": "supplier"}),
    ("CUS-024", "Bluth Company", "bluth.com", "Real Estate", "51-200", "standard", "inactive",
     "alice", "North America East", 0, "Newport Beach, CA", {"notes": "On hold after the audit."}),
    ("CUS-025", "Sakura Telecom", "sakura-tel.jp", "Telecom", "5000+", "core", "active", "kenji",
     "APAC", 11_000_000, "Tokyo, JP", {"contract_end": "+120d", "satisfaction": 4.3}),
    ("CUS-026", "Lumon Industries", "lumon.com", "Biotech", "1001-5000", "core", "prospect",
     "carol", "North America East", 4_000_000, "Kier, PE", {}),
    ("CUS-027", "Brightline Partners", "brightline.io", "Consulting", "11-50", "standard", "active",
     "erin", "EMEA", 250_000, "Amsterdam, NL", {"account_type": "partner"}),
    ("CUS-028", "Café Müller GmbH", "cafe-mueller.de", "Food & Beverage", "11-50", "standard",
     "active", "bob", "EMEA", 180_000, "Munich, DE", {}),
]
# fmt: on
# first, last, e-mail, phone, title, account (or None), primary, owner
# fmt: off
CONTACTS: list[tuple[str, str, str | None, str, str, str | None, bool, str]] = [
    ("Jane", "Doe", "jane.doe@acme.com", "+1 617 555 0101", "VP Operations", "CUS-001", True,
     "alice"),
    ("Raj", "Patel", "raj.patel@acme.com", "+1 617 555 0102", "Procurement Lead", "CUS-001", False,
     "alice"),
    ("Hank", "Scorpio", "hank@globex.com", "+1 212 555 0140", "CEO", "CUS-002", True, "alice"),
    ("Mindy", "Simmons", "mindy.simmons@globex.com", "+1 212 555 0141", "Plant Manager", "CUS-002",
     False, "alice"),
    ("Bill", "Lumbergh", "bill.lumbergh@initech.com", "+1 512 555 0110", "Division VP", "CUS-003",
     True, "dave"),
    ("Peter", "Gibbons", "peter.gibbons@initech.com", "+1 512 555 0111", "Software Engineer",
     "CUS-003", False, "dave"),
    ("Ada", "Byrne", "ada@initrode.io", "+1 408 555 0120", "CTO", "CUS-004", True, "dave"),
    ("Alice", "Abernathy", "a.abernathy@umbrellahealth.com", "+44 20 7946 0150", "Head of IT",
     "CUS-005", True, "bob"),
    ("Tony", "Richter", "t.richter@starklogistics.de", "+49 40 555 0160", "COO", "CUS-006", True,
     "bob"),
    ("Lucius", "Fox", "lucius.fox@wayne-ent.com", "+1 201 555 0170", "CTO", "CUS-007", True,
     "carol"),
    ("Gavin", "Belson", "gavin@hooli.xyz", "+1 650 555 0180", "CEO", "CUS-008", True, "dave"),
    ("Marge", "Lind", "marge.lind@soylent.example", "", "Office Manager", "CUS-009", True, "alice"),
    ("Eldon", "Tyrell", "eldon@tyrell.co.jp", "+81 6 5555 0190", "Founder", "CUS-010", True,
     "kenji"),
    ("Rachael", "Rosen", "rachael.rosen@tyrell.co.jp", "+81 6 5555 0191", "Buyer", "CUS-010", False,
     "kenji"),
    ("Miles", "Dyson", "miles.dyson@cyberdyne.com", "+65 5555 0200", "Director of R&D", "CUS-011",
     True, "kenji"),
    ("Nancy", "Davolio", "nancy@northwind.com", "+353 1 555 0210", "Sales Manager", "CUS-012", True,
     "bob"),
    ("Andrew", "Fuller", "andrew.fuller@northwindhealth.org", "+44 113 555 0220", "Procurement",
     "CUS-013", True, "erin"),
    ("Kim", "Abercrombie", "kim@contoso.com", "+1 206 555 0230", "IT Director", "CUS-014", True,
     "alice"),
    ("Dan", "Park", "dan.park@contoso.com", "+1 206 555 0231", "Finance Controller", "CUS-014",
     False, "alice"),
    ("Lars", "Holm", "lars@fabrikam.com", "+1 303 555 0240", "Accounts Payable", "CUS-015", True,
     "dave"),
    ("Art", "Vandelay", "art@vandelay.com", "+1 718 555 0250", "Owner", "CUS-016", True, "alice"),
    ("Jack", "Shephard", "jack.shephard@oceanic-air.com", "+61 2 5555 0260", "VP Fleet IT",
     "CUS-017", True, "kenji"),
    ("Kate", "Austen", "kate.austen@oceanic-air.com", "+61 2 5555 0261", "Procurement Director",
     "CUS-017", False, "kenji"),
    ("Richard", "Hendricks", "richard@piedpiper.com", "+1 650 555 0270", "CEO", "CUS-018", True,
     "dave"),
    ("Michael", "Scott", "michael.scott@dundermifflin.com", "+1 570 555 0280", "Regional Manager",
     "CUS-019", True, "alice"),
    ("Pam", "Beesly", "pam.beesly@dundermifflin.com", "+1 570 555 0281", "Office Administrator",
     "CUS-019", False, "alice"),
    ("Nina", "Sharp", "nina.sharp@massivedynamic.com", "+41 44 555 0290", "COO", "CUS-020", True,
     "bob"),
    ("Jane", "Doe", "Jane.Doe@ACME.com", "", "VP Ops", "CUS-021", True, "erin"),
    ("Griphook", "Goblin", "griphook@gringotts.co.uk", "+44 20 7946 0300", "Head of Vaults",
     "CUS-022", True, "bob"),
    ("Sam", "Monarch", "sam@monarch-supplies.com", "+1 503 555 0310", "Account Manager", "CUS-023",
     True, "dave"),
    ("George", "Bluth", "george@bluth.com", "", "Chairman", "CUS-024", True, "alice"),
    ("Yuki", "Tanaka", "yuki.tanaka@sakura-tel.jp", "+81 3 5555 0320", "Network Director",
     "CUS-025", True, "kenji"),
    ("Harmony", "Cobel", "h.cobel@lumon.com", "+1 555 555 0330", "Director", "CUS-026", True,
     "carol"),
    ("Mark", "Scout", "mark.s@lumon.com", "", "Team Lead", "CUS-026", False, "carol"),
    ("Sofia", "de Vries", "sofia@brightline.io", "+31 20 555 0340", "Partner", "CUS-027", True,
     "erin"),
    ("Jürgen", "Müller", "juergen@cafe-mueller.de", "+49 89 555 0350", "Inhaber", "CUS-028", True,
     "bob"),
    ("Pat", "Kowalski", None, "+1 617 555 0199", "Consultant", None, False, "alice"),
    ("Ravi", "Menon", "ravi.menon@freelance.example", "", "Independent advisor", None, False,
     "bob"),
]
# fmt: on
# name, account, contact id, owner, stage, amount, currency, close date, extra
# fmt: off
DEALS: list[tuple[str, str, int | None, str, str, float, str, str, dict]] = [
    ("Acme: plant analytics rollout", "CUS-001", 1, "alice", "negotiation", 180_000, "USD", "+14d",
     {}),
    ("Acme: spare-parts portal", "CUS-001", 2, "alice", "proposal", 45_000, "USD", "+40d", {}),
    ("Globex: renewal 2027", "CUS-002", 3, "alice", "negotiation", 320_000, "USD", "+18d",
     {"notes": "Discount above 10% needs Carol's approval."}),
    ("Globex: new plant onboarding", "CUS-002", 4, "alice", "qualification", 75_000, "USD", "+60d",
     {}),
    ("Initech: TPS automation", "CUS-003", 5, "dave", "proposal", 96_000, "USD", "+25d", {}),
    ("Initrode: pilot", "CUS-004", 7, "dave", "prospecting", 20_000, "USD", "+90d", {}),
    ("Umbrella: EHR integration", "CUS-005", 8, "bob", "qualification", 140_000, "GBP", "+45d", {}),
    ("Stark: fleet tracking", "CUS-006", 9, "bob", "closed_won", 88_000, "EUR", "-12d", {}),
    ("Wayne: global security suite", "CUS-007", 10, "carol", "negotiation", 1_250_000, "USD",
     "+30d", {}),
    ("Hooli: data platform", "CUS-008", 11, "dave", "closed_lost", 400_000, "USD", "-20d",
     {"lost_reason": "Budget frozen"}),
    ("Soylent: renewal", "CUS-009", 12, "alice", "closed_lost", 30_000, "USD", "-45d",
     {"lost_reason": "Lost to a cheaper competitor"}),
    ("Tyrell: robotics QA line", "CUS-010", 13, "kenji", "proposal", 24_000_000, "JPY", "+35d", {}),
    ("Tyrell: support upgrade", "CUS-010", 14, "kenji", "closed_won", 6_500_000, "JPY", "-5d", {}),
    ("Cyberdyne: renewal", "CUS-011", 15, "kenji", "negotiation", 210_000, "USD", "+10d", {}),
    ("Northwind: POS refresh", "CUS-012", 16, "bob", "prospecting", 35_000, "EUR", "+75d", {}),
    ("Contoso: SSO add-on", "CUS-014", 18, "alice", "closed_won", 52_000, "USD", "-30d", {}),
    ("Contoso: analytics expansion", "CUS-014", 19, "alice", "proposal", 130_000, "USD", "+21d",
     {}),
    ("Fabrikam: maintenance contract", "CUS-015", 20, "dave", "qualification", 60_000, "USD", "-3d",
     {"notes": "Close date passed; on hold while invoices are overdue."}),
    ("Vandelay: starter plan", "CUS-016", 21, "alice", "closed_won", 12_000, "USD", "-8d", {}),
    ("Oceanic: renewal and expansion", "CUS-017", 22, "kenji", "negotiation", 780_000, "USD", "+4d",
     {}),
    ("Pied Piper: compression pilot", "CUS-018", 24, "dave", "prospecting", 15_000, "USD", "+50d",
     {}),
    ("Dunder Mifflin: paper tracking", "CUS-019", 25, "alice", "closed_lost", 22_000, "USD", "-15d",
     {"lost_reason": "Chose to build in-house"}),
    ("Dunder Mifflin: branch rollout", "CUS-019", 26, "alice", "prospecting", 40_000, "USD", "+70d",
     {}),
    ("Massive Dynamic: lab data", "CUS-020", 27, "bob", "proposal", 310_000, "EUR", "+28d", {}),
    ("Gringotts: vault audit trail", "CUS-022", 29, "bob", "closed_won", 450_000, "GBP", "-2d", {}),
    ("Gringotts: fraud analytics", "CUS-022", 29, "bob", "qualification", 275_000, "GBP", "+55d",
     {}),
    ("Sakura: network monitoring", "CUS-025", 32, "kenji", "closed_won", 18_000_000, "JPY", "-25d",
     {}),
    ("Lumon: wellness platform", "CUS-026", 33, "carol", "qualification", 500_000, "USD", "+80d",
     {}),
    ("Brightline: partner referral", "CUS-027", 35, "erin", "prospecting", 10_000, "EUR", "+40d",
     {}),
    ("Café Müller: POS bundle", "CUS-028", 36, "bob", "closed_lost", 8000, "EUR", "-60d",
     {"lost_reason": "No decision"}),
]
# fmt: on
# first, last, e-mail, company, title, source, status, owner, days ago
# fmt: off
LEADS: list[tuple[str, str, str | None, str, str, str, str, str, int]] = [
    ("Olivia", "Reyes", "olivia.reyes@quantumleap.io", "Quantum Leap Labs", "CTO", "web", "new",
     "erin", 1),
    ("Marcus", "Webb", "marcus@harborfreight.example", "Harbor Freight Co", "Ops Director", "event",
     "working", "erin", 4),
    ("Lena", "Fischer", "lena.fischer@alpenbau.de", "Alpenbau AG", "Head of Procurement",
     "referral", "qualified", "bob", 9),
    ("Tom", "Okoro", "tom.okoro@sunrise-solar.com", "Sunrise Solar", "CEO", "cold_call", "working",
     "alice", 6),
    ("Priya", "Shah", "priya@brightpath.ai", "BrightPath AI", "Founder", "web", "qualified", "dave",
     3),
    ("Chen", "Wei", "chen.wei@jadeharbor.cn", "Jade Harbor Trading", "Purchasing", "advertising",
     "new", "kenji", 2),
    ("Sara", "Lindqvist", "sara@nordicwind.se", "Nordic Wind", "Project Lead", "event",
     "unqualified", "erin", 30),
    ("Olivia", "Reyes", "Olivia.Reyes@QuantumLeap.io", "Quantum Leap Labs", "CTO", "event", "new",
     "bob", 0),
    ("Diego", "Alvarez", "diego@pampas-agro.ar", "Pampas Agro", "IT Manager", "partner", "working",
     "dave", 12),
    ("Hannah", "Kim", "hannah.kim@seoulsoft.kr", "SeoulSoft", "VP Engineering", "web", "qualified",
     "kenji", 5),
    ("Omar", "Haddad", "omar@desertbloom.ae", "Desert Bloom", "Buyer", "referral", "new", "erin",
     7),
    ("Grace", "Hopper", "grace@cobol.example", "", "Consultant", "web", "new", "alice", 15),
    ("Ivan", "Volkov", "ivan@taiga-mining.example", "Taiga Mining", "CFO", "cold_call",
     "unqualified", "bob", 40),
    ("Beth", "Harmon", "beth@queensgambit.example", "Queen's Gambit Chess", "Owner", "web",
     "working", "alice", 8),
    ("Yusuf", "Demir", "yusuf@bosporus-logistics.tr", "Bosporus Logistics", "COO", "event", "new",
     "bob", 3),
    ("Laura", "Palmer", "laura@twinpeaks.example", "Twin Peaks Lumber", "Office Manager",
     "advertising", "new", "dave", 11),
    ("Kofi", "Mensah", "kofi@accragrid.gh", "Accra Grid", "Engineer", "partner", "qualified",
     "erin", 2),
]
# fmt: on
# kind, subject, owner, contact, account, deal, when, minutes, body
# fmt: off
ACTIVITIES: list[tuple[str, str, str, int | None, str | None, int | None, str, int | None, str]] = [
    ("call", "Pricing questions", "alice", 1, "CUS-001", 1, "-2d 15:00", 25,
     "Jane wants volume pricing for 12 plants."),
    ("meeting", "Negotiation: plant analytics", "alice", 1, "CUS-001", 1, "+2d 14:00", 60,
     "Bring the revised order form."),
    ("email", "Revised proposal", "alice", 2, "CUS-001", 2, "-1d 10:30", None,
     "Attached the spare-parts portal proposal."),
    ("call", "Renewal check-in", "alice", 3, "CUS-002", 3, "-6d 16:00", 30,
     "Hank is unhappy about the new plant onboarding."),
    ("meeting", "Executive review with Globex", "carol", 3, "CUS-002", 3, "+5d 11:00", 45,
     "Carol joins to discuss the discount."),
    ("note", "Onboarding escalation", "alice", 4, "CUS-002", 4, "-3d 09:00", None,
     "Escalated the onboarding delays to support."),
    ("email", "TPS report demo follow-up", "dave", 5, "CUS-003", 5, "-4d 13:00", None,
     "Sent the recording and the pricing sheet."),
    ("call", "Pilot scope", "dave", 7, "CUS-004", 6, "-9d 17:00", 20, "Ada wants a 30-day pilot."),
    ("meeting", "EHR integration workshop", "bob", 8, "CUS-005", 7, "-10d 10:00", 90,
     "Mapped the HL7 feeds."),
    ("email", "Fleet tracking signed", "bob", 9, "CUS-006", 8, "-12d 12:00", None,
     "Countersigned order form attached."),
    ("meeting", "Wayne security steering committee", "carol", 10, "CUS-007", 9, "-7d 15:00", 60,
     "Lucius wants a phased rollout."),
    ("call", "Why we lost Hooli", "dave", 11, "CUS-008", 10, "-20d 11:00", 15,
     "Budget frozen until next year."),
    ("call", "Churn exit interview", "alice", 12, "CUS-009", None, "-41d 14:00", 20,
     "Price was the only reason."),
    ("meeting", "QA line proposal walkthrough", "kenji", 13, "CUS-010", 12, "+1d 10:00", 60,
     "Present in Osaka office."),
    ("email", "Support upgrade confirmation", "kenji", 14, "CUS-010", 13, "-5d 09:30", None,
     "Confirmed the upgrade start date."),
    ("call", "Renewal terms", "kenji", 15, "CUS-011", 14, "-1d 08:00", 30,
     "Miles asks for a 3-year term."),
    ("note", "POS refresh budget", "bob", 16, "CUS-012", 15, "-14d 10:00", None,
     "Budget approved for Q3."),
    ("call", "SSO add-on kickoff", "alice", 18, "CUS-014", 16, "-28d 16:00", 30,
     "Kickoff done, go-live in two weeks."),
    ("meeting", "Analytics expansion demo", "alice", 19, "CUS-014", 17, "+3d 13:00", 60,
     "Demo for the finance team."),
    ("email", "Overdue invoices", "dave", 20, "CUS-015", 18, "-3d 11:00", None,
     "Reminded Lars about the two overdue invoices."),
    ("call", "Starter plan onboarding", "alice", 21, "CUS-016", 19, "-8d 15:30", 20,
     "Art is onboarded."),
    ("meeting", "Oceanic renewal negotiation", "kenji", 22, "CUS-017", 20, "-2d 09:00", 60,
     "Kate pushes for 12% off."),
    ("email", "Oceanic: final offer", "kenji", 23, "CUS-017", 20, "-1d 17:00", None,
     "Sent the final offer at 8% off."),
    ("call", "Pied Piper intro", "dave", 24, "CUS-018", 21, "-16d 10:00", 15,
     "Richard is curious, not ready."),
    ("meeting", "Lost review", "alice", 25, "CUS-019", 22, "-15d 14:00", 30,
     "They chose to build in-house."),
    ("email", "Branch rollout idea", "alice", 26, "CUS-019", 23, "-2d 10:00", None,
     "Pam is interested for the Stamford branch."),
    ("call", "Lab data requirements", "bob", 27, "CUS-020", 24, "-5d 13:00", 40,
     "Nina needs GxP compliance."),
    ("email", "Vault audit trail contract", "bob", 29, "CUS-022", 25, "-2d 10:00", None,
     "Signed contract received."),
    ("note", "Fraud analytics discovery", "bob", 29, "CUS-022", 26, "-1d 16:00", None,
     "Data access approval pending."),
    ("call", "Network monitoring go-live", "kenji", 32, "CUS-025", 27, "-20d 09:00", 30,
     "Live in Tokyo region."),
    ("meeting", "Lumon discovery", "carol", 33, "CUS-026", 28, "-4d 11:00", 60,
     "Very secretive about their use case."),
    ("email", "Partner agreement draft", "erin", 35, "CUS-027", 29, "-6d 12:00", None,
     "Sent the partner agreement."),
    ("call", "Duplicate Acme record?", "erin", 28, "CUS-021", None, "-11d 10:00", 10,
     "This is the same Jane Doe as on Acme Corporation."),
    ("note", "Met Pat at the conference", "alice", 37, None, None, "-18d 18:00", None,
     "Pat may refer two manufacturers."),
]
# fmt: on
# subject, owner, due (days), priority, status, contact, account, deal
# fmt: off
TASKS: list[tuple[str, str, int | None, str, str, int | None, str | None, int | None]] = [
    ("Send revised order form to Jane", "alice", 1, "high", "open", 1, "CUS-001", 1),
    ("Prepare Globex discount approval", "alice", 0, "high", "open", 3, "CUS-002", 3),
    ("Follow up on Globex onboarding ticket", "alice", -2, "normal", "open", 4, "CUS-002", 4),
    ("Book travel to Osaka", "kenji", -1, "normal", "done", None, "CUS-010", 12),
    ("Send QA line proposal", "kenji", 3, "high", "open", 13, "CUS-010", 12),
    ("Chase Fabrikam invoices", "dave", -3, "high", "open", 20, "CUS-015", 18),
    ("Draft Initech SOW", "dave", 5, "normal", "open", 5, "CUS-003", 5),
    ("Renewal call with Cyberdyne", "kenji", 2, "high", "open", 15, "CUS-011", 14),
    ("Merge the duplicate Acme account", "erin", 7, "low", "open", None, "CUS-021", None),
    ("Quarterly review deck for Wayne", "carol", 10, "normal", "open", 10, "CUS-007", 9),
    ("Send thank-you note to Stark", "bob", -10, "low", "done", 9, "CUS-006", 8),
    ("Qualify Alpenbau lead", "bob", 4, "normal", "open", None, None, None),
    ("Update Oceanic renewal forecast", "kenji", 0, "high", "open", 22, "CUS-017", 20),
    ("Call Pam about the branch rollout", "alice", 6, "normal", "open", 26, "CUS-019", 23),
    ("Review lost-deal notes", "carol", None, "low", "open", None, None, None),
    ("Schedule Massive Dynamic compliance review", "bob", 8, "normal", "open", 27, "CUS-020", 24),
    ("Log Contoso go-live feedback", "alice", -20, "low", "done", 18, "CUS-014", 16),
    ("Check Lumon security questionnaire", "carol", 12, "normal", "open", 33, "CUS-026", 28),
]
# fmt: on


def _days(days: int) -> str:
    return f"{'+' if days >= 0 else '-'}{abs(days)}d"


def _accounts() -> list[dict[str, Any]]:
    rows = []
    for (
        code,
        name,
        domain,
        industry,
        size,
        tier,
        status,
        owner,
        territory,
        revenue,
        where,
        extra,
    ) in ACCOUNTS:
        row: dict[str, Any] = {
            "code": code,
            "name": name,
            "domain": domain,
            "industry": industry,
            "size": size,
            "tier": tier,
            "status": status,
            "owner": owner,
            "territory": territory,
            "annual_revenue": revenue,
            "location": where,
            **extra,
        }
        row["created_at"] = f"-{400 - 10 * int(code[4:])}d 09:00"
        rows.append({k: v for k, v in row.items() if v is not None})
    return rows


def _last_contacts(accounts: list[dict[str, Any]]) -> None:
    """Each account's last contact: the day of its latest call, meeting or mail in the past."""
    latest: dict[str, int] = {}
    for kind, _, _, _, account, _, when, _, _ in ACTIVITIES:
        days = int(when.split("d")[0])
        if account and kind != "note" and days < 0:
            latest[account] = max(latest.get(account, -999), days)
    for row in accounts:
        if row["code"] in latest:
            row["last_contact"] = _days(latest[row["code"]])


def _deal(row: tuple[str, str, int | None, str, str, float, str, str, dict]) -> dict[str, Any]:
    name, account, contact, owner, stage, amount, currency, close, extra = row
    deal: dict[str, Any] = {
        "name": name,
        "account": account,
        "contact_id": contact,
        "owner": owner,
        "stage": stage,
        "amount": amount,
        "currency": currency,
        "close_date": close,
        **extra,
    }
    if stage.startswith("closed"):
        deal["closed_at"] = f"{close} 17:00"
    deal["created_at"] = "-90d 10:00"
    return deal


def _leads() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = [
        {
            "first_name": first,
            "last_name": last,
            "email": email,
            "company": company,
            "job_title": title,
            "source": source,
            "status": status,
            "owner": owner,
            "created_at": f"-{days}d 11:00" if days else "-2h",  # today: before now
        }
        for first, last, email, company, title, source, status, owner, days in LEADS
    ]
    rows.append(  # converted two weeks ago into Pied Piper's Richard and his pilot deal
        {
            "first_name": "Richard",
            "last_name": "Hendricks",
            "email": "richard@piedpiper.com",
            "company": "Pied Piper",
            "job_title": "CEO",
            "source": "event",
            "status": "converted",
            "owner": "dave",
            "created_at": "-30d 11:00",
            "converted_at": "-16d 09:00",
            "contact_id": 24,
            "account": "CUS-018",
            "deal_id": 21,
        }
    )
    return rows


def seed() -> dict[str, Any]:
    accounts = _accounts()
    _last_contacts(accounts)
    return {
        "territories": [{"name": name, "region": region} for name, region in TERRITORIES],
        "users": [
            person(name).user(role=role, job_title=title, **({"territory": t} if t else {}))
            for name, role, title, t in USERS
        ],
        "accounts": accounts,
        "contacts": [
            {
                "first_name": first,
                "last_name": last,
                "email": email,
                "phone": phone,
                "job_title": title,
                "account": account,
                "primary": primary,
                "owner": owner,
                "created_at": "-120d 10:00",
            }
            for first, last, email, phone, title, account, primary, owner in CONTACTS
        ],
        "deals": [_deal(row) for row in DEALS],
        "leads": _leads(),
        "activities": [
            {
                "kind": kind,
                "subject": subject,
                "owner": owner,
                "contact_id": contact,
                "account": account,
                "deal_id": deal,
                "occurred_at": when,
                "duration_minutes": minutes,
                "body": body,
                "mailed": kind == "email",
                "created_at": when if when.startswith("-") else "-1d 09:00",
            }
            for kind, subject, owner, contact, account, deal, when, minutes, body in ACTIVITIES
        ],
        "tasks": [
            {
                "subject": subject,
                "owner": owner,
                "due_date": None if due is None else _days(due),
                "priority": priority,
                "status": status,
                "contact_id": contact,
                "account": account,
                "deal_id": deal,
                "created_at": "-14d 09:00",
                **({"completed_at": "-1d 17:00"} if status == "done" else {}),
            }
            for subject, owner, due, priority, status, contact, account, deal in TASKS
        ],
        "exports": [
            {
                "title": "VIP accounts, renewals due",
                "summary": "VIP accounts whose contract "
                "ends within 90 days: Acme, Globex, Tyrell, Oceanic.",
                "account_codes": ["CUS-001", "CUS-002", "CUS-010", "CUS-017"],
                "created_by": "carol",
                "created_at": "-7d 12:00",
            }
        ],
    }


if __name__ == "__main__":
    path = Path(__file__).with_name("default_seed.json")
    path.write_text(json.dumps(seed(), indent=1, ensure_ascii=False) + "\n")

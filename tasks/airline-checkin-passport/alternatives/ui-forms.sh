#!/bin/bash
# alternative (web UI forms only): logs in through the airline's /login form (mock_session_<service> cookie),
# opens /bookings/PX4M2Q, saves each passport with the passenger's "Save" passport form, reads the
# outbound seat map to find the free seat beside Alice's, gives it to Leo by posting the seat-map
# form (passenger_id + seat button), then presses "Check in" for the outbound flight only.
set -euo pipefail
python3 - <<'PY'
import html
import re

import requests

AIR = "http://127.0.0.1:5000"
REF = "PX4M2Q"
PASSPORTS = {"Alice Martin": "19FR44821", "Leo Martin": "21FR90317"}
s = requests.Session()
s.post(f"{AIR}/login", data={"username": "alice", "password": "alice-pass"}).raise_for_status()
assert any(k.startswith("mock_session_") for k in s.cookies.get_dict())
page_url = f"{AIR}/bookings/{REF}"


def page():
    r = s.get(page_url); r.raise_for_status(); return r.text


def post(path, data):
    r = s.post(f"{AIR}{path}", data=data, headers={"Referer": page_url})
    r.raise_for_status()
    if r.status_code == 422 or 'class="flash error"' in r.text:
        raise SystemExit(f"form refused: {path} {data}: {re.findall(r'error[^>]*>([^<]+)<', r.text)[:3]}")
    return r.text


text = page()
# passengers table: each row has the name and a passport form with the hidden passenger_id
ids = {}
for row in re.findall(r"<tr>\s*<td>([^<]+)</td><td>[^<]*</td>(.*?)</tr>", text.split('id="passengers"')[1].split("</table>")[0], re.S):
    name = html.unescape(row[0]).strip()
    pid = re.search(r'name="passenger_id" value="(\d+)"', row[1])[1]
    ids[name] = pid
assert set(ids) == set(PASSPORTS), ids
for name, number in PASSPORTS.items():
    post(f"/bookings/{REF}/passport", {"passenger_id": ids[name], "passport_number": number})

text = page()
outbound = [c for c in text.split('<div class="card">') if 'data-leg="outbound"' in c and "seatmap" in c][0]
mine = re.findall(r'data-seat="(\d+[A-Z])"\s+class="mine"', outbound)
assert len(mine) == 1, mine
alice_seat = mine[0]
row_no, letter = alice_seat[:-1], alice_seat[-1]
# the seats of Alice's row in order, with whether the button is enabled
row_seats = re.findall(rf'value="({row_no}[A-Z])" data-seat="[^"]+"\s+class="([^"]*)"\s+title="[^"]*"\s*(disabled)?', outbound)
layout = "ABC-DEF"  # aisle between C and D on this aircraft, as the seat map's columns show
blocks = [b for b in layout.split("-")]
beside = []
for block in blocks:
    if letter in block:
        i = block.index(letter)
        beside = [block[j] for j in (i - 1, i + 1) if 0 <= j < len(block)]
free = {seat for seat, cls, disabled in row_seats if not disabled and cls != "mine"}
target = next(f"{row_no}{l}" for l in beside if f"{row_no}{l}" in free)
post(f"/bookings/{REF}/seat", {"leg": "outbound", "passenger_id": ids["Leo Martin"], "seat": target})
post(f"/bookings/{REF}/check-in", {"leg": "outbound"})
text = page()
print("Leo seat", target, "; checked-in marks:", text.count("checked in (#"))
PY

#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Scoring as JSON (docs/state-format.md, "Scoring in JSON"): play --json and
# show --json give every scoring event with its place and rule id, and
# each player's points by category, which add up to the scores.
. "$top_srcdir/tests/lib.sh"

# first GAME: the first legal action.
first () {
	"$CARCPBEM" legal "$1" | sed "/^#/d" | head -n 1
}

# json_ok FILE CONDITION: the Python condition holds for the JSON in FILE (d).
json_ok () {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
if not eval(sys.argv[2]):
    sys.exit("%s: %s" % (sys.argv[2], json.dumps(d, indent=1)))' "$1" "$2"
}

# totals_add_up FILE: in show --json, each player's categories and events
# add up to the score.
totals_add_up () {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
for p, t in zip(d["players"], d["totals"]):
    assert t["player"] == p["name"] and t["score"] == p["score"], (t, p)
    assert sum(t["by_category"].values()) == t["score"], t
    assert sum(e["points"] for e in d["scoring"] if e["player"] == p["name"]) == t["score"], t
for e in d["scoring"]:
    assert e["rule"] and e["place"] and e["points"] > 0, e' "$1"
}

test_expect_success 'BASE-SCORE-CITY-2, ABBOT-6, BASE-FINAL-2: play --json' '
	"$CARCPBEM" new --seed r --edition 2 --abbot \
		--tiles BA/L,BA/C,BA/Rr,BA/CFc+,BA/RFr,BA/Cc.1 -o g.json a b >/dev/null &&
	"$CARCPBEM" play --json g.json "place 0 1 0" abbot >p1.json &&
	json_ok p1.json "d[\"played\"] == [\"place 0 1 0\", \"abbot\"] and d[\"scoring\"] == []" &&
	"$CARCPBEM" play g.json "place 0 -1 180" "knight S" --json >p2.json &&
	json_ok p2.json "d[\"scoring\"] == [{\"player\": \"b\", \"turn\": 2, \"category\": \"city\", \"kind\": \"city\", \"x\": 0, \"y\": -1, \"tile\": \"BA/C\", \"place\": \"S\", \"points\": 4, \"rule\": \"BASE-SCORE-CITY-2\", \"final\": False}]" &&
	"$CARCPBEM" play g.json --json "place 1 1 180" recall >p3.json &&
	json_ok p3.json "d[\"scoring\"] == [{\"player\": \"a\", \"turn\": 3, \"category\": \"abbot_recall\", \"kind\": \"monastery\", \"x\": 0, \"y\": 1, \"tile\": \"BA/L\", \"place\": \"C\", \"points\": 3, \"rule\": \"ABBOT-6\", \"final\": False}]" &&
	json_ok p3.json "d[\"totals\"] == [{\"player\": \"a\", \"score\": 3, \"by_category\": {\"abbot_recall\": 3}}, {\"player\": \"b\", \"score\": 4, \"by_category\": {\"city\": 4}}]" &&
	json_ok p3.json "d[\"over\"] is False and d[\"dry_run\"] is False and d[\"decision\"][\"player\"] == \"b\"" &&
	while a=$(first g.json) && test -n "$a"; do
		"$CARCPBEM" play g.json "$a" >/dev/null || return 1
	done &&
	"$CARCPBEM" show --json g.json >show.json &&
	json_ok show.json "d[\"over\"] and [e[\"rule\"] for e in d[\"scoring\"]] == [\"BASE-SCORE-CITY-2\", \"ABBOT-6\", \"BASE-FINAL-2\"]" &&
	json_ok show.json "d[\"scoring\"][2][\"final\"] is True" &&
	totals_add_up show.json
'

test_expect_success 'FARM-8: a field at the end; --dry-run says so' '
	"$CARCPBEM" new --seed f --tiles BA/C,BA/C -o g.json a b >/dev/null &&
	"$CARCPBEM" play g.json "place 0 -1 180" "farmer N" >/dev/null &&
	cp g.json before.json &&
	"$CARCPBEM" play --json --dry-run g.json "$(first g.json)" pass >p.json &&
	cmp before.json g.json &&
	json_ok p.json "d[\"dry_run\"] and d[\"over\"] and [(e[\"category\"], e[\"rule\"], e[\"points\"], e[\"final\"]) for e in d[\"scoring\"]] == [(\"field\", \"FARM-8\", 3, True)]" &&
	json_ok p.json "d[\"totals\"][0] == {\"player\": \"a\", \"score\": 3, \"by_category\": {\"field\": 3}}"
'

test_expect_success 'a whole game: the categories and the events add up to the scores' '
	for seed in 1; do
		"$CARCPBEM" new -f --seed "$seed" --edition 2 --river --abbot -o g.json a b >/dev/null &&
		i=0 &&
		while "$CARCPBEM" legal g.json | sed "/^#/d" >l && test -s l; do
			i=$((i + 1)) &&
			n=$(wc -l <l) &&
			"$CARCPBEM" play g.json "$(sed -n "$((i * 7 % n + 1))p" l)" >/dev/null || return 1
		done &&
		"$CARCPBEM" show --json g.json >show.json &&
		totals_add_up show.json &&
		json_ok show.json "len(d[\"scoring\"]) > 5 and set(e[\"rule\"].split(\"-\")[0] for e in d[\"scoring\"]) <= {\"BASE\", \"FARM\", \"ABBOT\"}" || return 1
	done
'

test_done

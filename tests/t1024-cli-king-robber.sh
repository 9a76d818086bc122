#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# King & Robber Baron from the command line (RULES.md 9, KING-*, BARON-*):
# new --with king-robber, the tokens in play, show and show --json, the
# end bonus as scoring events with their rule ids, the module's keys in
# the game file (docs/state-format.md) and their check on loading.
. "$top_srcdir/tests/lib.sh"

# json_ok FILE CONDITION: the Python condition holds for the JSON in FILE (d).
json_ok () {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
if not eval(sys.argv[2]):
    sys.exit("%s: %s" % (sys.argv[2], json.dumps(d, indent=1)))' "$1" "$2"
}

test_expect_success 'KING-2, BARON-2: the completer takes the token; play and show say so' '
	"$CARCPBEM" new --seed kr --with king-robber --tiles BA/C,BA/RRR,BA/RRR \
		-o g.json ann bob >out &&
	grep "^Created g.json: a game for ann (A), bob (B); edition 1, farmers, king-robber.$" out &&
	json_ok g.json "d[\"modules\"][\"king-robber\"][\"king\"] == -1" &&
	"$CARCPBEM" play g.json "place 0 -1 180" pass >out &&
	grep "^ann takes the King: the city at 0,-1 (2 tiles) is the largest completed city so far.$" out &&
	"$CARCPBEM" show g.json >show &&
	grep "^  A ann    0 points  7 of 7 followers in supply; holds the King$" show &&
	grep "^  B bob    0 points  7 of 7 followers in supply$" show &&
	json_ok g.json "d[\"modules\"] == {\"king-robber\": {\"king\": 0, \"king_city\": 2, \"cities\": 1, \"robber_baron\": -1, \"baron_road\": 0, \"roads\": 0}}" &&
	"$CARCPBEM" play g.json "place 1 0 0" pass >/dev/null &&
	"$CARCPBEM" play --json g.json "place -1 0 180" pass >p.json &&
	json_ok p.json "[(e[\"player\"], e[\"category\"], e[\"rule\"], e[\"points\"], e[\"final\"]) for e in d[\"scoring\"]] == [(\"ann\", \"king\", \"KING-4\", 1, True), (\"ann\", \"robber_baron\", \"BARON-3\", 1, True)]" &&
	"$CARCPBEM" show g.json >show &&
	grep "^  A ann    2 points  7 of 7 followers in supply; holds the King and the Robber Baron$" show &&
	"$CARCPBEM" show --json g.json >s.json &&
	json_ok s.json "[p[\"tokens\"] for p in d[\"players\"]] == [[\"King\", \"Robber Baron\"], []]" &&
	json_ok s.json "d[\"totals\"][0] == {\"player\": \"ann\", \"score\": 2, \"by_category\": {\"king\": 1, \"robber_baron\": 1}}" &&
	json_ok s.json "[(e[\"tile\"], e[\"x\"], e[\"y\"], e[\"place\"]) for e in d[\"scoring\"]] == [(\"BA/C\", 0, -1, \"S\"), (\"BA/RRR\", -1, 0, \"E\")]"
'

test_expect_success 'the final lines name the bonus, not a feature (KING-4, BARON-3)' '
	"$CARCPBEM" new --seed kr --with king-robber --tiles BA/C -o g.json ann bob >/dev/null &&
	"$CARCPBEM" play g.json "place 0 -1 180" pass >out &&
	grep "^ann scores 1 point for the King, a point per completed city (final scoring).$" out
'

test_expect_success 'the module keys are checked on loading; a base game has none' '
	"$CARCPBEM" new --seed kr --with king-robber --tiles BA/C,BA/L -o g.json ann bob >/dev/null &&
	"$CARCPBEM" play g.json "place 0 -1 180" pass >/dev/null &&
	python3 -c "import json
d = json.load(open(\"g.json\"))
d[\"modules\"][\"king-robber\"][\"king\"] = 1
json.dump(d, open(\"e.json\", \"w\"), indent=2)" &&
	expect_code 1 "$CARCPBEM" show e.json 2>err &&
	grep "^carcpbem: e.json: modules.king-robber.king: the document says 1 but replaying the actions gives 0 (was the file edited?)$" err &&
	"$CARCPBEM" new --seed kr --tiles BA/C,BA/L -o b.json ann bob >/dev/null &&
	"$CARCPBEM" play b.json "place 0 -1 180" pass >out &&
	! grep "King" out &&
	! grep "modules\|king" b.json &&
	"$CARCPBEM" show --json b.json >s.json &&
	json_ok s.json "\"tokens\" not in d[\"players\"][0]"
'

test_expect_success 'selfplay with king-robber, river and abbot plays whole games' '
	"$CARCPBEM" selfplay -n 20 --seed kr --with king-robber,river,abbot --players 3 >out &&
	"$CARCPBEM" selfplay -n 20 --seed kr --with king-robber --players 2 >out
'

test_expect_success 'UN-06: one tile completing a road and a city, the road first' '
	"$CARCPBEM" new --seed kr --with king-robber --tiles BA/RFr,BA/RRR,BA/CRRR \
		-o u.json ann bob >/dev/null &&
	"$CARCPBEM" play u.json "place -1 0 0" pass >/dev/null &&
	"$CARCPBEM" play u.json "place -1 -1 180" pass >/dev/null &&
	"$CARCPBEM" play u.json "place 0 -1 180" pass >out &&
	grep "takes the" out >actual &&
	cat >expect <<-\EOF &&
	ann takes the Robber Baron: the road at 0,-1 (2 tiles) is the longest completed road so far.
	ann takes the King: the city at 0,-1 (2 tiles) is the largest completed city so far.
	EOF
	test_cmp expect actual
'

test_expect_success 'the mails say who takes a token and who holds it' '
	"$CARCPBEM" demo --seed kr --with king-robber --spool sp >out &&
	grep -l "^   [A-Za-z]* takes the King: the city at" sp/outbox/read/*.eml >took &&
	test -s took &&
	grep -l "^   [AB] [A-Za-z]* *[0-9]* points*  [0-9] of 7 followers in supply; holds the" \
		sp/outbox/read/*.eml >held &&
	test -s held
'

test_done

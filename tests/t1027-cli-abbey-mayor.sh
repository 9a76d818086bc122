#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Abbey & Mayor on the command line (RULES.md 11: AM-2, ABBEY-1..7,
# MAYOR-1..3, UN-29; issue 25.3): the mayor and the abbey in legal, play,
# hint, show (text and JSON), the game file, views and the maps; the
# refusals; the abbey decision before the draw, asked only while it is
# one; whole games by mail between computer players, replayed from their
# archives.
. "$top_srcdir/tests/lib.sh"

# The start BA/RCr (city N, road W-E); alice's BA/CFc+ north of it makes
# a city with a pennant.
mayor_game () {
	"$CARCPBEM" new --with abbey-mayor --tiles BA/CFc+,BA/RFr,BA/L -o m.json alice bob \
		>new.out &&
	"$CARCPBEM" play m.json "place 0 -1 90" "mayor N" >play.out
}

# Six turns leave a hole at 0,1 (roads of 1,1 and -1,1 end in it; alice's
# thief on the one of 1,1); alice is to move, two tiles left.
hole_game () {
	"$CARCPBEM" new --with abbey-mayor \
		--tiles BA/RFr,BA/RFr,BA/LR,BA/RFr,BA/L,BA/L,BA/L,BA/L -o g.json alice bob \
		>/dev/null &&
	for t in "place 1 0 0|pass" "place -1 0 0|pass" "place 1 1 90|thief W" \
		"place -1 1 0|pass" "place 1 2 0|pass" "place 0 2 0|pass"; do
		"$CARCPBEM" play g.json "${t%%|*}" "${t#*|}" >last.out || return 1
	done
}

test_expect_success 'issue 25.3: the mayor in legal, play, show, the game file and the map (MAYOR-1, AM-2)' '
	"$CARCPBEM" new --with abbey-mayor --tiles BA/CFc+,BA/RFr -o l.json alice bob >new.out &&
	grep "^Created l.json: a game for alice (A), bob (B); edition 1, farmers, abbey-mayor.$" new.out &&
	"$CARCPBEM" play l.json "place 0 -1 90" >/dev/null &&
	"$CARCPBEM" legal l.json >legal.out &&
	grep "^mayor N$" legal.out &&
	grep "^knight N$" legal.out &&
	! grep "^mayor [EW]" legal.out &&
	mayor_game &&
	grep "^alice put a mayor on the city at N of 0,-1.$" play.out &&
	"$CARCPBEM" show m.json >show.out &&
	grep "^  A alice    0 points  7 of 7 followers in supply, mayor on the board, wagon in supply, barn in supply; holds the abbey$" show.out &&
	grep "^  B bob      0 points  7 of 7 followers in supply, mayor in supply, wagon in supply, barn in supply; holds the abbey$" show.out &&
	grep "^  A alice: mayor on the city at N of BA/CFc+ at 0,-1$" show.out &&
	grep "#Ay" show.out &&
	grep "y mayor, w wagon, b barn): Bk is a knight of B" show.out &&
	grep "\"figure\": \"mayor\"" m.json &&
	"$CARCPBEM" show --json m.json >show.json &&
	python3 -c "import json
d = json.load(open(\"show.json\"))
assert d[\"figures\"][0][\"figure\"] == \"mayor\", d[\"figures\"]
assert d[\"players\"][0][\"mayor_in_supply\"] is False, d[\"players\"][0]
assert d[\"players\"][1][\"mayor_in_supply\"] is True, d[\"players\"][1]" &&
	"$CARCPBEM" view --player bob m.json -o bob.json &&
	"$CARCPBEM" show bob.json >bob.out &&
	grep "^  A alice: mayor on the city at N of BA/CFc+ at 0,-1$" bob.out
'

test_expect_success 'issue 25.3: the base game lists no mayor in its map key' '
	"$CARCPBEM" new --tiles BA/RFr -o b.json alice bob >/dev/null &&
	"$CARCPBEM" show b.json >b.out &&
	grep "(t thief, k knight, f farmer, m monk, a abbot):" b.out
'

test_expect_success 'issue 25.3: a mayor in a road, in an occupied city, or without the module is refused with the rule' '
	mayor_game &&
	expect_code 1 "$CARCPBEM" play m.json "place 1 0 0" "mayor E" 2>err &&
	grep "MAYOR-1: the mayor may stand only on a city, not on the road at E" err &&
	"$CARCPBEM" new --tiles BA/CFc+ -o b.json alice bob >/dev/null &&
	expect_code 1 "$CARCPBEM" play b.json "place 0 -1 90" "mayor N" 2>err &&
	grep "AM-2: this game is played without mayors" err
'

test_expect_success 'issue 25.3: no abbey decision without a hole: the turn is as before (ABBEY-1)' '
	mayor_game &&
	grep "^Turn 2: bob (B) to place BA/RFr (road E-W); 1 tile left in the bag.$" play.out &&
	expect_code 1 "$CARCPBEM" play m.json "abbey 1 1" 2>err &&
	grep "ABBEY-2: 1,1 is not a hole" err
'

test_expect_success 'issue 25.3: with a hole the abbey is offered before the draw, and no tile is drawn (ABBEY-1, ABBEY-2)' '
	hole_game &&
	grep "^Turn 7: alice (A) places the abbey or draws a tile (abbey): abbey 0 1, draw.$" last.out &&
	"$CARCPBEM" legal g.json >legal.out &&
	printf "abbey 0 1\ndraw\n" >want &&
	grep -v "^#" legal.out >got &&
	test_cmp want got &&
	"$CARCPBEM" hint g.json >hint.out &&
	grep "^\(abbey 0 1\|draw\)$" hint.out &&
	"$CARCPBEM" show --json g.json >show.json &&
	python3 -c "import json
d = json.load(open(\"show.json\"))
assert d[\"decision\"][\"kind\"] == \"abbey\", d[\"decision\"]
assert \"tile\" not in d[\"decision\"], d[\"decision\"]
assert d[\"players\"][0][\"tokens\"] == [\"abbey\"], d[\"players\"]" &&
	python3 -c "import json
d = json.load(open(\"g.json\"))
assert d[\"modules\"][\"abbey-mayor\"][\"abbeys\"] == [1, 1], d[\"modules\"]
assert \"tile\" not in d[\"decision\"], d[\"decision\"]" &&
	"$CARCPBEM" view --player alice g.json -o alice.json &&
	! grep "\"secret\"" alice.json &&
	"$CARCPBEM" play g.json draw >draw.out &&
	grep "^Turn 7: alice (A) to place BA/L (monastery); 1 tile left in the bag.$" draw.out
'

test_expect_success 'issue 25.3: abbey X Y puts it into the hole, its wall completes the road (EX-AM-01), and the maps show it' '
	hole_game &&
	"$CARCPBEM" play g.json "abbey 0 1" pass >play.out &&
	grep "^alice placed AM/A at 0,1 rotation 0.$" play.out &&
	grep "^alice scores 1 point for the road at 1,1.$" play.out &&
	grep "^Turn 8: bob (B) to place BA/L (monastery); 1 tile left in the bag.$" play.out &&
	"$CARCPBEM" show g.json >show.out &&
	grep "^  A alice    1 point   7 of 7 followers in supply, mayor in supply, wagon in supply, barn in supply$" show.out &&
	grep "^  B bob      0 points  7 of 7 followers in supply, mayor in supply, wagon in supply, barn in supply; holds the abbey$" show.out &&
	grep "^ *1 =======; \[+\] ;==\[+\]" show.out &&
	grep "^Symbols: ; abbey, walled all round: the walls end the roads and cities they$" show.out &&
	python3 -c "import json
d = json.load(open(\"g.json\"))
assert d[\"modules\"][\"abbey-mayor\"][\"abbeys\"] == [0, 1], d[\"modules\"]
assert any(t[\"tile\"] == \"AM/A\" for t in d[\"board\"]), d[\"board\"]" &&
	"$CARCPBEM" show --json g.json >show.json &&
	python3 -c "import json
d = json.load(open(\"show.json\"))
assert d[\"players\"][0][\"tokens\"] == [], d[\"players\"]
assert d[\"players\"][1][\"tokens\"] == [\"abbey\"], d[\"players\"]"
'

test_expect_success 'issue 25.3: an abbey twice, into no hole, or after the draw is refused with the rule (ABBEY-1, ABBEY-2)' '
	hole_game &&
	expect_code 1 "$CARCPBEM" play g.json "abbey 0 0" 2>err &&
	grep "ABBEY-2: 0,0 is not empty: the abbey goes into a hole" err &&
	expect_code 1 "$CARCPBEM" play g.json "abbey 0 3" 2>err &&
	grep "ABBEY-2: 0,3 is not a hole: the abbey goes only into an empty cell with a tile on each of its four sides" err &&
	expect_code 1 "$CARCPBEM" play g.json "place 0 3 0" 2>err &&
	grep "ABBEY-1: before you draw: place your abbey (abbey X Y) or draw" err &&
	expect_code 1 "$CARCPBEM" play g.json "abbey 0" 2>err &&
	grep "write the abbey as: abbey X Y (the hole it goes into)" err &&
	cp g.json g2.json &&
	"$CARCPBEM" play g.json "abbey 0 1" pass "place -1 2 0" pass >/dev/null &&
	expect_code 1 "$CARCPBEM" play g.json "abbey 5 5" 2>err &&
	grep "ABBEY-1: you have placed your abbey already: each player has one for the whole game" err &&
	"$CARCPBEM" play g2.json draw >/dev/null &&
	expect_code 1 "$CARCPBEM" play g2.json "abbey 0 1" 2>err &&
	grep "ABBEY-1: not now: the abbey goes down in place of a draw, chosen at the start of a turn, before the draw" err &&
	"$CARCPBEM" play g2.json "place 0 3 0" >/dev/null &&
	expect_code 1 "$CARCPBEM" play g2.json "abbey 0 1" 2>err &&
	grep "ABBEY-1: not now: the abbey goes down in place of a draw" err
'

test_expect_success 'issue 25.3: at the pile'"'"'s end each player who still can gets a last chance (UN-29)' '
	"$CARCPBEM" new --with abbey-mayor \
		--tiles BA/RFr,BA/RFr,BA/LR,BA/RFr,BA/L,BA/L -o e.json alice bob >/dev/null &&
	"$CARCPBEM" play e.json "place 1 0 0" pass "place -1 0 0" pass "place 1 1 90" "thief W" \
		"place -1 1 0" pass "place 1 2 0" pass "place 0 2 0" pass >e.out &&
	grep "^Turn 7: alice (A) may place the abbey, or passes (last-abbey): abbey 0 1, pass.$" e.out &&
	"$CARCPBEM" play e.json pass >p.out &&
	grep "^Turn 7: bob (B) may place the abbey, or passes (last-abbey): abbey 0 1, pass.$" p.out &&
	"$CARCPBEM" play e.json "abbey 0 1" monk >end.out &&
	grep "^bob placed AM/A at 0,1 rotation 0.$" end.out &&
	grep "^Final scores: alice 1, bob 8$" end.out
'

test_expect_success 'issue 25: every property of 600 random games with inns-cathedrals, abbey-mayor and traders-builders on together (t-properties; abbey-mayor alone: t1028)' '
	CARC_PROPERTY_WITH=inns-cathedrals,abbey-mayor,traders-builders CARC_PROPERTY_GAMES=600 \
		"$top_builddir/tests/rules/t-properties" >props &&
	! grep "^not ok" props &&
	test "$(grep -c "^ok .*+abbey-mayor +traders-builders +inns-cathedrals: " props)" -ge 100 &&
	grep "^ok .* ed1 +farmers +river +abbey-mayor +traders-builders +inns-cathedrals: seed + action text replays the same final state" props
'

if "$CARCPBEM" render --tiles --png probe.png 2>/dev/null; then
	rm -f probe.png
	test_expect_success 'issue 25.3: a map with the abbey and a mayor as a picture' '
		hole_game &&
		"$CARCPBEM" play g.json "abbey 0 1" monk >/dev/null &&
		"$CARCPBEM" render g.json --png map.png &&
		test -s map.png
	'
fi

# Whole games by mail, each checked by replaying its archive.
WORK=$TRASH_BASE/work
mkdir -p "$WORK"

test_expect_success 'issue 25.3: demo --with abbey-mayor: five computer players by mail play abbeys and mayors' '
	cd "$WORK" &&
	"$CARCPBEM" demo --seed am5 --players 5 --with abbey-mayor --spool sp >out 2>err &&
	test ! -s err &&
	grep "^Final scores: Ada [0-9]*, Blaise [0-9]*, Carl [0-9]*, Dora [0-9]*, Emmy [0-9]*$" out &&
	grep -q "Action: abbey -\{0,1\}[0-9]* -\{0,1\}[0-9]*" sp/games/*/history.jsonl &&
	grep -q "Action: mayor [NESW]" sp/games/*/history.jsonl &&
	grep -l "Your decision now: abbey" sp/outbox/read/*.eml >/dev/null &&
	! ls sp/outbox/read/*-error.eml 2>/dev/null
'

test_expect_success 'issue 25.3: its archive replays, every turn signed' '
	cd "$WORK" &&
	"$CARCPBEM" replay sp/*-archive.json >replay &&
	grep "^Fair draw: the bag matches the commitment" replay &&
	grep "Final scores: Ada" replay
'

test_expect_success 'issue 25.3, XEXP-13: demo with abbey-mayor, cathars and inns-cathedrals by mail, replayed' '
	cd "$WORK" &&
	"$CARCPBEM" demo --seed amx --players 3 --with abbey-mayor,cathars,inns-cathedrals \
		--spool sp2 >out2 2>err2 &&
	test ! -s err2 &&
	grep "^Final scores: Ada" out2 &&
	"$CARCPBEM" replay sp2/*-archive.json >replay2 &&
	grep "^Fair draw: the bag matches the commitment" replay2 &&
	grep "Final scores: Ada" replay2
'

test_done

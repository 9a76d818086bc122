#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# The Cathars on the command line (RULES.md 8, CATHARS-3, CATHARS-6,
# UN-21): new --with cathars, the escape decision in legal (text and
# JSON, with its owner), play and show; play --json names the rule of a
# besieged city's points.
. "$top_srcdir/tests/lib.sh"

# The start BA/RCr (city N); alice's knight in the besieged city of
# SI.CA/Cc (turned 180: city S and E, still open); bob's monastery west
# of the Cathar tile; alice's next tile south of the start.
mkgame () {
	"$CARCPBEM" new --with cathars --tiles SI.CA/Cc,BA/L,BA/L,BA/L,SI.CA/C \
		-o g.json alice bob >new.out &&
	"$CARCPBEM" play g.json "place 0 -1 180" "knight S" >/dev/null &&
	"$CARCPBEM" play g.json "place -1 -1 0" pass >/dev/null
}

test_expect_success 'new --with cathars plays (CATHARS-1)' '
	mkgame &&
	grep "^Created g.json: a game for alice (A), bob (B); edition 1, farmers, cathars.$" new.out &&
	grep "\"cathars\": true" g.json
'

test_expect_success 'UN-21: no escape at the end of bob'"'"'s turn: the knight is alice'"'"'s' '
	mkgame &&
	"$CARCPBEM" legal g.json >legal.out &&
	grep "^# Turn 3: alice (A) to place BA/L" legal.out
'

test_expect_success 'CATHARS-6: at the end of her turn alice may let the knight escape' '
	mkgame &&
	"$CARCPBEM" play g.json "place 0 1 0" pass >play.out &&
	grep "^Turn 3: alice (A) may let a knight escape a besieged city, or pass (escape): escape 0 -1, pass.$" play.out &&
	"$CARCPBEM" legal g.json >legal.out &&
	sed "/^#/d" legal.out >actions &&
	printf "escape 0 -1\npass\n" >want &&
	test_cmp want actions &&
	"$CARCPBEM" legal --json g.json >legal.json &&
	python3 -c "import json
d = json.load(open(\"legal.json\"))
assert d[\"decision\"][\"kind\"] == \"escape\", d
assert d[\"decision\"][\"player\"] == \"alice\" and d[\"decision\"][\"seat\"] == 1, d
assert d[\"actions\"] == [\"escape 0 -1\", \"pass\"], d"
'

test_expect_success 'CATHARS-6: a wrong escape is refused with the rule; the escape is played' '
	mkgame &&
	"$CARCPBEM" play g.json "place 0 1 0" pass >/dev/null &&
	cp g.json before.json &&
	expect_code 1 "$CARCPBEM" play g.json "escape 1 -1" 2>err &&
	grep "CATHARS-6: no knight of yours at 1,-1 can escape" err &&
	cmp before.json g.json &&
	expect_code 1 "$CARCPBEM" play g.json "escape 0" 2>err &&
	grep "write an escape as: escape X Y" err &&
	"$CARCPBEM" play g.json "escape 0 -1" >play.out &&
	grep "^alice'"'"'s knight on the city at 0,-1 goes back to the supply.$" play.out &&
	grep "^Turn 4: bob (B) to place BA/L" play.out &&
	"$CARCPBEM" show g.json >show.out &&
	grep "^  A alice    0 points  7 of 7 followers in supply$" show.out &&
	"$CARCPBEM" show --json g.json | python3 -c "import json, sys
d = json.load(sys.stdin)
assert d[\"over\"] is False, d"
'

test_expect_success 'the game file replays the escape (load and save unchanged)' '
	mkgame &&
	"$CARCPBEM" play g.json "place 0 1 0" pass "escape 0 -1" >/dev/null &&
	grep "\"escape 0 -1\"" g.json &&
	cp g.json again.json &&
	"$CARCPBEM" play again.json "place 1 1 0" pass >/dev/null &&
	"$CARCPBEM" show again.json >/dev/null
'

test_expect_success 'CATHARS-3: play --json gives the besieged city its rule' '
	"$CARCPBEM" new --with cathars --tiles SI.CA/C,BA/L -o c.json alice bob >/dev/null &&
	"$CARCPBEM" play --json c.json "place 0 -1 180" "knight S" >p.json &&
	python3 -c "import json
d = json.load(open(\"p.json\"))
s = d[\"scoring\"]
assert len(s) == 1 and s[0][\"points\"] == 2 and s[0][\"rule\"] == \"CATHARS-3\", s
assert s[0][\"category\"] == \"city\" and s[0][\"player\"] == \"alice\", s"
'

test_expect_success 'issue 25: every property of 400 random games with the Cathars (t-properties): the escape decision is listed as its own' '
	CARC_PROPERTY_WITH=cathars CARC_PROPERTY_GAMES=400 \
		"$top_builddir/tests/rules/t-properties" >props &&
	! grep "^not ok" props &&
	test "$(grep -c "^ok .*+cathars: " props)" -ge 160 &&
	grep "^ok .* ed1 +cathars: listed actions are distinct, fit the decision, pass game_check" props &&
	grep "^ok .* ed2 +farmers +king-robber +cathars: seed + action text replays the same final state" props
'

test_done

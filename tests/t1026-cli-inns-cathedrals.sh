#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Inns & Cathedrals on the command line (RULES.md 15, IC-4..13, UN-03;
# issue 25.2): new --with inns-cathedrals, the big follower in legal,
# play, show (text and JSON), the game file and the maps; six players;
# whole games by mail between computer players, replayed from their
# archives.
. "$top_srcdir/tests/lib.sh"

# The start BA/RCr (road W-E); alice's inn road IC/RFr.i east of it.
mkgame () {
	"$CARCPBEM" new --with inns-cathedrals --tiles IC/RFr.i,BA/LR,BA/LR,BA/L \
		-o g.json alice bob >new.out &&
	"$CARCPBEM" play g.json "place 1 0 0" "big thief E" >play.out
}

test_expect_success 'issue 25.2: new --with inns-cathedrals plays; the big follower in legal (IC-5)' '
	"$CARCPBEM" new --with inns-cathedrals --tiles IC/RFr.i,BA/LR -o l.json alice bob >new.out &&
	grep "^Created l.json: a game for alice (A), bob (B); edition 1, farmers, inns-cathedrals.$" new.out &&
	grep "\"inns-cathedrals\": true" l.json &&
	"$CARCPBEM" play l.json "place 1 0 0" >/dev/null &&
	"$CARCPBEM" legal l.json >legal.out &&
	grep "^big thief E$" legal.out &&
	grep "^big farmer N$" legal.out &&
	grep "^thief E$" legal.out
'

test_expect_success 'issue 25.2: play big thief E: the update, show, the map and the game file name it (IC-5)' '
	mkgame &&
	grep "^alice put a big thief on the road at E of 1,0.$" play.out &&
	"$CARCPBEM" show g.json >show.out &&
	grep "^  A alice    0 points  7 of 7 followers in supply, big follower on the board$" show.out &&
	grep "^  B bob      0 points  7 of 7 followers in supply, big follower in supply$" show.out &&
	grep "^  A alice: big thief on the road at E of IC/RFr.i at 1,0$" show.out &&
	grep "==AT==" show.out &&
	grep "^T big thief, K big knight, F big farmer, M big monk): Bk is a knight of B.$" show.out &&
	grep "\"figure\": \"big thief\"" g.json &&
	"$CARCPBEM" show --json g.json >show.json &&
	python3 -c "import json
d = json.load(open(\"show.json\"))
assert d[\"figures\"][0][\"figure\"] == \"big thief\", d[\"figures\"]
assert d[\"players\"][0][\"big_follower_in_supply\"] is False, d[\"players\"][0]
assert d[\"players\"][1][\"big_follower_in_supply\"] is True, d[\"players\"][1]" &&
	"$CARCPBEM" view g.json -o public.json &&
	"$CARCPBEM" show public.json >public.out &&
	grep "^  A alice: big thief on the road at E of IC/RFr.i at 1,0$" public.out &&
	"$CARCPBEM" view --player bob g.json -o bob.json &&
	"$CARCPBEM" show bob.json >bob.out &&
	grep "^  B bob      0 points  7 of 7 followers in supply, big follower in supply$" bob.out
'

test_expect_success 'issue 25.2: the game file with a big thief loads and plays on; its road scores 2 a tile (IC-8)' '
	mkgame &&
	"$CARCPBEM" play g.json "place 2 0 90" pass >/dev/null &&
	"$CARCPBEM" play g.json "place -1 0 270" pass >play.out &&
	grep "^alice scores 8 points for the road at" play.out &&
	"$CARCPBEM" show g.json >show.out &&
	grep "^  A alice    8 points  7 of 7 followers in supply, big follower in supply$" show.out
'

test_expect_success 'issue 25.2: a second big follower and one without the module are refused with the rule' '
	mkgame &&
	"$CARCPBEM" play g.json "place 2 0 90" pass >/dev/null &&
	expect_code 1 "$CARCPBEM" play g.json "place -1 0 270" "big monk" 2>err &&
	grep "BASE-FOLLOW-4: you have no big follower in your supply" err &&
	"$CARCPBEM" new --tiles BA/RFr,BA/L -o b.json alice bob >/dev/null &&
	expect_code 1 "$CARCPBEM" play b.json "place 1 0 0" "big thief E" 2>err &&
	grep "IC-4: this game is played without big followers" err &&
	expect_code 1 "$CARCPBEM" play b.json "place 1 0 0" big 2>err &&
	grep "unknown action .big.: expected place, thief, knight, farmer, monk, abbot, mayor, wagon, barn, builder, pig, big thief, big knight, big farmer, big monk, recall or pass" err &&
	expect_code 1 "$CARCPBEM" play g.json "place -1 0 270" "big thief" 2>err &&
	grep "write a big thief as: big thief PLACE" err
'

test_expect_success 'issue 25.2: six players only with the module (UN-03)' '
	expect_code 2 "$CARCPBEM" new -o six.json a b c d e f 2>err &&
	grep "the base game is for 1 to 5 players, not 6: 6 play only with a module that brings a sixth colour (--with inns-cathedrals) (UN-03)" err &&
	test ! -e six.json &&
	"$CARCPBEM" new --with inns-cathedrals -o six.json a b c d e f >new.out &&
	grep "^Created six.json: a game for a (A), b (B), c (C), d (D), e (E), f (F)" new.out &&
	expect_code 2 "$CARCPBEM" new --with inns-cathedrals,abbot -o six2.json a b c d e f 2>err &&
	grep "Abbot is for 1 to 5 players, not 6" err
'

test_expect_success 'issue 25.2: every property of 800 random games with inns-cathedrals (t-properties)' '
	CARC_PROPERTY_WITH=inns-cathedrals CARC_PROPERTY_GAMES=800 \
		"$top_builddir/tests/rules/t-properties" >props &&
	! grep "^not ok" props &&
	test "$(grep -c "^ok .*+inns-cathedrals: " props)" -ge 100 &&
	grep "^ok .* ed1 +farmers +river +inns-cathedrals: seed + action text replays the same final state" props
'

# Whole games by mail, each checked by replaying its archive.
WORK=$TRASH_BASE/work
mkdir -p "$WORK"

test_expect_success 'issue 25.2: demo --with inns-cathedrals: six computer players by mail, the big followers played' '
	cd "$WORK" &&
	"$CARCPBEM" demo --seed ic6 --players 6 --with inns-cathedrals --spool sp >out 2>err &&
	test ! -s err &&
	grep "^Final scores: Ada [0-9]*, Blaise [0-9]*, Carl [0-9]*, Dora [0-9]*, Emmy [0-9]*, Fermat [0-9]*$" out &&
	turns=$(($(wc -l <sp/games/*/history.jsonl) - 1)) &&
	test "$turns" -ge 85 &&
	grep -q "big \(thief\|knight\|farmer\|monk\)" sp/games/*/history.jsonl &&
	! ls sp/outbox/read/*-error.eml 2>/dev/null
'

test_expect_success 'issue 25.2: its archive replays, every turn signed' '
	cd "$WORK" &&
	"$CARCPBEM" replay sp/*-archive.json >replay &&
	grep "^Fair draw: the bag matches the commitment" replay &&
	grep "Final scores: Ada" replay
'

test_expect_success 'issue 25.2: demo with river2, cathars, king-robber and inns-cathedrals by mail, replayed (IC-2, IC-13, IC-14)' '
	cd "$WORK" &&
	"$CARCPBEM" demo --seed icx --players 3 --with river2,cathars,king-robber,inns-cathedrals \
		--spool sp2 >out2 2>err2 &&
	test ! -s err2 &&
	grep "^Final scores: Ada" out2 &&
	"$CARCPBEM" replay sp2/*-archive.json >replay2 &&
	grep "^Fair draw: the bag matches the commitment" replay2 &&
	grep "Final scores: Ada" replay2
'

if "$CARCPBEM" render --tiles --png probe.png 2>/dev/null; then
	rm -f probe.png
	test_expect_success 'issue 25.2: a map with a big follower as a picture' '
		mkgame &&
		"$CARCPBEM" render g.json --png map.png &&
		test -s map.png
	'
fi

test_done

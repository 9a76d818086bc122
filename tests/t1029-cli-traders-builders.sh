#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Traders & Builders on the command line and by mail (RULES.md 13,
# TB-1, BUILDER-1..6, PIG-2..4, TRADE-1/2, UN-03, UN-53; issue 25.4):
# new --with traders-builders, the builder and the pig in legal, play,
# show (text and JSON), the game file and the maps; the goods held; the
# refusals; the builder's second tile as a second notice by mail;
# t-properties; whole games by mail between computer players, replayed
# from their archives.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

# The start BA/RCr (road W-E); alice's thief on BA/RFr east of it, bob's
# monastery south, alice's builder on the next BA/RFr.
mkgame () {
	"$CARCPBEM" new --with traders-builders \
		--tiles BA/RFr,BA/L,BA/RFr,BA/L,BA/RFr,BA/RFr,BA/L,BA/C -o g.json alice bob >new.out &&
	"$CARCPBEM" play g.json "place 1 0 0" "thief E" "place 0 1 0" pass "place 2 0 0" >/dev/null
}

test_expect_success 'issue 25.4: new --with traders-builders plays; the builder in legal (BUILDER-1)' '
	mkgame &&
	grep "^Created g.json: a game for alice (A), bob (B); edition 1, farmers, traders-builders.$" new.out &&
	grep "\"traders-builders\": true" g.json &&
	"$CARCPBEM" legal g.json >legal.out &&
	grep "^builder E$" legal.out &&
	grep "^farmer N$" legal.out &&
	! grep "^thief E$" legal.out &&
	! grep "^pig" legal.out
'

test_expect_success 'issue 25.4: play builder E: the update, show, the map, the JSON and the game file name it' '
	mkgame &&
	"$CARCPBEM" play g.json "builder E" >play.out &&
	grep "^alice put a builder on the road at E of 2,0.$" play.out &&
	"$CARCPBEM" show g.json >show.out &&
	grep "^  A alice    0 points  6 of 7 followers in supply, builder on the board, pig in supply$" show.out &&
	grep "^  A alice: builder on the road at E of BA/RFr at 2,0$" show.out &&
	grep "==At=====Au==" show.out &&
	grep "u builder, p pig" show.out &&
	grep "\"figure\": \"builder\"" g.json &&
	"$CARCPBEM" show --json g.json >show.json &&
	python3 -c "import json
d = json.load(open(\"show.json\"))
assert [f[\"figure\"] for f in d[\"figures\"]] == [\"thief\", \"builder\"], d[\"figures\"]
assert d[\"players\"][0][\"builder_in_supply\"] is False, d[\"players\"][0]
assert d[\"players\"][0][\"pig_in_supply\"] is True, d[\"players\"][0]
assert d[\"players\"][0][\"holds\"] == {\"wine\": 0, \"grain\": 0, \"cloth\": 0}" &&
	"$CARCPBEM" view --player bob g.json -o bob.json &&
	"$CARCPBEM" show bob.json >bob.out &&
	grep "^  A alice: builder on the road at E of BA/RFr at 2,0$" bob.out
'

test_expect_success 'issue 25.4: extending the builder'"'"'s road: a second tile in the same turn, never a third (BUILDER-3, BUILDER-5)' '
	mkgame &&
	"$CARCPBEM" play g.json "builder E" "place 1 1 0" pass >/dev/null &&
	"$CARCPBEM" play g.json "place 3 0 0" pass >play.out &&
	grep "^Turn 5: alice (A) to place BA/RFr (road E-W), a second tile this turn (the builder: BUILDER-3); 2 tiles left in the bag.$" play.out &&
	"$CARCPBEM" legal --json g.json >legal.json &&
	python3 -c "import json
d = json.load(open(\"legal.json\"))[\"decision\"]
assert d[\"player\"] == \"alice\" and d[\"turn\"] == 5, d
assert d[\"second_tile\"] == \"the builder: BUILDER-3\", d" &&
	"$CARCPBEM" play g.json "place 4 0 0" pass >play2.out &&
	grep "^Turn 6: bob (B) to place BA/L (monastery); 1 tile left in the bag.$" play2.out &&
	"$CARCPBEM" play g.json "place 2 1 0" pass >play3.out &&
	grep "^Turn 7: alice (A) to place BA/C (city N); 0 tiles left in the bag.$" play3.out
'

test_expect_success 'issue 25.4: refusals say what is wrong (BUILDER-1, PIG-2, TB-1)' '
	mkgame &&
	expect_code 1 "$CARCPBEM" play g.json "builder N" 2>err &&
	grep "BUILDER-1: the builder may stand only on a road or a city, not on the field at N" err &&
	"$CARCPBEM" new --with traders-builders --tiles BA/RFr,BA/RFr -o p.json alice bob >/dev/null &&
	"$CARCPBEM" play p.json "place 1 0 0" "farmer N" "place 2 0 0" >/dev/null &&
	expect_code 1 "$CARCPBEM" play p.json "builder E" 2>err &&
	grep "BUILDER-1: a builder goes only on a road that already holds one of your followers (a thief or a knight), and the road at E holds none" err &&
	expect_code 1 "$CARCPBEM" play p.json "pig N" 2>err &&
	grep "PIG-2: a pig goes only on a field that already holds one of your farmers, and the field at N holds none" err &&
	expect_code 1 "$CARCPBEM" play p.json "pig E" 2>err &&
	grep "PIG-2: the pig may stand only on a field, not on the road at E" err &&
	"$CARCPBEM" new --tiles BA/RFr -o b.json alice bob >/dev/null &&
	expect_code 1 "$CARCPBEM" play b.json "place 1 0 0" "pig N" 2>err &&
	grep "TB-1: this game is played without pigs" err
'

test_expect_success 'issue 25.4: five players, six only with a sixth colour (UN-03)' '
	"$CARCPBEM" new --with traders-builders -o five.json a b c d e >/dev/null &&
	expect_code 2 "$CARCPBEM" new --with traders-builders -o six.json a b c d e f 2>err &&
	grep "UN-03" err &&
	test ! -e six.json &&
	"$CARCPBEM" new --with traders-builders,inns-cathedrals -o six.json a b c d e f >/dev/null
'

test_expect_success 'issue 25.4, 25 (TRADE-2 names the good): goods to who completes a city, held in show, JSON and the game file; 10 for the most of a good at the end, its line naming it, its JSON rule TRADE-2 and category goods as before (TRADE-1, TRADE-2)' '
	"$CARCPBEM" new --with traders-builders \
		--tiles TB/Cc.g,TB/Cc.w,TB/RCc.g,BA/L,BA/C,BA/L -o t.json red blue >/dev/null &&
	"$CARCPBEM" play t.json "place 0 -1 180" pass "place 1 -1 270" "knight W" \
		"place 1 0 90" pass "place 0 1 0" pass "place 2 0 270" pass >play.out &&
	grep "^blue scores 10 points for the city at" play.out &&
	grep "^red takes 1 wine (TRADE-1).$" play.out &&
	grep "^red takes 2 grain (TRADE-1).$" play.out &&
	"$CARCPBEM" show t.json >show.out &&
	grep "^  A red  *0 points  7 of 7 followers in supply, builder in supply, pig in supply; holds 1 wine and 2 grain$" show.out &&
	grep "w wine (a trade good), g grain (a trade good)" show.out &&
	"$CARCPBEM" show --json t.json >show.json &&
	python3 -c "import json
d = json.load(open(\"show.json\"))
assert d[\"players\"][0][\"holds\"] == {\"wine\": 1, \"grain\": 2, \"cloth\": 0}, d[\"players\"][0]" &&
	tr -d " \n" <t.json | grep -q "\"grain\":\[2,0\]" &&
	"$CARCPBEM" play t.json "place 1 1 0" pass >end.out &&
	grep "^red scores 10 points for the most wine (final scoring).$" end.out &&
	grep "^red scores 10 points for the most grain (final scoring).$" end.out &&
	test "$(grep -c "^red scores 10 points for the most" end.out)" = 2 &&
	! grep "^blue scores 10 points for the most" end.out &&
	! grep "cloth (final scoring)" end.out &&
	"$CARCPBEM" show --json t.json >end.json &&
	python3 -c "import json
d = json.load(open(\"end.json\"))
assert d[\"totals\"][0][\"by_category\"] == {\"goods\": 20}, d[\"totals\"]
goods = [s for s in d[\"scoring\"] if s[\"category\"] == \"goods\"]
assert len(goods) == 2 and all(s[\"rule\"] == \"TRADE-2\" and s[\"final\"] for s in goods), goods"
'

test_expect_success 'issue 25.4: every property of 600 random games with traders-builders and the Cathars (t-properties)' '
	CARC_PROPERTY_WITH=traders-builders,cathars CARC_PROPERTY_GAMES=600 \
		"$top_builddir/tests/rules/t-properties" >props &&
	! grep "^not ok" props &&
	test "$(grep -c "^ok .*+traders-builders: " props)" -ge 100 &&
	grep "^ok .* ed1 +farmers +river +cathars +traders-builders: never more than 2 tiles in a turn (BUILDER-5)" props &&
	grep "^ok .* ed1 +farmers +river +cathars +traders-builders: a builder or pig stands only with a figure of its owner" props &&
	grep "^ok .* ed1 +farmers +river +cathars +traders-builders: seed + action text replays the same final state" props
'

# The builder's second tile by mail: the same player's second notice, in
# the game's thread.
test_expect_success 'issue 25.4, 26.2: by mail, the builder'"'"'s second tile is a second notice to alice in the thread, no update to bob yet (BUILDER-3)' '
	cd "$WORK" &&
	host_setup --with traders-builders \
		--tiles BA/RFr,BA/L,BA/RFr,BA/L,BA/RFr,BA/L,BA/C,BA/C &&
	play alice "place 1 0 0" "thief E" &&
	play bob "place 0 1 0" pass &&
	play alice "place 2 0 0" "builder E" &&
	play bob "place 1 1 0" pass &&
	test_must_fail turn_text alice "place 3 0 0" pass "place 2 1 0" >out 2>err &&
	grep "refused \"place 2 1 0\": a second tile (the builder: BUILDER-3) is drawn after your tile, which your view cannot know" err &&
	turn_text alice "place 3 0 0" pass --partial >partial &&
	sed "s/^Action: pass$/Action: pass\nAction: place 2 1 0/" partial >guessed &&
	"$CARCPBEM" sign alice.key guessed >/dev/null &&
	grep -q "^Action: place 2 1 0$" guessed &&
	expect_code 6 "$CARCPBEM" apply -c host.conf --no-mail spool/games/g1 guessed >out 2>err &&
	grep "action 3 \"place 2 1 0\" comes after your tile: a second tile (the builder: BUILDER-3) is drawn after it, which you could not know" err &&
	play alice "place 3 0 0" pass &&
	n=spool/outbox/g1-r5-notice-1.eml &&
	test -f $n &&
	grep -q "^To: alice@example.test" $n &&
	grep -q "^References: <g1.game@" $n &&
	grep -q "a second tile this turn (the builder: BUILDER-3)" $n &&
	! test -e spool/outbox/g1-r5-notice-2.eml &&
	! test -e spool/outbox/g1-r5-update-2.eml
'

test_expect_success 'issue 25.4: bob cannot play it; alice'"'"'s second tile mailed is applied, then bob is asked' '
	cd "$WORK" &&
	test_must_fail turn_text bob "place 2 1 0" pass >out 2>err &&
	grep "it is alice'"'"'s decision" err &&
	play alice "place 2 1 0" pass &&
	test -f spool/outbox/g1-r6-notice-2.eml &&
	grep -q "^To: bob@example.test" spool/outbox/g1-r6-notice-2.eml
'

# ABBEY-6, UN-29: with Abbey & Mayor, alice's builder's second round
# offers her abbey before its draw, by mail too: her second notice in
# the thread asks "abbey 0 1" or "draw", as a turn's first notice does.
# Game g1 of its own spool ($WORK/ab): alice's thief and builder on the
# road through -2,1 and -1,1, the hole at 0,1; bob draws; alice draws
# and extends the builder's road at -3,1, and signs her turn up to the
# choice (--partial: else move asks her to add it).
test_expect_success 'issue 25, ABBEY-6, UN-29: by mail, the abbey is offered before the builder'"'"'s second draw, in a second notice to alice' '
	mkdir -p "$WORK/ab" && cd "$WORK/ab" &&
	host_setup --with abbey-mayor,traders-builders --tiles \
		BA/RFr,BA/RFr,BA/RFr,BA/LR,BA/RFr,BA/L,BA/L,BA/L,BA/RFr,BA/L,BA/RFr &&
	play alice "place 1 0 0" pass && play bob "place -1 0 0" pass &&
	play alice "place -1 1 0" "thief E" && play bob "place 1 1 90" pass &&
	play alice "place -2 1 0" "builder W" && play bob "place 1 2 0" pass &&
	play alice "place 0 2 0" pass &&
	play bob draw --partial && play bob "place 2 2 0" pass &&
	play alice draw --partial &&
	test_must_fail turn_text alice "place -3 1 0" pass >out 2>err &&
	grep "the turn is not complete: you still abbey; add one of: abbey 0 1, draw" err &&
	ls spool/outbox >before &&
	play alice "place -3 1 0" pass --partial &&
	ls spool/outbox >after &&
	comm -13 before after >new &&
	n=$(grep "notice" new) &&
	test "$(grep -c notice new)" = 1 &&
	grep -q "^To: alice@example.test" "spool/outbox/$n" &&
	grep -q "^References: <g1.game@" "spool/outbox/$n" &&
	part "spool/outbox/$n" plain >notice.txt &&
	grep "Turn 9: alice (A) places the abbey or draws a tile (abbey), before a second tile this turn (the builder: BUILDER-3): abbey 0 1, draw." notice.txt &&
	grep "Before you draw you may put the abbey into a hole instead" notice.txt &&
	"$CARCPBEM" show spool/games/g1 >show.out &&
	grep "^  A alice .*; holds the abbey$" show.out
'

test_expect_success 'issue 25, ABBEY-6, XEXP-19: alice mails abbey 0 1: the abbey is her second tile, no third, the pile untouched' '
	cd "$WORK/ab" &&
	"$CARCPBEM" show --json spool/games/g1 >before.json &&
	play alice "abbey 0 1" pass &&
	"$CARCPBEM" show spool/games/g1 >show.out &&
	! grep "^  A alice .*holds the abbey" show.out &&
	"$CARCPBEM" legal --json spool/games/g1 >legal.json &&
	python3 -c "import json
b = json.load(open(\"before.json\"))[\"decision\"]
d = json.load(open(\"legal.json\"))[\"decision\"]
assert d[\"player\"] == \"bob\" and d[\"turn\"] == 10, d
assert d[\"tiles_left\"] == b[\"tiles_left\"] - 1 == 1, (b, d)"
'

test_expect_success 'issue 25.4: demo --with traders-builders by mail, builders and pigs played, replayed' '
	cd "$WORK" &&
	"$CARCPBEM" demo --seed tb5 --players 5 --with traders-builders --spool sp >out 2>err &&
	test ! -s err &&
	grep "^Final scores: Ada [0-9]*, Blaise [0-9]*, Carl [0-9]*, Dora [0-9]*, Emmy [0-9]*$" out &&
	grep -q "Action: builder" sp/games/*/history.jsonl &&
	grep -q "Action: pig" sp/games/*/history.jsonl &&
	! ls sp/outbox/read/*-error.eml 2>/dev/null &&
	"$CARCPBEM" replay sp/*-archive.json >replay &&
	grep "^Fair draw: the bag matches the commitment" replay &&
	grep "Final scores: Ada" replay
'

test_expect_success 'issue 25.4: demo with river2, cathars and traders-builders by mail, replayed (CF-08, XEXP-7)' '
	cd "$WORK" &&
	"$CARCPBEM" demo --seed tbx --players 3 --with river2,cathars,traders-builders \
		--spool sp2 >out2 2>err2 &&
	test ! -s err2 &&
	grep "^Final scores: Ada" out2 &&
	"$CARCPBEM" replay sp2/*-archive.json >replay2 &&
	grep "^Fair draw: the bag matches the commitment" replay2 &&
	grep "Final scores: Ada" replay2
'

test_expect_success 'issue 25: demo with inns-cathedrals, abbey-mayor and traders-builders by mail, replayed (XEXP-7)' '
	cd "$WORK" &&
	"$CARCPBEM" demo --seed all3 --players 3 --with inns-cathedrals,abbey-mayor,traders-builders \
		--spool sp3 >out3 2>err3 &&
	test ! -s err3 &&
	grep "^Final scores: Ada" out3 &&
	grep -q "Action: barn" sp3/games/*/history.jsonl &&
	grep -q "Action: pig" sp3/games/*/history.jsonl &&
	"$CARCPBEM" replay sp3/*-archive.json >replay3 &&
	grep "^Fair draw: the bag matches the commitment" replay3 &&
	grep "Final scores: Ada" replay3
'

if "$CARCPBEM" render --tiles --png probe.png 2>/dev/null; then
	rm -f probe.png
	test_expect_success 'issue 25.4: a map with a builder as a picture' '
		mkgame &&
		"$CARCPBEM" play g.json "builder E" >/dev/null &&
		"$CARCPBEM" render g.json --png map.png &&
		test -s map.png
	'
fi

test_done

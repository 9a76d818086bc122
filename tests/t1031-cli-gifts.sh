#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# The Gifts on the command line and by mail (RULES.md 7, GIFTS-*,
# UN-14..18; issue 26.2): new --with gifts, a gift received, the hand in
# show (its owner's view and the host's only), JSON and the views; the
# cards opened with legal and play; the refusals; Take 2 by mail, whose
# second tile only its player sees and whose returned tile nobody; a
# whole game by mail between computer players, replayed from its
# archive, every mail and every view searched for another player's
# cards; t-properties.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

# The start BA/RCr (road W-E); alice's thief on BA/RFr east of it; bob
# extends her road: a gift, with this seed a Cash Out. Then alice's
# field tile south, bob's monastery beside it with his monk.
mkgame () {
	"$CARCPBEM" new --with gifts --seed t6 \
		--tiles BA/RFr,BA/RFr,BA/L,BA/L,BA/C,BA/RFr,BA/L -o g.json alice bob >new.out &&
	"$CARCPBEM" play g.json "place 1 0 0" "thief E" "place 2 0 0" pass >play0.out
}

test_expect_success 'issue 26.2: a tile extending another player'"'"'s road gives a gift, told to all, its card to its holder alone (GIFTS-4, GIFTS-5)' '
	mkgame &&
	grep "^Created g.json: a game for alice (A), bob (B); edition 1, farmers, gifts.$" new.out &&
	grep "^bob takes 1 gift (GIFTS-4).$" play0.out &&
	"$CARCPBEM" show g.json >show.out &&
	grep "^  B bob  *0 points  7 of 7 followers in supply; holds 1 gift$" show.out &&
	grep "^  B bob holds, seen by them alone: gifts: 1 cash$" show.out &&
	"$CARCPBEM" view --player bob g.json -o bob.json &&
	"$CARCPBEM" show bob.json >bob.out &&
	grep "^  B bob holds, seen by you alone: gifts: 1 cash$" bob.out &&
	"$CARCPBEM" view --player alice g.json -o alice.json &&
	"$CARCPBEM" show alice.json >alice.out &&
	grep "holds 1 gift$" alice.out &&
	! grep "cash" alice.out &&
	grep "^  A alice holds, seen by you alone: gifts: none$" alice.out &&
	"$CARCPBEM" view g.json -o public.json &&
	! grep -i "\"cash\": 1" alice.json public.json &&
	"$CARCPBEM" show --json bob.json >bob.js &&
	"$CARCPBEM" show --json alice.json >alice.js &&
	python3 -c "import json
b = json.load(open(\"bob.js\"))[\"players\"]
a = json.load(open(\"alice.js\"))[\"players\"]
assert b[1][\"holds\"] == {\"gift\": 1} and a[1][\"holds\"] == {\"gift\": 1}, (a, b)
assert b[1][\"secret\"] == {\"gifts\": {\"synod\": 0, \"sweep\": 0, \"move\": 0, \"cash\": 1, \"take2\": 0}}, b
assert \"secret\" not in b[0] and \"secret\" not in a[1], (a, b)
v = json.load(open(\"bob.json\"))
assert v[\"you\"][\"secret\"] == {\"gifts\": {\"synod\": 0, \"sweep\": 0, \"move\": 0, \"cash\": 1, \"take2\": 0}}, v[\"you\"]"
'

test_expect_success 'issue 26.2: legal lists the cards the player may open now; play opens one before the tile (GIFTS-7, GIFTS-CASH-1)' '
	mkgame &&
	"$CARCPBEM" play g.json "place 0 1 0" pass "place 1 1 0" monk "place 0 -1 180" pass \
		>/dev/null &&
	"$CARCPBEM" legal g.json >legal.out &&
	grep "^open cash 1 1 C$" legal.out &&
	grep "^place 3 0 0$" legal.out &&
	"$CARCPBEM" legal --json g.json >legal.json &&
	grep -q "\"open cash 1 1 C\"" legal.json &&
	"$CARCPBEM" play g.json "open cash 1 1 C" >open.out &&
	grep "^bob opens a gift: Cash Out (GIFTS-CASH-1).$" open.out &&
	grep "^bob scores 2 points for Cash Out, 2 a follower on the feature" open.out &&
	"$CARCPBEM" legal g.json >after.out &&
	! grep "^open" after.out &&
	"$CARCPBEM" play g.json "place 3 0 0" pass >/dev/null &&
	"$CARCPBEM" show g.json >show.out &&
	grep "^  B bob  *2 points  7 of 7 followers in supply; holds 1 gift$" show.out
'

test_expect_success 'issue 26.2: refusals say what is wrong: a second card, a card not held, after the tile (GIFTS-7)' '
	"$CARCPBEM" new --with gifts --seed t6 --tiles BA/RFr,BA/RFr,BA/RFr,BA/RFr,BA/L \
		-o r.json alice bob >/dev/null &&
	"$CARCPBEM" play r.json "place 1 0 0" "thief E" "place 2 0 0" pass "place 3 0 0" pass \
		>/dev/null &&
	expect_code 1 "$CARCPBEM" play r.json "open take2" 2>err &&
	grep "GIFTS-7: you hold no Take 2: open only a gift in your hand (carcpbem legal lists them)" err &&
	"$CARCPBEM" play r.json "place 4 0 0" >/dev/null &&
	expect_code 1 "$CARCPBEM" play r.json "open cash 1 0 E" 2>err &&
	grep "GIFTS-7: not now: a gift is opened after you draw your tile and before you place it" err &&
	"$CARCPBEM" new --with gifts --seed t8 --tiles BA/RFr,BA/RFr,BA/RFr,BA/RFr,BA/L \
		-o s.json alice bob >/dev/null &&
	"$CARCPBEM" play s.json "place 1 0 0" "thief E" "place 2 0 0" pass "place 3 0 0" pass \
		>/dev/null &&
	"$CARCPBEM" play s.json "open sweep 1 0 E" >/dev/null &&
	expect_code 1 "$CARCPBEM" play s.json "open sweep 1 0 E" 2>err &&
	grep "GIFTS-7: you have opened a gift this turn already: one a turn; now place your tile" err &&
	expect_code 1 "$CARCPBEM" play s.json "open" 2>err &&
	grep "GIFTS-7: open which gift? Write open synod X Y, open sweep X Y PLACE, open cash X Y PLACE, open move X Y FROM TO, or open take2" err
'

test_expect_success 'issue 26.2: 2 points per unopened gift at the end, in their own category (GIFTS-END-1)' '
	"$CARCPBEM" new --with gifts --seed t6 --tiles BA/RFr,BA/RFr -o e.json alice bob >/dev/null &&
	"$CARCPBEM" play e.json "place 1 0 0" "thief E" "place 2 0 0" pass >end.out &&
	grep "^bob scores 2 points for unopened gifts, 2 each (final scoring).$" end.out &&
	"$CARCPBEM" show --json e.json >end.json &&
	python3 -c "import json
d = json.load(open(\"end.json\"))
assert d[\"totals\"][1][\"by_category\"] == {\"gifts\": 2}, d[\"totals\"]"
'

test_expect_success 'issue 26.2: every property of 300 random games with gifts and the Cathars (t-properties)' '
	CARC_PROPERTY_WITH=gifts,cathars CARC_PROPERTY_GAMES=300 \
		"$top_builddir/tests/rules/t-properties" >props &&
	! grep "^not ok" props &&
	grep "^ok .* ed1 +farmers +river +cathars +gifts: seed + action text replays the same final state" props
'

# Take 2 by mail: bob's first gift is a Take 2 (the seed mailtest).
test_expect_success 'issue 26.2: by mail, Take 2 names both tiles to bob alone and asks which to keep (GIFTS-TAKE2-1)' '
	cd "$WORK" &&
	host_setup --with gifts --tiles BA/RFr,BA/RFr,BA/RFr,BA/L,BA/C,BA/RFr,BA/L &&
	play alice "place 1 0 0" "thief E" &&
	play bob "place 2 0 0" pass &&
	play alice "place 3 0 0" pass &&
	n=spool/outbox/g1-r3-notice-2.eml &&
	grep -q "^To: bob@example.test" $n &&
	grep -q "Your hand, seen by you alone: gifts: 1 take2" $n &&
	grep -q "open take2" $n &&
	! grep -q "Your hand" spool/outbox/g1-r3-update-1.eml &&
	play bob "open take2" &&
	n=spool/outbox/g1-r4-notice-2.eml &&
	grep -q "^To: bob@example.test" $n &&
	grep -q "keep 1 BA/L" $n &&
	grep -q "keep 2 BA/C" $n &&
	u=spool/outbox/g1-r4-update-1.eml &&
	grep -q "^To: alice@example.test" $u &&
	grep -q "bob opens a gift: Take 2 (GIFTS-TAKE2-1)." $u &&
	! grep -q "BA/C" $u
'

test_expect_success 'issue 26.2: while bob chooses, alice'"'"'s view, the public view and any error mail to her never name his second tile (GIFTS-TAKE2-1)' '
	cd "$WORK" &&
	"$CARCPBEM" view spool/games/g1 --player alice -o a.json &&
	"$CARCPBEM" view spool/games/g1 -o p.json &&
	for v in a.json p.json; do
		python3 -c "import json, sys
d = json.load(open(sys.argv[1]))
assert d[\"drawn\"][-1] == \"?\", d[\"drawn\"]
del d[\"remaining\"]  # counts of what is to come, the held tile among them
del d[\"fair_draw\"][\"tiles\"]  # the given bag, public from the start
assert \"BA/C\" not in json.dumps(d), sys.argv[1]" $v || return 1
	done &&
	"$CARCPBEM" legal p.json >legal.out &&
	grep "^keep 1 BA/L$" legal.out &&
	grep "^keep 2$" legal.out &&
	deliver mail-alice &&
	"$CARCPBEM" run --once -c host.conf -q &&
	e=$(ls spool/outbox/*error*.eml | tail -1) &&
	grep -q "^To: alice@example.test" "$e" &&
	grep -q "the decision.s owner alone sees them" "$e" &&
	! grep -q "BA/C" "$e"
'

test_expect_success 'issue 26.2: bob keeps his first tile by mail; the tile put back stays unnamed: "?" in every view (GIFTS-TAKE2-1)' '
	cd "$WORK" &&
	play bob "keep 1 BA/L" "place 0 1 0" pass &&
	u=spool/outbox/g1-r5-notice-1.eml &&
	grep -q "^To: alice@example.test" $u &&
	grep -q "bob placed BA/L at 0,1" $u &&
	! grep -q "BA/C" $u &&
	for p in alice bob; do
		"$CARCPBEM" view spool/games/g1 --player $p -o "k-$p.json" || return 1
	done &&
	"$CARCPBEM" view spool/games/g1 -o k-pub.json &&
	for v in k-alice.json k-bob.json k-pub.json; do
		python3 -c "import json, sys
d = json.load(open(sys.argv[1]))
assert d[\"drawn\"][4] == \"?\", d[\"drawn\"]
assert d[\"returned\"] == 1, d.get(\"returned\")" $v || return 1
	done
'

test_expect_success 'issue 26.2: demo --with gifts by mail, cards opened, replayed; no mail and no view shows another player'"'"'s cards' '
	cd "$WORK" &&
	"$CARCPBEM" demo --seed gf1 --players 3 --with gifts --spool sd >out 2>err &&
	test ! -s err &&
	grep "^Final scores: Ada [0-9]*, Blaise [0-9]*, Carl [0-9]*$" out &&
	grep -q "Action: open" sd/games/*/history.jsonl &&
	"$CARCPBEM" replay sd/*-archive.json >replay &&
	grep "^Fair draw: the bag matches the commitment" replay &&
	grep "Final scores: Ada" replay &&
	python3 "$top_srcdir/tests/mail/gifts_leaks.py" sd/outbox/read sd/games/*/
'

test_done

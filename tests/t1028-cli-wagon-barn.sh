#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Abbey & Mayor's wagon and barn on the command line and by mail
# (RULES.md 11: WAGON-1..5, BARN-1..6, UN-31, UN-32; issue 25.3): legal,
# play, show (text and JSON), the game file and the maps; the wagon's
# move as a decision of its owner's in another player's turn, through
# the real mail loop: the owner's notice says why, another player's
# turn for it is refused, the update names who moved, the turn goes on;
# barn placements and refusals; t-properties with the module; a whole
# game by mail between computer players, replayed from its archive.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

# A road from the monastery at -1,0 through the start, 1,0, the curves
# at 2,0 and 2,1 and 1,1 to the monastery at 0,1: alice's wagon on its
# north part, bob's on its south part; the curve at 2,1 completes it
# (alice's on the command line, bob's by mail).
ROAD_TILES=BA/RFr,BA/RFr,BA/LR,BA/LR,BA/Rr,BA/Rr,BA/L,BA/L
road_turns () {
	"$CARCPBEM" play "$1" "place 1 0 0" "wagon E" &&
	"$CARCPBEM" play "$1" "place 1 1 0" "wagon E" &&
	"$CARCPBEM" play "$1" "place -1 0 270" pass &&
	"$CARCPBEM" play "$1" "place 0 1 270" pass &&
	"$CARCPBEM" play "$1" "place 2 0 0" pass
}

test_expect_success 'issue 25.3: the wagon in legal and play; never on a field (WAGON-1)' '
	"$CARCPBEM" new --with abbey-mayor --tiles BA/RFr,BA/L -o g.json alice bob >new.out &&
	grep "^Created g.json: a game for alice (A), bob (B); edition 1, farmers, abbey-mayor.$" new.out &&
	"$CARCPBEM" play g.json "place 1 0 0" >/dev/null &&
	"$CARCPBEM" legal g.json >legal.out &&
	grep "^wagon E$" legal.out &&
	! grep "^wagon N" legal.out &&
	expect_code 1 "$CARCPBEM" play g.json "wagon N" 2>err &&
	grep "WAGON-1: the wagon may stand only on a road, a city or a monastery, not on the field at N" err &&
	"$CARCPBEM" play g.json "wagon E" >play.out &&
	grep "^alice put a wagon on the road at E of 1,0.$" play.out &&
	"$CARCPBEM" show g.json >show.out &&
	grep "^  A alice    0 points  7 of 7 followers in supply, mayor in supply, wagon on the board, barn in supply; holds the abbey$" show.out &&
	grep "^  A alice: wagon on the road at E of BA/RFr at 1,0$" show.out &&
	grep "w wagon, b barn" show.out &&
	grep "\"figure\": \"wagon\"" g.json
'

test_expect_success 'issue 25.3: after its road scores, the wagon moves on by its owner'"'"'s decision (WAGON-3, WAGON-5)' '
	"$CARCPBEM" new --with abbey-mayor --tiles BA/RFr,BA/RFr,BA/LR,BA/LR,BA/Rr,BA/L,BA/Rr \
		-o w.json alice bob >/dev/null &&
	road_turns w.json >/dev/null &&
	"$CARCPBEM" play w.json "place -1 1 0" pass >/dev/null &&
	"$CARCPBEM" play w.json "place 2 1 90" pass >play.out &&
	grep "^alice scores 7 points for the road at" play.out &&
	grep "^alice'"'"'s wagon on the road at 1,0 goes back to the supply.$" play.out &&
	grep "^Turn 7: alice (A) may move the wagon on or take it home (move-wagon): wagon 0 1 C, wagon -1 0 C, pass.$" play.out &&
	expect_code 1 "$CARCPBEM" play w.json "wagon 1 0 E" 2>err &&
	grep "WAGON-3: that road is completed" err &&
	"$CARCPBEM" play w.json "wagon 0 1 C" >move.out &&
	grep "^alice'"'"'s wagon goes to the monastery at C of 0,1.$" move.out &&
	grep "^Turn 7: bob (B) may move the wagon on or take it home (move-wagon): wagon -1 0 C, pass.$" move.out &&
	"$CARCPBEM" show --json w.json >show.json &&
	python3 -c "import json
d = json.load(open(\"show.json\"))
w = [f for f in d[\"figures\"] if f[\"figure\"] == \"wagon\"]
assert len(w) == 1 and w[0][\"x\"] == 0 and w[0][\"y\"] == 1, d[\"figures\"]
assert d[\"decision\"][\"player\"] == \"bob\", d[\"decision\"]" &&
	"$CARCPBEM" render w.json >map.txt &&
	grep "Aw" map.txt &&
	"$CARCPBEM" view w.json -o public.json &&
	"$CARCPBEM" show public.json >public.out &&
	grep "^  A alice: wagon on the monastery of BA/LR at 0,1$" public.out
'

test_expect_success 'issue 25.3: a barn on a corner: the farmer it meets scores 3 a city and goes home (BARN-1, BARN-4, EX-AM-05)' '
	"$CARCPBEM" new --with abbey-mayor \
		--tiles BA/C,BA/C,BA/C,BA/C,BA/RFr,BA/RFr,BA/L,BA/L -o b.json alice bob >/dev/null &&
	"$CARCPBEM" play b.json "place 0 1 180" pass "place 0 2 0" pass \
		"place -1 1 180" pass "place -1 2 0" pass "place 1 0 0" pass \
		"place -1 0 0" "farmer S" "place 1 1 0" >/dev/null &&
	"$CARCPBEM" legal b.json >legal.out &&
	grep "^barn NW$" legal.out &&
	! grep "^barn NE$" legal.out &&
	expect_code 1 "$CARCPBEM" play b.json "barn SE" 2>err &&
	grep "BARN-1: a barn goes only on a corner where four tiles meet, each showing only field there" err &&
	expect_code 1 "$CARCPBEM" play b.json "barn" 2>err &&
	grep "write a barn as: barn NE (or SE, SW, NW" err &&
	"$CARCPBEM" play b.json "barn NW" >play.out &&
	grep "^bob scores 6 points for the field at" play.out &&
	"$CARCPBEM" show b.json >show.out &&
	grep "^  A alice    0 points  7 of 7 followers in supply, mayor in supply, wagon in supply, barn on the board; holds the abbey$" show.out &&
	grep "^  B bob      6 points  7 of 7 followers in supply" show.out &&
	grep "^  A alice: barn on the NW corner of BA/L at 1,1$" show.out &&
	grep "^alice'"'"'s barn goes to the NW corner of 1,1.$" play.out &&
	grep "\"figure\": \"barn\"" b.json &&
	"$CARCPBEM" show --json b.json >show.json &&
	python3 -c "import json
d = json.load(open(\"show.json\"))
assert d[\"figures\"] == [{\"player\": \"alice\", \"figure\": \"barn\", \"place\": \"corner\", \"x\": 1, \"y\": 1, \"corner\": \"NW\"}], d[\"figures\"]
assert d[\"players\"][0][\"barn_in_supply\"] is False, d[\"players\"][0]" &&
	"$CARCPBEM" render b.json >map.txt &&
	grep "Ab" map.txt &&
	"$CARCPBEM" play b.json "place 2 1 0" >/dev/null &&
	expect_code 1 "$CARCPBEM" play b.json "farmer NL" 2>err &&
	grep "BARN-3: that field has a barn: no farmer may go there" err &&
	cp b.json barn.json &&
	"$CARCPBEM" play b.json pass >end.out &&
	grep "alice scores 8 points for the field at" end.out &&
	"$CARCPBEM" view --player bob barn.json -o bob.json &&
	"$CARCPBEM" show bob.json >bob.out &&
	grep "^  A alice: barn on the NW corner of BA/L at 1,1$" bob.out &&
	if "$CARCPBEM" render --tiles --png probe.png 2>/dev/null; then
		"$CARCPBEM" render barn.json --png map.png && test -s map.png
	fi
'

test_expect_success 'issue 25.3: every property of 640 random games with abbey-mayor (t-properties)' '
	CARC_PROPERTY_WITH=abbey-mayor CARC_PROPERTY_GAMES=640 \
		"$top_builddir/tests/rules/t-properties" >props &&
	! grep "^not ok" props &&
	test "$(grep -c "^ok .*+abbey-mayor: " props)" -ge 100
'

# By mail: alice and bob with keys and addresses, the road's tiles.
wagon_setup () {
	"$CARCPBEM" keygen alice >/dev/null 2>&1 &&
	"$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	printf "spool spool\nfrom \"Carcassonne <game@example.test>\"\n" >host.conf &&
	"$CARCPBEM" new -c host.conf --id g1 --seed mailtest --with abbey-mayor \
		--tiles $ROAD_TILES --key alice=alice.pub --key bob=bob.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		alice bob >new.out
}

test_expect_success 'issue 25.3: by mail, bob completes the road: his own wagon first, in his turn (WAGON-5)' '
	cd "$WORK" &&
	wagon_setup &&
	send alice "place 1 0 0" "wagon E" &&
	send bob "place 1 1 0" "wagon E" &&
	send alice "place -1 0 270" pass &&
	send bob "place 0 1 270" pass &&
	send alice "place 2 0 0" pass &&
	send bob "place 2 1 90" pass --partial &&
	part spool/outbox/g1-r5-notice-2.eml plain >n5 &&
	grep "add a line \"Action: wagon X Y PLACE\"" n5 &&
	part spool/outbox/g1-r6-notice-2.eml plain >n6 &&
	grep "^it is your move in game g1.$" n6 &&
	grep "Your decision now: move-wagon (3 choices):" n6 &&
	grep "The feature your wagon stood on was completed and scored" n6 &&
	send bob pass
'

test_expect_success 'issue 25.3: alice'"'"'s notice says why the decision is hers in bob'"'"'s turn' '
	cd "$WORK" &&
	n=spool/outbox/g1-r7-notice-1.eml &&
	grep -q "^To: alice@example.test" $n &&
	part $n plain >n7 &&
	grep "^it is bob'"'"'s turn in game g1, but this decision is yours: bob completed the road your wagon stood on: your wagon may move.$" n7 &&
	grep "^   wagon -1 0 C$" n7 &&
	! test -e spool/outbox/g1-r7-update-2.eml &&
	grep -q "<html" spool/outbox/g1-r7-notice-1.eml &&
	grep -q "but this decision is yours" spool/outbox/g1-r7-notice-1.eml
'

test_expect_success 'issue 25.3: bob cannot play alice'"'"'s wagon: his signed turn for it is refused, and he is told why' '
	cd "$WORK" &&
	test_must_fail turn_text bob pass >out 2>err &&
	grep "it is alice'"'"'s decision" err &&
	st=$(sed -n "s/^State: //p" spool/outbox/g1-r7-notice-1.eml | head -1) &&
	printf -- "-----BEGIN CARCASSONNE TURN-----\nGame: g1\nTurn: 6\nPlayer: bob\nState: %s\nAction: pass\n-----END CARCASSONNE TURN-----\n" \
		"$st" >forged.txt &&
	"$CARCPBEM" sign bob.key forged.txt 2>/dev/null &&
	grep -q "^Signature: " forged.txt &&
	mail_from bob@example.test "[carcassonne g1] my turn" forged.txt >mail-forged &&
	deliver mail-forged &&
	"$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" -eq 8 &&
	r=$(ls spool/outbox/m-*-error.eml | tail -1) &&
	grep -q "^To: bob@example.test" "$r" &&
	part "$r" plain >refused &&
	grep "it is not bob'"'"'s decision (turn 6: alice to decide move-wagon)" refused
'

test_expect_success 'issue 25.3, 26.2: alice'"'"'s move is applied; bob'"'"'s one update of his turn names her, and the turn goes on' '
	cd "$WORK" &&
	send alice "wagon -1 0 C" &&
	part spool/outbox/g1-r8-update-2.eml plain >u8 &&
	grep "^your turn in game g1 is played (alice decided in it too):$" u8 &&
	grep "bob placed BA/Rr at 2,1 rotation 90." u8 &&
	grep "alice'"'"'s wagon goes to the monastery at C of -1,0." u8 &&
	grep -q "^Subject: \[carcassonne g1\] bob played; turn 7: alice to place BA/L" spool/outbox/g1-r8-update-2.eml &&
	part spool/outbox/g1-r8-notice-1.eml plain >n8 &&
	grep "^it is your move in game g1.$" n8 &&
	grep "Turn 7: alice (A) to place BA/L" n8 &&
	grep -q "wagon -1 0 C" spool/games/g1/history.jsonl
'

test_expect_success 'issue 25.3: demo --with abbey-mayor by mail: a wagon moved in another'"'"'s turn, barns; replayed' '
	cd "$WORK" &&
	"$CARCPBEM" demo --seed am4 --players 3 --with abbey-mayor --spool sp >out 2>err &&
	test ! -s err &&
	grep "^Final scores: Ada [0-9]*, Blaise [0-9]*, Carl [0-9]*$" out &&
	grep -q "barn [NS][EW]" sp/games/*/history.jsonl &&
	grep -l "but this decision is yours" sp/outbox/read/*-notice-*.eml >/dev/null &&
	! ls sp/outbox/read/*-error.eml 2>/dev/null &&
	"$CARCPBEM" replay sp/*-archive.json >replay &&
	grep "^Fair draw: the bag matches the commitment" replay &&
	grep "Final scores: Ada" replay
'


test_done

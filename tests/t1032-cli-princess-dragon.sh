#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Princess & Dragon on the command line and by mail (RULES.md 12:
# VOLCANO-1/2, DRAGON-1..6, FAIRY-1..4, PORTAL-1/2, PRINCESS-1; issue
# 26.3): legal, play, show (text and JSON), the game file and the maps;
# the refusals with what was wrong; the dragon-moves house rule; the
# dragon's steps as decisions of each player in turn through the real
# mail loop (the owner's notice says why, another player's turn for it is
# refused); whole games by mail between computer players, replayed from
# their archives.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

# alice's monk south of the start at 0,1; bob's volcano at 1,1 (the
# dragon comes); alice's tile at 0,2 with the fairy beside her monk;
# bob's dragon tile at 2,1 (roads N and E).
PD_TILES=BA/L,DG/F.v,BA/L,DG/Rr.d,BA/L,BA/RFr,BA/RFr
mkgame () {
	"$CARCPBEM" new --with princess-dragon --tiles $PD_TILES -o g.json alice bob >new.out
}

test_expect_success 'issue 26.3: new --with princess-dragon; no follower on the volcano (VOLCANO-1, VOLCANO-2)' '
	mkgame &&
	grep "^Created g.json: a game for alice (A), bob (B); edition 1, farmers, princess-dragon.$" new.out &&
	"$CARCPBEM" play g.json "place 0 1 0" monk "place 1 1 0" >/dev/null &&
	"$CARCPBEM" legal g.json >legal.out &&
	test "$(grep -cv "^#" legal.out)" -eq 1 &&
	grep "^pass$" legal.out &&
	expect_code 1 "$CARCPBEM" play g.json "farmer N" 2>err &&
	grep "VOLCANO-2: the dragon is on the tile at 1,1: no follower may stand on its tile" err &&
	"$CARCPBEM" play g.json pass >/dev/null &&
	grep "\"dragon\": 1" g.json &&
	grep "\"dragon_x\": 1" g.json
'

test_expect_success 'issue 26.3, 26.4: the fairy in legal and play, which says where it went; the game file and the map name it (FAIRY-1)' '
	mkgame &&
	"$CARCPBEM" play g.json "place 0 1 0" monk "place 1 1 0" pass "place 0 2 0" >/dev/null &&
	"$CARCPBEM" legal g.json >legal.out &&
	grep "^fairy 0 1 C$" legal.out &&
	expect_code 1 "$CARCPBEM" play g.json "fairy 0 0 N" 2>err &&
	grep "FAIRY-1: the fairy goes beside one of your own followers, and you have none at N of the tile at 0,0" err &&
	"$CARCPBEM" play g.json "fairy 0 1 C" >fairy.out &&
	grep "^alice puts the fairy (FAIRY-1) beside their follower at 0,1.$" fairy.out &&
	python3 -c "import json
m = json.load(open(\"g.json\"))[\"modules\"][\"princess-dragon\"]
assert (m[\"fairy\"], m[\"fairy_x\"], m[\"fairy_y\"]) == (1, 0, 1), m
assert (m[\"dragon\"], m[\"dragon_x\"], m[\"dragon_y\"]) == (1, 1, 1), m" &&
	"$CARCPBEM" render g.json >map &&
	grep "Neutral figures: DD the dragon at 1,1, ff the fairy at 0,1.$" map &&
	grep " DD " map && grep " ff " map
'

test_expect_success 'issue 26.3: the dragon moves: each player in turn; the fairy'"'"'s tile and an empty cell refused (DRAGON-3, FAIRY-2)' '
	mkgame &&
	"$CARCPBEM" play g.json "place 0 1 0" monk "place 1 1 0" pass "place 0 2 0" \
		"fairy 0 1 C" >/dev/null &&
	"$CARCPBEM" play g.json "place 2 1 180" pass >play.out &&
	grep "^Turn 4: bob (B) moves the dragon (move-dragon): dragon 2 1.$" play.out &&
	expect_code 1 "$CARCPBEM" play g.json "dragon W" 2>err &&
	grep "FAIRY-2: the fairy is on the tile at 0,1: the dragon may not enter it" err &&
	expect_code 1 "$CARCPBEM" play g.json "dragon 1 2" 2>err &&
	grep "DRAGON-3: there is no tile at 1,2: the dragon moves only onto tiles" err &&
	expect_code 1 "$CARCPBEM" play g.json "dragon 3 1" 2>err &&
	grep "DRAGON-3: the dragon moves one tile up, down, left or right from 1,1, not to 3,1" err &&
	"$CARCPBEM" play g.json "dragon E" >move.out &&
	grep "^Turn 5: alice (A) to place" move.out &&
	grep "^alice scores 1 point for the fairy beside a follower at the start of the turn.$" move.out &&
	grep "\"dragon_x\": 2" g.json
'

test_expect_success 'issue 26.4: while a dragon step is due, the map marks where it has been and where it may go; then no more' '
	mkgame &&
	"$CARCPBEM" play g.json "place 0 1 0" monk "place 1 1 0" pass "place 0 2 0" \
		"fairy 0 1 C" "place 2 1 180" pass >/dev/null &&
	"$CARCPBEM" render g.json >map &&
	test "$(grep -cF ".......x...x.+>.|.>+" map)" -eq 1 &&
	test "$(grep -cF ".......x...x.+>...>+" map)" -eq 1 &&
	tr -s "\n " "  " <map >legend &&
	grep -F "For the decision due (moves the dragon): x marks the tiles it has been on (1,1), > marks the tiles it may go to (2,1)." legend &&
	"$CARCPBEM" play g.json "dragon E" >/dev/null &&
	"$CARCPBEM" render g.json >map &&
	! grep -F "x...x" map &&
	! grep "For the decision due" map
'

test_expect_success 'issue 26.3: a visited tile refused; the dragon eats; the monk goes home (DRAGON-3, DRAGON-5)' '
	"$CARCPBEM" new --with princess-dragon --tiles BA/L,DG/F.v,BA/L,DG/Rr.d,BA/L,BA/L \
		-o e.json alice bob >/dev/null &&
	"$CARCPBEM" play e.json "place 0 1 0" monk "place 1 1 0" pass "place 0 2 0" pass \
		"place 2 1 180" pass >/dev/null &&
	"$CARCPBEM" play e.json "dragon W" >w.out &&
	grep "^alice'"'"'s monk on the monastery at 0,1 goes back to the supply.$" w.out &&
	expect_code 1 "$CARCPBEM" play e.json "dragon E" 2>err &&
	grep "DRAGON-3: the dragon has already been on the tile at 1,1 in this movement: it may not go back there" err
'

test_expect_success 'issue 26.3: DRAGON-1, UN-35: the tile set aside comes back when the pile is out; every view loads and agrees' '
	"$CARCPBEM" new --with princess-dragon --tiles BA/L,DG/Rr.d,BA/RFr -o u.json alice bob >/dev/null &&
	"$CARCPBEM" play u.json "place 0 1 0" pass >/dev/null &&
	grep "\"dragon_aside\": 1" u.json &&
	"$CARCPBEM" play u.json "place 1 0 0" pass >out &&
	grep "^Turn 3: alice (A) to place DG/Rr.d (road S-W); 0 tiles left in the bag.$" out &&
	grep "\"returned\": 1" u.json &&
	"$CARCPBEM" legal u.json >host.legal &&
	for p in alice bob; do
		"$CARCPBEM" view u.json --player $p -o v-$p.json &&
		"$CARCPBEM" legal v-$p.json >$p.legal &&
		test_cmp host.legal $p.legal || return 1
	done &&
	"$CARCPBEM" view u.json -o v-public.json &&
	"$CARCPBEM" legal v-public.json >public.legal &&
	test_cmp host.legal public.legal &&
	"$CARCPBEM" play u.json "place 1 1 270" pass >end.out &&
	grep "The game is over" end.out
'

test_expect_success 'issue 26.3, 26.4: the portal: a free feature anywhere, said in play; an occupied one refused (PORTAL-1)' '
	"$CARCPBEM" new --with princess-dragon --tiles BA/L,DG/RrRr.g,BA/L,BA/L \
		-o p.json alice bob >/dev/null &&
	"$CARCPBEM" play p.json "place 0 1 0" monk "place 1 0 0" >/dev/null &&
	"$CARCPBEM" legal p.json >legal.out &&
	grep "^portal 0 0 knight N$" legal.out &&
	expect_code 1 "$CARCPBEM" play p.json "portal 0 1 monk C" 2>err &&
	grep "PORTAL-1: the monastery at 0,1 C is occupied: the portal leads only to a feature with no follower on it" err &&
	"$CARCPBEM" play p.json "portal 0 0 knight N" >portal.out &&
	grep -A1 "^bob goes through the magic portal (PORTAL-1).$" portal.out >said &&
	grep "^bob put a knight on the city at N of 0,0.$" said &&
	"$CARCPBEM" show p.json >show.out &&
	grep "^  B bob      0 points  6 of 7 followers in supply" show.out
'

test_expect_success 'issue 26.3, 26.4: the princess sends a knight home, said in play (PRINCESS-1)' '
	"$CARCPBEM" new --with princess-dragon --tiles BA/Cc.1,DG/Cc.p,BA/L,BA/L \
		-o q.json alice bob >/dev/null &&
	"$CARCPBEM" play q.json "place 0 -1 180" "knight S" "place 1 -1 0" >/dev/null &&
	"$CARCPBEM" legal q.json >legal.out &&
	grep "^princess 0 -1 " legal.out &&
	"$CARCPBEM" play q.json "princess 0 -1 S" >out &&
	grep -A1 "^bob has the princess send a knight home (PRINCESS-1).$" out >said &&
	grep "^alice'"'"'s knight on the city at 0,-1 goes back to the supply.$" said &&
	grep "^alice'"'"'s knight on the city at" out &&
	"$CARCPBEM" show q.json >show.out &&
	grep "^  A alice    0 points  7 of 7 followers in supply" show.out
'

test_expect_success 'issue 26.4: --dragon-moves current: the placer moves alone; said in show; refused without the module' '
	"$CARCPBEM" new --with princess-dragon --dragon-moves current --tiles $PD_TILES \
		-o c.json alice bob >new.out &&
	grep "princess-dragon (house rule: the turn'"'"'s player moves the dragon alone, dragon-moves current)" new.out &&
	grep "\"dragon_moves\": \"current\"" c.json &&
	"$CARCPBEM" show c.json | grep "dragon-moves current" &&
	expect_code 2 "$CARCPBEM" new --dragon-moves current -o x.json alice bob 2>err &&
	grep "dragon-moves is a rule of princess-dragon" err &&
	expect_code 2 "$CARCPBEM" new --with princess-dragon --dragon-moves often -o x.json alice bob 2>err &&
	grep "dragon-moves often: use each or current" err
'

test_expect_success 'issue 26.3: every property of 300 random games with princess-dragon and Traders & Builders (t-properties)' '
	CARC_PROPERTY_WITH=princess-dragon,traders-builders CARC_PROPERTY_GAMES=300 \
		"$top_builddir/tests/rules/t-properties" >props &&
	! grep -q "^not ok" props &&
	grep -q "^ok .* ed1 +farmers +traders-builders +princess-dragon: seed + action text replays the same final state" props
'

# By mail: alice and bob (mailtest.sh's host); bob's dragon tile: his
# step, then alice's in his turn.
test_expect_success 'issue 26.3: by mail, bob places the dragon tile: his step first' '
	cd "$WORK" &&
	host_setup --with princess-dragon --tiles $PD_TILES &&
	send alice "place 0 1 0" monk &&
	send bob "place 1 1 0" pass &&
	send alice "place 0 2 0" pass &&
	send bob "place 2 1 180" pass --partial &&
	n=$(ls spool/outbox/g1-r*-notice-2.eml | tail -1) &&
	part "$n" plain >nb &&
	grep "Your decision now: move-dragon (2 choices):" nb &&
	grep "^   dragon 0 1$" nb &&
	send bob "dragon 0 1"
'

test_expect_success 'issue 26.3, 26.4: alice'"'"'s notice says the step is hers in bob'"'"'s turn, its map marks the dragon'"'"'s tiles; bob cannot take it' '
	cd "$WORK" &&
	n=$(ls spool/outbox/g1-r*-notice-1.eml | tail -1) &&
	grep -q "^To: alice@example.test" "$n" &&
	part "$n" plain >na &&
	grep "this decision is yours: the dragon moves: step 2 of 6, yours (bob placed the dragon tile); it has been on 1,1 and 0,1 and may go to 0,0 or 0,2" na &&
	tr -s "\n " "  " <na >na.flat &&
	grep -F "For the decision due (moves the dragon): x marks the tiles it has been on (1,1, 0,1), > marks the tiles it may go to (0,0, 0,2)." na.flat &&
	test_must_fail turn_text bob "dragon 0 0" >out 2>err &&
	grep "it is alice'"'"'s decision" err &&
	send alice "dragon 0 0" &&
	grep -q "dragon 0 0" spool/games/g1/history.jsonl
'

test_expect_success 'issue 26.4: the dragon-moves house rule is stated in every mail of such a game' '
	cd "$WORK" && mkdir hr && cd hr &&
	host_setup --with princess-dragon --dragon-moves current --tiles $PD_TILES &&
	"$CARCPBEM" run --once -c host.conf -q &&
	send alice "place 0 1 0" monk &&
	n=0 &&
	for m in spool/outbox/*.eml; do
		part "$m" plain >text &&
		grep -q "house rule: the turn'"'"'s player moves the dragon alone, dragon-moves current" text &&
		n=$((n + 1)) || return 1
	done &&
	test "$n" -ge 3
'

test_expect_success 'issue 26.3, 26.4: demo --with princess-dragon by mail: each dragon step mailed to its owner alone; the updates say what the fairy and the portal did; replayed' '
	cd "$WORK" &&
	"$CARCPBEM" demo --seed pd1 --players 3 --with princess-dragon --spool sp >out 2>err &&
	test ! -s err &&
	grep "^Final scores: Ada [0-9]*, Blaise [0-9]*, Carl [0-9]*$" out &&
	grep -q "dragon -\{0,1\}[0-9]* -\{0,1\}[0-9]*" sp/games/*/history.jsonl &&
	steps=0 &&
	for m in $(grep -l "the dragon moves: step" sp/outbox/read/*-notice-*.eml); do
		to=$(sed -n "s/^To: \([a-z]*\)@.*/\1/p" "$m" | head -1) &&
		grep -qi "^Hello $to," "$m" &&
		steps=$((steps + 1)) || return 1
	done &&
	test "$steps" -gt 0 &&
	cat sp/outbox/read/*-update-*.eml | tr -d "\r" >updates &&
	grep -q "^   Ada puts the fairy (FAIRY-1) beside their follower at -1,0\.$" updates &&
	grep -q "^   [A-Z][a-z]* goes through the magic portal (PORTAL-1)\.$" updates &&
	! ls sp/outbox/read/*-error.eml 2>/dev/null &&
	"$CARCPBEM" replay sp/*-archive.json >replay &&
	grep "^Fair draw: the bag matches the commitment" replay &&
	grep "Final scores: Ada" replay
'

test_expect_success 'issue 26.3: demo with abbey-mayor, traders-builders and princess-dragon by mail, replayed (XEXP-3..7)' '
	cd "$WORK" &&
	"$CARCPBEM" demo --seed pd2 --with abbey-mayor,traders-builders,princess-dragon \
		--spool sp2 >out 2>err &&
	test ! -s err &&
	"$CARCPBEM" replay sp2/*-archive.json >replay &&
	grep "^Fair draw: the bag matches the commitment" replay
'

test_done

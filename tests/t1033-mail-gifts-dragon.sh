#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# The Gifts and Princess & Dragon together by mail (issue 26): a whole
# game between computer players, replayed from its archive; every dragon
# step asked of its owner alone and signed by its owner; no mail shows
# another player's cards; nobody but a step's owner can answer it; at its
# deadline another player's dragon step (mandatory: no pass) is taken by
# the computer player from that seat's view, and the mails say so.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

# A seed whose game has dragon steps owned by players other than the
# tile's placer, and gifts given and opened.
SEED=pdg1

test_expect_success 'issue 26: demo --with gifts,princess-dragon by mail, 3 players: played to the end, replayed' '
	cd "$WORK" &&
	"$CARCPBEM" demo --seed $SEED --players 3 --with gifts,princess-dragon \
		--spool sp >out 2>err &&
	test ! -s err &&
	grep "^Final scores: Ada [0-9]*, Blaise [0-9]*, Carl [0-9]*$" out &&
	! ls sp/outbox/read/*-error.eml 2>/dev/null &&
	grep -q "Action: open" sp/games/*/history.jsonl &&
	"$CARCPBEM" replay sp/*-archive.json >replay &&
	grep "^Fair draw: the bag matches the commitment" replay &&
	grep "Final scores: Ada" replay
'

test_expect_success 'issue 26: each dragon step asked of its owner alone, signed by its owner; steps owned by others than the placer' '
	cd "$WORK" &&
	python3 "$top_srcdir/tests/mail/dragon_steps.py" sp/outbox/read sp/games/*/ >steps &&
	cat steps &&
	grep "^steps [0-9]*, by others than the placer [1-9][0-9]*, forced [0-9]*$" steps
'

test_expect_success 'issue 26: no mail of the demo and no view shows another player'"'"'s gift cards' '
	cd "$WORK" &&
	python3 "$top_srcdir/tests/mail/gifts_leaks.py" sp/outbox/read sp/games/*/
'

# Known breakage, left to the dragon's module: a dragon step makes no
# event, so the update at the end of a turn neither shows the dragon's
# path nor names every player who moved it (turn_others counts the events
# of figures): Ada's turn 22, steps by Blaise (forced, then signed: record
# 26) and Carl, says "(Carl decided in it too)", from the mover of the
# last step alone.
test_expect_failure 'issue 26: the update of a turn with dragon steps names all who moved it (Blaise and Carl)' '
	cd "$WORK" &&
	part sp/outbox/read/*-r27-update-1.eml plain >u27 &&
	grep "^your turn in game [0-9a-f]* is played (Blaise and Carl decided in it too):$" u27
'

# Three players by mail (t1032's tiles): alice's monk at 0,1, bob's
# volcano at 1,1 (the dragon comes), carol's monk at 0,2, alice's dragon
# tile at 2,1: her step first (to 0,1, her monk eaten), then bob's: to
# 0,0 (the first legal action, a dead end) or 0,2 (carol's monk).
PD_TILES=BA/L,DG/F.v,BA/L,DG/Rr.d,BA/L,BA/RFr,BA/RFr

test_expect_success 'issue 26: a game by mail stopped at bob'"'"'s dragon step in alice'"'"'s turn' '
	cd "$WORK" && mkdir three && cd three &&
	host_setup_three --with princess-dragon --tiles $PD_TILES --deadline 24h --policy skip &&
	send alice "place 0 1 0" monk &&
	send bob "place 1 1 0" pass &&
	send carol "place 0 2 0" monk &&
	send alice "place 2 1 180" pass --partial &&
	send alice "dragon 0 1" &&
	test "$(ls spool/outbox | grep -c "^g1-r5-")" -eq 1 &&
	part spool/outbox/g1-r5-notice-2.eml plain >nb &&
	grep "this decision is yours: the dragon moves: step 2 of 6, yours (alice placed the dragon tile); it has been on 1,1 and 0,1 and may go to 0,0 or 0,2" nb
'

test_expect_success 'issue 26: carol'"'"'s signed turn for bob'"'"'s dragon step is refused, says why; the game unchanged' '
	cd "$WORK/three" &&
	cp spool/games/g1/state.json state.before &&
	cp spool/games/g1/history.jsonl history.before &&
	st=$(sed -n "s/^State: //p" spool/outbox/g1-r5-notice-2.eml | head -1) &&
	tn=$("$CARCPBEM" legal spool/games/g1 | sed -n "1s/^# Turn \([0-9]*\):.*/\1/p") &&
	printf -- "-----BEGIN CARCASSONNE TURN-----\nGame: g1\nTurn: %s\nPlayer: carol\nState: %s\nAction: dragon 0 0\n-----END CARCASSONNE TURN-----\n" \
		"$tn" "$st" >forged.txt &&
	"$CARCPBEM" sign carol.key forged.txt 2>/dev/null &&
	mail_from carol@example.test "[carcassonne g1] my turn" forged.txt >mail-forged &&
	deliver mail-forged &&
	"$CARCPBEM" run --once -c host.conf -q &&
	cmp state.before spool/games/g1/state.json &&
	cmp history.before spool/games/g1/history.jsonl &&
	r=$(grep -l "^To: carol@example.test" spool/outbox/m-*-error.eml) &&
	part "$r" plain >refused &&
	cat refused &&
	grep "it is not carol'"'"'s decision (turn $tn: bob to decide move-dragon)" refused
'

# The policy is skip: the seat's default, but a dragon step has no pass;
# the first legal action would be 0,0, bob's computer player eats carol's
# monk. The clock moves 10 hours at a time (a bigger jump is taken for a
# clock fault, t3355).
test_expect_success 'issue 26.4: at its deadline bob'"'"'s dragon step is taken by the computer player from his view, not the first legal; the mails say so' '
	cd "$WORK/three" &&
	for h in 10 20; do
		CARCPBEM_NOW=$((CARCPBEM_NOW + h * 3600)) "$CARCPBEM" run --once -c host.conf -q ||
		return 1
	done &&
	test "$(records)" -eq 6 &&
	cp -r . "$WORK/due" &&
	CARCPBEM_NOW=$((CARCPBEM_NOW + 30 * 3600)) CARCPBEM_CRASH_LOG=$WORK/points \
		"$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" -eq 7 &&
	tail -1 spool/games/g1/history.jsonl >last &&
	grep "\"player\":\"bob\"" last &&
	grep "\"by\":\"host\",\"why\":\"the deadline passed: the computer decided\"" last &&
	grep "Action: dragon 0 2" last &&
	for m in notice-2 update-1 update-3; do
		part spool/outbox/g1-r6-$m.eml plain >r6-$m &&
		grep "^(the host played for bob: dragon 0 2 (the deadline passed: the computer decided))$" r6-$m &&
		grep "carol'"'"'s monk on the monastery at 0,2 goes back to the supply." r6-$m ||
		return 1
	done &&
	"$CARCPBEM" replay spool/games/g1 >replay &&
	grep "7 records: every signature and hash checks" replay
'

# The run at the deadline, killed at each of its crash points and run
# again, ends as the run never killed: one move for bob, each mail once.
test_expect_success 'issue 26.4: killed anywhere in the deadline'"'"'s run for bob'"'"'s step, run again: one move, each mail once' '
	cd "$WORK" && rm -rf ref && cp -r three ref &&
	n=$(wc -l <points) && test "$n" -gt 3 && i=1 &&
	while test $i -le "$n"; do
		rm -rf w && cp -r due w && (
			cd w &&
			expect_code 137 env CARCPBEM_CRASH_AT=$i CARCPBEM_NOW=$((CARCPBEM_NOW + 30 * 3600)) \
				"$CARCPBEM" run --once -c host.conf -q 2>/dev/null &&
			CARCPBEM_NOW=$((CARCPBEM_NOW + 30 * 3600)) "$CARCPBEM" run --once -c host.conf -q
		) && same w || {
			echo "killed at point $i ($(sed -n "${i}p" points)): differs"
			return 1
		}
		i=$((i + 1))
	done
'

test_done

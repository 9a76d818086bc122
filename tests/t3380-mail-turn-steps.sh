#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Several players deciding within one turn, by mail (issue 26, part 4;
# docs/mail.md, "The turn across several players"): the updates of a turn
# with two wagon moves come once, at its end; each step's owner gets a
# notice that says why it is theirs, and nobody else can answer it; a
# decision with one legal action is played by the host at once, once
# (killed anywhere and run again: the same records and mails).
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

# Abbey & Mayor, three players: the road of t1028 (the monastery at -1,0
# through the start, 1,0, the curves at 2,0, 2,1, 1,1 to the monastery at
# 0,1), alice's wagon on its north part (turn 1), bob's on its south part
# (turn 2); carol's tile at 2,1 completes it in turn 6.
ROAD_TILES=BA/RFr,BA/RFr,BA/LR,BA/LR,BA/Rr,BA/Rr,BA/L,BA/L,BA/L

updates_to () {
	ls spool/outbox | grep -c -- "-update-$1\.eml$"
}

test_expect_success 'issue 26.2: the turn with two wagon moves: no update while it is under way' '
	cd "$WORK" && mkdir wagons && cd wagons &&
	host_setup_three --with abbey-mayor --tiles $ROAD_TILES &&
	send alice "place 1 0 0" "wagon E" &&
	send bob "place 1 1 0" "wagon E" &&
	send carol "place -1 0 270" pass &&
	send alice "place 0 1 270" pass &&
	send bob "place 2 0 0" pass &&
	before=$(updates_to 1)$(updates_to 2)$(updates_to 3) &&
	send carol "place 2 1 90" pass &&
	test -f spool/outbox/g1-r6-notice-1.eml &&
	! ls spool/outbox/g1-r6-update-* 2>/dev/null &&
	test "$(updates_to 1)$(updates_to 2)$(updates_to 3)" = "$before"
'

test_expect_success 'issue 26.2: the first wagon owner is told why the step is hers' '
	cd "$WORK/wagons" &&
	part spool/outbox/g1-r6-notice-1.eml plain >n6 &&
	grep "^it is carol'"'"'s turn in game g1, but this decision is yours: carol completed the road your wagon stood on: your wagon may move.$" n6 &&
	grep "carol placed BA/Rr at 2,1 rotation 90." n6
'

test_expect_success 'issue 26.5: nobody but the step'"'"'s owner can answer it: not the turn'"'"'s player, not the next owner' '
	cd "$WORK/wagons" &&
	st=$(sed -n "s/^State: //p" spool/outbox/g1-r6-notice-1.eml | head -1) &&
	for p in carol bob; do
		printf -- "-----BEGIN CARCASSONNE TURN-----\nGame: g1\nTurn: 6\nPlayer: %s\nState: %s\nAction: pass\n-----END CARCASSONNE TURN-----\n" \
			$p "$st" >forged-$p.txt &&
		"$CARCPBEM" sign $p.key forged-$p.txt 2>/dev/null &&
		mail_from $p@example.test "[carcassonne g1] my turn" forged-$p.txt >mail-forged-$p &&
		deliver mail-forged-$p &&
		"$CARCPBEM" run --once -c host.conf -q || return 1
	done &&
	test "$(records)" -eq 7 &&
	for p in carol bob; do
		r=$(grep -l "^To: $p@example.test" spool/outbox/m-*-error.eml) &&
		part "$r" plain >refused-$p &&
		grep "it is not $p'"'"'s decision (turn 6: alice to decide move-wagon)" refused-$p ||
		return 1
	done
'

test_expect_success 'issue 26.2: the second step goes to bob, still no update' '
	cd "$WORK/wagons" &&
	send alice "wagon -1 0 C" &&
	test -f spool/outbox/g1-r7-notice-2.eml &&
	! ls spool/outbox/g1-r7-update-* 2>/dev/null &&
	part spool/outbox/g1-r7-notice-2.eml plain >n7 &&
	grep "but this decision is yours: carol completed the road your wagon stood on: your wagon may move.$" n7 &&
	grep "alice'"'"'s wagon goes to the monastery at C of -1,0." n7
'

test_expect_success 'issue 26.2: the turn over, the others get one update of all its steps, in order' '
	cd "$WORK/wagons" &&
	send bob pass &&
	test -f spool/outbox/g1-r8-notice-1.eml &&
	test -f spool/outbox/g1-r8-update-2.eml &&
	test -f spool/outbox/g1-r8-update-3.eml &&
	! test -e spool/outbox/g1-r8-update-1.eml &&
	test "$(ls spool/outbox | grep -c "^g1-r[678]-update-3.eml$")" = 1 &&
	part spool/outbox/g1-r8-update-3.eml plain >u8 &&
	grep "^your turn in game g1 is played (alice and bob decided in it too):$" u8 &&
	grep -n "carol placed BA/Rr at 2,1 rotation 90.\|scores 7 points\|goes back to the supply\|wagon goes to the monastery" u8 >order &&
	sed -n "1p" order | grep "carol placed" &&
	sed -n "\$p" order | grep "alice'"'"'s wagon goes to the monastery at C of -1,0." &&
	part spool/outbox/g1-r8-update-2.eml plain >u8b &&
	grep "^carol played in game g1 (alice and bob decided in that turn too):$" u8b &&
	grep -q "^Subject: \[carcassonne g1\] carol played; turn 7: alice to place BA/L" spool/outbox/g1-r8-update-2.eml
'

# The river (seed mailtest, two players, first legal places): turn 5's
# tile, RI.1/CcII, fits one place in one rotation only.
river_turns () {
	play alice && play bob && play alice && play bob
}

test_expect_success 'issue 26.1: a place-tile with one legal action: the host places it at once' '
	cd "$WORK" && mkdir river && cd river &&
	host_setup --with river &&
	river_turns &&
	test "$(records)" -eq 6 &&
	tail -1 spool/games/g1/history.jsonl >last &&
	grep "\"by\":\"host\"" last &&
	grep "the only legal action" last &&
	grep "place" last &&
	! test -e spool/outbox/g1-r4-notice-1.eml &&
	test -f spool/outbox/g1-r4-update-1.eml &&
	test -f spool/outbox/g1-r5-notice-1.eml &&
	! ls spool/outbox/g1-r5-update-* 2>/dev/null
'

test_expect_success 'issue 26.1: the next mail names the host'"'"'s move and why' '
	cd "$WORK/river" &&
	part spool/outbox/g1-r5-notice-1.eml plain >n5 &&
	grep "^(the host played for alice: place [-0-9]* [-0-9]* [0-9]* (the only legal action))$" n5 &&
	grep "You may put a figure on it, or pass" n5 &&
	"$CARCPBEM" replay spool/games/g1 >replay &&
	grep "6 records: every signature and hash checks" replay
'

test_expect_success 'issue 26.1: the host'"'"'s move is made once: the loop run again changes nothing' '
	cd "$WORK/river" &&
	ls spool/outbox >before &&
	"$CARCPBEM" run --once -c host.conf -q &&
	"$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" -eq 6 &&
	ls spool/outbox >after &&
	test_cmp before after
'

test_expect_success 'issue 26.1: a host command that leaves a forced decision due (a rollback of the host'"'"'s move): the host plays it again at once' '
	cd "$WORK/river" &&
	"$CARCPBEM" admin -c host.conf g1 rollback 1 >out &&
	test "$(records)" -eq 8 &&
	tail -1 spool/games/g1/history.jsonl >last &&
	grep "\"by\":\"host\"" last &&
	grep "the only legal action" last &&
	"$CARCPBEM" replay spool/games/g1 >replay &&
	grep "8 records: every signature and hash checks" replay
'

# The river up to turn 4, then bob's turn 4 mailed in: the run that
# places turn 5's tile for alice, killed at each of its crash points and
# run again, ends as the run never killed.
test_expect_success 'issue 26.1: killed anywhere in the run with the host'"'"'s move, run again: one move, each mail once' '
	cd "$WORK" && mkdir ref && cd ref &&
	host_setup --with river &&
	play alice && play bob && play alice &&
	cp -r . ../start &&
	turn_text bob >t4 && mail_from bob@example.test "turn" t4 >"$WORK/mail4" &&
	deliver "$WORK/mail4" msg4 &&
	CARCPBEM_CRASH_LOG=$WORK/points "$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" -eq 6 &&
	grep "turn applied" "$WORK/points" &&
	n=$(wc -l <"$WORK/points") && i=1 &&
	while test $i -le "$n"; do
		rm -rf "$WORK/w" && cp -r "$WORK/start" "$WORK/w" && (
			cd "$WORK/w" &&
			deliver "$WORK/mail4" msg4 &&
			expect_code 137 env CARCPBEM_CRASH_AT=$i \
				"$CARCPBEM" run --once -c host.conf -q 2>/dev/null &&
			"$CARCPBEM" run --once -c host.conf -q
		) && (cd "$WORK" && same w) || {
			echo "killed at point $i ($(sed -n "${i}p" "$WORK/points")): differs"
			return 1
		}
		i=$((i + 1))
	done
'

test_expect_success 'issue 26.4: at its deadline another player'"'"'s optional step takes pass, and the next mail says so' '
	cd "$WORK" && mkdir late && cd late &&
	host_setup_three --with abbey-mayor --tiles $ROAD_TILES --deadline 24h --policy bot &&
	send alice "place 1 0 0" "wagon E" &&
	send bob "place 1 1 0" "wagon E" &&
	send carol "place -1 0 270" pass &&
	send alice "place 0 1 270" pass &&
	send bob "place 2 0 0" pass &&
	send carol "place 2 1 90" pass &&
	test -f spool/outbox/g1-r6-notice-1.eml &&
	for h in 10 20 30 40; do
		CARCPBEM_NOW=$((CARCPBEM_NOW + h * 3600)) "$CARCPBEM" run --once -c host.conf -q ||
		return 1
	done &&
	tail -1 spool/games/g1/history.jsonl >last &&
	grep "\"player\":\"alice\"" last &&
	grep "the deadline passed: the default" last &&
	grep "Action: pass" last &&
	part spool/outbox/g1-r7-notice-2.eml plain >n7 &&
	grep "^(the host played for alice: pass (the deadline passed: the default))$" n7 &&
	! ls spool/outbox/g1-r7-update-* 2>/dev/null
'

# The Cathars (t3185's game): alice's knight in the besieged city of
# SI.CA/Cc; her monastery south of the start (turn 3) offers the escape.
cathars_game () {
	host_setup --with cathars --tiles SI.CA/Cc,BA/L,BA/L,BA/L,BA/L &&
	send alice "place 0 -1 180" "knight S" &&
	send bob "place -1 -1 0" pass
}

# signed PLAYER ACTION...: PLAYER's turn with these actions as written,
# signed with carcpbem sign (no check on the view, as a hand-made turn).
signed () {
	p=$1 && shift &&
	"$CARCPBEM" view spool/games/g1 --player "$p" -o "view-$p.json" &&
	st=$("$CARCPBEM" move "view-$p.json" --partial --key "$p.key" "$1" | sed -n "s/^State: //p") &&
	tn=$("$CARCPBEM" legal "view-$p.json" | sed -n "1s/^# Turn \([0-9]*\):.*/\1/p") &&
	{
		printf -- "-----BEGIN CARCASSONNE TURN-----\nGame: g1\nTurn: %s\nPlayer: %s\nState: %s\n" "$tn" "$p" "$st" &&
		for a in "$@"; do printf "Action: %s\n" "$a"; done &&
		printf -- "-----END CARCASSONNE TURN-----\n"
	} >"hand-$p.txt" &&
	"$CARCPBEM" sign "$p.key" "hand-$p.txt" 2>/dev/null &&
	mail_from "$p@example.test" "[carcassonne g1] my turn" "hand-$p.txt" >"mail-hand-$p" &&
	deliver "mail-hand-$p" &&
	"$CARCPBEM" run --once -c host.conf -q
}

test_expect_success 'issue 26.3: a wrong "if offered" answer to a decision that is offered is refused, the whole turn' '
	cd "$WORK" && mkdir cathars && cd cathars &&
	cathars_game &&
	test "$(records)" -eq 3 &&
	signed alice "place 0 1 0" pass "if offered: escape 3 3" &&
	test "$(records)" -eq 3 &&
	r=$(ls spool/outbox/m-*-error.eml) &&
	part "$r" plain >refused &&
	grep "action 3 \"if offered: escape 3 3\" is refused: CATHARS-6: " refused &&
	! grep "unknown action" refused
'

test_expect_success 'issue 26.3: the escape answered "if offered" in the turn file: applied, no second mail round' '
	cd "$WORK/cathars" &&
	turn_text alice "place 0 1 0" pass "if offered: escape 0 -1" >t3 &&
	grep "^Action: if offered: escape 0 -1$" t3 &&
	mail_from alice@example.test "[carcassonne g1] my turn" t3 >m3 &&
	deliver m3 && "$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" -eq 4 &&
	grep -q "if offered: escape 0 -1" spool/games/g1/history.jsonl &&
	test -f spool/outbox/g1-r3-notice-2.eml &&
	! test -e spool/outbox/g1-r3-notice-1.eml &&
	part spool/outbox/g1-r3-update-1.eml plain >u3 &&
	grep "alice'"'"'s knight on the city at 0,-1 goes back to the supply." u3 &&
	! ls spool/outbox/*-told-note.eml 2>/dev/null &&
	"$CARCPBEM" replay spool/games/g1 >replay &&
	grep "4 records: every signature and hash checks" replay
'

test_expect_success 'issue 26.3: killed after the turn is recorded, before its mails: run again, the note is mailed too, once' '
	cd "$WORK" && rm -rf cc && cp -r cathars cc && cd cc &&
	"$CARCPBEM" view spool/games/g1 --player bob -o vb.json &&
	pl=$("$CARCPBEM" legal vb.json | grep -m1 "^place") &&
	turn_text bob "$pl" pass "if offered: escape 0 -1" >t4 2>/dev/null &&
	mail_from bob@example.test "[carcassonne g1] my turn" t4 >m4 &&
	cp -r . ../cc-start &&
	deliver m4 msg4 &&
	CARCPBEM_CRASH_LOG=$PWD/../points-cc "$CARCPBEM" run --once -c host.conf -q &&
	for point in "history appended, state not saved" "turn applied"; do
		i=$(grep -n "$point" ../points-cc | head -1 | cut -d: -f1) &&
		rm -rf ../cw && cp -r ../cc-start ../cw && (
			cd ../cw && deliver m4 msg4 &&
			expect_code 137 env CARCPBEM_CRASH_AT=$i \
				"$CARCPBEM" run --once -c host.conf -q 2>/dev/null &&
			"$CARCPBEM" run --once -c host.conf -q &&
			test "$(records)" -eq 5 &&
			test "$(ls spool/outbox | grep -c -- "-told-note.eml$")" = 1 &&
			n=$(ls spool/outbox/*-told-note.eml) &&
			grep -q "^To: bob@example.test" $n
		) || { echo "killed at $point ($i)"; return 1; }
	done
'

test_expect_success 'issue 26.3: an "if offered" answer to a decision that does not come: the turn counts, a note says it was not used' '
	cd "$WORK/cathars" &&
	"$CARCPBEM" view spool/games/g1 --player bob -o vb.json &&
	pl=$("$CARCPBEM" legal vb.json | grep -m1 "^place") &&
	turn_text bob "$pl" pass "if offered: escape 0 -1" >t4 2>err4 &&
	grep "note: \"if offered: escape 0 -1\" was not used" err4 &&
	mail_from bob@example.test "[carcassonne g1] my turn" t4 >m4 &&
	deliver m4 && "$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" -eq 5 &&
	test -f spool/outbox/g1-r4-notice-1.eml &&
	n=$(ls spool/outbox/*-told-note.eml) &&
	grep -q "^To: bob@example.test" $n &&
	part $n plain >note &&
	grep "your turn 4 in game g1 is applied. \"if offered: escape 0 -1\" was not used: the decision it answers was not offered in your turn (turn 5: alice to place BA/L)." note &&
	! ls spool/outbox/m-*-error.eml | grep -v "$(basename "$r")" 2>/dev/null
'

test_expect_success 'issue 26.3: a superfluous answer past the end of the turn is ignored with a note, not a refusal' '
	cd "$WORK/cathars" &&
	"$CARCPBEM" view spool/games/g1 --player alice -o va.json &&
	pl=$("$CARCPBEM" legal va.json | grep -m1 "^place") &&
	rm -f spool/outbox/*-told-note.eml &&
	signed alice "$pl" pass pass &&
	test "$(records)" -eq 6 &&
	n=$(ls spool/outbox/*-told-note.eml) &&
	grep -q "^To: alice@example.test" $n &&
	part $n plain >note2 &&
	grep "\"pass\" was not used: your decisions of that turn were over before it" note2
'

test_done

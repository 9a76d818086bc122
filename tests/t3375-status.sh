#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# carcpbem status and SPOOL/games.index (src/pbem/spool/gamesindex.h): the games
# waiting on each player, from one file; the LIST verb from the same
# file; the index rebuilt when missing, corrupt or left behind by a
# writer that died (SPOOL/writers, src/pbem/spool/writers.h); and SPOOL/timers
# as a log that a change appends to (src/pbem/spool/timers.h).
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"
. "$top_srcdir/tests/mail/verbs.sh"

# st_setup: keys for alice, bob, carol and dave; host.conf with deadlines.
st_setup () {
	for k in alice bob carol dave; do
		"$CARCPBEM" keygen $k >/dev/null 2>&1 || return 1
	done &&
	cat >host.conf <<-\EOC
	spool spool
	from "Carcassonne <game@example.test>"
	deadline 72h
	observers *@example.test
	EOC
}

# mk ID "OPTIONS" A B: a game by mail between A and B (A first).
mk () {
	# shellcheck disable=SC2086 # the options are words
	"$CARCPBEM" new -c host.conf --id "$1" $2 --key "$3=$3.pub" --key "$4=$4.pub" \
		--address "$3=$3@example.test" --address "$4=$4@example.test" "$3" "$4" >/dev/null
}

# play_in GAME PLAYER: PLAYER's first legal placement and pass, by mail.
play_in () {
	"$CARCPBEM" view "spool/games/$1" --player "$2" -o "v-$2.json" &&
	"$CARCPBEM" move "v-$2.json" "$("$CARCPBEM" legal "v-$2.json" | grep -m1 "^place")" \
		pass --key "$2.key" >"t-$1" &&
	mail_from "$2@example.test" "[carcassonne $1] my turn" "t-$1" >"m-$1" &&
	deliver "m-$1" && "$CARCPBEM" run --once -c host.conf -q
}

# agree: the index says what the games say (status --json both ways).
agree () {
	"$CARCPBEM" status -c host.conf --json >idx.json &&
	"$CARCPBEM" status -c host.conf --json --scan >scan.json &&
	test_cmp scan.json idx.json
}

# waiting ADDRESS: the games waiting on ADDRESS, by id, one a line.
waiting () {
	jq -r --arg a "$1" '.players[] | select(.address == $a) | .waiting[].game' idx.json
}

test_expect_success 'setup: games waiting, paused, over, ended, a seat the computer plays' '
	cd "$WORK" && mkdir start && cd start && st_setup &&
	mk g1 "--seed s1" alice bob &&
	mk g2 "--seed s2" carol alice && play_in g2 carol &&
	mk g3 "--seed s3" bob carol && "$CARCPBEM" admin -c host.conf g3 pause >/dev/null &&
	mk g4 "--seed s4" dave bob && "$CARCPBEM" admin -c host.conf g4 terminate >/dev/null &&
	mk g5 "--tiles BA/L" alice dave && play_in g5 alice &&
	jq -e .over spool/games/g5/state.json &&
	mk g6 "--seed s6" carol dave && "$CARCPBEM" admin -c host.conf g6 pause >/dev/null &&
	"$CARCPBEM" admin -c host.conf g6 kick carol >/dev/null
'

test_expect_success 'status: each player with the games waiting on them, then the totals' '
	cd "$WORK/start" &&
	"$CARCPBEM" status -c host.conf >out &&
	grep "^alice@example.test (alice): 2 of 2 games waiting$" out &&
	grep "^  g1  .* alice .* turn 1 .* place-tile .* since .*, due by Friday 17 November 2023 22:13 UTC$" out &&
	grep "^  g2  .* alice .* turn 2 .* place-tile " out &&
	grep "^bob@example.test (bob): 1 of 2 games waiting$" out &&
	grep "^  g3  .* bob .*, no deadline (paused)$" out &&
	grep "^carol@example.test (carol): 1 of 3 games waiting$" out &&
	grep "^  g6  .* carol .*(paused) (the computer plays)$" out &&
	grep "^dave@example.test (dave): 0 of 1 game waiting$" out &&
	! grep "g4\|g5" out &&
	grep "^Games: 6 (2 active, 2 paused, 1 over, 1 terminated)$" out
'

test_expect_success 'status --json: the same facts, parseable; the index equals the games' '
	cd "$WORK/start" && agree &&
	test "$(waiting alice@example.test | tr "\n" " ")" = "g1 g2 " &&
	jq -e ".games == {\"total\": 6, \"active\": 2, \"paused\": 2, \"over\": 1, \"terminated\": 1}" idx.json &&
	jq -e ".waiting == {\"alice@example.test\": 2, \"bob@example.test\": 1, \"carol@example.test\": 1, \"dave@example.test\": 0}" idx.json &&
	jq -e ".players[] | select(.name == \"carol\") | .waiting[0] | .game == \"g6\" and .bot and .paused and .deadline == null" idx.json &&
	jq -e ".players[0].waiting[0] | .deadline == \"2023-11-17T22:13:20Z\" and .seat == 1 and .decision == \"place-tile\"" idx.json
'

test_expect_success 'status PLAYER: one player, by address or seat name, any case' '
	cd "$WORK/start" &&
	"$CARCPBEM" status -c host.conf Bob@Example.TEST >out &&
	grep "^bob@example.test" out && ! grep "^alice\|^carol\|^dave" out &&
	"$CARCPBEM" status -c host.conf --json CAROL >c.json &&
	test "$(jq -r "[.players[].name] | join(\",\")" c.json)" = carol &&
	"$CARCPBEM" status -c host.conf nobody@example.test >out &&
	grep "^Games: 6" out && ! grep "example.test" out &&
	test_must_fail "$CARCPBEM" status -c host.conf alice bob 2>err &&
	grep "at most one player" err &&
	test_must_fail "$CARCPBEM" status --spool nowhere 2>err &&
	grep "there is no spool nowhere" err
'

test_expect_success 'issue 21 (low): a config without spool: the spool beside it, from any directory; ./spool kept with a warning' '
	cd "$WORK" && rm -rf cfg && mkdir -p cfg/etc cfg/elsewhere &&
	cp -r start/spool cfg/etc/spool &&
	printf "from \"Carcassonne <game@example.test>\"\n" >cfg/etc/host.conf &&
	(cd cfg/elsewhere && "$CARCPBEM" status -c ../etc/host.conf >out 2>err) &&
	grep "^alice@example.test (alice): " cfg/elsewhere/out && test ! -s cfg/elsewhere/err &&
	mv cfg/etc/spool cfg/elsewhere/spool &&
	(cd cfg/elsewhere && "$CARCPBEM" status -c ../etc/host.conf >out 2>err) &&
	grep "^alice@example.test (alice): " cfg/elsewhere/out &&
	grep "^carcpbem: warning: ../etc/host.conf names no spool, so its spool is .*/etc/spool, beside it, which does not exist; the spool of the working directory, ./spool, is used" cfg/elsewhere/err
'

test_expect_success 'status reads the index only: the games are not read' '
	cd "$WORK/start" && "$CARCPBEM" status -c host.conf --json >want.json &&
	cp -r spool/games games.keep &&
	for g in spool/games/*; do
		echo "{broken" >"$g/state.json" && echo "{broken" >"$g/meta.json" || return 1
	done &&
	"$CARCPBEM" status -c host.conf --json >got.json &&
	rm -r spool/games && mv games.keep spool/games &&
	test_cmp want.json got.json
'

test_expect_success 'LIST answers from the index' '
	cd "$WORK/start" &&
	printf "LIST\n" >l1 && mail_from alice@example.test "LIST" l1 >l.eml && deliver l.eml &&
	"$CARCPBEM" run --once -c host.conf -q &&
	a=$(grep -l "your games" spool/outbox/*.eml | tail -n 1) &&
	grep "g1 .*turn 1 .*alice.s decision (yours)" "$a" &&
	grep "g2 .*turn 2 .*alice.s decision (yours)" "$a" &&
	grep "g5 .*over" "$a" && ! grep "g3\|g4\|g6" "$a" &&
	cp spool/games.index keep &&
	printf "g3\tactive\t7\t0\tplace-tile\t0\t0\t-\tzed\tzed@example.test\tcarol\t-\n" >>spool/games.index &&
	mail_from zed@example.test "LIST" l1 >z.eml && deliver z.eml &&
	"$CARCPBEM" run --once -c host.conf -q &&
	z=$(grep -l "^To: zed@example.test" spool/outbox/*.eml | tail -n 1) &&
	grep "g3 .*turn 7 .*zed.s decision (yours)" "$z" &&
	cp keep spool/games.index
'

test_expect_success 'the index rebuilt when missing, corrupt, or a writer died' '
	cd "$WORK/start" && agree && cp idx.json want.json &&
	rm spool/games.index && agree && test_cmp want.json idx.json &&
	test -f spool/games.index &&
	printf "garbage\n" >spool/games.index && agree && test_cmp want.json idx.json &&
	printf "g1\tover\t9\t-1\tgame-over\t0\t0\t-\tx\t-\ty\t-\n" >>spool/games.index &&
	: >spool/writers/w-dead &&
	agree && test_cmp want.json idx.json && test ! -e spool/writers/w-dead
'

test_expect_success 'a change appends one line; a grown log is compacted' '
	cd "$WORK/start" && agree &&
	a=$(wc -l <spool/games.index) && play_in g1 alice &&
	test "$(wc -l <spool/games.index)" = $((a + 1)) && agree &&
	test "$(grep -c "^g1	" spool/games.index)" = 2 &&
	t=$(wc -c <spool/timers) && n=$(wc -l <spool/timers) &&
	CARCPBEM_NOW=1700003600 "$CARCPBEM" admin -c host.conf g2 extend 1 >/dev/null &&
	test "$(wc -l <spool/timers)" = $((n + 1)) &&
	test "$(wc -c <spool/timers)" -lt $((t + 40)) &&
	i=0 && while test $i -lt 2000; do
		printf "g1\tover\t9\t-1\tgame-over\t0\t0\t-\tx\t-\ty\t-\n" || return 1
		i=$((i + 1))
	done >>spool/games.index &&
	play_in g1 bob && test "$(grep -c "^g1	" spool/games.index)" = 1 &&
	test "$(wc -l <spool/games.index)" = 7 && agree &&
	want=$(awk "\$1 == \"g2\" { t = \$2 } END { print t }" spool/timers) &&
	awk "BEGIN { for (i = 0; i < 15000; i++) print \"g2 1\" }" >>spool/timers &&
	echo "g2 $want" >>spool/timers &&
	CARCPBEM_NOW=1700003600 "$CARCPBEM" admin -c host.conf g1 extend 1 >/dev/null &&
	test "$(grep -c "^g2 " spool/timers)" = 1 && grep "^g2 $want$" spool/timers
'

# crash_check: after a kill and a clean run, status and the players'
# index answer as the games do.
players_want () {
	for g in spool/games/*/; do
		jq -r --arg g "$(basename "$g")" ".secret.addresses[] | \"\(ascii_downcase)\t\(\$g)\"" \
			"$g/state.json" &&
		if test -f "$g/meta.json"; then
			jq -r --arg g "$(basename "$g")" "(.observers // [])[] | \"\(ascii_downcase)\t\(\$g)\"" \
				"$g/meta.json"
		fi || return 1
	done | LC_ALL=C sort
}
crash_check () {
	printf "hi\n" >hi.txt && mail_from alice@example.test hi hi.txt >hi.eml &&
	deliver hi.eml "$(date +%s%N).hi" && "$CARCPBEM" run --once -c host.conf -q &&
	tail -n +2 spool/players.index >got.players && players_want >want.players &&
	test_cmp want.players got.players && agree &&
	test -z "$(ls spool/writers)"
}

# kill_run WHAT: a turn or a confirmed OBSERVE mailed, an admin replace or a new game,
# with the environment given.
kill_run () {
	case $1 in
	replace) "$CARCPBEM" admin -c host.conf g3 replace bob "$WORK/erin.pub" \
			erin@example.test >/dev/null ;;
	new) "$CARCPBEM" new -c host.conf --id g7 --seed s7 --key carol=carol.pub \
			--key dave=dave.pub --address carol=carol@example.test \
			--address dave=dave@example.test carol dave >/dev/null ;;
	*) deliver "$WORK/$1.eml" && "$CARCPBEM" run --once -c host.conf -q ;;
	esac
}

test_expect_success 'killed at every crash point of a turn, OBSERVE, replace, new: the indexes agree' '
	cd "$WORK" && rm -rf c && cp -r start c && cd c && rm -f spool/games.index && agree &&
	play_in g1 bob 2>/dev/null; cp -r "$WORK/c" "$WORK/cs" &&
	turn_of () { "$CARCPBEM" view spool/games/g2 --player alice -o va.json &&
		"$CARCPBEM" move va.json "$("$CARCPBEM" legal va.json | grep -m1 "^place")" \
			pass --key alice.key >ta && mail_from alice@example.test "[carcassonne g2] t" ta; } &&
	turn_of >"$WORK/turn.eml" &&
	printf "OBSERVE g1 %s\n" "$(observe_code olga@example.test g1)" >o &&
	mail_from olga@example.test "confirmed" o >"$WORK/obs.eml" &&
	"$CARCPBEM" keygen erin >/dev/null 2>&1 && cp erin.pub "$WORK/erin.pub" &&
	for what in turn obs replace new; do
		rm -rf "$WORK/w" && cp -r "$WORK/cs" "$WORK/w" &&
		(cd "$WORK/w" && CARCPBEM_CRASH_LOG=$WORK/p.$what && export CARCPBEM_CRASH_LOG &&
			kill_run $what) || return 1
	done &&
	grep "games index line added" "$WORK/p.turn" && grep "games index line added" "$WORK/p.new" &&
	grep "players index dropped" "$WORK/p.obs" && grep "players index dropped" "$WORK/p.replace" &&
	for what in turn obs replace new; do
		n=$(wc -l <"$WORK/p.$what") && i=1 &&
		while test $i -le "$n"; do
			rm -rf "$WORK/w" && cp -r "$WORK/cs" "$WORK/w" && (
				cd "$WORK/w" &&
				{ (export CARCPBEM_CRASH_AT=$i && kill_run $what 2>/dev/null); test $? = 137; } &&
				"$CARCPBEM" run --once -c host.conf -q && crash_check
			) || {
				echo "$what killed at point $i ($(sed -n "${i}p" "$WORK/p.$what"))"
				return 1
			}
			i=$((i + 1))
		done
	done
'

test_done

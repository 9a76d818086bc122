#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# carcpbem bot --player greedy holds a seat of a game by mail: the host's
# notices for bob go to the bot's inbox, the bot answers from the view
# they carry, its answers go to the host's inbox; alice plays by hand
# (the first placement and pass). The game runs to its end.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

TILES=BA/CFc.1,BA/CFc+,BA/L,BA/Rr,BA/RRR,BA/CRr,BA/RCr,BA/Rr,BA/L,BA/CFC.2

# A short game g1 (the tiles above) and the bot's own spool and config.
setup () {
	host_setup && rm -rf spool/games/g1 spool/outbox spool/queue &&
	"$CARCPBEM" new -c host.conf --id g1 --tiles "$TILES" \
		--key alice=alice.pub --key bob=bob.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		alice bob >new.out &&
	printf "spool bot\nfrom bob@example.test\n" >bot.conf &&
	mkdir -p bot/inbox/new bot/inbox/cur bot/inbox/tmp seen
}

# route: each new mail of the host's outbox to bob into the bot's inbox;
# each new answer of the bot into the host's inbox.
route () {
	for m in spool/outbox/*.eml bot/outbox/*.eml; do
		test -f "$m" || continue
		k=seen/$(echo "$m" | tr / _)
		test -f "$k" && continue
		touch "$k"
		case $m in
		spool/*) grep -q "^To: .*bob@example.test" "$m" || continue
			cp "$m" "bot/inbox/tmp/${m##*/}" &&
			mv "bot/inbox/tmp/${m##*/}" "bot/inbox/new/${m##*/}" ;;
		bot/*) deliver "$m" ;;
		esac
	done
}

# over: the game has ended.
over () {
	"$CARCPBEM" show spool/games/g1 | grep -q "^Final scores"
}

# round: the host, the bot (greedy, seeded) and alice once each.
round () {
	route && "$CARCPBEM" bot --once -q -c bot.conf --key bob.key \
		--player greedy --seed bot 2>>bot.err && route &&
	"$CARCPBEM" run --once -c host.conf -q && route &&
	if ! over && "$CARCPBEM" show spool/games/g1 | grep -q "alice (A) to"; then
		play alice && route
	fi
}

test_expect_success 'the greedy bot plays its seat by mail to the end' '
	cd "$WORK" && setup &&
	n=0 &&
	while ! over; do
		n=$((n + 1)) && test $n -le 30 && round || return 1
	done &&
	test ! -s bot.err &&
	"$CARCPBEM" show spool/games/g1 >final &&
	grep "^Final scores: alice [0-9]*, bob [0-9]*$" final &&
	test "$(ls bot/inbox/cur | wc -l)" -ge 5 &&
	test "$(ls bot/outbox/*.eml | wc -l)" -ge 5
'

test_expect_success 'every turn of bob was signed by the bot and replays' '
	cd "$WORK" &&
	grep -c "\"player\":\"bob\"" spool/games/g1/history.jsonl >n &&
	test "$(cat n)" -ge 5 &&
	"$CARCPBEM" export spool/games/g1 -o archive.json >/dev/null &&
	"$CARCPBEM" replay archive.json >replay &&
	grep "every signature and hash checks" replay &&
	grep "Final scores: alice [0-9]*, bob [0-9]*$" replay
'

test_expect_success 'bot takes --player, --think and --playouts, and refuses bad ones' '
	cd "$WORK" &&
	"$CARCPBEM" bot --help >help &&
	grep -- "--player KIND" help && grep -- "--think DURATION" help &&
	grep -- "--playouts N" help &&
	expect_code 2 "$CARCPBEM" bot -c bot.conf --key bob.key --player smart 2>err &&
	grep "random, greedy or mcts" err &&
	expect_code 2 "$CARCPBEM" bot -c bot.conf --key bob.key --playouts 0 2>err &&
	grep "playouts 0" err
'

test_done

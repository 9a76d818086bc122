# Shell functions for the tests of several carcpbem on one spool or one
# mailbox (t3430, t3435; sourced after tests/lib.sh and mailtest.sh):
# many games, several rounds of signed turns made ahead in a shadow copy
# of the spool, a few verbs and bad mails, and the checks that a spool
# ends as a reference one that took the same mails one run at a time.

# concur_games N: keys for alice and bob, host.conf (png off, so
# that the passes are quick) and games c1..cN in spool/, their start mailed
# to the outbox.
concur_games () {
	"$CARCPBEM" keygen alice >/dev/null 2>&1 &&
	"$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	printf 'spool spool\nfrom "Carcassonne <game@example.test>"\npng no\n' >host.conf &&
	for g in $(seq 1 "$1"); do
		"$CARCPBEM" new -c host.conf --id "c$g" --seed "concur-$g" \
			--key alice=alice.pub --key bob=bob.pub \
			--address alice=alice@example.test \
			--address bob=bob@example.test alice bob >/dev/null || return 1
	done
}

# concur_turns N ROUNDS DIR: ROUNDS rounds of turns of games c1..cN, made
# in a copy of spool/ (alice moves in odd rounds, bob in even ones), as
# mail files DIR/rR-cG.eml; then the extra mails (DIR/x-*.eml): a second
# copy of c2's first turn, a turn of c3 its signature does not sign, HELP,
# STATUS c4, and a mail with neither turn nor verb.
concur_turns () {
	rm -rf shadow && cp -a spool shadow && mkdir -p "$3" &&
	for r in $(seq 1 "$2"); do
		if test $((r % 2)) = 1; then p=alice; else p=bob; fi
		for g in $(seq 1 "$1"); do
			"$CARCPBEM" view "shadow/games/c$g" --player "$p" -o v.json &&
			a=$("$CARCPBEM" legal v.json | grep -m1 "^place") &&
			"$CARCPBEM" move v.json "$a" pass --key "$p.key" >t &&
			"$CARCPBEM" apply --no-mail "shadow/games/c$g" t >/dev/null &&
			mail_from "$p@example.test" "[carcassonne c$g] turn $r" t \
				>"$3/r$r-c$g.eml" || return 1
			if test "$r$g" = 13; then
				sed "s/^Turn: 1\$/Turn: 3/" t >tm &&
				mail_from alice@example.test "[carcassonne c3] turn" tm \
					>"$3/x-forged.eml" || return 1
			fi
		done
	done &&
	cp "$3/r1-c2.eml" "$3/x-again.eml" &&
	printf "HELP\n" >b && mail_from bob@example.test "help" b >"$3/x-help.eml" &&
	printf "STATUS c4\n" >b && mail_from alice@example.test "status" b >"$3/x-status.eml" &&
	printf "Hello, is this the game?\n" >b &&
	mail_from carol@example.test "hello" b >"$3/x-hello.eml"
}

# concur_deliver DIR ROUND SPOOL: round ROUND's mails (and after round 1
# the extra ones) into SPOOL/inbox/new, named so that they sort in the
# order they were made.
concur_deliver () {
	for m in "$1"/r"$2"-c*.eml; do
		g=${m##*-c} && g=${g%.eml} &&
		n=$(printf '1700000000.M%02d%03dP1.test' "$2" "$g") &&
		cp "$m" "$3/inbox/tmp/$n" && mv "$3/inbox/tmp/$n" "$3/inbox/new/$n" ||
			return 1
	done &&
	if test "$2" = 1; then
		for x in again forged help status hello; do
			n=1700000000.M01999P1.$x &&
			cp "$1/x-$x.eml" "$3/inbox/tmp/$n" &&
			mv "$3/inbox/tmp/$n" "$3/inbox/new/$n" || return 1
		done
	fi
}

# concur_done SPOOL: nothing waits in SPOOL's inbox or queue.
concur_done () {
	test -z "$(ls "$1/inbox/new")" && ! ls "$1"/queue/*.env >/dev/null 2>&1
}

# concur_same REF SPOOL N: SPOOL (games c1..cN) ends as REF: each game's
# history and state byte for byte, the same mails in the outbox (names and
# contents), every message of the inbox done once, nothing queued or
# failed; replay passes on every game.
concur_same () {
	for g in $(seq 1 "$3"); do
		for f in history.jsonl state.json; do
			cmp "$1/games/c$g/$f" "$2/games/c$g/$f" || return 1
		done
		"$CARCPBEM" replay "$2/games/c$g" >/dev/null || return 1
	done &&
	(cd "$1/outbox" && ls) >want.out && (cd "$2/outbox" && ls) >got.out &&
	test_cmp want.out got.out &&
	for m in "$1"/outbox/*; do
		cmp "$m" "$2/outbox/${m##*/}" || return 1
	done &&
	(cd "$1/inbox" && ls new cur) >want.in && (cd "$2/inbox" && ls new cur) >got.in &&
	test_cmp want.in got.in &&
	concur_done "$2" && ! ls "$2"/queue/failed/* >/dev/null 2>&1
}

# concur_cron CONF STOP: run --once -q -c CONF (as from cron) every 0.1 s
# until the file STOP exists (at most 3000 times); exit codes appended
# to codes, stderr to err.cron.I (empty when another run held the spool:
# quiet under -q).
concur_cron () {
	i=0 && while ! test -f "$2" && test $i -lt 3000; do
		i=$((i + 1))
		timeout 120 "$CARCPBEM" run --once -q -c "$1" 2>"err.cron.$i"
		echo $? >>codes
		sleep 0.1
	done
}

# concur_daemon N: carcpbem daemon -f -c host.conf in the background (10
# minutes at most), its log daemon.N.log, its exit code in daemon.N.rc.
concur_daemon () {
	{ timeout 600 "$CARCPBEM" daemon -f -c host.conf 2>"daemon.$1.log"
	  echo $? >"daemon.$1.rc"; } &
}

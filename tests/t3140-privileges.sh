#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Least privilege: run and daemon refuse root unless the config names an
# unprivileged user, and then drop to it for good before they touch the
# spool: the lock, the log and the pid file are the user's (carcpbem.conf(5),
# user).
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

if test "$(id -u)" != 0; then
	skip_all "not root: the refusal of root and the switch to a user need root"
fi
if ! id nobody >/dev/null 2>&1; then
	skip_all "no user nobody to switch to"
fi
unset CARCPBEM_ALLOW_ROOT

# nobody must reach the program and the spool: both go into a directory
# under /tmp open to all (the build tree may be under a closed /root).
PRIV=$(mktemp -d "${TMPDIR:-/tmp}/carcpbem-priv.XXXXXX") || exit 1
trap 'rm -rf "$PRIV"' EXIT
chmod 755 "$PRIV" && cp "$CARCPBEM" "$PRIV/carcpbem" || exit 1
CARCPBEM=$PRIV/carcpbem
if ! setpriv --reuid=nobody --regid=nogroup --clear-groups test -x "$CARCPBEM" 2>/dev/null
then
	skip_all "user nobody cannot run $CARCPBEM (setpriv missing, or $PRIV closed)"
fi

# here: a fresh directory under PRIV to work in (cd into it).
here () {
	here_=$(mktemp -d "$PRIV/t.XXXXXX") && chmod 755 "$here_" && cd "$here_"
}

# conf [USER]: host.conf with the spool here, run by USER.
conf () {
	printf 'spool spool\nfrom "Carcassonne <game@example.test>"\n' >host.conf &&
	if test $# -gt 0; then printf 'user %s\n' "$1" >>host.conf; fi
}

test_expect_success 'run as root without a user is refused, and makes nothing' '
	here && conf &&
	expect_code 1 "$CARCPBEM" run --once -c host.conf 2>err &&
	grep "refusing to run as root: name the unprivileged user to run as in the config (user carcpbem" err &&
	test ! -e spool &&
	expect_code 1 "$CARCPBEM" daemon -f -c host.conf 2>err &&
	grep "refusing to run as root" err &&
	expect_code 1 "$CARCPBEM" run -n -c host.conf 2>err &&
	grep "refusing to run as root" err
'

test_expect_success 'CARCPBEM_ALLOW_ROOT=yes keeps root on purpose' '
	here && conf &&
	CARCPBEM_ALLOW_ROOT=yes "$CARCPBEM" run --once -q -c host.conf &&
	test "$(stat -c %U spool/lock)" = root
'

test_expect_success 'user root, a user that does not exist, a bad name: refused' '
	here && conf root &&
	expect_code 1 "$CARCPBEM" run --once -c host.conf 2>err &&
	grep "user root has uid or gid 0: name an unprivileged user" err &&
	conf no-such-user-here &&
	expect_code 1 "$CARCPBEM" run --once -c host.conf 2>err &&
	grep "user no-such-user-here: no such user: create it (useradd --system no-such-user-here)" err &&
	expect_code 1 "$CARCPBEM" run -n -c host.conf 2>err &&
	grep "no such user" err &&
	conf "\"no body\"" &&
	expect_code 1 "$CARCPBEM" run --once -c host.conf 2>err &&
	grep "is not a user name" err
'

test_expect_success 'run --once switches to the user: what it makes is theirs' '
	here && conf nobody &&
	mkdir -m 700 spool && chown nobody spool &&
	"$CARCPBEM" run -n -c host.conf &&
	"$CARCPBEM" run --once -q -c host.conf &&
	test "$(stat -c %U spool/lock)" = nobody &&
	test "$(stat -c %U spool/inbox/new)" = nobody
'

test_expect_success 'a spool the user cannot write is refused with the fix' '
	here && conf nobody &&
	mkdir -m 700 spool &&
	expect_code 1 "$CARCPBEM" run -n -c host.conf 2>err &&
	grep "user nobody cannot write .*spool: Permission denied" err &&
	expect_code 1 "$CARCPBEM" run --once -c host.conf 2>err &&
	grep "user nobody cannot write .*spool: Permission denied: run chown -R nobody .*spool" err
'

test_expect_success 'the daemon runs as the user: uid, gid and groups, for good' '
	here && conf nobody &&
	mkdir -m 700 spool && chown nobody spool &&
	printf "poll 1s\n" >>host.conf || return 1
	"$CARCPBEM" daemon -f -c host.conf 2>daemon.err &
	pid=$!
	for i in $(seq 100); do
		test -s spool/carcpbem.pid && break
		sleep 0.1
	done &&
	grep "^Uid:" /proc/$pid/status >uid &&
	grep "^Gid:" /proc/$pid/status >gid &&
	grep "^Groups:" /proc/$pid/status >groups &&
	stat -c %U spool/carcpbem.pid spool/lock >owners &&
	kill $pid && { wait $pid; echo $? >rc; } &&
	cat uid gid groups rc &&
	test "$(cat uid)" = "$(printf "Uid:\t65534\t65534\t65534\t65534")" &&
	test "$(cut -f2- gid | tr "\t" "\n" | sort -u)" = "$(id -g nobody)" &&
	test "$(cut -f2- groups | tr " " "\n" | grep -c "^0$")" = 0 &&
	test "$(sort -u owners)" = nobody
'

test_expect_success 'started as the user, run needs no user setting' '
	here && conf &&
	mkdir -m 700 spool && chown nobody spool && chmod 755 . &&
	chown nobody host.conf &&
	setpriv --reuid=nobody --regid=nogroup --clear-groups \
		"$CARCPBEM" run --once -q -c host.conf &&
	test "$(stat -c %U spool/lock)" = nobody
'

# game_setup: keys for alice and bob, readable by the user.
game_setup () {
	"$CARCPBEM" keygen alice >/dev/null 2>&1 &&
	"$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	chmod 644 alice.pub bob.pub
}

# new_game: game g1 by mail in the config's spool.
new_game () {
	"$CARCPBEM" new -c host.conf --id g1 --seed priv \
		--key alice=alice.pub --key bob=bob.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		alice bob
}

test_expect_success 'new -c and apply as root without a user are refused, and make nothing' '
	here && conf && game_setup &&
	expect_code 1 new_game 2>err &&
	grep "refusing to run as root: name the unprivileged user to run as in the config (user carcpbem" err &&
	test ! -e spool &&
	CARCPBEM_ALLOW_ROOT=yes new_game >/dev/null &&
	records_before=$(wc -l <spool/games/g1/history.jsonl) &&
	turn_text alice >turn &&
	expect_code 1 "$CARCPBEM" apply -c host.conf spool/games/g1 turn 2>err &&
	grep "refusing to run as root" err &&
	test "$(wc -l <spool/games/g1/history.jsonl)" = "$records_before"
'

test_expect_success 'issue 21 (low): status as root without a user reads the games and writes nothing' '
	here && conf && game_setup &&
	CARCPBEM_ALLOW_ROOT=yes new_game >/dev/null &&
	rm -f spool/games.index && find spool | sort >before &&
	"$CARCPBEM" status -c host.conf >out 2>err &&
	grep "^alice@example.test (alice): 1 of 1 game waiting$" out &&
	"$CARCPBEM" status -c host.conf --json >out &&
	find spool | sort >after && test_cmp before after &&
	expect_code 1 "$CARCPBEM" admin -c host.conf g1 pause 2>err &&
	grep "refusing to run as root" err
'

test_expect_success 'new -c as root makes the game the user'"'"'s, run and apply -c play it as the user' '
	here && conf nobody && game_setup &&
	mkdir -m 700 spool && chown nobody spool &&
	new_game >new.out &&
	test -d spool/games/g1 &&
	test "$(find spool ! -user nobody | wc -l)" = 0 &&
	"$CARCPBEM" run --once -q -c host.conf &&
	records_before=$(wc -l <spool/games/g1/history.jsonl) &&
	play alice &&
	test "$(wc -l <spool/games/g1/history.jsonl)" = $((records_before + 1)) &&
	test "$(find spool/games ! -user nobody | wc -l)" = 0 &&
	records_before=$(wc -l <spool/games/g1/history.jsonl) &&
	turn_text bob >turn-bob2 &&
	"$CARCPBEM" apply -c host.conf spool/games/g1 turn-bob2 >out &&
	test "$(wc -l <spool/games/g1/history.jsonl)" = $((records_before + 1)) &&
	test "$(find spool/games spool/queue ! -user nobody | wc -l)" = 0
'

test_done

#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# A queued mail leaves the queue in two steps, its envelope (.env) first
# and then its message (.eml): a kill between them leaves a message alone
# in the queue (issue 22.13). It is no queued mail, so nothing sends it
# again, and the cleaning that looks for a killed run's files every 10
# minutes removes it.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

T=$(date +%s)

test_expect_success 'setup: a game, its start mailed' '
	cd "$WORK" &&
	host_setup &&
	CARCPBEM_NOW=$T "$CARCPBEM" run --once -c host.conf -q &&
	test "$(ls spool/queue | grep -c "\.e[mn][lv]$")" = 0
'

# The state a kill between the two unlinks leaves: killed once the sink
# took the mail, with its envelope removed as the first unlink does (a
# crash point there would make every crash-point test differ from an
# unkilled pass until the cleaning).
test_expect_success 'issue 22.13: killed between the two unlinks of a dequeue: a stray message' '
	cd "$WORK" &&
	printf "hello\n" >body && mail_from carol@example.test "hi" body >m1 &&
	cp -r spool spool.before &&
	deliver m1 m1 &&
	CARCPBEM_CRASH_LOG=$WORK/points CARCPBEM_NOW=$T \
		"$CARCPBEM" run --once -c host.conf -q &&
	i=$(grep -n "mail sent, still queued" points | head -n 1 | cut -d: -f1) &&
	test -n "$i" &&
	rm -rf spool && cp -r spool.before spool && deliver m1 m1 &&
	expect_code 137 env CARCPBEM_CRASH_AT="$i" CARCPBEM_NOW=$T \
		"$CARCPBEM" run --once -c host.conf -q 2>/dev/null &&
	stray=$(cd spool/queue && ls *.eml) &&
	test "$(echo "$stray" | wc -l)" = 1 &&
	rm "spool/queue/${stray%.eml}.env" &&
	test -f "spool/outbox/$stray" &&
	echo "$stray" >stray &&
	mkdir -p delivered && mv "spool/outbox/$stray" delivered/
'

test_expect_success 'issue 22.13: the next passes do not send it again' '
	cd "$WORK" &&
	stray=$(cat stray) &&
	CARCPBEM_NOW=$((T + 60)) "$CARCPBEM" run --once -c host.conf 2>err &&
	grep "0 mails sent, 0 waiting" err &&
	CARCPBEM_NOW=$((T + 120)) "$CARCPBEM" run --once --flush -c host.conf 2>err &&
	grep "0 mails sent, 0 waiting" err &&
	test ! -e "spool/outbox/$stray" &&
	test -f "spool/queue/$stray"
'

test_expect_success 'issue 22.13: the cleaning 10 minutes on removes it, and only it' '
	cd "$WORK" &&
	stray=$(cat stray) &&
	printf "queued\n" >spool/queue/fresh.eml &&
	touch -d @$((T + 900)) spool/queue/fresh.eml &&
	CARCPBEM_NOW=$((T + 1000)) "$CARCPBEM" run --once -c host.conf 2>err &&
	grep "removed 1 message a killed run left in the queue without an envelope" err &&
	test ! -e "spool/queue/$stray" &&
	test -f spool/queue/fresh.eml &&
	test ! -e "spool/outbox/$stray" &&
	test "$(ls spool/outbox | grep -c "${stray%.eml}")" = 0
'

test_done

#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# An SMTP server that accepts connections and never answers (issue
# 22.6): each queued mail used to wait the whole timeout, one after
# another, the spool locked. After the first server that cannot be
# reached or does not answer, a pass tries no other mail: they keep their
# place and their next try, and once a real server (OpenSMTPD,
# tests/mailstack.sh) answers, each is sent exactly once.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mailstack-lib.sh"

command -v python3 >/dev/null 2>&1 || skip_all "the silent server needs python3"
mailstack_start

unset CARCPBEM_CONFIG CARCPBEM_NOW
WORK=$TRASH_BASE/work
mkdir -p "$WORK"
MAILS=12

# silent_start: a server on 127.0.0.1 that accepts every connection and
# says nothing, for 300 s at most; its port in silent.port.
silent_start () {
	rm -f silent.port &&
	timeout 300 python3 -c '
import socket, sys
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(64)
with open("silent.port.tmp", "w") as f:
    f.write("%d\n" % s.getsockname()[1])
import os; os.rename("silent.port.tmp", "silent.port")
held = []
while True:
    held.append(s.accept()[0])
' &
	echo $! >silent.pid &&
	n=0 &&
	while ! test -s silent.port; do
		n=$((n + 1)) && test $n -le 100 || return 1
		sleep 0.1
	done
}

silent_stop () {
	test -f silent.pid && kill "$(cat silent.pid)" 2>/dev/null
	rm -f silent.pid
	return 0
}

# conf PORT: the host's config, mail out through 127.0.0.1:PORT, 3 s
# timeout.
conf () {
	cat >host.conf <<-EOC
	spool spool
	from game@$MAIL_DOMAIN
	outbox smtp
	smtp-url smtp://127.0.0.1:$1/game.example.test
	smtp-tls none
	timeout 3s
	EOC
}

# queue_mails N: N mails to alice queued as the host queues them
# (queue/NAME.eml, then its envelope queue/NAME.env, src/mail/queue.h).
queue_mails () {
	now=$(date +%s) &&
	mkdir -p spool/queue &&
	i=1 &&
	while test $i -le "$1"; do
		name=$(printf "t3212-%02d" $i) &&
		printf "From: game@%s\nTo: alice@%s\nSubject: mail %d\nMessage-ID: <%s@t3212.test>\nDate: Tue, 14 Nov 2023 22:13:20 +0000\n\nmail %d\n" \
			"$MAIL_DOMAIN" "$MAIL_DOMAIN" $i "$name" $i >"spool/queue/$name.eml" &&
		printf "{\"from\": \"game@%s\", \"to\": [\"alice@%s\"], \"queued\": %d, \"attempts\": 0, \"next\": 0, \"error\": \"\"}\n" \
			"$MAIL_DOMAIN" "$MAIL_DOMAIN" $((now + i)) >"spool/queue/$name.env" ||
			return 1
		i=$((i + 1))
	done
}

ids () {
	find "$(mailstack_maildir alice)" -type f \( -path '*/new/*' -o -path '*/cur/*' \) \
		-exec grep -ih '^Message-Id:' {} + | tr -d '\r' | sed 's/^[^<]*//'
}

test_expect_success 'issue 22.6: a server that never answers costs one timeout, not one a mail' '
	cd "$WORK" &&
	silent_start &&
	conf "$(cat silent.port)" &&
	"$CARCPBEM" run --once -c host.conf -q &&
	queue_mails $MAILS &&
	start=$(date +%s) &&
	test_must_fail "$CARCPBEM" run --once -c host.conf 2>err &&
	took=$(($(date +%s) - start)) &&
	cat err >&2 && echo "took ${took}s" >&2 &&
	test "$took" -lt 9 &&
	grep "$MAILS mails not sent ($MAILS kept for a later try, 0 failed for good)" err &&
	grep "SMTP server smtp://127.0.0.1:$(cat silent.port)/game.example.test cannot be reached" err &&
	grep -q "\"attempts\": *1" spool/queue/t3212-01.env &&
	test "$(grep -l "\"attempts\": *0" spool/queue/*.env | wc -l)" = $((MAILS - 1)) &&
	test "$(grep -l "\"next\": *0" spool/queue/*.env | wc -l)" = $((MAILS - 1))
'

test_expect_success 'issue 22.6: the next pass tries the next mail in line, again once' '
	cd "$WORK" &&
	start=$(date +%s) &&
	test_must_fail "$CARCPBEM" run --once -c host.conf 2>err &&
	test "$(($(date +%s) - start))" -lt 9 &&
	grep "$((MAILS - 1)) mails not sent" err &&
	grep -q "\"attempts\": *1" spool/queue/t3212-02.env &&
	test "$(grep -l "\"attempts\": *0" spool/queue/*.env | wc -l)" = $((MAILS - 2)) &&
	silent_stop
'

test_expect_success 'issue 22.6: the real server answers: every mail sent, each once' '
	cd "$WORK" &&
	conf "$SMTP_PORT" &&
	"$CARCPBEM" run --once -c host.conf 2>err &&
	grep "$((MAILS - 2)) mails sent, 2 waiting" err &&
	"$CARCPBEM" run --once --flush -c host.conf 2>err &&
	grep "2 mails sent, 0 waiting" err &&
	test "$(ls spool/queue | grep -c "\.e[mn][lv]$")" = 0 &&
	mailstack_wait_count $MAILS alice &&
	test "$(ids | grep -c "@t3212.test>")" = $MAILS &&
	test -z "$(ids | sort | uniq -d)"
'

silent_stop
test_done

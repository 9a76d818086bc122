#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# A month of a 5-player game by mail (tests/mail/month.sh), the mail loop
# (run --once) passing every 12 hours until the game is over.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

# at T: one pass at time T, its summary kept (mails sent are counted).
month_pass () {
	CARCPBEM_NOW=$1 "$CARCPBEM" run --once -c host.conf 2>>"$WORK/run.log"
}

# The mails the passes sent, by their summaries ("..., 5 mails sent, ...").
month_sent () {
	sed -n 's/.* \([0-9]*\) mails\{0,1\} sent,.*/\1/p' "$WORK/run.log" |
		awk '{ s += $1 } END { print s + 0 }'
}

month_time () { :; }
month_start () { :; }
month_stop () { :; }

. "$top_srcdir/tests/mail/month.sh"

test_done

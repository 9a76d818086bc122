#!/bin/sh
# IMAP fetching and SMTP sending (src/mail/imap.c, smtp.c) against real
# servers: a private Dovecot and OpenSMTPD on 127.0.0.1 (tests/mailstack.sh),
# with TLS and submission. The tests are the C program tests/mail/t-curl,
# whose TAP output is this script's; skipped where the servers cannot run
# (not root, not installed).
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mailstack-lib.sh"

T_CURL=$top_builddir/tests/mail/t-curl
test -x "$T_CURL" || test_bail_ "$T_CURL is not built (make check builds it)"

mailstack_start tls submission

T_CURL_WORK=$TRASH_BASE/work
export T_CURL_WORK
mkdir -p "$TRASH_BASE" || test_bail_ "cannot create $TRASH_BASE"
# Bounded even if a server hangs (each request has a 5 s timeout too).
if command -v timeout >/dev/null 2>&1; then
	timeout -k 5 60 "$T_CURL"
else
	"$T_CURL"
fi
status=$?
if test "$status" = 0 && test -z "${TEST_KEEP_TRASH-}"; then
	rm -rf "$TRASH_BASE"
fi
exit "$status"

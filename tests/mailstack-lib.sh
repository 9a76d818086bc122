# tests/mailstack-lib.sh: real mail servers for shell tests (source it
# after tests/lib.sh). See tests/mailstack.sh for the stack itself.
#
#	. "$top_srcdir/tests/lib.sh"
#	. "$top_srcdir/tests/mailstack-lib.sh"
#	mailstack_start            (or: mailstack_start tls submission)
#
#	test_expect_success 'mail to alice arrives' '
#		curl -sS "smtp://127.0.0.1:$SMTP_PORT/test.example" \
#			--mail-from game@$MAIL_DOMAIN --mail-rcpt alice@$MAIL_DOMAIN -T m.eml &&
#		mailstack_wait_mail alice 1
#	'
#	test_done
#
# mailstack_start [tls] [submission]
#	Skips the whole file (skip_all) when the servers cannot run here (not
#	root, dovecot or opensmtpd not installed, no unshare); else starts a
#	stack in $MAILSTACK_DIR = $TRASH_BASE.mail (next to the trash
#	directories, so that test_done can clean those while the stack runs)
#	on free ports of 127.0.0.1 between 20000 and 31999, and stops it when
#	the script exits (EXIT trap; the directory is removed when the script
#	exits 0, kept with the servers' logs otherwise). "tls" adds STARTTLS,
#	IMAPS and (with "submission") submissions with a self-signed
#	certificate; "submission" adds Dovecot's submission service (SMTP
#	AUTH). A stack that does not start is a "Bail out!".
#	It exports:
#	  IMAP_PORT LMTP_PORT SMTP_PORT   always
#	  SUBMISSION_PORT                 with submission ("" without)
#	  IMAPS_PORT SUBMISSIONS_PORT     with tls
#	  MAIL_TLS (yes/no) MAIL_DOMAIN (example.test) MAIL_PASSWORD (secret)
#	  MAIL_USERS ("game alice bob carol dave"; set it before to change)
#	  MAILSTACK_DIR  MAILSTACK_SH (the path of tests/mailstack.sh)
#	  MAILSTACK_CAFILE ($MAILSTACK_DIR/tls/cert.pem with tls, else "")
#	Users log in as USER@example.test with password secret; USER's mail
#	is in $MAILSTACK_DIR/mail/example.test/USER/Maildir/ (owned by the
#	user mail).
# mailstack_maildir USER
#	Prints the server-side Maildir of USER.
# mailstack_count USER...
#	How many messages the USERs' server mailboxes hold, every folder.
# mailstack_wait_count N USER...
#	Waits until the USERs' mailboxes hold N messages in all.
# mailstack_wait_mail USER N [SECONDS]
#	Waits until USER's server Maildir holds at least N messages (new/ and
#	cur/): delivery after SMTP is asynchronous.
# mailstack_wait_file FILE PATTERN
#	Waits until FILE has a line matching PATTERN.
# mailstack_wait_delivered
#	Waits until OpenSMTPD's queue is empty: every mail it accepted before
#	is in the server's mailboxes (or was bounced) by then.
#	The waits poll a condition until a deadline of MAILSTACK_WAIT_SECONDS
#	(60 unless set) of wall-clock time: generous, as a loaded machine
#	delivers late, while a mail that never comes still fails the test.
# MAIL_TIMEOUT
#	The network timeout for carcpbem configs of these tests ("timeout
#	$MAIL_TIMEOUT"): 60s, far above what the local servers need even on
#	a loaded machine; a server that is down refuses at once anyway.
# mailstack_stop_smtp, mailstack_start_smtp
#	Takes OpenSMTPD down, and brings it back on the same port.
# mailstack_stop
#	Stops the stack now (the EXIT trap then has nothing left to do).

mailstack_users_default_='game alice bob carol dave'
MAILSTACK_WAIT_SECONDS=${MAILSTACK_WAIT_SECONDS:-60}
MAIL_TIMEOUT=60s
# the servers' own start and stop (tests/mailstack.sh), as generous
MAILSTACK_WAIT=${MAILSTACK_WAIT:-30}
export MAILSTACK_WAIT

mailstack_start () {
	mailstack_tls_=no
	mailstack_sub_=
	for mailstack_opt_ in "$@"; do
		case $mailstack_opt_ in
		tls) mailstack_tls_=yes ;;
		submission) mailstack_sub_=yes ;;
		*) test_bail_ "mailstack_start: unknown option $mailstack_opt_" ;;
		esac
	done
	MAILSTACK_SH=$top_srcdir/tests/mailstack.sh
	if ! command -v bash >/dev/null 2>&1; then
		skip_all "the mail stack needs bash"
	fi
	if test -n "$mailstack_sub_"; then
		mailstack_why_=$(SUBMISSION_PORT=1 bash "$MAILSTACK_SH" check) ||
			skip_all "no mail servers: $mailstack_why_"
	else
		mailstack_why_=$(bash "$MAILSTACK_SH" check) ||
			skip_all "no mail servers: $mailstack_why_"
	fi
	MAILSTACK_DIR=$TRASH_BASE.mail
	MAIL_USERS=${MAIL_USERS:-$mailstack_users_default_}
	MAIL_DOMAIN=example.test
	MAIL_PASSWORD=secret
	MAIL_TLS=$mailstack_tls_
	export MAILSTACK_DIR MAILSTACK_SH MAIL_USERS MAIL_DOMAIN MAIL_PASSWORD MAIL_TLS
	trap 'mailstack_exit_ $?' EXIT
	trap 'exit 129' HUP
	trap 'exit 130' INT
	trap 'exit 143' TERM

	# Blocks of 8 ports, the first one derived from the pid; a block in
	# use (another test's stack) makes mailstack.sh exit 2: try another.
	mailstack_try_=0
	while :; do
		mailstack_base_=$((20000 + (($$ + mailstack_try_ * 397) % 1500) * 8))
		IMAP_PORT=$mailstack_base_
		LMTP_PORT=$((mailstack_base_ + 1))
		SMTP_PORT=$((mailstack_base_ + 2))
		SUBMISSION_PORT=
		test -n "$mailstack_sub_" && SUBMISSION_PORT=$((mailstack_base_ + 3))
		IMAPS_PORT=$((mailstack_base_ + 4))
		SUBMISSIONS_PORT=$((mailstack_base_ + 5))
		export IMAP_PORT LMTP_PORT SMTP_PORT SUBMISSION_PORT IMAPS_PORT SUBMISSIONS_PORT
		rm -rf "$MAILSTACK_DIR"
		mkdir -p "$MAILSTACK_DIR" || test_bail_ "cannot create $MAILSTACK_DIR"
		bash "$MAILSTACK_SH" start "$MAILSTACK_DIR" 2>"$TRASH_BASE.mailstack-start.log"
		mailstack_rc_=$?
		cat "$TRASH_BASE.mailstack-start.log" >&2
		test "$mailstack_rc_" = 0 && break
		mailstack_try_=$((mailstack_try_ + 1))
		if test "$mailstack_rc_" != 2 || test "$mailstack_try_" -ge 8; then
			sed 's/^/# /' "$TRASH_BASE.mailstack-start.log"
			test_bail_ "the mail stack did not start (see $MAILSTACK_DIR/log)"
		fi
	done
	rm -f "$TRASH_BASE.mailstack-start.log"
	if test "$MAIL_TLS" = yes; then
		MAILSTACK_CAFILE=$MAILSTACK_DIR/tls/cert.pem
	else
		MAILSTACK_CAFILE=
		IMAPS_PORT=
		SUBMISSIONS_PORT=
	fi
	test -n "$mailstack_sub_" || SUBMISSIONS_PORT=
	export MAILSTACK_CAFILE IMAPS_PORT SUBMISSIONS_PORT
	mailstack_running_=yes
}

mailstack_stop () {
	test "${mailstack_running_-}" = yes || return 0
	bash "$MAILSTACK_SH" stop "$MAILSTACK_DIR"
	mailstack_running_=
}

mailstack_exit_ () {
	mailstack_stop >&2
	if test "$1" = 0 && test -z "${TEST_KEEP_TRASH-}"; then
		rm -rf "$MAILSTACK_DIR"
	elif test -d "$MAILSTACK_DIR"; then
		echo "# the mail stack's files and logs are kept in $MAILSTACK_DIR"
	fi
}

mailstack_maildir () {
	printf '%s/mail/%s/%s/Maildir\n' "$MAILSTACK_DIR" "$MAIL_DOMAIN" "$1"
}

mailstack_count () {
	for mailstack_u_ in "$@"; do
		find "$(mailstack_maildir "$mailstack_u_")" -type f \
			\( -path '*/new/*' -o -path '*/cur/*' \) 2>/dev/null
	done | wc -l
}

# mailstack_waited_ SECONDS: true once SECONDS have passed since
# mailstack_t0_ was set (a deadline in wall-clock time, not in tries: a
# loaded machine makes each try slower, not the servers' promise longer).
mailstack_waited_ () {
	test "$(($(date +%s) - mailstack_t0_))" -ge "$1"
}

mailstack_wait_count () {
	mailstack_want_=$1 && shift &&
	mailstack_t0_=$(date +%s) &&
	while test "$(mailstack_count "$@")" -lt "$mailstack_want_"; do
		if mailstack_waited_ "$MAILSTACK_WAIT_SECONDS"; then
			echo "mailstack_wait_count: $* hold $(mailstack_count "$@") messages, not $mailstack_want_ (waited ${MAILSTACK_WAIT_SECONDS}s)" >&2
			return 1
		fi
		sleep 0.02
	done
}

mailstack_wait_mail () {
	mailstack_t0_=$(date +%s)
	while test "$(mailstack_count "$1")" -lt "$2"; do
		if mailstack_waited_ "${3:-$MAILSTACK_WAIT_SECONDS}"; then
			echo "mailstack_wait_mail: $1 has $(mailstack_count "$1") messages, not $2" >&2
			return 1
		fi
		sleep 0.02
	done
}

# mailstack_wait_file FILE PATTERN: waits until FILE has a line matching
# PATTERN (grep), as long as the other waits.
mailstack_wait_file () {
	mailstack_t0_=$(date +%s)
	until grep -q "$2" "$1" 2>/dev/null; do
		if mailstack_waited_ "$MAILSTACK_WAIT_SECONDS"; then
			echo "mailstack_wait_file: no '$2' in $1 after ${MAILSTACK_WAIT_SECONDS}s" >&2
			return 1
		fi
		sleep 0.02
	done
}

# mailstack_wait_delivered: OpenSMTPD holds an accepted mail in its
# queue (in incoming/ while it comes in) until LMTP delivery is done.
mailstack_wait_delivered () {
	mailstack_t0_=$(date +%s)
	while test -n "$(find "$MAILSTACK_DIR/smtpd-spool/smtpd/incoming" \
		"$MAILSTACK_DIR/smtpd-spool/smtpd/queue" -type f 2>/dev/null | head -n 1)"; do
		if mailstack_waited_ "$MAILSTACK_WAIT_SECONDS"; then
			echo "mailstack_wait_delivered: OpenSMTPD still holds mail after ${MAILSTACK_WAIT_SECONDS}s" >&2
			return 1
		fi
		sleep 0.02
	done
}

mailstack_stop_smtp () {
	bash "$MAILSTACK_SH" stop-smtp "$MAILSTACK_DIR"
}

mailstack_start_smtp () {
	bash "$MAILSTACK_SH" start-smtp "$MAILSTACK_DIR"
}

#!/bin/bash
# tests/mailstack.sh: a private mail stack on 127.0.0.1 for the mail tests:
# Dovecot (IMAP, LMTP, optionally submission) and OpenSMTPD delivering over
# LMTP into it. Everything lives in DIR; nothing global is used or changed
# (OpenSMTPD's compiled-in spool and control socket are bind-mounted from DIR
# in a private mount namespace).
#
#   mailstack.sh start DIR       writes the configuration, starts both servers
#   mailstack.sh stop DIR        stops both (by the pids in DIR)
#   mailstack.sh start-smtp DIR  starts OpenSMTPD alone again (after stop-smtp)
#   mailstack.sh stop-smtp DIR   stops OpenSMTPD alone
#   mailstack.sh check           exits 0 if the stack can run here, else says
#                                why on stdout and exits 1
#
# start reads (defaults in brackets):
#   IMAP_PORT [10143]  LMTP_PORT [10024]  SMTP_PORT [10025]
#   SUBMISSION_PORT [none]: Dovecot submission (SMTP AUTH), relaying to SMTP_PORT
#   MAIL_TLS [no]: yes makes a self-signed certificate DIR/tls/cert.pem
#     (for 127.0.0.1, localhost, mx.example.test) and turns on STARTTLS, IMAPS
#     on IMAPS_PORT [10993] and, with submission, submissions on
#     SUBMISSIONS_PORT [10465]
#   MAIL_USERS ["game alice bob carol dave"]  MAIL_DOMAIN [example.test]
#   MAIL_PASSWORD [secret]
# and saves them in DIR/stack.env (sourceable) for the other commands.
#
# DIR: dovecot.conf, users, smtpd.conf, smtpd-vusers, smtpd-ns.sh, stack.env,
# dovecot.pid, smtpd.pid, log/{dovecot.log,smtpd.log}, run/ (Dovecot's
# base_dir, or a symbolic link to a short directory in /tmp when DIR is too
# long for socket names), state/, mail/DOMAIN/USER/Maildir/, smtpd-spool/,
# smtpd-run/, tls/.
#
# Exit status: 0; 1 on an error (with the log's tail on stderr); 2 when a
# port is in use (the caller may retry with other ports).
# Every wait is bounded (MAILSTACK_WAIT seconds, 5 by default).

set -u
PATH=$PATH:/usr/sbin:/sbin

me=mailstack.sh
wait_limit=${MAILSTACK_WAIT:-5}

die () {
	echo "$me: $*" >&2
	exit 1
}

# now_ms: milliseconds since the epoch.
now_ms () {
	local t
	t=$(date +%s%N)
	echo $((t / 1000000))
}

# greeting PORT: the first line the server on 127.0.0.1:PORT says, if any
# within a second. In a subshell, so that failing redirections of the probe
# do not touch this script's descriptors.
greeting () {
	(
		exec 2>/dev/null
		exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
		IFS= read -r -t 1 line <&3 || exit 1
		printf '%s\n' "${line%$'\r'}"
	)
}

# port_busy PORT: something accepts connections on 127.0.0.1:PORT.
port_busy () {
	(exec 2>/dev/null; exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# alive PID: the process exists and is not a zombie.
alive () {
	local state
	test -n "$1" && test -r "/proc/$1/status" || return 1
	state=$(sed -n 's/^State:[[:space:]]*\(.\).*/\1/p' "/proc/$1/status" 2>/dev/null)
	test -n "$state" && test "$state" != Z
}

# is_prog PID NAME: PID runs the program NAME (guards against reused
# pids), or is still the script that will exec smtpd.
is_prog () {
	local exe
	exe=$(readlink "/proc/$1/exe" 2>/dev/null) || return 1
	case ${exe##*/} in
	"$2" | "$2 (deleted)") return 0 ;;
	esac
	test "$2" = smtpd && tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | grep -q 'smtpd-ns\.sh'
}

log_tail () {
	local f
	for f in "$@"; do
		test -s "$f" || continue
		echo "--- last lines of $f:" >&2
		tail -n 15 "$f" >&2
	done
}

# wait_greeting PORT PATTERN PID LOG...: waits until the server greets with
# PATTERN (a case pattern) while PID lives.
wait_greeting () {
	local port=$1 pat=$2 pid=$3 deadline line
	shift 3
	deadline=$(($(now_ms) + wait_limit * 1000))
	while :; do
		line=$(greeting "$port")
		# shellcheck disable=SC2254 # pat is a pattern
		case $line in
		$pat) return 0 ;;
		esac
		if ! alive "$pid"; then
			echo "$me: the server (pid $pid) died before greeting on port $port" >&2
			log_tail "$@"
			return 1
		fi
		if test "$(now_ms)" -ge "$deadline"; then
			echo "$me: no greeting on port $port within ${wait_limit}s (got '$line')" >&2
			log_tail "$@"
			return 1
		fi
		sleep 0.02
	done
}

# stop_pid PID NAME: sends SIGTERM and waits until PID is gone (or a
# zombie); SIGKILL after the deadline.
stop_pid () {
	local pid=$1 name=$2 t0 deadline
	alive "$pid" && is_prog "$pid" "$name" || return 0
	t0=$(now_ms)
	deadline=$((t0 + wait_limit * 1000))
	kill -TERM "$pid" 2>/dev/null
	while alive "$pid"; do
		if test "$(now_ms)" -ge "$deadline"; then
			echo "$me: $name pid $pid did not stop within ${wait_limit}s: killing it" >&2
			kill -KILL "$pid" 2>/dev/null
			sleep 0.1
			break
		fi
		sleep 0.02
	done
	echo "$me: $name pid $pid stopped in $(($(now_ms) - t0)) ms" >&2
}

check () {
	local p
	if test "$(id -u)" != 0; then
		echo "the mail servers need root (OpenSMTPD runs as root)"
		return 1
	fi
	for p in dovecot doveconf smtpd unshare openssl; do
		if ! command -v "$p" >/dev/null 2>&1; then
			echo "$p is not installed (contrib/install-deps.sh installs the mail servers)"
			return 1
		fi
	done
	for p in imap imap-login lmtp; do
		if ! test -x "/usr/lib/dovecot/$p"; then
			echo "/usr/lib/dovecot/$p is missing: install dovecot-imapd and dovecot-lmtpd"
			return 1
		fi
	done
	if test -n "${SUBMISSION_PORT-}" && ! test -x /usr/lib/dovecot/submission; then
		echo "/usr/lib/dovecot/submission is missing: install dovecot-submissiond"
		return 1
	fi
	if ! getent passwd mail dovecot dovenull >/dev/null 2>&1 ||
		test "$(getent passwd mail dovecot dovenull | wc -l)" != 3; then
		echo "the users mail, dovecot and dovenull are missing"
		return 1
	fi
	if ! unshare --mount --propagation private true 2>/dev/null; then
		echo "unshare --mount is not permitted here (OpenSMTPD needs a private /run)"
		return 1
	fi
	return 0
}

write_dovecot_conf () {
	local ssl imaps_port=0 subs_port=0
	if test "$MAIL_TLS" = yes; then
		ssl="ssl = yes
ssl_cert = <$DIR/tls/cert.pem
ssl_key = <$DIR/tls/key.pem"
		imaps_port=$IMAPS_PORT
		subs_port=$SUBMISSIONS_PORT
	else
		ssl="ssl = no"
	fi
	local protocols="imap lmtp"
	test -n "$SUBMISSION_PORT" && protocols="$protocols submission"
	cat >"$DIR/dovecot.conf" <<EOF
# Generated by tests/mailstack.sh: a private Dovecot for the tests.
base_dir = $DIR/run
state_dir = $DIR/state
instance_name = mailstack-$IMAP_PORT
log_path = $DIR/log/dovecot.log
info_log_path = $DIR/log/dovecot.log
auth_verbose = yes

protocols = $protocols
listen = 127.0.0.1
hostname = mx.$MAIL_DOMAIN
$ssl
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0

default_internal_user = dovecot
default_internal_group = dovecot
default_login_user = dovenull
first_valid_uid = 1
first_valid_gid = 1

mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $DIR/users
}
userdb {
  driver = static
  args = uid=mail gid=mail home=$DIR/mail/%d/%n
}

service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = $IMAP_PORT
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = $imaps_port
  }
}
# No growing delay after a failed login (a test tries a wrong password).
service anvil {
  chroot =
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = $LMTP_PORT
  }
}
EOF
	test -n "$SUBMISSION_PORT" || return 0
	cat >>"$DIR/dovecot.conf" <<EOF

submission_relay_host = 127.0.0.1
submission_relay_port = $SMTP_PORT
submission_relay_trusted = yes
service submission-login {
  chroot =
  inet_listener submission {
    address = 127.0.0.1
    port = $SUBMISSION_PORT
  }
  inet_listener submissions {
    address = 127.0.0.1
    port = $subs_port
    ssl = yes
  }
}
EOF
}

write_smtpd_conf () {
	cat >"$DIR/smtpd.conf" <<EOF
# Generated by tests/mailstack.sh: delivers $MAIL_DOMAIN over LMTP to Dovecot.
table vusers file:$DIR/smtpd-vusers
listen on 127.0.0.1 port $SMTP_PORT hostname mx.$MAIL_DOMAIN
action "dovecot" lmtp "127.0.0.1:$LMTP_PORT" rcpt-to virtual <vusers>
match from any for domain "$MAIL_DOMAIN" action "dovecot"
EOF
	cat >"$DIR/smtpd-ns.sh" <<EOF
#!/bin/sh
# Runs in a private mount namespace: smtpd's compiled-in /var/spool/smtpd
# and /run/smtpd.sock come from $DIR.
set -e
mount --bind "$DIR/smtpd-spool" /var/spool
mount --bind "$DIR/smtpd-run" /run
exec smtpd -d -f "$DIR/smtpd.conf"
EOF
	chmod 0755 "$DIR/smtpd-ns.sh"
}

make_cert () {
	mkdir -p "$DIR/tls" || return 1
	openssl req -x509 -newkey rsa:2048 -nodes -days 7 -subj "/CN=mx.$MAIL_DOMAIN" \
		-addext "subjectAltName=DNS:mx.$MAIL_DOMAIN,DNS:localhost,IP:127.0.0.1" \
		-keyout "$DIR/tls/key.pem" -out "$DIR/tls/cert.pem" >"$DIR/log/openssl.log" 2>&1 ||
		{ log_tail "$DIR/log/openssl.log"; return 1; }
	chmod 0644 "$DIR/tls/cert.pem"
}

save_env () {
	local v
	: >"$DIR/stack.env"
	for v in IMAP_PORT LMTP_PORT SMTP_PORT SUBMISSION_PORT IMAPS_PORT SUBMISSIONS_PORT \
		MAIL_TLS MAIL_USERS MAIL_DOMAIN MAIL_PASSWORD; do
		printf "%s='%s'\n" "$v" "${!v}" >>"$DIR/stack.env"
	done
}

load_env () {
	test -r "$DIR/stack.env" || die "$DIR/stack.env is missing: was the stack started there?"
	# shellcheck disable=SC1091
	. "$DIR/stack.env"
}

start_dovecot () {
	local t0 pid out deadline
	if grep -q 'Address already in use' "$DIR/log/dovecot.log" 2>/dev/null; then
		: >"$DIR/log/dovecot.log"
	fi
	t0=$(now_ms)
	# dovecot daemonizes and keeps the descriptors it was given: only files.
	if ! dovecot -c "$DIR/dovecot.conf" </dev/null >"$DIR/log/dovecot.stderr" 2>&1; then
		if grep -q 'Address already in use' "$DIR/log/dovecot.stderr" "$DIR/log/dovecot.log" \
			2>/dev/null; then
			echo "$me: dovecot: a port is in use" >&2
			return 2
		fi
		echo "$me: dovecot did not start" >&2
		log_tail "$DIR/log/dovecot.stderr" "$DIR/log/dovecot.log"
		return 1
	fi
	# The daemon writes master.pid just after the parent returns.
	deadline=$((t0 + wait_limit * 1000))
	until pid=$(cat "$DIR/run/master.pid" 2>/dev/null) && test -n "$pid"; do
		if test "$(now_ms)" -ge "$deadline"; then
			echo "$me: dovecot wrote no $DIR/run/master.pid within ${wait_limit}s" >&2
			log_tail "$DIR/log/dovecot.stderr" "$DIR/log/dovecot.log"
			return 1
		fi
		sleep 0.01
	done
	echo "$pid" >"$DIR/dovecot.pid"
	wait_greeting "$IMAP_PORT" '\* OK*' "$pid" "$DIR/log/dovecot.log" || return 1
	wait_greeting "$LMTP_PORT" '220 *' "$pid" "$DIR/log/dovecot.log" || return 1
	if test -n "$SUBMISSION_PORT"; then
		wait_greeting "$SUBMISSION_PORT" '220 *' "$pid" "$DIR/log/dovecot.log" || return 1
	fi
	out="dovecot pid $pid ready in $(($(now_ms) - t0)) ms (imap $IMAP_PORT, lmtp $LMTP_PORT"
	test -n "$SUBMISSION_PORT" && out="$out, submission $SUBMISSION_PORT"
	test "$MAIL_TLS" = yes && out="$out, imaps $IMAPS_PORT"
	echo "$me: $out)" >&2
}

start_smtpd () {
	local t0 pid
	if test -s "$DIR/smtpd.pid" && alive "$(cat "$DIR/smtpd.pid")"; then
		echo "$me: smtpd is running already (pid $(cat "$DIR/smtpd.pid"))" >&2
		return 1
	fi
	if port_busy "$SMTP_PORT"; then
		echo "$me: port $SMTP_PORT is in use" >&2
		return 2
	fi
	mkdir -p "$DIR/smtpd-spool/smtpd" "$DIR/smtpd-run" || return 1
	chmod 0711 "$DIR/smtpd-spool/smtpd"
	if ! smtpd -n -f "$DIR/smtpd.conf" >"$DIR/log/smtpd-check.log" 2>&1; then
		echo "$me: smtpd refuses its configuration" >&2
		log_tail "$DIR/log/smtpd-check.log"
		return 1
	fi
	t0=$(now_ms)
	# unshare and the script exec: $! is smtpd's own pid.
	unshare --mount --propagation private "$DIR/smtpd-ns.sh" \
		</dev/null >>"$DIR/log/smtpd.log" 2>&1 &
	pid=$!
	echo "$pid" >"$DIR/smtpd.pid"
	if ! wait_greeting "$SMTP_PORT" '220 *' "$pid" "$DIR/log/smtpd.log"; then
		grep -q 'Address already in use' "$DIR/log/smtpd.log" && return 2
		return 1
	fi
	echo "$me: smtpd pid $pid ready in $(($(now_ms) - t0)) ms (smtp $SMTP_PORT -> lmtp $LMTP_PORT)" >&2
}

stop_smtpd () {
	test -s "$DIR/smtpd.pid" || return 0
	stop_pid "$(cat "$DIR/smtpd.pid")" smtpd
	rm -f "$DIR/smtpd.pid"
}

stop_dovecot () {
	local pid
	test -s "$DIR/dovecot.pid" || return 0
	pid=$(cat "$DIR/dovecot.pid")
	stop_pid "$pid" dovecot
	rm -f "$DIR/dovecot.pid" "$DIR/run/master.pid"
}

start () {
	local u p rc
	IMAP_PORT=${IMAP_PORT:-10143}
	LMTP_PORT=${LMTP_PORT:-10024}
	SMTP_PORT=${SMTP_PORT:-10025}
	SUBMISSION_PORT=${SUBMISSION_PORT-}
	MAIL_TLS=${MAIL_TLS:-no}
	IMAPS_PORT=${IMAPS_PORT:-10993}
	SUBMISSIONS_PORT=${SUBMISSIONS_PORT:-10465}
	MAIL_USERS=${MAIL_USERS:-game alice bob carol dave}
	MAIL_DOMAIN=${MAIL_DOMAIN:-example.test}
	MAIL_PASSWORD=${MAIL_PASSWORD:-secret}

	local why
	why=$(check) || die "$why"
	if test -s "$DIR/dovecot.pid" && alive "$(cat "$DIR/dovecot.pid")"; then
		die "a stack is running in $DIR already"
	fi
	local ports="$IMAP_PORT $LMTP_PORT $SMTP_PORT $SUBMISSION_PORT"
	test "$MAIL_TLS" = yes && ports="$ports $IMAPS_PORT"
	test "$MAIL_TLS" = yes && test -n "$SUBMISSION_PORT" && ports="$ports $SUBMISSIONS_PORT"
	for p in $ports; do
		if port_busy "$p"; then
			echo "$me: port $p is in use" >&2
			exit 2
		fi
	done

	mkdir -p "$DIR" || exit 1
	DIR=$(cd "$DIR" && pwd) || exit 1
	# The servers' users read and write below DIR.
	chmod 0755 "$DIR"
	mkdir -p "$DIR/state" "$DIR/log" "$DIR/mail" || exit 1
	# Socket names must fit in 108 bytes: a long DIR gets its run/ in /tmp.
	if ! test -e "$DIR/run"; then
		if test "${#DIR}" -gt 60; then
			ln -s "$(mktemp -d /tmp/mailstack-run.XXXXXX)" "$DIR/run" || exit 1
			chmod 0755 "$DIR/run/"
		else
			mkdir "$DIR/run" || exit 1
		fi
	fi
	: >"$DIR/users"
	: >"$DIR/smtpd-vusers"
	for u in $MAIL_USERS; do
		printf '%s@%s:{PLAIN}%s::::::\n' "$u" "$MAIL_DOMAIN" "$MAIL_PASSWORD" >>"$DIR/users"
		printf '%s@%s mail\n' "$u" "$MAIL_DOMAIN" >>"$DIR/smtpd-vusers"
		mkdir -p "$DIR/mail/$MAIL_DOMAIN/$u/Maildir/tmp" "$DIR/mail/$MAIL_DOMAIN/$u/Maildir/new" \
			"$DIR/mail/$MAIL_DOMAIN/$u/Maildir/cur" || exit 1
	done
	chmod 0644 "$DIR/users" "$DIR/smtpd-vusers"
	chown -R mail:mail "$DIR/mail"
	if test "$MAIL_TLS" = yes; then
		make_cert || die "cannot make the certificate"
	fi
	write_dovecot_conf
	write_smtpd_conf
	save_env

	start_dovecot
	rc=$?
	if test "$rc" != 0; then
		stop_dovecot
		exit "$rc"
	fi
	start_smtpd
	rc=$?
	if test "$rc" != 0; then
		stop_smtpd
		stop_dovecot
		exit "$rc"
	fi
}

cmd=${1-}
case $cmd in
check)
	check
	exit
	;;
start | stop | start-smtp | stop-smtp)
	test "$#" = 2 || die "usage: $me $cmd DIR"
	DIR=$2
	;;
*)
	die "usage: $me start|stop|start-smtp|stop-smtp DIR, or $me check"
	;;
esac

case $cmd in
start)
	start
	;;
stop)
	test -d "$DIR" || exit 0
	DIR=$(cd "$DIR" && pwd) || exit 1
	stop_smtpd
	stop_dovecot
	# A run/ directory made in /tmp goes with the stack.
	if test -L "$DIR/run"; then
		rm -rf "$(readlink "$DIR/run")"
		rm -f "$DIR/run"
	fi
	;;
start-smtp)
	DIR=$(cd "$DIR" && pwd) || exit 1
	load_env
	start_smtpd || exit
	;;
stop-smtp)
	DIR=$(cd "$DIR" && pwd) || exit 1
	stop_smtpd
	;;
esac
exit 0

#!/bin/sh
# "Behaviour unchanged" (issue 24): the mails of the same games, byte for
# byte, from another commit's carcpbem and from this tree's.
#
#	tests/bench/samemail.sh [COMMIT [CARCPBEM]]
#
# COMMIT (default: main) is built by build-ref.sh; CARCPBEM (default:
# ./carcpbem of this tree) is the program under test. Each plays, in a
# directory of its own and on the same fixed clock ($CARCPBEM_NOW):
#   demo      carcpbem demo --seed same --players 3, by mail;
#   loop      a 3-player game by mail, a pass every 12 hours: alice and
#             bob mail their turns, carol never does (deadline 48h,
#             reminders 12h, policy bot, bot-after 1: reminded, then the
#             computer plays her seat), HELP, STATUS, HISTORY and MAP, an
#             unsigned turn, a turn out of turn, a copy of a turn; host
#             commands from the keyboard (pause, resume, extend, set,
#             rollback, kick) and a clock jump of two days forward, until
#             the game is over;
#   skip      the same game with deadline 24h, reminders 6h and 2h and
#             policy skip (carol's seat takes its default at each one).
# Then the outboxes (and the loop's history, meta.json and mailed mark)
# are compared byte for byte. The loop's players' keys and the host key
# are made once, by COMMIT's program, and copied into both spools: so
# nothing random is left and nothing is normalised there. The demo makes
# its players' keys afresh each run (random by design): its mails are
# compared with the lines that carry them masked (the State: header,
# which hashes the keys, and base64 attachment lines, the views with the
# keys in them); everything else byte for byte.
# Prints "same: NAME" per part, or the first differences and exits 1.
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
ref_commit=${1:-main}
new=${2:-$top/carcpbem}
[ -x "$new" ] || { echo "samemail.sh: $new not built (make carcpbem)" >&2; exit 1; }
new=$(cd "$(dirname "$new")" && pwd)/$(basename "$new")
refdir=$(sh "$top/tests/bench/build-ref.sh" "$ref_commit" carcpbem) || exit 1
ref=$refdir/carcpbem
export CARCPBEM_ALLOW_ROOT=yes
unset CARCPBEM_CONFIG CARCPBEM_NOW_FILE || true

tmp=$(mktemp -d "${TMPDIR:-/tmp}/carcpbem-samemail.XXXXXX")
# $SAMEMAIL_KEEP=yes keeps the directory (printed) to look into.
if [ "${SAMEMAIL_KEEP:-}" = yes ]; then echo "samemail.sh: in $tmp" >&2; else trap 'rm -rf "$tmp"' EXIT; fi
trap 'exit 1' INT TERM HUP

T0=1700000000
H=3600

# The loop's keys and host key, once.
mkdir "$tmp/keys"
(cd "$tmp/keys" &&
	for p in alice bob carol; do "$ref" keygen "$p" >/dev/null 2>&1; done &&
	"$ref" keygen host >/dev/null 2>&1 && mv host.key host.key.tmp &&
	mv host.key.tmp host.key)

# mail FROM SUBJECT BODY N: a plain mail, its Message-ID from N.
mail () {
	printf 'From: %s\nTo: game@example.test\nSubject: %s\n' "$1" "$2"
	printf 'Message-ID: <same.%s@example.test>\n' "$4"
	printf 'Date: Tue, 14 Nov 2023 22:13:20 +0000\nMIME-Version: 1.0\n'
	printf 'Content-Type: text/plain; charset=us-ascii\n\n'
	cat "$3"
}

# deliver FILE N: into spool/inbox/new the Maildir way.
deliver () {
	cp "$1" "spool/inbox/tmp/$2.same"
	mv "spool/inbox/tmp/$2.same" "spool/inbox/new/$2.same"
}

# turn PROG PLAYER [ACTION...]: PLAYER's signed turn on g1 as it stands.
turn () {
	prog=$1 p=$2 && shift 2
	"$prog" view spool/games/g1 --player "$p" -o "view-$p.json"
	if [ $# -eq 0 ]; then
		set -- "$("$prog" legal "view-$p.json" | grep -m1 '^place')" pass
	fi
	"$prog" move "view-$p.json" "$@" --key "$p.key"
}

# loop PROG DIR [CONFIG-LINES]: the loop's game, played by PROG in DIR.
loop () {
	prog=$1 settings=${3:-"deadline 48h
reminders 12h
policy bot
bot-after 1"}
	mkdir -p "$2" && cd "$2"
	cp "$tmp"/keys/* .
	mkdir -p spool/inbox/tmp spool/inbox/new spool/inbox/cur
	cp host.key host.key.pub spool/
	cat >host.conf <<-\EOC
	spool spool
	from "Carcassonne <game@example.test>"
	EOC
	echo "$settings" >>host.conf
	export CARCPBEM_NOW=$T0
	"$prog" new -c host.conf --id g1 --seed same \
		--key alice=alice.pub --key bob=bob.pub --key carol=carol.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		--address carol=carol@example.test alice bob carol >new.out
	t=$T0 n=0
	while [ "$(jq -r .over spool/games/g1/state.json)" = false ]; do
		n=$((n + 1)) t=$((t + 12 * H))
		[ $n -le 400 ] || { echo "samemail.sh: not over after $n passes" >&2; return 1; }
		export CARCPBEM_NOW=$t
		due=$(jq -r .decision.player spool/games/g1/state.json)
		case $n in
		3) printf 'HELP\n' >body && mail alice@example.test help body $n >m && deliver m $n ;;
		4) printf 'STATUS\n' >body && mail alice@example.test status body $n >m && deliver m $n ;;
		6) printf 'HISTORY\n' >body && mail carol@example.test history body $n >m && deliver m $n ;;
		11) printf 'MAP\n' >body && mail bob@example.test "[carcassonne g1] map" body $n >m &&
			deliver m $n ;;
		5) printf 'just words, no turn\n' >body &&
			mail bob@example.test "[carcassonne g1] my turn" body $n >m && deliver m $n ;;
		7) "$prog" admin -c host.conf g1 pause >/dev/null ;;
		8) "$prog" admin -c host.conf g1 resume >/dev/null ;;
		9) "$prog" admin -c host.conf g1 extend 5 >/dev/null ;;
		10) "$prog" admin -c host.conf g1 set reminders 6h >/dev/null ;;
		13) t=$((t + 48 * H)) && export CARCPBEM_NOW=$t ;;
		21) "$prog" admin -c host.conf g1 rollback 2 >/dev/null ;;
		31) "$prog" admin -c host.conf g1 kick bob >/dev/null ;;
		esac
		case $due in
		alice|bob)
			other=alice && [ "$due" = alice ] && other=bob
			turn "$prog" "$due" >"turn-$due"
			mail "$due@example.test" "[carcassonne g1] my turn" "turn-$due" "$n" >m
			deliver m "$n"
			if [ $((n % 6)) = 1 ]; then deliver m "$n.copy"; fi
			if [ $((n % 10)) = 4 ]; then
				cp "turn-$due" "turn-$other"
				mail "$other@example.test" "[carcassonne g1] my turn" "turn-$other" \
					"$n.o" >m && deliver m "$n.o"
			fi ;;
		esac
		"$prog" run --once -q -c host.conf 2>>run.log
	done
	echo "$n passes" >passes
}

# skip PROG DIR: the loop's game with policy skip.
skip () {
	loop "$1" "$2" "deadline 24h
reminders 6h,2h
policy skip"
}

# demo PROG DIR
demo () {
	CARCPBEM_NOW=$T0 "$1" demo --seed same --players 3 --spool "$2" >/dev/null 2>&1
}

# mask: the demo's lines made of its fresh keys.
mask () {
	sed -e 's/^State: .*/State: (masked)/' \
		-e 's|^[A-Za-z0-9+/]\{40,\}=*\r\{0,1\}$|(base64 masked)|' "$1"
}

status=0
for part in demo loop skip; do
	(set -e; $part "$ref" "$tmp/ref-$part") >"$tmp/ref-$part.log" 2>&1 ||
		{ echo "samemail.sh: $part failed with $ref_commit's program:" >&2; tail "$tmp/ref-$part.log" >&2; exit 1; }
	(set -e; $part "$new" "$tmp/new-$part") >"$tmp/new-$part.log" 2>&1 ||
		{ echo "samemail.sh: $part failed with $new:" >&2; tail "$tmp/new-$part.log" >&2; exit 1; }
done

# demo: the same mail names, each the same but for the masked lines.
a=$tmp/ref-demo b=$tmp/new-demo
(cd "$a" && find outbox -type f | sort) >"$tmp/names.ref"
(cd "$b" && find outbox -type f | sort) >"$tmp/names.new"
if cmp -s "$tmp/names.ref" "$tmp/names.new" && [ -s "$tmp/names.ref" ]; then
	bad=0
	while read -r f; do
		mask "$a/$f" >"$tmp/m1" && mask "$b/$f" >"$tmp/m2"
		cmp -s "$tmp/m1" "$tmp/m2" || { diff "$tmp/m1" "$tmp/m2" | head; bad=1; break; }
	done <"$tmp/names.ref"
	[ $bad = 0 ] && echo "same: demo ($(wc -l <"$tmp/names.ref") mails)" || { echo "DIFFERENT: demo"; status=1; }
else
	diff "$tmp/names.ref" "$tmp/names.new" | head
	echo "DIFFERENT: demo (mail names)"; status=1
fi

# loop and skip: everything byte for byte.
for part in loop skip; do
	a=$tmp/ref-$part/spool b=$tmp/new-$part/spool
	if diff -r "$a/outbox" "$b/outbox" >"$tmp/d" &&
		diff -r "$a/games" "$b/games" >>"$tmp/d" &&
		[ "$(ls "$a/outbox" | wc -l)" -gt 50 ]; then
		echo "same: $part ($(ls "$a/outbox" | wc -l) mails, $(cat "$tmp/ref-$part/passes"), $(wc -l <"$a/games/g1/history.jsonl") records)"
	else
		head -40 "$tmp/d"
		echo "DIFFERENT: $part"; status=1
	fi
done
exit $status

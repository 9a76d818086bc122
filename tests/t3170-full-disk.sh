#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# A full disk in the middle of a turn: the spool on a small tmpfs that the
# test mounts, filled by a filler file that leaves 0, 1, 2... pages free,
# so that each write of a pass (the game, its history, the queue, the
# outbox, the inbox) in turn is the one that finds the disk full. Each
# time the game still loads; then the filler goes, the next pass completes
# (and a mail kept for a later try goes at its next try: --flush here, where
# the clock stands still), and the spool ends exactly as in a pass that
# never saw a full disk: the turn applied once, each mail sent once, the
# history verified by replay.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

if test "$(id -u)" != 0; then
	skip_all "not root: mounting the small tmpfs needs root"
fi
DISK=$(mktemp -d "${TMPDIR:-/tmp}/carcpbem-disk.XXXXXX") || exit 1
if ! mount -t tmpfs -o size=4m,mode=0700 tmpfs "$DISK" 2>/dev/null; then
	rmdir "$DISK"
	skip_all "mount -t tmpfs is not permitted here (a container without CAP_SYS_ADMIN?)"
fi
trap 'umount "$DISK"; rmdir "$DISK"' EXIT
PAGE=4096

# free_pages: what the filesystem has left, in pages.
free_pages () {
	echo $(($(df -B1 --output=avail "$DISK" | tail -n 1) / PAGE))
}

# fill ROOM: a filler file takes all of the disk but ROOM pages.
fill () {
	dd if=/dev/zero of="$DISK/filler" bs=$PAGE 2>/dev/null
	test "$(free_pages)" = 0 &&
	truncate -s "-$(($1 * PAGE))" "$DISK/filler" &&
	test "$(free_pages)" = "$1"
}

test_expect_success 'the reference: a turn by mail, one pass on the small disk' '
	cd "$WORK" && mkdir start && cd start &&
	host_setup &&
	turn_text alice >t1 && mail_from alice@example.test "turn" t1 >m1 &&
	deliver m1 msg1 &&
	cd "$WORK" && cp -r start "$DISK/ref" && before=$(free_pages) &&
	(cd "$DISK/ref" && "$CARCPBEM" run --once -c host.conf -q) &&
	echo $((before - $(free_pages))) >needed &&
	mv "$DISK/ref" ref &&
	test "$(cd ref && records)" = 2 &&
	test -f ref/spool/outbox/g1-r1-notice-2.eml &&
	test "$(ls ref/spool/inbox/new | wc -l)" = 0 &&
	test "$(cat needed)" -gt 2
'

test_expect_success 'the disk full at each write of the pass, then space again: the same end' '
	cd "$WORK" &&
	room=0 && full=0 && done=no &&
	while test $done = no; do
		test $room -le 300 || { echo "no pass fits in 300 pages"; return 1; }
		rm -rf "${DISK:?}"/* && cp -r start "$DISK/w" && fill $room || return 1
		if (cd "$DISK/w" && "$CARCPBEM" run --once -c host.conf -q) 2>"$WORK/err.$room"
		then done=yes
		else full=$((full + 1))
		fi
		(cd "$DISK/w" && "$CARCPBEM" show spool/games/g1 >/dev/null) || {
			echo "room $room pages: the game does not load after the full disk"
			return 1
		}
		rm -f "$DISK/filler" &&
		(cd "$DISK/w" && "$CARCPBEM" run --once -c host.conf -q &&
		 "$CARCPBEM" run --once --flush -c host.conf -q) || {
			echo "room $room pages: the pass after the full disk failed"
			return 1
		}
		same "$DISK/w" && (cd "$DISK/w" && "$CARCPBEM" replay spool/games/g1 >/dev/null) || {
			echo "room $room pages: the spool differs from the reference"
			return 1
		}
		room=$((room + 1))
	done &&
	echo "a pass needs $((room - 1)) pages free; $full passes found the disk full" &&
	test "$full" -ge "$(cat needed)" &&
	cat err.* | grep -i "no space left on device"
'

rm -rf "${DISK:?}"/*
test_done

#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Faults of the host's clock and of its bookkeeping (issue 22): a wall
# clock hours ahead for a while is told from time that passed by the
# machine's time up within one boot (SPOOL/clock keeps the boot and its
# CLOCK_BOOTTIME), so it costs no turn (22.11); SPOOL/clock, clock.jump
# and the index SPOOL/timers with values no writer makes count as
# missing files, never as times (22.12). The fake clock is
# $CARCPBEM_NOW_FILE: "WALL UP BOOT" gives the time up and the boot too.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

T0=1700000000 # Tue 14 Nov 2023 22:13:20 UTC
H=3600
BOOT=5b0c6a3e-1f2d-4e5a-8b9c-0d1e2f3a4b5c
# no fault in the run's own environment
unset CARCPBEM_NOW CARCPBEM_NOW_FILE

# game [CONFIG-LINE]: game g1, deadline 12h, policy skip, made at T0 + 1h.
game () {
	"$CARCPBEM" keygen alice >/dev/null 2>&1 &&
	"$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	printf "spool spool\nfrom \"Carcassonne <game@example.test>\"\ndeadline 12h\npolicy skip\n%s" \
		"${1-}" >host.conf &&
	CARCPBEM_NOW=$((T0 + H)) "$CARCPBEM" new -c host.conf --id g1 --seed faults \
		--key alice=alice.pub --key bob=bob.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		alice bob >new.out
}

# setup: game, its clock started by a pass at T0 + 1h when the machine had
# been up 1000 s.
setup () {
	game &&
	at $((T0 + H)) 1000 &&
	test "$(meta deadline_at)" = "$(utc $((T0 + 13 * H)))"
}

# at WALL [UP]: one pass at wall time WALL, the machine up UP s in BOOT
# (by default as long as the wall clock says since setup's pass).
at () {
	echo "$1 ${2:-$((1000 + $1 - T0 - H))} $BOOT" >now.new && mv now.new now &&
	CARCPBEM_NOW_FILE=$PWD/now "$CARCPBEM" run --once -c host.conf -q 2>>run.log
}

utc () {
	date -u -d "@$1" +%Y-%m-%dT%H:%M:%SZ
}

meta () {
	sed -n "s/^ *\"$1\": *\"*\([^\",]*\)\"*,*$/\1/p" spool/games/g1/meta.json | head -n 1
}

test_expect_success 'issue 22.11: the wall clock 20h ahead for a minute: no turn lost' '
	setup &&
	at $((T0 + 21 * H)) 1060 &&
	test "$(records)" = 1 && test "$(meta missed)" = 0 &&
	grep "clock jumped forward by 71940 seconds" run.log &&
	test "$(meta deadline_at)" = "$(utc $((T0 + 13 * H + 71940)))" &&
	at $((T0 + H + 120)) 1120 &&
	grep "clock jumped back by 71940 seconds" run.log &&
	test "$(meta deadline_at)" = "$(utc $((T0 + 13 * H)))" &&
	test "$(records)" = 1 &&
	at $((T0 + 13 * H - 60)) $((1000 + 12 * H - 60)) &&
	test "$(records)" = 1 &&
	at $((T0 + 13 * H)) $((1000 + 12 * H)) &&
	test "$(records)" = 2 && test "$(meta missed)" = 1 &&
	test "$(grep -c jumped run.log)" = 2
'

test_expect_success 'issue 22.11: 20h that did pass (up 20h too) are time: the turn goes' '
	setup &&
	at $((T0 + 21 * H)) $((1000 + 20 * H)) &&
	test "$(records)" = 2 && ! grep jumped run.log
'

test_expect_success 'issue 22.11: across a reboot 20h are time too (no evidence)' '
	setup &&
	echo "$((T0 + 21 * H)) 30 other-boot" >now &&
	CARCPBEM_NOW_FILE=$PWD/now "$CARCPBEM" run --once -c host.conf -q 2>>run.log &&
	test "$(records)" = 2 && ! grep jumped run.log
'

stop_daemon () {
	test -f "$WORK/daemon.pid" && kill -TERM "$(cat "$WORK/daemon.pid")" 2>/dev/null
	return 0
}
trap stop_daemon EXIT

clock_is () {
	test "$(cut -d" " -f1 spool/clock)" = "$1"
}

records_are () {
	test "$(records)" = "$1"
}

# dpass WALL UP: the daemon's fake clock set, a pass asked for and done.
dpass () {
	echo "$1 $2 $BOOT" >now.new && mv now.new now &&
	kill -USR1 "$(cat daemon.pid)" && wait_for clock_is "$1"
}

test_expect_success 'issue 22.11: the same fault under the daemon: no turn lost' '
	cd "$WORK" && mkdir daemon && cd daemon &&
	game "poll 1h
" &&
	echo "$((T0 + H)) 1000 $BOOT" >now &&
	{ (CARCPBEM_NOW_FILE=$PWD/now "$CARCPBEM" daemon -f -c host.conf 2>daemon.log
	   echo $? >daemon.rc) & } &&
	wait_for test -s spool/carcpbem.pid &&
	cp spool/carcpbem.pid daemon.pid && cp daemon.pid "$WORK/daemon.pid" &&
	wait_for clock_is $((T0 + H)) &&
	dpass $((T0 + 21 * H)) 1060 &&
	dpass $((T0 + H + 120)) 1120 &&
	dpass $((T0 + H + 180)) 1180 &&
	test "$(records)" = 1 &&
	grep "clock jumped forward by 71940 seconds" daemon.log &&
	grep "clock jumped back by 71940 seconds" daemon.log &&
	dpass $((T0 + 13 * H)) $((1000 + 12 * H)) &&
	wait_for records_are 2 &&
	kill -TERM "$(cat daemon.pid)" && wait_for test -s daemon.rc &&
	rm "$WORK/daemon.pid" && test "$(cat daemon.rc)" = 0
'

test_expect_success 'issue 22.11: on the real clock SPOOL/clock keeps this boot and its time up' '
	"$CARCPBEM" keygen alice >/dev/null 2>&1 &&
	printf "spool spool\n" >host.conf &&
	"$CARCPBEM" run --once -c host.conf -q &&
	read -r wall boot up <spool/clock &&
	test "$boot" = "$(cat /proc/sys/kernel/random/boot_id)" &&
	test "$up" -le "$(cut -d. -f1 /proc/uptime)" &&
	test $(($(date +%s) - wall)) -lt 60
'

# bad_clock FILE TEXT: a pass finds FILE holding TEXT, at T0 + 2h.
bad_clock () {
	setup && printf "%s\n" "$2" >"spool/$1" &&
	at $((T0 + 2 * H)) &&
	test "$(meta deadline_at)" = "$(utc $((T0 + 13 * H)))" &&
	! grep "jumped" run.log && test ! -e spool/clock.jump &&
	test "$(cut -d" " -f1 spool/clock)" = $((T0 + 2 * H))
}

for v in 9223372036854775807 -9223372036854775808 99999999999999999999 0 x; do
	test_expect_success "issue 22.12: SPOOL/clock holding $v: taken as missing, logged" "
		bad_clock clock $v &&
		grep 'spool/clock holds no plausible time' run.log
	"
done

for v in "9223372036854775807 1700000000" "-9223372036854775808 9223372036854775807" \
	"1700000000 -9223372036854775808" "1700000000"; do
	test_expect_success "issue 22.12: SPOOL/clock.jump holding $v: ignored, removed" "
		bad_clock clock.jump '$v' &&
		grep 'spool/clock.jump holds no two plausible times' run.log
	"
done

# timers_head BASE NEXT: SPOOL/timers' header made to hold BASE and NEXT.
timers_head () {
	{ printf "carcpbem-timers %s %s\n" "$1" "$2"; tail -n +2 spool/timers; } >t.new &&
	mv t.new spool/timers
}

for v in "99999999999999999999 00000000000000000000" \
	"09223372036854775807 00000000000000000000" \
	"00000000000000000058 09223372036854775807" \
	"00000000000000000058 -0000000000000000001" \
	"00000000000000000040 00000000001700046800"; do
	test_expect_success "issue 22.12: SPOOL/timers headed $v: not trusted, the deadline still comes" "
		setup && timers_head $v &&
		at $((T0 + 2 * H)) &&
		test \"\$(awk 'NR == 1 { print \$3 + 0 }' spool/timers)\" = $((T0 + 13 * H)) &&
		at $((T0 + 13 * H)) &&
		test \"\$(records)\" = 2
	"
done

test_done

#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Floods by forged mail, counted (issues 21.4, 22.3, 22.4, 22.9): what a
# stranger can make the host mail by putting someone else's name on a
# signed command, someone else's address in From:, or a player's own
# stale signature. Each test starts hours after the last, with no limit
# in force, and counts the mails in the outbox.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"
. "$top_srcdir/tests/mail/printed.sh"
. "$top_srcdir/tests/mail/verbs.sh"

H=3600

# cmd KEY PLAYER WORDS...: a command of game g1 signed with KEY.key.
cmd () {
	k=$1 n=$2 && shift 2 &&
	"$CARCPBEM" command -k "$k.key" -g g1 -p "$n" "$@" 2>/dev/null
}

# flood FILE N PREFIX [PASSES]: FILE mailed by PREFIX1@example.invalid ...
# PREFIXN@..., all in one pass (or a pass a mail: PASSES=each).
flood () {
	i=1 && while test "$i" -le "$2"; do
		mail_from "$3$i@example.invalid" "[carcassonne g1] command" "$1" >"fl.$3$i" &&
		dlv "fl.$3$i" || return 1
		if test "${4:-}" = each; then pass || return 1; fi
		i=$((i + 1))
	done &&
	pass
}

# dlv FILE: delivered under a name of its own (each test is a subshell,
# where mailtest.sh's counter starts again: names, and the message keys
# the limits record, must not repeat).
dlv () {
	deliver "$1" "1700000000.M${1##*/}-$(date +%s%N)P$$.test"
}

pass () {
	"$CARCPBEM" run --once -c host.conf -q
}

# count GLOB: mails in the outbox named so.
count () {
	find spool/outbox -maxdepth 1 -name "$1" | wc -l
}

# to ADDRESS-START: mails in the outbox whose To: starts so.
to () {
	grep -l "^To: $1" spool/outbox/*.eml 2>/dev/null | wc -l
}

# every_kill MAIL NEXT POINTS CHECK: in a copy of start/, MAIL delivered
# and the pass killed at each crash point of the file POINTS in turn,
# then run again; CHECK (a command) holds after that, and again after
# NEXT comes ten minutes later.
every_kill () {
	n=$(wc -l <"$3") && i=1 &&
	while test $i -le "$n"; do
		rm -rf w && cp -r start w && (
			cd w && deliver "../$1" "$1" &&
			expect_code 137 env CARCPBEM_CRASH_AT=$i \
				"$CARCPBEM" run --once -c host.conf -q 2>/dev/null &&
			pass && $4 &&
			CARCPBEM_NOW=$((CARCPBEM_NOW + 600)) && deliver "../$2" "$2" && pass &&
			$4 && test "$(ls spool/inbox/new | wc -l)" = 0
		) || { echo "killed at point $i: $(sed -n "${i}p" "$3")"; return 1; }
		i=$((i + 1))
	done
}

test_expect_success 'setup' '
	cd "$WORK" &&
	host_setup &&
	"$CARCPBEM" keygen admin >/dev/null 2>&1 &&
	cp admin.pub admin-keys &&
	printf "admin-keys admin-keys\nobservers *@example.test\n" >>host.conf &&
	pass
'

T=$((1700000000 + 2 * H)) && CARCPBEM_NOW=$T

test_expect_success 'issue 22.3: 20 forged commands in alice'"'"'s name: 1 warning within the hour' '
	cd "$WORK" &&
	cmd mallory alice SET NOTIFY mine >forged &&
	flood forged 10 eve &&
	CARCPBEM_NOW=$((T + 60)) flood forged 10 eve each &&
	test "$(count "*-forged-1.eml")" = 1 &&
	grep -q "^To: alice@example.test" spool/outbox/*-forged-1.eml &&
	! grep -q "mine" spool/games/g1/meta.json 2>/dev/null
'

test_expect_success 'issue 22.3: after the hour, one more warning' '
	cd "$WORK" &&
	CARCPBEM_NOW=$((T + H + 1)) flood forged 5 zed &&
	test "$(count "*-forged-1.eml")" = 2
'

T=$((T + 3 * H)) && CARCPBEM_NOW=$T

test_expect_success 'issue 22.3: a command from the seat'"'"'s own address with another key: refused, no warning' '
	cd "$WORK" &&
	before=$(count "*-forged-1.eml") &&
	mail_from alice@example.test "command" forged >own && dlv own && pass &&
	test "$(count "*-forged-1.eml")" = "$before" &&
	mail_text "$(ls -t spool/outbox/*-error.eml | head -1)" >answer.txt &&
	grep -q "not signed with alice.s registered key" answer.txt
'

test_expect_success 'issue 21.4: alice'"'"'s own key on a changed command, twice in 20 s: no forgery warning' '
	cd "$WORK" &&
	before=$(count "*-forged-1.eml") &&
	cmd alice alice SET TIMEZONE Europe/Paris | sed "s/Europe\/Paris/Europe\/Sofia/" >stale &&
	mail_from alice@laptop.example.test "command" stale >s1 && dlv s1 && pass &&
	mail_from alice@example.test "command" stale >s2 && dlv s2 &&
	CARCPBEM_NOW=$((T + 20)) pass &&
	test "$(count "*-forged-1.eml")" = "$before" &&
	mail_text "$(ls -t spool/outbox/*-error.eml | head -1)" | grep -q "nothing was done"
'

test_expect_success 'issue 21.4: a turn with alice'"'"'s own signature gone stale: refused, no forgery warning' '
	cd "$WORK" &&
	before=$(count "*-forged-1.eml") &&
	turn_text alice >good &&
	second=$("$CARCPBEM" legal view-alice.json | grep "^place" | sed -n 2p) &&
	sed "0,/^Action: .*/s//Action: $second/" good >stale-turn &&
	! cmp -s good stale-turn &&
	mail_from alice@laptop.example.test "[carcassonne g1] turn" stale-turn >t1 &&
	mail_from alice@example.test "[carcassonne g1] turn" stale-turn >t2 &&
	dlv t1 && dlv t2 && pass &&
	test "$(count "*-forged-1.eml")" = "$before" &&
	test "$(records)" = 1 &&
	mail_text "$(ls -t spool/outbox/*-error.eml | head -1)" | grep -q "bad-signature"
'

# (without ssh-keygen, the carcpbem-key case above stands alone)
command -v ssh-keygen >/dev/null 2>&1 &&
test_expect_success 'issue 21.4: the same for an SSH seat: turn.txt changed, the old turn.txt.sig' '
	cd "$WORK" &&
	before=$(count "*-forged-1.eml") &&
	mkdir -p home/.ssh && chmod 700 home/.ssh &&
	ssh-keygen -q -t ed25519 -N "" -C carol@laptop -f home/.ssh/id_ed25519 &&
	"$CARCPBEM" new -c host.conf --id g2 --seed limits \
		--key carol=home/.ssh/id_ed25519.pub --key bob=bob.pub \
		--address carol=carol@example.test --address bob=bob@example.test \
		carol bob >new2.out &&
	"$CARCPBEM" view spool/games/g2 --player carol -o v2.json &&
	"$CARCPBEM" legal v2.json | grep "^place" | sed -n "1p;2p" >places &&
	state=$(jq -r .state_hash v2.json) &&
	for n in 1 2; do
		printf -- "-----BEGIN CARCASSONNE TURN-----\nGame: g2\nTurn: 1\n" &&
		printf "Player: carol\nState: %s\nAction: %s\nAction: pass\n" \
			"$state" "$(sed -n "${n}p" places)" &&
		printf -- "-----END CARCASSONNE TURN-----\n" || return 1
	done >both &&
	head -8 both >turn.txt &&
	ssh-keygen -Y sign -f home/.ssh/id_ed25519 -n carcassonne turn.txt 2>/dev/null &&
	tail -8 both >turn.txt &&
	printf "My turn.\n" >body &&
	mail_attach carol@example.test "[carcassonne g2] turn" body turn.txt turn.txt.sig >x1 &&
	mail_attach carol@laptop.example.test "[carcassonne g2] turn" body turn.txt \
		turn.txt.sig >x2 &&
	dlv x1 && pass && dlv x2 && CARCPBEM_NOW=$((T + 20)) pass &&
	test "$(wc -l <spool/games/g2/history.jsonl)" = 1 &&
	test "$(count "*-forged-1.eml")" = "$before" &&
	mail_text "$(ls -t spool/outbox/*-error.eml | head -1)" | grep -q "bad-signature"
'

T=$((T + 3 * H)) && CARCPBEM_NOW=$T

test_expect_success 'issue 22.3: killed anywhere in a forged command'"'"'s pass: one warning, the limit kept' '
	cd "$WORK" &&
	rm -rf start && mkdir start && cp -r spool host.conf start/ &&
	mail_from eve@example.invalid "command" forged >k1 &&
	mail_from zed@example.invalid "command" forged >k2 &&
	(cd start && deliver ../k1 k1 && CARCPBEM_CRASH_LOG=$WORK/points pass) &&
	grep -q "mail queued" points &&
	b=$(count "*-forged-1.eml") &&
	one_more () { test "$(count "*-forged-1.eml")" = $((b + 1)); } &&
	every_kill k1 k2 points one_more
'

T=$((T + 3 * H)) && CARCPBEM_NOW=$T

test_expect_success 'issue 22.4: one signed command mailed from 40 made-up senders: answered as strangers, alice as ever' '
	cd "$WORK" &&
	cmd alice alice SET TIMEZONE Europe/Berlin >signed &&
	before=$(to "fake") &&
	flood signed 40 fake 2>err &&
	grep -q "Europe/Berlin" spool/games/g1/meta.json &&
	test "$(to "fake")" = $((before + 10)) &&
	test "$(to "fake1@")" = 1 &&
	before=$(to "alice@example.test") &&
	mail_from alice@example.test "command" signed >own2 && dlv own2 && pass &&
	test "$(to "alice@example.test")" = $((before + 1)) &&
	mail_text "$(ls -t spool/outbox/*-error.eml | head -1)" | grep -q "carried out already"
'

T=$((T + 3 * H)) && CARCPBEM_NOW=$T

test_expect_success 'issue 22.4: an admin command: its answer goes out, its 20 replays answered as strangers' '
	cd "$WORK" &&
	"$CARCPBEM" command -k admin.key -g g1 -p host PAUSE >pause 2>/dev/null &&
	mail_from ops@admins.invalid "command" pause >p0 && dlv p0 && pass &&
	test "$(to "ops@admins.invalid")" = 1 &&
	before=$(to "copy") &&
	flood pause 20 copy &&
	test "$(to "copy")" = $((before + 10))
'

T=$((T + 3 * H)) && CARCPBEM_NOW=$T

# ask ADDRESS FILE N: FILE mailed N times by ADDRESS, then one pass.
ask () {
	i=1 && while test "$i" -le "$3"; do
		mail_from "$1" "[carcassonne g1] ask" "$2" >"ask.$i" && dlv "ask.$i" || return 1
		i=$((i + 1))
	done &&
	pass
}

test_expect_success 'issue 22.9: 30 MAP requests forged as bob'"'"'s: 10 maps, 1 note, then nothing until the hour is past' '
	cd "$WORK" &&
	printf "MAP g1\n" >map &&
	maps=$(count "*-map.eml") && notes=$(to bob@example.test) &&
	ask bob@example.test map 30 2>err &&
	test "$(count "*-map.eml")" = $((maps + 10)) &&
	test "$(to bob@example.test)" = $((notes + 11)) &&
	note=$(grep -l "^To: bob@example.test" $(ls -t spool/outbox/*-error.eml) | head -1) &&
	mail_text "$note" | grep -q "answers 10 mail requests (HELP, STATUS, MAP and the like) an hour" &&
	CARCPBEM_NOW=$((T + H - 60)) ask bob@example.test map 3 &&
	test "$(to bob@example.test)" = $((notes + 11)) &&
	maps=$(count "*-map.eml") &&
	CARCPBEM_NOW=$((T + H + 1)) ask bob@example.test map 1 &&
	test "$(count "*-map.eml")" = $((maps + 1))
'

T=$((T + 3 * H)) && CARCPBEM_NOW=$T

test_expect_success 'issue 22.9: verb-answers 2 in the config: 2 answers an hour, then the note' '
	cd "$WORK" &&
	cp host.conf host.conf.keep &&
	printf "verb-answers 2\n" >>host.conf &&
	printf "STATUS g1\n" >status &&
	n=$(to alice@example.test) &&
	ask alice@example.test status 5 &&
	mv host.conf.keep host.conf &&
	test "$(to alice@example.test)" = $((n + 3)) &&
	mail_text "$(ls -t spool/outbox/*-error.eml | head -1)" | grep -q "answers 2 mail requests"
'

T=$((T + 3 * H)) && CARCPBEM_NOW=$T

test_expect_success 'issue 22.9: killed anywhere in the pass over the limit: one note, the limit kept' '
	cd "$WORK" &&
	ask bob@example.test map 10 &&
	rm -rf start && mkdir start && cp -r spool host.conf start/ &&
	mail_from bob@example.test "[carcassonne g1] map" map >k3 &&
	mail_from bob@example.test "[carcassonne g1] map" map >k4 &&
	(cd start && deliver ../k3 k3 && CARCPBEM_CRASH_LOG=$WORK/points2 pass) &&
	grep -q "mail queued" points2 &&
	b=$(to bob@example.test) &&
	one_note () { test "$(to bob@example.test)" = $((b + 1)); } &&
	every_kill k3 k4 points2 one_note
'

T=$((T + 3 * H)) && CARCPBEM_NOW=$T

observers () {
	jq -r ".observers[]?" spool/games/g1/meta.json 2>/dev/null
}

test_expect_success 'issue 22.9: OBSERVE with a forged From subscribes nobody: a code is mailed' '
	cd "$WORK" &&
	printf "OBSERVE g1\n" >obs &&
	mail_from dora@example.test "hello" obs >o1 && dlv o1 && pass &&
	! observers | grep -q dora &&
	m=$(grep -l "^To: dora@example.test" $(ls -t spool/outbox/*-command.eml) | head -1) &&
	code=$(tr -d "\r" <"$m" | sed -n "s/^Subject: .*OBSERVE g1 \([0-9a-f]*\): reply to confirm/\1/p") &&
	test ${#code} = 16 &&
	mail_text "$m" | grep -q "To confirm, reply to this mail" &&
	printf "OBSERVE g1 0123456789abcdef\n" >guess &&
	mail_from dora@example.test "hello" guess >o2 && dlv o2 && pass &&
	! observers | grep -q dora &&
	printf "OBSERVE g1 %s\n" "$code" >stolen &&
	mail_from erin@example.test "hello" stolen >o3 && dlv o3 && pass &&
	! observers | grep -q erin &&
	mail_text "$(ls -t spool/outbox/*-error.eml | head -1)" |
		grep -q "is not one this host mailed to erin@example.test"
'

test_expect_success 'issue 22.9: the reply to the code subscribes, and is answered' '
	cd "$WORK" &&
	CARCPBEM_NOW=$((T + 120)) confirm dora@example.test &&
	observers | grep -qx dora@example.test &&
	grep -q "^To: dora@example.test" "$ANSWER" &&
	grep -q "You observe game g1 now" answer.txt
'

test_expect_success 'issue 22.9: a code more than two days old subscribes nobody' '
	cd "$WORK" &&
	mail_from fred@example.test "hello" obs >o4 && dlv o4 && pass &&
	CARCPBEM_NOW=$((T + 4 * 86400)) confirm fred@example.test &&
	! observers | grep -q fred &&
	grep -q "more than 2 days old" answer.txt
'

test_done

# shellcheck shell=sh disable=SC2016
# The month of a 5-player game by mail with the fake clock, shared by
# t3360 (a run --once every 12 hours) and t3365 (one daemon the whole
# month): alice, bob and carol answer each notice within half a day, dave
# and erin never answer. The game has deadline 48h, a reminder 12h before
# it, policy bot and bot-after 2: dave and erin miss two deadlines each,
# are reminded once before each, and the computer plays their seats from
# then on, and they get no mail of the turns after that. The game
# finishes, every reminder was sent once, no mail was sent twice or lost,
# and the history replays.
#
# The test that sources this defines month_time T (the host's clock is
# T from now on, before the step's mail is delivered), month_pass T (the
# host's passes at time T are done when it returns), month_sent (how many mails the passes
# said they sent), month_start and month_stop (tests of their own around
# the passes, or nothing), and may set MONTH_CONF (more config lines).

T0=1700000000
H=3600
PLAYERS="alice bob carol dave erin"

due () {
	jq -r .decision.player spool/games/g1/state.json
}

test_expect_success 'the game: five players, deadline 48h, policy bot' '
	cd "$WORK" &&
	for p in $PLAYERS; do "$CARCPBEM" keygen "$p" >/dev/null 2>&1 || return 1; done &&
	cat >host.conf <<-\EOC &&
	spool spool
	from "Carcassonne <game@example.test>"
	deadline 48h
	reminders 12h
	policy bot
	bot-after 2
	EOC
	printf "%s" "${MONTH_CONF:-}" >>host.conf &&
	CARCPBEM_NOW=$T0 "$CARCPBEM" new -c host.conf --id g1 --seed month \
		--key alice=alice.pub --key bob=bob.pub --key carol=carol.pub \
		--key dave=dave.pub --key erin=erin.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		--address carol=carol@example.test --address dave=dave@example.test \
		--address erin=erin@example.test \
		alice bob carol dave erin >new.out &&
	ls spool/outbox | wc -l >started &&
	test "$(cat started)" = 5
'

month_start

test_expect_success 'a pass every 12 hours until the game is over' '
	cd "$WORK" &&
	t=$T0 && steps=0 &&
	while test "$(jq -r .over spool/games/g1/state.json)" = false; do
		t=$((t + 12 * H)) && steps=$((steps + 1)) &&
		test $steps -le 400 || { echo "not over after $steps passes"; return 1; }
		month_time $t &&
		case $(due) in
		alice|bob|carol)
			p=$(due) &&
			CARCPBEM_NOW=$t turn_text "$p" >"turn-$p" &&
			mail_from "$p@example.test" "[carcassonne g1] my turn" "turn-$p" >"mail-$p" &&
			deliver "mail-$p" || return 1 ;;
		esac
		month_pass $t || return 1
	done &&
	echo "$t" >end &&
	test $((t - T0)) -ge $((28 * 24 * H)) &&
	echo "over after $steps passes, $(((t - T0) / 86400)) days"
'

test_expect_success 'dave and erin: two deadlines missed each, then the computer' '
	cd "$WORK" &&
	jq -e ".seats[3].bot and .seats[3].away and .seats[3].missed == 2" spool/games/g1/meta.json &&
	jq -e ".seats[4].bot and .seats[4].away and .seats[4].missed == 2" spool/games/g1/meta.json &&
	jq -e "[.seats[0,1,2] | .bot or .missed > 0] | any | not" spool/games/g1/meta.json &&
	grep -c "\"why\":\"the deadline passed: the computer decided\"" spool/games/g1/history.jsonl >missed &&
	test "$(cat missed)" = 4 &&
	test "$(grep -c "\"why\":\"the computer plays the seat\"" spool/games/g1/history.jsonl)" -gt 20 &&
	! grep "\"by\":\"host\"" spool/games/g1/history.jsonl | grep -q "\"player\":\"\\(alice\\|bob\\|carol\\)\""
'

test_expect_success 'every reminder once: one before each missed deadline, none else' '
	cd "$WORK" &&
	ls spool/outbox | grep -- "-remind-" >reminders &&
	test "$(wc -l <reminders)" = 4 &&
	test "$(grep -c -- "-remind-0-4\\.eml$" reminders)" = 2 &&
	test "$(grep -c -- "-remind-0-5\\.eml$" reminders)" = 2
'

month_stop

test_expect_success 'nothing lost: every mail sent once, the queue and the inbox empty; dave and erin, the computer'"'"'s, mailed no turns (issue 21.1)' '
	cd "$WORK" &&
	sent=$(month_sent) && test "$sent" -gt 150 &&
	for p in dave erin; do
		test "$(grep -l "^To: $p@example.test" spool/outbox/*.eml | wc -l)" -lt 20 ||
			return 1
	done &&
	test "$((sent + $(cat started)))" = "$(ls spool/outbox | wc -l)" &&
	test -z "$(ls spool/queue | grep -v failed)" && test -z "$(ls spool/inbox/new)" &&
	for p in $PLAYERS; do
		ls spool/outbox | grep -q -- "-over-" || return 1
		grep -l "^To: $p@example.test" spool/outbox/*-over-* >/dev/null || return 1
	done &&
	records=$(wc -l <spool/games/g1/history.jsonl) &&
	jq -e ".record == $((records - 1))" spool/games/g1/mailed &&
	"$CARCPBEM" replay spool/games/g1 >replay.out &&
	grep "every signature and hash checks" replay.out
'


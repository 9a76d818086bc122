#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# The README's "Away, time zones, fewer mails: commands by mail" run as
# printed: each carcpbem command line makes a block that, mailed to the
# host as it is, does what the README says; the SSH route (ssh-keygen
# over the unsigned block, both pasted in the body) too.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"
. "$top_srcdir/tests/mail/printed.sh"

# Commands run as printed find carcpbem in the PATH, as a player's do.
mkdir -p "$TRASH_BASE/bin" && ln -sf "$CARCPBEM" "$TRASH_BASE/bin/carcpbem"
PATH=$TRASH_BASE/bin:$PATH
export PATH

# mail_body ADDRESS FILE: FILE in the body of a mail, processed.
mail_body () {
	mail_from "$1" "command" "$2" >"$2.eml" &&
	deliver "$2.eml" "1700000000.M$2-$(date +%s%N)P$$.test" &&
	"$CARCPBEM" run --once -c host.conf -q
}

meta () {
	jq -r "$1" spool/games/g1/meta.json
}

test_expect_success 'the README has the commands, in two sh blocks' '
	cd "$WORK" &&
	sh_blocks "Away, time zones" &&
	test "$(grep -c "^carcpbem command -k alice.key -g g1 -p alice" block.1)" = 4 &&
	grep -q "^ssh-keygen -Y sign" block.2
'

test_expect_success 'each signed command, mailed as printed, is carried out' '
	cd "$WORK" &&
	host_setup &&
	i=0 &&
	while IFS= read -r line; do
		i=$((i + 1)) &&
		sh -c "$line" >cmd.$i 2>/dev/null &&
		mail_body alice@example.test cmd.$i || return 1
	done <block.1 &&
	test "$i" = 4 &&
	meta ".seats[0].absence[0].from" | grep -q "^2026-12-20T00:00:00Z$" &&
	meta ".seats[0].absence[0].to" | grep -q "^2026-12-31T00:00:00Z$" &&
	test "$(meta .seats[0].timezone)" = Europe/Sofia &&
	test "$(meta .seats[0].notify)" = mine &&
	test "$(meta .seats[0].resigned)" = true &&
	test "$(ls spool/outbox/m-*-error.eml 2>/dev/null | wc -l)" = 0
'

test_expect_success 'the SSH route: ssh-keygen over the block, both pasted in the body' '
	cd "$WORK" &&
	if ! command -v ssh-keygen >/dev/null 2>&1; then
		echo "# skipped: no ssh-keygen"; return 0
	fi &&
	rm -rf spool && mkdir -p home/.ssh &&
	ssh-keygen -q -t ed25519 -N "" -C alice -f home/.ssh/id_ed25519 &&
	"$CARCPBEM" new -c host.conf --id g1 --seed readme \
		--key alice=home/.ssh/id_ed25519.pub --key bob=bob.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		alice bob >/dev/null &&
	(HOME=$WORK/home && export HOME && . ./block.2) >out 2>err &&
	test -f command.txt.sig &&
	cat command.txt command.txt.sig >pasted &&
	mail_body alice@example.test pasted &&
	test "$(meta .seats[0].notify)" = mine &&
	test "$(ls spool/outbox/m-*-error.eml 2>/dev/null | wc -l)" = 0
'

# readme_new: the README's command that starts a game by mail (For
# hosts, "Start a game"), joined from its lines, in cmd.
readme_new () {
	sed -n "/^- Start a game:/,/^- /p" "$top_srcdir/README.md" | tr "\n" " " |
		grep -o "\`carcpbem new -c [^\`]*\`" | tr -d "\`" | tr -s " " >cmd &&
	test -s cmd
}

test_expect_success 'issue 21 (low): the README starts a game with a carcpbem key and an SSH key as printed' '
	readme_new &&
	grep -q "alice=alice.pub" cmd && grep -q "bob=id_ed25519.pub" cmd &&
	"$CARCPBEM" keygen alice >/dev/null 2>&1 &&
	ssh-keygen -q -t ed25519 -N "" -C bob@laptop -f id_ed25519 &&
	printf "spool spool\nfrom game@example.org\n" >carcpbem.conf &&
	sh -c "$(cat cmd)" >out 2>err &&
	ls spool/games/*/state.json &&
	test "$(ls spool/outbox/*.eml | wc -l)" -ge 2
'

test_expect_success 'issue 21 (low): no README paragraph starts with a space (a cut sentence)' '
	awk "prev == \"\" && /^ [a-z]/ && !code { print NR\": \"\$0; bad = 1 }
	     /^\`\`\`/ { code = !code } { prev = \$0 } END { exit bad }" "$top_srcdir/README.md"
'

test_done

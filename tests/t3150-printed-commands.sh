#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Every command line a mail prints works as printed (issue 10: the
# notice's "carcpbem sign alice.key turn.txt" left turn.txt unsigned, the
# refusal's "carcpbem sign TURN --key YOUR.key" failed). A game by mail
# makes every kind of mail; each command line in them is taken from the
# mail's text, its placeholders filled with real files and actions, run
# exactly as printed, and checked to do what the mail says. Then the
# signed turn.txt and the printed turn are mailed back and played, to the
# end. The worked examples of the man page and the README's For players
# run too.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"
. "$top_srcdir/tests/mail/printed.sh"

# The command lines run, one a line.
CHECKED=$WORK/checked

# Commands run as printed find carcpbem in the PATH, as a player's do.
mkdir -p "$TRASH_BASE/bin" && ln -sf "$CARCPBEM" "$TRASH_BASE/bin/carcpbem"
PATH=$TRASH_BASE/bin:$PATH
export PATH

# setup: game g1 by mail for alice and bob; a bag of two tiles, so that
# the game ends after a turn each.
setup () {
	for p in alice bob mallory; do
		"$CARCPBEM" keygen $p >/dev/null 2>&1 || return 1
	done &&
	printf "spool spool\nfrom game@example.test\n" >host.conf &&
	"$CARCPBEM" new -c host.conf --id g1 --seed printed --tiles BA/CFc.1,BA/L \
		--key alice=alice.pub --key bob=bob.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		alice bob >new.out
}

# first_place VIEW: the first legal placement in VIEW.
first_place () {
	"$CARCPBEM" legal "$1" | grep -m1 "^place"
}

# a_figure VIEW PLACE KEY: a legal figure action (or pass) after PLACE,
# as move lists them when a turn stops short.
a_figure () {
	"$CARCPBEM" move "$1" "$2" --key "$3" 2>&1 >/dev/null |
		sed -n "s/.*add one of: \([^,]*\).*/\1/p"
}

# finished_game FILE: the archive of a game of one tile, over, in FILE.
finished_game () {
	(mkdir -p "$WORK/short" && cd "$WORK/short" &&
	 { test -f alice.key || "$CARCPBEM" keygen alice >/dev/null 2>&1; } &&
	 { test -f bob.key || "$CARCPBEM" keygen bob >/dev/null 2>&1; } &&
	 rm -rf game && "$CARCPBEM" new --dir game --seed short --tiles BA/L \
		--key alice=alice.pub --key bob=bob.pub alice bob >/dev/null &&
	 "$CARCPBEM" view game --player alice -o v.json &&
	 "$CARCPBEM" move v.json "$(first_place v.json)" pass --key alice.key -o t >/dev/null &&
	 "$CARCPBEM" apply game t >/dev/null &&
	 "$CARCPBEM" export game -o "$1" >/dev/null)
}

# fill BLOCK PLACE FIGURE: the turn skeleton BLOCK with its Action lines
# filled in, as a player does in a text editor.
fill () {
	awk -v a="$2" -v b="$3" '/^Action:[ ]*$/ { n++; print "Action: " (n == 1 ? a : b); next } { print }' "$1"
}

# run_printed PLAYER EML COMMAND: runs COMMAND, printed in EML (a mail to
# PLAYER), in a directory of its own that holds what the player has: the
# keys, the mail's attachments, and turn.txt when the mail says to save
# the turn as turn.txt. Placeholders (VIEW, YOUR.key, "place X Y R",...)
# become real files and legal actions; one left over fails the test.
run_printed () {
	p=$1 eml=$2 cmd=$3
	n=$(($(ls -d "$WORK"/run.* 2>/dev/null | wc -l) + 1))
	d=$WORK/run.$n
	mkdir "$d" && cp "$p.key" "$p.pub" "$d" || return 1
	for a in $(tr -d '\r' <"$eml" | sed -n 's/.*filename=\"\{0,1\}\([^";]*\).*/\1/p'); do
		mail_attachment "$eml" "$a" >"$d/$a" || return 1
	done
	view=$(cd "$d" && ls ./*-"$p".json 2>/dev/null | head -1)
	test -n "$view" || { view=./view.json &&
		"$CARCPBEM" view spool/games/g1 --player "$p" -o "$d/view.json"; } || return 1
	archive=$(cd "$d" && ls ./*-archive.json 2>/dev/null | head -1)
	test -n "$archive" || { archive=./archive.json && finished_game "$d/archive.json"; } ||
		return 1
	place=$(cd "$d" && first_place "$view")
	if test -n "$place"; then
		figure=$(cd "$d" && a_figure "$view" "$place" "$p.key")
		acts="\"$place\" \"$figure\""
	else # the tile is down: a figure decision (a partial turn before)
		figure=$(cd "$d" && "$CARCPBEM" legal "$view" | grep -v "^#" | head -1)
		acts="\"$figure\""
	fi
	case $cmd in
	*"place X Y R"* | *ACTION* | *"VIEW ..."* | *TURN* | *FILE* | *"carcpbem sign "*)
		test -n "$figure" ||
			{ echo "$cmd: no legal turn for $p in $view" >&2; return 1; }
		mail_text "$eml" | sed -n "/^-----BEGIN CARCASSONNE TURN/,/^-----END/p" >"$d/skeleton"
		test -s "$d/skeleton" ||
			{ eval "\"\$CARCPBEM\" move \"\$d/\$view\" $acts --key \"\$p.key\"" |
			  sed "/^Key:/,/^-----END/d; s/^Action: .*/Action:/" >"$d/skeleton" &&
			  echo "-----END CARCASSONNE TURN-----" >>"$d/skeleton"; }
		if test -n "$place"; then
			fill "$d/skeleton" "$place" "$figure"
		else
			fill "$d/skeleton" "$figure"
		fi >"$d/turn.txt" || return 1
	esac
	real=$(printf "%s\n" "$cmd" | sed -e "s|GAME-PLAYER\.json|$view|g" \
		-e "s|\bVIEW \.\.\.|$view $acts --key $p.key|g" \
		-e "s|\bVIEW\b|$view|g" -e "s|\bYOUR\?\.key\b|$p.key|g" \
		-e "s|\bKEY\b|$p.key|g" -e "s|\bPUBKEY\b|$p.pub|g" \
		-e "s|\"place X Y R\"|\"$place\"|g" -e "s|\"knight N\"|\"$figure\"|g" \
		-e "s|ACTION\.\.\.|$acts|g" -e "s|\bNAME\b|carol|g" \
		-e "s|\bTURN\b|turn.txt|g" -e "s|\bFILE\b|turn.txt|g" \
		-e "s|\bARCHIVE\b|$archive|g") &&
	if printf "%s\n" "$real" | grep -E "\.\.\.|\b[A-Z]{3,}\b|place X Y R" >&2; then
		echo "a placeholder is left in: $cmd" >&2
		return 1
	fi
	echo "$n: $cmd" >>"$CHECKED"
	echo "running, from $eml: $real" >&2
	(cd "$d" && eval "$real" >out 2>err) || { cat "$d/err" >&2; return 1; }
	(cd "$d" && does_what_it_says "$p" "$real") ||
		{ echo "$real did not do what the mail says" >&2; return 1; }
}

# does_what_it_says PLAYER COMMAND: the check for each command a mail
# may print (in the command's directory); an unknown command fails.
does_what_it_says () {
	cp -r "$WORK/spool/games/g1" game &&
	case $2 in
	"carcpbem move "*)
		"$CARCPBEM" verify "$1.pub" out &&
		"$CARCPBEM" apply --no-mail game out >/dev/null ;;
	"carcpbem sign "*)
		"$CARCPBEM" verify "$1.pub" turn.txt &&
		"$CARCPBEM" apply --no-mail game turn.txt >/dev/null ;;
	"carcpbem keygen carol")
		test -s carol.key && test -s carol.pub ;;
	"carcpbem show "* | "carcpbem legal "*)
		test -s out ;;
	"carcpbem replay "*)
		grep "every signature and hash checks" out ;;
	*)
		echo "no check for: $2 (add one to does_what_it_says)" >&2
		return 1 ;;
	esac
}

# run_mail PLAYER EML: every command line of EML, run as printed.
run_mail () {
	mail_text "$2" | printed_commands >"$2.commands" &&
	while IFS= read -r c; do
		run_printed "$1" "$2" "$c" || return 1
	done <"$2.commands"
}

# ask PLAYER SUBJECT BODY: PLAYER's mail to the host, processed.
ask () {
	printf "%s\n" "$3" >body &&
	mail_from "$1@example.test" "$2" body >asked &&
	deliver asked "asked.$(date +%s%N)" &&
	"$CARCPBEM" run --once -c host.conf -q
}

test_expect_success 'every kind of mail, for turn 1' '
	cd "$WORK" && setup &&
	ask alice "[carcassonne g1] help" "" &&
	ask alice "[carcassonne g1] status" "" &&
	ask alice "[carcassonne g1] history please" "" &&
	"$CARCPBEM" view spool/games/g1 --player alice -o v.json &&
	"$CARCPBEM" move v.json "$(first_place v.json)" "$(a_figure v.json "$(first_place v.json)" alice.key)" \
		--key alice.key | sed "/^Key:/,/^-----END/d" >unsigned &&
	echo "-----END CARCASSONNE TURN-----" >>unsigned &&
	ask alice "[carcassonne g1] my turn" "$(cat unsigned)" &&
	"$CARCPBEM" sign mallory.key unsigned -o forged 2>/dev/null >/dev/null &&
	ask mallory "[carcassonne g1] turn" "$(cat forged)" &&
	ls spool/outbox >mails &&
	for kind in r0-notice r0-start help status history error forged; do
		grep -q -- "-$kind" mails || { echo "no $kind mail" >&2; return 1; }
	done
'

test_expect_success 'HISTORY please: the word after a verb that is no game is ignored' '
	cd "$WORK" &&
	h=$(grep -l "^Subject: .*history" spool/outbox/*-history.eml) &&
	test -n "$h" && ! grep -l "There is no game" spool/outbox/*-error.eml | grep -q . &&
	ask alice "status g9" "" &&
	e=$(ls -t spool/outbox/*-error.eml | head -1) &&
	mail_text "$e" | grep "There is no game .g9." &&
	n=$(ls spool/outbox/*-status.eml | wc -l) &&
	ask alice "[carcassonne g1] STATUS thanks" "" &&
	ask alice "Re: hello" "status G1." &&
	test "$(ls spool/outbox/*-status.eml | wc -l)" = $((n + 2))
'

test_expect_success 'the commands of the mails to alice work as printed' '
	cd "$WORK" &&
	for m in spool/outbox/*.eml; do
		grep -q "^To: alice@example.test" "$m" || continue
		run_mail alice "$m" || return 1
	done &&
	grep "carcpbem sign alice.key turn.txt" "$CHECKED" &&
	grep "carcpbem sign TURN --key YOUR.key" "$CHECKED" &&
	grep "carcpbem move g1-alice.json \"place X Y R\" \"knight N\" --key alice.key" "$CHECKED" &&
	grep "carcpbem keygen NAME" "$CHECKED"
'

test_expect_success 'the commands of the mails to mallory work as printed' '
	cd "$WORK" &&
	for m in spool/outbox/*.eml; do
		grep -q "^To: mallory@example.test" "$m" || continue
		mail_text "$m" | printed_commands >cmds &&
		while IFS= read -r c; do
			case $c in
			*move*|*sign*) ;; # mallory plays in no game: she cannot
			*) run_printed mallory "$m" "$c" || return 1 ;;
			esac
		done <cmds || return 1
	done
'

test_expect_success 'a turn that stops short on purpose: the notice for the figure' '
	cd "$WORK" &&
	"$CARCPBEM" view spool/games/g1 --player alice -o v.json &&
	expect_code 1 "$CARCPBEM" move v.json "$(first_place v.json)" --key alice.key 2>err &&
	grep "the turn is not complete: you still put a figure on the tile or pass; add one of: " err &&
	"$CARCPBEM" move v.json "$(first_place v.json)" --partial --key alice.key >half &&
	mail_from alice@example.test "Re: [carcassonne g1] turn 1" half >m &&
	deliver m && "$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" = 2 &&
	run_mail alice spool/outbox/g1-r1-notice-1.eml &&
	grep "carcpbem move g1-alice.json \"knight N\" --key alice.key" "$CHECKED"
'

test_expect_success 'alice signs turn.txt as the notice says and mails it: applied' '
	cd "$WORK" &&
	notice=spool/outbox/g1-r1-notice-1.eml &&
	mail_text $notice | sed -n "/^-----BEGIN CARCASSONNE TURN/,/^-----END/p" >skel &&
	"$CARCPBEM" view spool/games/g1 --player alice -o v.json &&
	fill skel "$("$CARCPBEM" legal v.json | grep -v "^#" | head -1)" >turn.txt &&
	cmd=$(mail_text $notice | printed_commands | grep "carcpbem sign") &&
	eval "$cmd" >/dev/null &&
	mail_from alice@example.test "Re: [carcassonne g1] turn 1" turn.txt >m &&
	deliver m && "$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" = 3 &&
	test -f spool/outbox/g1-r2-notice-2.eml
'

test_expect_success 'bob runs the notice'"'"'s move command and mails what it prints: the end' '
	cd "$WORK" &&
	run_mail bob spool/outbox/g1-r2-notice-2.eml &&
	run_mail alice spool/outbox/g1-r2-update-1.eml &&
	n=$(sed -n "s/^\([0-9]*\): carcpbem move g1-bob.json .*/\1/p" "$CHECKED") &&
	moved=run.$n/out && grep -q "^Signature:" "$moved" &&
	mail_from bob@example.test "Re: [carcassonne g1] turn 2" "$moved" >m &&
	deliver m && "$CARCPBEM" run --once -c host.conf -q &&
	ls spool/outbox/g1-r3-over-1.eml spool/outbox/g1-r3-over-2.eml
'

test_expect_success 'the game-over mails: replay of the attached archive as printed' '
	cd "$WORK" &&
	run_mail alice spool/outbox/g1-r3-over-1.eml &&
	run_mail bob spool/outbox/g1-r3-over-2.eml &&
	grep "carcpbem replay g1-archive.json" "$CHECKED"
'

test_expect_success 'every kind of mail was read, every command in them run' '
	cd "$WORK" &&
	for kind in notice start update over error forged help status history; do
		ls spool/outbox | grep -q -- "-$kind" || { echo "no $kind mail" >&2; return 1; }
	done &&
	test "$(wc -l <"$CHECKED")" -ge 8
'

# man_session: the commands of the signed game in carcpbem(1) EXAMPLES,
# as a shell script: the prompts (alice$, host$) and comments dropped,
# the lines continued by \e joined.
man_session () {
	sed -n "/^A signed game:/,/^\.fi/p" "$top_srcdir/docs/carcpbem.1" | awk '
	cont { sub(/^ */, " "); line = line $0 }
	!cont {
		if ($0 !~ /^[a-z]*\$ carcpbem /)
			next
		line = $0
		sub(/^[a-z]*\$ /, "", line)
	}
	{
		cont = sub(/ *\\e$/, "", line)
		if (!cont) { sub(/  *#.*$/, "", line); print line }
	}'
}

test_expect_success 'the signed game of carcpbem(1) EXAMPLES runs as printed' '
	man_session >session.sh &&
	cat session.sh >&2 &&
	test "$(grep -c "^carcpbem " session.sh)" -ge 6 &&
	unset CARCPBEM_CONFIG CARCPBEM_SPOOL &&
	"$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	. ./session.sh >out 2>err &&
	grep "Applied turn 1 of alice" out &&
	grep "every signature and hash checks" out
'

# The README's For players with a carcpbem key, as a new player meets
# it (the SSH route: t3155): each sh block, in
# order (the install block is console: it needs root), and between the
# key and the turn the host's part: the game made with alice's public
# key, her view mailed to her.
test_expect_success 'README For players: the commands run as printed' '
	sh_blocks "With a carcpbem key" &&
	ls block.* >blocks && test "$(wc -l <blocks)" -ge 3 &&
	grep -q "^carcpbem keygen alice$" block.1 &&
	unset CARCPBEM_CONFIG CARCPBEM_SPOOL &&
	. ./block.1 >out 2>err &&
	"$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	"$CARCPBEM" new --spool host --id g1 --seed example \
		--key alice=alice.pub --key bob=bob.pub alice bob >/dev/null &&
	"$CARCPBEM" view host/games/g1 --player alice -o g1-alice.json &&
	for b in $(sed 1d blocks); do
		. "./$b" >out 2>err || { cat "$b" err >&2; return 1; }
	done &&
	"$CARCPBEM" verify alice.pub turn.txt &&
	"$CARCPBEM" apply host/games/g1 turn.txt
'

# The examples in "carcpbem help COMMAND": the concrete ones (no
# placeholder, no [option]) run as printed on the README's example game
# (seed "example"), where they are legal.
test_expect_success 'the examples of carcpbem help run as printed' '
	for c in $("$CARCPBEM" --help | awk "/^  [a-z]/ { print \$1 }"); do
		"$CARCPBEM" help $c | printed_commands
	done | grep -v -E "\b[A-Z]{3,}\b|\[" >examples &&
	test "$(wc -l <examples)" -ge 2 &&
	"$CARCPBEM" keygen alice >/dev/null 2>&1 && "$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	while IFS= read -r c; do
		rm -rf host game.json &&
		case $c in
		"carcpbem play game.json "*)
			"$CARCPBEM" new --seed example -o game.json alice bob >/dev/null ;;
		"carcpbem move game.json "*)
			"$CARCPBEM" new --spool host --id g1 --seed example \
				--key alice=alice.pub --key bob=bob.pub alice bob >/dev/null &&
			"$CARCPBEM" view host/games/g1 --player alice -o game.json ;;
		*) echo "no game for the example $c" >&2; false ;;
		esac &&
		eval "$c" >out 2>err || { cat err >&2; echo "$c failed" >&2; return 1; }
		case $c in
		*move*) "$CARCPBEM" apply --no-mail host/games/g1 out >/dev/null || return 1 ;;
		esac
	done <examples
'

test_done

#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Playing with an SSH key by mail (issue 14): alice is registered with
# her OpenSSH Ed25519 key and signs with Debian's ssh-keygen, bob with a
# carcpbem key. Every ssh-keygen command the mails to alice print is run
# exactly as printed (her HOME holds ~/.ssh/id_ed25519), and what it
# makes is mailed through the mail loop (Maildir) and applied: two
# attachments on some turns, pasted into the body (quoted or not, the
# signature above or below) on others, one turn.txt saved with CR LF
# line ends, to the end of the game. What is
# missing is answered: a turn without its .sig, a .sig without its turn,
# a turn changed after signing, a private key; a mailed .pub is kept.
# The README's SSH route runs as printed too.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"
. "$top_srcdir/tests/mail/printed.sh"

command -v ssh-keygen >/dev/null 2>&1 ||
	skip_all "ssh-keygen is not installed (Debian: openssh-client)"

# Commands run as printed find carcpbem in the PATH, as a player's do.
mkdir -p "$TRASH_BASE/bin" && ln -sf "$CARCPBEM" "$TRASH_BASE/bin/carcpbem"
PATH=$TRASH_BASE/bin:$PATH
export PATH

# Eight tiles: four turns each.
TILES=BA/RFr,BA/L,BA/C,BA/RCr,BA/Ccc,BA/RRR,BA/Rr,BA/CcRr
SIGN='ssh-keygen -Y sign -f ~/.ssh/id_ed25519 -n carcassonne turn.txt'
SSH_HOME=$WORK/home
crlf=

# setup: alice's SSH key in $WORK/home/.ssh, bob's carcpbem key, game g1.
setup () {
	mkdir -p home/.ssh && chmod 700 home/.ssh &&
	ssh-keygen -q -t ed25519 -N "" -C alice@laptop -f home/.ssh/id_ed25519 &&
	"$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	printf 'spool spool\nfrom "Carcassonne <game@example.test>"\n' >host.conf &&
	"$CARCPBEM" new -c host.conf --id g1 --seed ssh-mail --tiles "$TILES" \
		--key alice=home/.ssh/id_ed25519.pub --key bob=bob.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		alice bob >new.out
}

# latest KIND SEAT: the newest mail of KIND to SEAT (1 alice, 2 bob).
latest () {
	ls spool/outbox/g1-r*-"$1"-"$2".eml 2>/dev/null | sort -t r -k2 -n | tail -1
}

# run () : the host's pass.
host () {
	"$CARCPBEM" run --once -c host.conf -q
}

# fill BLOCK ACTION...: the turn skeleton BLOCK with its empty Action
# lines filled in order, as a player does in a text editor.
fill () {
	f=$1 && shift &&
	awk -v a="$1" -v b="$2" '/^Action:[ ]*$/ { n++; print "Action: " (n == 1 ? a : b); next } { print }' "$f"
}

# sign_as_printed TEXT DIR: in DIR, turn.txt filled in from the turn in
# the mail text TEXT (a placement and pass, or pass), then TEXT's one
# ssh-keygen command run as printed, with HOME alice's ($SSH_HOME).
sign_as_printed () {
	txt=$1 d=$2 && rm -rf "$d" && mkdir "$d" &&
	sed -n "/^-----BEGIN CARCASSONNE TURN/,/^-----END/p" "$txt" >"$d/skel" &&
	test -s "$d/skel" &&
	"$CARCPBEM" view spool/games/g1 --player alice -o "$d/v.json" &&
	place=$("$CARCPBEM" legal "$d/v.json" | grep -m1 "^place") &&
	if test "$(grep -c "^Action:" "$d/skel")" = 2; then
		fill "$d/skel" "$place" pass
	else
		fill "$d/skel" pass
	fi >"$d/turn.txt" &&
	if test "$crlf" = yes; then # saved by a Windows editor
		sed "s/\$/\r/" "$d/turn.txt" >"$d/crlf" && mv "$d/crlf" "$d/turn.txt"
	fi &&
	printed_commands ssh-keygen <"$txt" >"$d/cmds" &&
	test "$(wc -l <"$d/cmds")" = 1 && test "$(cat "$d/cmds")" = "$SIGN" &&
	echo "$txt: $(cat "$d/cmds")" >>"$WORK/checked" &&
	(cd "$d" && HOME=$SSH_HOME && export HOME && eval "$(cat cmds)" 2>err) &&
	grep -q "^-----BEGIN SSH SIGNATURE-----" "$d/turn.txt.sig"
}

# sign_mail EML DIR: sign_as_printed with the text of the mail EML.
sign_mail () {
	mail_text "$1" >"$2.txt" && sign_as_printed "$2.txt" "$2"
}

# send_ssh DIR FORM: alice mails DIR's turn.txt and turn.txt.sig: as two
# attachments (attach), pasted (paste), quoted with the signature first
# (quoted), pasted into an HTML-only mail (html); the host's pass follows.
send_ssh () {
	d=$1 && case $2 in
	attach) printf "My turn.\n" >"$d/body" &&
		mail_attach alice@example.test "Re: [carcassonne g1] your move" \
			"$d/body" "$d/turn.txt" "$d/turn.txt.sig" ;;
	paste) { printf "My turn:\n\n" && cat "$d/turn.txt" "$d/turn.txt.sig" &&
		 printf "\nOn Tuesday the host wrote:\n" && sed "s/^/> /" "$d/skel"; } >"$d/body" &&
		mail_from alice@example.test "Re: [carcassonne g1] your move" "$d/body" ;;
	quoted) { printf "Here:\n\n" && sed "s/^/> /" "$d/turn.txt.sig" && printf ">\n" &&
		  sed "s/^/> /" "$d/turn.txt"; } >"$d/body" &&
		mail_from alice@example.test "Re: [carcassonne g1] your move" "$d/body" ;;
	html) { printf "<html><body><p>My turn:</p><div>" &&
		cat "$d/turn.txt" "$d/turn.txt.sig" | sed "s|\$|<br>|" &&
		printf "</div></body></html>\n"; } >"$d/body" &&
		mail_from alice@example.test "Re: [carcassonne g1] your move" "$d/body" |
		sed "s|^Content-Type: text/plain|Content-Type: text/html|" ;;
	esac >"$d/mail" && deliver "$d/mail" && host
}

# answer: the newest error mail's text.
answer () {
	mail_text "$(ls -t spool/outbox/*-error.eml | head -1)"
}

test_expect_success 'an SSH seat: the start and the notice print the ssh-keygen commands' '
	cd "$WORK" && setup &&
	n=$(latest notice 1) && test -n "$n" &&
	mail_text "$n" >notice.txt &&
	grep -F "  $SIGN" notice.txt &&
	grep -B1 -F "  $SIGN" notice.txt | grep -x " *rm -f turn.txt.sig" &&
	tr "\n" " " <notice.txt | grep "Attach both files, turn.txt and turn.txt.sig" &&
	! grep "carcpbem move\|carcpbem sign" notice.txt &&
	awk "length > 78" notice.txt >wide && test_cmp /dev/null wide &&
	mail_text "$(latest start 2)" >start.txt &&
	! grep "ssh-keygen" start.txt
'

test_expect_success 'a turn.txt without its .sig, a .sig without its turn: said what is missing' '
	cd "$WORK" &&
	sign_mail "$(latest notice 1)" t0 &&
	printf "My turn.\n" >t0/body &&
	mail_attach alice@example.test "[carcassonne g1] turn" t0/body t0/turn.txt >m1 &&
	deliver m1 && host && test "$(records)" = 1 &&
	answer | grep "You attached turn.txt but not turn.txt.sig" &&
	answer | grep -F "$SIGN" &&
	mail_attach alice@example.test "[carcassonne g1] turn" t0/body t0/turn.txt.sig >m2 &&
	deliver m2 && host && test "$(records)" = 1 &&
	answer | grep "an SSH signature (in the attachment turn.txt.sig) but no turn" &&
	cp t0/turn.txt t0/a.txt && cp t0/turn.txt t0/b.txt && cp t0/turn.txt.sig t0/x.sig &&
	mail_attach alice@example.test "[carcassonne g1] turn" t0/body t0/a.txt t0/b.txt \
		t0/x.sig >m3 &&
	deliver m3 && host && test "$(records)" = 1 &&
	answer | tr "\n" " " | grep "could be for any of the 2 turns in your mail" &&
	sed "s/^Action: pass/Action: knight N/" t0/turn.txt >t0/changed &&
	mv t0/changed t0/turn.txt &&
	send_ssh t0 attach && test "$(records)" = 1 &&
	answer | grep "refused (bad-signature)" &&
	answer | grep -F "sign turn.txt again"
'

# alice_plays FORM: alice's turn from her newest notice, signed as it
# prints, mailed in FORM and applied.
alice_plays () {
	r=$(records) && n=$(latest notice 1) &&
	sign_mail "$n" "a$r" && send_ssh "a$r" "$1" &&
	test "$(records)" -gt "$r" ||
		{ answer >&2; return 1; }
}

# bob_plays: bob's turn with carcpbem, as ever.
bob_plays () {
	r=$(records) && play bob && test "$(records)" -gt "$r"
}

test_expect_success 'a whole game by mail: alice with ssh-keygen, bob with carcpbem' '
	cd "$WORK" &&
	alice_plays attach && bob_plays &&
	alice_plays paste && bob_plays &&
	alice_plays quoted && bob_plays &&
	crlf=yes && alice_plays attach && crlf= && grep -q "$(printf "\r")" a7/turn.txt &&
	bob_plays &&
	ls spool/outbox/g1-r*-over-1.eml spool/outbox/g1-r*-over-2.eml &&
	test "$(grep -c "ssh-keygen -Y sign" "$WORK/checked")" -ge 5
'

test_expect_success 'the archive replays, SSH-signed turns and all' '
	cd "$WORK" &&
	o=$(ls spool/outbox/g1-r*-over-1.eml) &&
	mail_attachment "$o" g1-archive.json >archive.json &&
	cmd=$(mail_text "$o" | printed_commands | grep "carcpbem replay") &&
	test -n "$cmd" &&
	eval "$(echo "$cmd" | sed "s/g1-archive.json/archive.json/")" >out &&
	grep "every signature and hash checks" out
'

test_expect_success 'HELP to the SSH seat: the ssh-keygen route only, runs as printed' '
	cd "$WORK" && rm -rf g2 && mkdir g2 && cd g2 &&
	cp ../bob.key ../bob.pub ../host.conf . &&
	"$CARCPBEM" new -c host.conf --id g1 --seed ssh-help --tiles "$TILES" \
		--key alice=../home/.ssh/id_ed25519.pub --key bob=bob.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		alice bob >/dev/null &&
	printf "help\n" >b && mail_from alice@example.test "[carcassonne g1] help" b >m &&
	deliver m && host &&
	h=$(ls spool/outbox/*-help.eml) && mail_text "$h" >help.txt &&
	grep -F "  $SIGN" help.txt &&
	grep -B1 -F "  $SIGN" help.txt | grep -x " *rm -f turn.txt.sig" &&
	! grep "carcpbem move\|carcpbem sign\|carcpbem keygen" help.txt &&
	mail_text "$(latest notice 1)" | sed -n "/^-----BEGIN CARCASSONNE/,/^-----END/p" >skel &&
	{ cat help.txt && cat skel; } >h.txt &&
	sign_as_printed h.txt hh && send_ssh hh attach && test "$(records)" = 2
'

test_expect_success 'a turn from an old notice: the error mail has the turn and the command' '
	cd "$WORK/g2" &&
	play bob && test "$(records)" = 3 &&
	sign_mail spool/outbox/g1-r0-notice-1.eml s0 && send_ssh s0 attach &&
	test "$(records)" = 3 &&
	e=$(ls -t spool/outbox/*-error.eml | head -1) && mail_text "$e" >err.txt &&
	grep "It is your decision. Your turn, ready to fill in:" err.txt &&
	grep -F "  $SIGN" err.txt &&
	sign_mail "$e" s2 && send_ssh s2 html && test "$(records)" = 4
'

test_expect_success 'keys by mail: an SSH .pub kept and usable, RSA and private keys refused' '
	cd "$WORK" && mkdir -p keys && cd keys &&
	cp ../host.conf . && mkdir -p spool &&
	ssh-keygen -q -t ed25519 -N "" -C carol@desk -f carol &&
	ssh-keygen -q -t rsa -N "" -C carol@old -f carol-rsa &&
	printf "My key.\n" >b &&
	mail_attach carol@example.test "my key" b carol.pub >m1 &&
	deliver m1 && "$CARCPBEM" run --once -c host.conf 2>log &&
	k=$(ls -t spool/outbox/*-key.eml | head -1) &&
	mail_text "$k" | grep "kept for the host" &&
	f=$(ls spool/keys/*.pub) && test -n "$f" &&
	cmd=$(sed -n "s/.*add it with \(carcpbem new --key [^ ]*\).*/\1/p" log) &&
	test -n "$cmd" &&
	"$CARCPBEM" keygen dave >/dev/null 2>&1 &&
	eval "$cmd --key dave=dave.pub --dir g carol dave" >/dev/null &&
	mail_attach carol@example.test "my key" b carol-rsa.pub >m2 &&
	: "a stranger gets one answer an hour" &&
	deliver m2 && CARCPBEM_NOW=1700004000 "$CARCPBEM" run --once -c host.conf -q &&
	k=$(ls -t spool/outbox/*-key.eml | head -1) &&
	mail_text "$k" | tr "\n" " " | grep "SSH key of type ssh-rsa" &&
	mail_text "$k" | grep -F "ssh-keygen -t ed25519" &&
	mail_from carol@example.test "oops" carol >m3 &&
	deliver m3 && CARCPBEM_NOW=1700008000 "$CARCPBEM" run --once -c host.conf -q &&
	k=$(ls -t spool/outbox/*-key.eml | head -1) &&
	mail_text "$k" | tr "\n" " " | grep "OpenSSH PRIVATE key (in the body): not kept" &&
	! grep -rl "PRIVATE" spool/keys
'

test_expect_success 'every mail to the SSH seat: ssh-keygen as printed, no carcpbem key commands' '
	cd "$WORK" &&
	n=0 && for m in spool/outbox/*.eml g2/spool/outbox/*.eml; do
		grep -q "^To: alice@example.test" "$m" || continue
		n=$((n + 1)) && mail_text "$m" >mail.txt &&
		printed_commands ssh-keygen <mail.txt >cmds &&
		while IFS= read -r c; do
			test "$c" = "$SIGN" || { echo "$m: $c" >&2; return 1; }
		done <cmds &&
		if printed_commands <mail.txt | grep -v "^carcpbem replay "; then
			echo "$m prints carcpbem commands to an SSH seat" >&2; return 1
		fi
	done &&
	test "$n" -ge 15
'

# The README's SSH route (below): alice_fills makes turn.txt from her
# latest notice's turn, a placement and pass; readme_mail WHO FILE...
# mails the files from WHO@example.test and runs the host; readme_bob
# mails bob's turn, made with carcpbem move.
alice_fills () {
	mail_text "$(latest notice 1)" | sed -n "/^-----BEGIN CARCASSONNE/,/^-----END/p" >skel &&
	"$CARCPBEM" view spool/games/g1 --player alice -o v.json &&
	fill skel "$("$CARCPBEM" legal v.json | grep -m1 "^place")" pass >turn.txt
}
readme_mail () {
	who=$1 && shift &&
	mail_attach "$who@example.test" "[carcassonne g1] turn" body "$@" >m &&
	deliver m && host
}
readme_bob () {
	"$CARCPBEM" view spool/games/g1 --player bob -o b.json &&
	"$CARCPBEM" move b.json "$("$CARCPBEM" legal b.json | grep -m1 "^place")" pass \
		--key bob.key -o bob.txt >/dev/null &&
	readme_mail bob bob.txt
}

test_expect_success 'README For players, with an SSH key: the commands run as printed, on two turns (issue 21.4)' '
	sh_blocks "With an SSH key" &&
	test "$(cat block.1)" = "ssh-keygen -t ed25519" &&
	printf "rm -f turn.txt.sig\n%s\n" "$SIGN" >want && test_cmp want block.2 &&
	mkdir -p home/.ssh && HOME=$PWD/home && export HOME &&
	: "ssh-keygen asks where (from getpwuid, not HOME: the test names its" &&
	: "HOME) and for a passphrase twice (none); no terminal: it reads stdin" &&
	printf "%s\n\n\n" "$HOME/.ssh/id_ed25519" | setsid -w sh ./block.1 >out 2>&1 ||
		{ cat out >&2; false; } &&
	test -s home/.ssh/id_ed25519.pub &&
	mkdir -p readme && cd readme &&
	"$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	printf "spool spool\nfrom game@example.test\n" >host.conf &&
	cp "$HOME/.ssh/id_ed25519.pub" . &&
	"$CARCPBEM" new -c host.conf --id g1 --seed example \
		--key alice=id_ed25519.pub --key bob=bob.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		alice bob >/dev/null &&
	alice_fills && sh ../block.2 &&
	printf "Here.\n" >body &&
	readme_mail alice turn.txt turn.txt.sig && test "$(records)" = 2 &&
	: "bob moves; alice signs her second turn beside the first one s files" &&
	readme_bob && test "$(records)" = 3 &&
	alice_fills && sh ../block.2 </dev/null &&
	readme_mail alice turn.txt turn.txt.sig && test "$(records)" = 4 &&
	: "without the rm: ssh-keygen keeps the old signature, the host names it" &&
	readme_bob && test "$(records)" = 5 &&
	alice_fills &&
	sed 1d ../block.2 | sh >/dev/null 2>&1;
	readme_mail alice turn.txt turn.txt.sig && test "$(records)" = 5 &&
	answer | tr "\n" " " | tr -s " " >refusal &&
	grep "it is the signature of your turn 3, the old turn.txt.sig" refusal &&
	grep "How to fix it: Delete the old signature first (rm turn.txt.sig" refusal
'

test_expect_success 'issue 22.15: 1,000 signature attachments are answered as signatures, not turn files' '
	cd "$WORK" &&
	mkdir sigs && echo "not a turn" >sigs/x.txt &&
	ssh-keygen -Y sign -f home/.ssh/id_ed25519 -n carcassonne sigs/x.txt 2>/dev/null &&
	i=0 && while test $i -lt 1000; do
		cp sigs/x.txt.sig "sigs/s$i.sig" && i=$((i + 1)) || return 1
	done &&
	echo "my signatures" >body &&
	mail_attach alice@example.test "[carcassonne g1] sigs" body sigs/s*.sig >m &&
	ls spool/outbox >before &&
	deliver m "1700000000.Msigs.P$$.test" && host &&
	ls spool/outbox | comm -13 before - >new && test "$(wc -l <new)" = 1 &&
	mail_text "spool/outbox/$(cat new)" >answer.txt &&
	grep -q "more than 8 SSH signatures" answer.txt &&
	grep -q "only the first 8 were read" answer.txt &&
	! grep -q "turn files" answer.txt
'

test_done

#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# The mails as clients show them (docs/mail.md, "What each mail holds"):
# a reply to a notice plays although its client copied the notice's
# List-Id; a notice at the end of a big game stays under 200 kB with its
# picture; and the HTML version of a real notice, rendered by headless
# Chromium, is not blank and shows the map from its cid: part (and a
# broken cid: is seen as broken).
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

# test_skip TITLE REASON: a TAP skip for one test.
test_skip () {
	test_count=$((test_count + 1))
	printf 'ok %d - %s # SKIP %s\n' "$test_count" "$1" "$2"
}

test_expect_success 'the notice and the start: text, HTML, map, view, headers' '
	cd "$WORK" &&
	host_setup &&
	n=spool/outbox/g1-r0-notice-1.eml &&
	grep -q "^Content-Type: multipart/related;" $n &&
	grep -q "^Content-Type: multipart/alternative;" $n &&
	grep -q "^Content-Type: text/html; charset=utf-8" $n &&
	grep -q "^Content-Disposition: inline; filename=g1-turn1.png" $n &&
	grep -q "^Content-Disposition: attachment; filename=g1-alice.json" $n &&
	test "$(grep -c "^Content-Type: application/json" $n)" = 1 &&
	grep -q "^List-Id: Carcassonne game g1 <g1.carcpbem.example.test>" $n &&
	grep -q "^X-Carcpbem-Game: g1" $n &&
	grep -q "^X-Carcpbem-Kind: notice" $n &&
	grep -q "^Auto-Submitted: auto-generated" $n &&
	grep -q "^X-Carcpbem-Kind: start" spool/outbox/g1-r0-start-2.eml &&
	grep -q "^Content-Type: text/html" spool/outbox/g1-r0-start-2.eml
'

# reply TO-NOTICE BODY-FILE: alice answers the notice as a mail client
# does (Re: subject, In-Reply-To, References), one that also copies the
# notice's List-Id (most do not: the worst case).
reply () {
	id=$(sed -n "s/^Message-Id: //p" "$1" | tr -d "\r") &&
	list=$(sed -n "s/^List-Id: //p" "$1" | tr -d "\r") &&
	printf "From: Alice <alice@example.test>\nTo: game@example.test\n" &&
	printf "Subject: Re: [carcassonne g1] your move\nIn-Reply-To: %s\n" "$id" &&
	printf "References: <g1.game@example.test> %s\n" "$id" &&
	printf "List-Id: %s\nMessage-ID: <r%s@example.test>\n" "$list" "$(date +%s%N)" &&
	printf "Date: Tue, 14 Nov 2023 22:13:20 +0000\nMIME-Version: 1.0\n" &&
	printf "Content-Type: text/plain; charset=us-ascii\n\n" &&
	cat "$2"
}

test_expect_success 'a reply to the notice that copied its List-Id plays' '
	cd "$WORK" &&
	turn_text alice >turn-alice &&
	reply spool/outbox/g1-r0-notice-1.eml turn-alice >mail-reply &&
	grep -q "^List-Id: Carcassonne game g1" mail-reply &&
	deliver mail-reply &&
	"$CARCPBEM" run --once -c host.conf 2>log &&
	test "$(records)" = 2 &&
	test -f spool/outbox/g1-r1-notice-2.eml &&
	! grep -i "list mail" log
'

test_expect_success 'and a verb in such a reply is answered' '
	cd "$WORK" &&
	echo STATUS >body &&
	reply spool/outbox/g1-r1-update-1.eml body >mail-status &&
	deliver mail-status &&
	"$CARCPBEM" run --once -c host.conf 2>log &&
	ls spool/outbox/*-status.eml &&
	grep -q "^X-Carcpbem-Kind: status" spool/outbox/*-status.eml &&
	grep -q "^Content-Disposition: attachment; filename=g1-alice.json" spool/outbox/*-status.eml
'

# last_notice: the notice of the highest record in big/outbox/read.
last_notice () {
	ls big/outbox/read/*-notice-*.eml |
		sed "s/.*-r\([0-9]*\)-notice.*/\1 &/" | sort -n | tail -1 | cut -d" " -f2
}

# A big board: the river, the second river and the games-quarterly tiles,
# played to the end by the demo players with pictures on (seed s1 ends).
test_expect_success 'a big game played to the end by mail, with pictures' '
	cd "$WORK" &&
	"$CARCPBEM" demo --png --seed s1 --players 2 --with river,river2,gq11 \
		--spool big >big.out 2>big.err &&
	test ! -s big.err &&
	ls big/outbox/read/*-over-1.eml
'

test_expect_success 'every notice and update is under 200 kB, the last notice too' '
	cd "$WORK" &&
	last=$(last_notice) &&
	echo "last notice: $last $(wc -c <"$last") bytes" &&
	grep -q "^Content-Type: image/png" "$last" &&
	test "$(wc -c <"$last")" -lt 200000 &&
	for m in big/outbox/read/*-notice-*.eml big/outbox/read/*-update-*.eml; do
		test "$(wc -c <"$m")" -lt 200000 || { echo "$m: $(wc -c <"$m") bytes"; exit 1; }
	done &&
	echo "largest: $(ls -S big/outbox/read/*-notice-*.eml | head -1 | xargs wc -c)"
'

CHROMIUM=$(command -v chromium || command -v chromium-browser || :)

# shot DIR: headless Chromium renders DIR/page.html as a phone would show
# it (412 pixels wide) into DIR/shot.png. Its own profile and home, no
# network use but the file, at most 2 minutes. --no-sandbox: the tests
# run as root on CI, where Chromium's sandbox refuses to start, and the
# page is our own file. --virtual-time-budget: the screenshot waits for
# the page and its image to load, however slow a loaded machine is; a
# Chromium that dies or times out (not a check that fails) is tried once
# more.
shot () {
	shot_once "$1" || shot_once "$1"
}

shot_once () {
	rm -rf "$1/profile" "$1/shot.png" &&
	HOME=$PWD/$1/home XDG_CONFIG_HOME=$PWD/$1/home XDG_CACHE_HOME=$PWD/$1/home \
	timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu \
		--hide-scrollbars --no-first-run --no-default-browser-check \
		--disable-background-networking --disable-component-update \
		--disable-sync --disable-extensions \
		--run-all-compositor-stages-before-draw --virtual-time-budget=10000 \
		--user-data-dir="$PWD/$1/profile" --window-size=412,1600 \
		--screenshot="$PWD/$1/shot.png" "file://$PWD/$1/page.html" \
		>"$1/chromium.log" 2>&1 &&
	test -s "$1/shot.png"
}

if test -z "$CHROMIUM"; then
	test_skip "the notice's HTML in Chromium: not blank, the map shows" "no chromium"
	test_skip "a broken cid: is seen: the map does not show" "no chromium"
	test_skip "issue 21.6: the notice at 400 and 800 px" "no chromium"
	test_skip "issue 21.6: a big board at 400 px: full width, coordinates readable" "no chromium"
else
	test_expect_success "the notice's HTML in Chromium: not blank, the map shows" '
		cd "$WORK" &&
		mkdir -p good &&
		python3 "$top_srcdir/tests/mail/html-shot.py" extract "$(last_notice)" good &&
		shot good &&
		python3 "$top_srcdir/tests/mail/html-shot.py" check good/shot.png good
	'
	test_expect_success "a broken cid: is seen: the map does not show" '
		cd "$WORK" &&
		mkdir -p broken &&
		python3 "$top_srcdir/tests/mail/html-shot.py" extract "$(last_notice)" broken \
			--break-cid &&
		shot broken &&
		python3 "$top_srcdir/tests/mail/html-shot.py" check broken/shot.png broken \
			>broken/check 2>&1;
		test $? = 1 && grep "does not show" broken/check
	'

	# dom DIR WIDTH: DIR/measure-WIDTH.html laid out WIDTH pixels wide, its
	# DOM after the page loaded in DIR/dom-WIDTH.html.
	dom () {
		rm -rf "$1/profile" &&
		HOME=$PWD/$1/home XDG_CONFIG_HOME=$PWD/$1/home XDG_CACHE_HOME=$PWD/$1/home \
		timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic \
			--no-first-run --no-default-browser-check \
			--disable-background-networking --disable-component-update \
			--disable-sync --disable-extensions --virtual-time-budget=10000 \
			--user-data-dir="$PWD/$1/profile" --window-size="$2,1600" \
			--dump-dom "file://$PWD/$1/measure-$2.html" >"$1/dom-$2.html" 2>"$1/chromium.log" &&
		grep -q carc-measure "$1/dom-$2.html"
	}

	# The second notice of g1 (bob's, turn 2): a board of three columns.
	test_expect_success "issue 21.6: the notice at 400 and 800 px" '
		cd "$WORK" &&
		mkdir -p phone &&
		python3 "$top_srcdir/tests/mail/html-shot.py" extract \
			spool/outbox/g1-r1-notice-2.eml phone &&
		python3 "$top_srcdir/tests/mail/html-shot.py" measure phone 400 &&
		python3 "$top_srcdir/tests/mail/html-shot.py" measure phone 800 &&
		{ dom phone 400 || dom phone 400; } &&
		python3 "$top_srcdir/tests/mail/html-shot.py" layout phone/dom-400.html 400 &&
		{ dom phone 800 || dom phone 800; } &&
		python3 "$top_srcdir/tests/mail/html-shot.py" layout phone/dom-800.html 800
	'

	# The last notice of the big game: a board some 20 tiles across.
	test_expect_success "issue 21.6: a big board at 400 px: full width, coordinates readable" '
		cd "$WORK" &&
		mkdir -p phone-big &&
		python3 "$top_srcdir/tests/mail/html-shot.py" extract "$(last_notice)" phone-big &&
		python3 "$top_srcdir/tests/mail/html-shot.py" measure phone-big 400 &&
		{ dom phone-big 400 || dom phone-big 400; } &&
		python3 "$top_srcdir/tests/mail/html-shot.py" layout phone-big/dom-400.html 400
	'
fi

test_done

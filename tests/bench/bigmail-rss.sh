#!/bin/sh
# Benchmark: the peak memory of one pass over one large mail
# (docs/PERFORMANCE.md, "Memory of a large mail").
#
#	tests/bench/bigmail-rss.sh CARCPBEM [MB]
#
# Makes a spool with one game and max-message-size 1024M, then for each
# kind of mail of about MB megabytes (default 50) runs "CARCPBEM run
# --once" on a fresh copy of it with that mail in inbox/new, under
# /usr/bin/time -v, and prints the kind and the maximum resident set
# size: idle (no mail), A a text/plain body, B a binary attached as
# application/octet-stream (base64), C UTF-8 text attached as text/plain
# (base64), D a text/html body. Everything is made under $TMPDIR (or
# /tmp) and removed at the end.
set -eu

carcpbem=${1:?usage: bigmail-rss.sh CARCPBEM [MB]}
mb=${2:-50}
case $carcpbem in /*) ;; *) carcpbem=$PWD/$carcpbem ;; esac
dir=$(mktemp -d "${TMPDIR:-/tmp}/bigmail.XXXXXX")
trap 'rm -rf "$dir"' EXIT
cd "$dir"
export CARCPBEM_ALLOW_ROOT=yes CARCPBEM_NOW=1700000000
bytes=$((mb * 1024 * 1024))
line='The quick brown fox jumps over the lazy dog 0123456789 abcdefghijklmnopqrst'

head_ () {
	printf 'From: alice@example.test\nTo: game@example.test\nSubject: big\n'
	printf 'Message-ID: <%s@example.test>\n' "$1"
	printf 'Date: Tue, 14 Nov 2023 22:13:20 +0000\nMIME-Version: 1.0\n'
}
text_ () { # N bytes of lines
	yes "$line" | head -c "$1"
}
attach_ () { # TYPE: a multipart with stdin attached in base64
	printf 'Content-Type: multipart/mixed; boundary="XX"\n\n--XX\n'
	printf 'Content-Type: text/plain\n\nhello\n--XX\nContent-Type: %s\n' "$1"
	printf 'Content-Disposition: attachment; filename="x"\n'
	printf 'Content-Transfer-Encoding: base64\n\n'
	base64 -w 76
	printf '\n--XX--\n'
}

{ head_ a; printf 'Content-Type: text/plain; charset=utf-8\n\n'; text_ $bytes; } >A.eml
{ head_ b; head -c $((bytes * 3 / 4)) /dev/urandom | attach_ application/octet-stream; } >B.eml
{ head_ c; text_ $((bytes * 3 / 4)) | attach_ "text/plain; charset=utf-8"; } >C.eml
{ head_ d; printf 'Content-Type: text/html; charset=utf-8\n\n'
  yes "<p>$line</p>" | head -c $bytes; } >D.eml

mkdir base && cd base
"$carcpbem" keygen alice >/dev/null 2>&1 && "$carcpbem" keygen bob >/dev/null 2>&1
printf 'spool spool\nfrom "Carcassonne <game@example.test>"\nmax-message-size 1024M\n' >host.conf
"$carcpbem" new -c host.conf --id g1 --key alice=alice.pub --key bob=bob.pub \
	--address alice=alice@example.test --address bob=bob@example.test alice bob >/dev/null
"$carcpbem" run --once -c host.conf -q
cd ..
for m in idle A B C D; do
	rm -rf w && cp -r base w
	test $m = idle || cp "$m.eml" w/spool/inbox/new/1700000000.M1P1.test
	(cd w && /usr/bin/time -v "$carcpbem" run --once -c host.conf -q 2>time.txt >/dev/null)
	printf '%s: %s kB\n' "$m" \
		"$(sed -n 's/.*Maximum resident set size (kbytes): //p' w/time.txt)"
done

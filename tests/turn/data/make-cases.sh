#!/bin/sh
# Remakes the golden turn files of tests/turn/data/ (see README there):
#
#	CARCPBEM=/path/to/carcpbem sh tests/turn/data/make-cases.sh
#
# Run it when the turn format or the public state of the golden game
# changes on purpose, then review the diff. The golden game: alice and bob
# with the test keys of keys/, bag BA/CFc.1,BA/CFc+,BA/L, seed and id "golden".
set -eu

here=$(cd "$(dirname "$0")" && pwd)
C=${CARCPBEM:-carcpbem}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here"/keys/*.key "$work"/ && chmod 600 "$work"/*.key
cd "$work"
"$C" new --seed golden --tiles BA/CFc.1,BA/CFc+,BA/L --dir game --id golden \
	--key alice="$here"/keys/alice.pub --key bob="$here"/keys/bob.pub alice bob >/dev/null
"$C" view game -o view.json
state=$(sed -n 's/^  "state_hash": "\(.*\)",$/\1/p' view.json)

# turn GAME TURN PLAYER STATE ACTION...: an unsigned turn on stdout.
turn() {
	printf -- '-----BEGIN CARCASSONNE TURN-----\nGame: %s\nTurn: %s\nPlayer: %s\nState: %s\n' \
		"$1" "$2" "$3" "$4"
	shift 4
	for a in "$@"; do printf 'Action: %s\n' "$a"; done
	printf -- '-----END CARCASSONNE TURN-----\n'
}
# signed KEY GAME TURN PLAYER STATE ACTION...
signed() {
	k=$1
	shift
	turn "$@" >unsigned
	"$C" sign "$k.key" unsigned
}
# put DIR: stdin to DIR/turn
put() {
	mkdir -p "$here/$1"
	cat >"$here/$1/turn"
}

valid() { signed alice golden 1 alice "$state" "place 0 -1 90" "knight N"; }
valid >valid.txt

# ---- parse/: read and verify only (t-turnfile) ----
valid | put parse/valid
sed 's/$/\r/' valid.txt | put parse/crlf
sed 's/$/   /' valid.txt | put parse/trailing-spaces
sed 's/: /:\t/; s/ /\t /g' valid.txt | put parse/tabs
sed 's/^/> /' valid.txt | put parse/quoted
sed 's/^/> > /' valid.txt | put parse/quoted-twice
{ printf 'From: alice@example.org\nSubject: Re: [carcassonne golden] Turn 1\n\nHere is my move, the knight goes north.\n\n'
  cat valid.txt
  printf '\nCheers,\nAlice\n-- \nsent from my phone\n'; } | put parse/text-around
sed 's/^Game:/GAME:/; s/^Turn:/turn:/; s/^Player:/pLaYeR:/; s/^Action:/ACTION:/; s/^Signature:/signature:/; s/^Key:/KEY:/' \
	valid.txt | put parse/key-case
sed 's/^Player: alice/Player: Alice/; s/^Action: knight N/Action: Knight N/; s/^Game: golden/Game: Golden/' \
	valid.txt | put parse/value-case
sed 's/^Action: place 0 -1 90/Action:  place  0 \xc2\xa0-1   90/' valid.txt | put parse/blanks-and-nbsp
awk '/^Signature:/ { print "Signature:"; s = substr($0, 12); s = s; next }
	/^  / && s != "" { s = s $1; while (length(s)) { print "  " substr(s, 1, 20); s = substr(s, 21) } next }
	{ print }' valid.txt | put parse/signature-wrapped
sed 's/^Turn: 1/\nTurn: 1\n/' valid.txt | put parse/blank-lines
printf '%s' "$(cat valid.txt)" | put parse/no-final-newline
{ turn golden 1 alice "$state" "place 0 -1 90" "knight N" | sed 's/^/> /'; printf '\n'; cat valid.txt; } |
	put parse/skeleton-quoted
# changed meaning: the signature must fail
sed 's/^Action: knight N/Action: farmer EL/' valid.txt | put parse/changed-action
sed '/^Action: knight N/d' valid.txt | put parse/dropped-action
sed 's/^Action: place 0 -1 90/Action: knight N/; t; s/^Action: knight N/Action: place 0 -1 90/' \
	valid.txt | put parse/swapped-actions
sed 's/^Turn: 1/Turn: 2/' valid.txt | put parse/changed-turn
sed "s/^State: .*/State: 0000000000000000/" valid.txt | put parse/changed-state
sed 's/^Player: alice/Player: bob/' valid.txt | put parse/changed-player
sed 's/^Game: golden/Game: other/' valid.txt | put parse/changed-game
sed 's/^Signature: \(.\)/Signature: A/; s/^Signature: AA/Signature: AB/' valid.txt | put parse/forged-signature
other=$(signed alice golden 1 alice "$state" "place 0 1 0" pass | sed -n '/^Signature/,/^  /p')
sed '/^Signature/,/^  /d; /^-----END/d' valid.txt >head.txt
{ cat head.txt; printf '%s\n' "$other"; printf -- '-----END CARCASSONNE TURN-----\n'; } |
	put parse/signature-of-another-turn
signed carol golden 1 alice "$state" "place 0 -1 90" "knight N" | put parse/signed-by-carol
# malformed
printf 'Hello,\nmy move is place 0 -1 90.\n' | put parse/no-turn
turn golden 1 alice "$state" "place 0 -1 90" | put parse/unsigned
sed '/^-----END/d' valid.txt | put parse/no-end
{ cat valid.txt; echo; signed alice golden 1 alice "$state" "place 0 1 0" pass; } | put parse/two-turns
sed 's/^Turn: 1/Turn: 1\nColour: red/' valid.txt | put parse/unknown-field
sed '/^State:/d' valid.txt | put parse/missing-state
sed 's/^Turn: 1/Turn: 1\nTurn: 2/' valid.txt | put parse/second-turn-field
sed 's/^Turn: 1/Turn: one/' valid.txt | put parse/bad-turn-number
sed '/^  /d' valid.txt | put parse/signature-cut-short
sed '/^Key:/d' valid.txt | put parse/no-key
sed 's/^Action: knight N/Action: knight N\nAction:/' valid.txt | put parse/empty-action-line
sed 's/^Action: place 0 -1 90/Action:/' valid.txt | put parse/emptied-action

# ---- apply/: against the golden game (t2010-turn-apply.sh) ----
valid | put apply/valid
sed '/^Player:/d' valid.txt | put apply/malformed
sed 's/^Action: knight N/Action: farmer EL/' valid.txt | put apply/bad-signature
signed carol golden 1 alice "$state" "place 0 -1 90" "knight N" | put apply/unknown-key
signed bob golden 1 alice "$state" "place 0 -1 90" "knight N" | put apply/another-players-key
signed bob golden 1 bob "$state" "place 0 -1 90" | put apply/not-your-decision
signed alice other 1 alice "$state" "place 0 -1 90" | put apply/wrong-game
signed alice golden 1 alice 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef "place 0 -1 90" | put apply/stale-state
signed alice golden 1 alice "$state" "place 0 1 0" pass | put apply/stale-after-move
sed 's/^/> /' valid.txt | put apply/already-applied
signed alice golden 1 alice "$state" "place 5 5 0" | put apply/illegal-action
signed alice golden 1 alice "$state" "place 0 -1 90" "thief N" | put apply/illegal-second-action
signed alice golden 1 alice "$state" "place 0 -1 90" pass "place 0 -2 90" | put apply/after-your-turn

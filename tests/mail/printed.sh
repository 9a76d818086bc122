# Shell functions that read what carcpbem prints for people to type: the
# text of a mail in the outbox, its attachments, and the command lines in
# a text (sourced after tests/lib.sh; tests/t3150-printed-commands.sh).

# mail_text EML: the first text/plain part of EML, at any depth of
# multiparts, decoded (7bit, 8bit or quoted-printable; format=flowed
# lines joined), without CRs.
mail_text () {
	b=$(tr -d '\r' <"$1" | grep -o -i 'boundary="[^"]*"' |
		sed 's/^[^"]*"//; s/"$//' | tr '\n' ' ')
	tr -d '\r' <"$1" | awk -v bs="$b" '
	function hex(c) { return index("0123456789ABCDEF", toupper(c)) - 1 }
	function qp(s,    out, i, c) {
		out = ""
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c == "=" && i + 2 <= length(s)) {
				out = out sprintf("%c", hex(substr(s, i + 1, 1)) * 16 + hex(substr(s, i + 2, 1)))
				i += 2
			} else
				out = out c
		}
		return out
	}
	# a line that starts a part: "--" and any boundary of the mail
	function boundary(line,    i) {
		for (i = 1; i <= nb; i++)
			if (index(line, "--" bl[i]) == 1)
				return 1
		return 0
	}
	BEGIN { nb = split(bs, bl, " ") }
	# state: 0 top headers, 1 looking for the text part, 2 its headers, 3 its body
	state == 0 && /^$/ { state = nb == 0 ? 3 : 1; next }
	state == 0 && tolower($0) ~ /^content-transfer-encoding: *quoted-printable/ { enc = "qp" }
	state == 0 && tolower($0) ~ /format=flowed/ { flowed = 1 }
	state == 0 { next }
	state == 1 && boundary($0) { state = 2; enc = ""; flowed = 0; text = 0; next }
	state == 1 { next }
	state == 2 && tolower($0) ~ /^content-type: *text\/plain/ { text = 1 }
	state == 2 && tolower($0) ~ /format=flowed/ { flowed = 1 }
	state == 2 && tolower($0) ~ /^content-transfer-encoding: *quoted-printable/ { enc = "qp" }
	state == 2 && /^$/ { state = text ? 3 : 1; next }
	state == 2 { next }
	state == 3 && boundary($0) { exit }
	state == 3 {
		line = $0
		if (enc == "qp") {
			if (line ~ /=$/) { held = held qp(substr(line, 1, length(line) - 1)); next }
			line = held qp(line); held = ""
		}
		if (flowed && line ~ / $/ && line != "-- ") { joined = joined line; next }
		print joined line; joined = ""
	}'
}

# mail_attachment EML NAME: the attachment NAME of EML, decoded, on stdout.
mail_attachment () {
	tr -d '\r' <"$1" | awk -v name="$2" '
	index($0, "filename=" name) || index($0, "filename=\"" name "\"") { found = 1; next }
	found == 1 && /^$/ { found = 2; next }
	found == 2 && (/^$/ || /^--/) { exit }
	found == 2 { print }' | base64 -d
}

# printed_commands [PROGRAM]: the command lines of PROGRAM (default
# carcpbem) in the text on stdin, one a line: lines that start with
# "PROGRAM " after an indent (cut where a description follows two spaces
# or a "#"), and the ones written inline in "double quotes", `backticks`
# or (parentheses). Prose that merely names a command ("as carcpbem move
# wrote it") is no command line.
printed_commands () {
	awk -v prog="${1:-carcpbem}" '
	function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
	{ all = all " " $0 }
	index($0, prog " ") && $0 ~ ("^[ \t]+" prog " ") {
		c = trim($0)
		sub(/[ \t]+#.*$/, "", c)
		sub(/   *[^ ].*$/, "", c)
		print c
	}
	END {
		n = split("\" ` ( ", op, " ")
		split("\" ` )", cl, " ")
		for (k = 1; k <= 3; k++) {
			s = all
			while ((i = index(s, op[k] prog " ")) > 0) {
				s = substr(s, i + 1)
				j = index(s, cl[k])
				if (j == 0)
					break
				c = substr(s, 1, j - 1)
				gsub(/[ \t]+/, " ", c)
				print trim(c)
				s = substr(s, j + 1)
			}
		}
	}' | sort -u
}

# sh_blocks SECTION: the sh code blocks of README.md's section (## or
# ###) SECTION, up to the next heading, each in block.N (N from 1),
# without comments.
sh_blocks () {
	sed -n "/^##* $1/,/^##* [A-Z]/p" "$top_srcdir/README.md" | awk '
	/^```sh$/ { n++; on = 1; next }
	/^```/ { on = 0; next }
	on { sub(/  *#.*$/, ""); print > ("block." n) }'
}

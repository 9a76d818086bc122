#!/bin/sh
# The program's layers, checked (docs/architecture.md, "Layers"; issue 24).
#
#	tests/layers.sh [-g] SRCDIR [BUILDDIR]
#
# The folders and their order are read from the first code block under
# "## Layers" in SRCDIR/docs/architecture.md: each line that starts with
# "src/" names a folder, highest first; a file belongs to the longest
# folder its path starts with. Then:
#   include   every #include "x.h" of a file under SRCDIR/src resolved
#             to the header of that name (names are unique: the -I list
#             is flat) and refused when the header's folder is higher;
#   call      every undefined symbol of an object under BUILDDIR/src
#             (nm) resolved to the object that defines it, refused when
#             that one's folder is higher; skipped when no object is
#             built yet (a fresh clone before make);
#   circle    the files that call each other in a circle (strongly
#             connected components of the objects' call graph), refused
#             above 3 files;
#   unplaced  a source file in no folder of the list.
# $LAYERS_CIRCLES_LEFT: folders whose own circles (all of its files in the
# folder) are known and left for now: printed as "circle left: ...", not
# refused.
# Each refusal is one line, "KIND: ..."; the exit status is 1 when there
# is one. -g prints the call graph instead (one "FROM TO SYMBOL" line per
# call across files), to draw the picture.
set -eu

graph=no
if [ "${1:-}" = -g ]; then graph=yes; shift; fi
srcdir=${1:?usage: layers.sh [-g] SRCDIR [BUILDDIR]}
builddir=${2:-$srcdir}
srcdir=$(cd "$srcdir" && pwd)
builddir=$(cd "$builddir" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/carcpbem-layers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP

# The order, lowest first: "RANK FOLDER".
awk '/^## / { in_sec = ($0 == "## Layers"); next }
	in_sec && /^```/ { if (++fence == 2) exit; next }
	in_sec && fence == 1 && /^src\// { print $1 }' "$srcdir/docs/architecture.md" |
	sed 's,/$,,' | awk '{ l[NR] = $0 } END { for (i = NR; i >= 1; i--) print NR - i + 1, l[i] }' \
	>"$tmp/order"
[ -s "$tmp/order" ] || { echo "layers.sh: no folders under '## Layers' in $srcdir/docs/architecture.md" >&2; exit 2; }

# rank_of: reads "KEY PATH" lines, prints "KEY PATH RANK FOLDER" (rank 0
# and folder "-" for a path in no folder).
rank_of () {
	awk 'NR == FNR { rank[$2] = $1; next }
	{ best = ""; for (f in rank) if (index($2, f "/") == 1 && length(f) > length(best)) best = f
	  print $0, (best == "" ? 0 : rank[best]), (best == "" ? "-" : best) }' "$tmp/order" -
}

cd "$srcdir"
find src -name '*.[ch]' | sort | awk '{ print $0, $0 }' | rank_of >"$tmp/files"
awk '$3 == 0 { print "unplaced: " $1 " is in no folder of docs/architecture.md, \"Layers\"" }' \
	"$tmp/files" >"$tmp/refused"

# include: FILE HEADER-PATH, both with their ranks.
awk '{ print $1 }' "$tmp/files" | while read -r f; do
	sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
		while read -r h; do echo "$f $h"; done
done >"$tmp/includes"
awk 'NR == FNR { n = split($1, p, "/"); path[p[n]] = $1; rank[p[n]] = $3; dir[p[n]] = $4; next }
	{ split($2, q, "/"); h = q[length(q)] }
	!(h in path) { next } # a generated header (tilesets_data.h) or a test header
	{ print $1, path[h], rank[h], dir[h] }' "$tmp/files" "$tmp/includes" |
	awk 'NR == FNR { r[$1] = $3; d[$1] = $4; next }
	r[$1] > 0 && $3 > r[$1] { print "include: " $1 " (" d[$1] ") includes " $2 " of " $4 ", a higher folder" }' \
	"$tmp/files" - >>"$tmp/refused"

# call: the objects' defined and undefined symbols.
find "$builddir/src" -name '*.o' | sort >"$tmp/objects"
if [ ! -s "$tmp/objects" ]; then
	echo "layers.sh: no objects under $builddir/src (not built): calls not checked" >&2
	: >"$tmp/calls"
else
	# an object's source: dir/x.c for dir/x.o and dir/PROGRAM-x.o; an
	# object whose source is gone (moved away since it was built) is stale
	while read -r o; do
		rel=${o#"$builddir"/}
		base=${rel##*/}
		src=${rel%/*}/${base##*-}
		src=${src%.o}.c
		[ -f "$srcdir/$src" ] || [ -f "$builddir/$src" ] || continue
		nm -P "$o" | awk -v o="${src%.c}.o" \
			'$2 ~ /^[TDBRCV]$/ { print "D", o, $1 } $2 == "U" { print "U", o, $1 }'
	done <"$tmp/objects" |
		awk '$1 == "D" { def[$3] = $2; next } { use[++n] = $2 " " $3 }
		END { for (i = 1; i <= n; i++) { split(use[i], u, " ")
			if ((u[2] in def) && def[u[2]] != u[1]) print u[1], def[u[2]], u[2] } }' |
		sed 's/\.o / /; s/\.o / /' | sort -u >"$tmp/calls"
fi
if [ $graph = yes ]; then cat "$tmp/calls"; exit 0; fi
# an object's rank is its source's (src/x/y.o from src/x/y.c)
awk '{ print $1, $1 }' "$tmp/calls" | rank_of | awk '{ print $1, $3, $4 }' | sort -u >"$tmp/r1"
awk '{ print $2, $2 }' "$tmp/calls" | rank_of | awk '{ print $1, $3, $4 }' | sort -u >"$tmp/r2"
awk 'FILENAME == ARGV[1] || FILENAME == ARGV[2] { r[$1] = $2; d[$1] = $3; next }
	r[$1] > 0 && r[$2] > r[$1] { print "call: " $1 ".c (" d[$1] ") calls " $3 " of " $2 ".c in " d[$2] ", a higher folder" }' \
	"$tmp/r1" "$tmp/r2" "$tmp/calls" >>"$tmp/refused"

# circle: Tarjan's strongly connected components of the call graph.
awk 'function visit(v,   i, w, k, comp) {
		idx[v] = low[v] = ++counter; stack[++sp] = v; on[v] = 1
		for (i = 1; i <= nout[v]; i++) {
			w = out[v, i]
			if (!(w in idx)) { visit(w); if (low[w] < low[v]) low[v] = low[w] }
			else if (on[w] && idx[w] < low[v]) low[v] = idx[w]
		}
		if (low[v] != idx[v]) return
		k = 0; comp = ""
		do { w = stack[sp--]; on[w] = 0; k++; comp = comp " " w ".c" } while (w != v)
		if (k <= 3) return
		n = split(comp, f, " "); inside = ""
		for (d in left) { inside = d; for (i = 1; i <= n; i++) if (index(f[i], d "/") != 1) inside = "" ; if (inside != "") break }
		if (inside != "") print "circle left: " k " files call each other in " inside ":" comp >"/dev/stderr"
		else print "circle: " k " files call each other:" comp
	}
	BEGIN { n = split(ENVIRON["LAYERS_CIRCLES_LEFT"], l, " "); for (i = 1; i <= n; i++) left[l[i]] }
	$1 != $2 && !(($1, $2) in seen) { seen[$1, $2] = 1; out[$1, ++nout[$1]] = $2; node[$1]; node[$2] }
	END { for (v in node) if (!(v in idx)) visit(v) }' "$tmp/calls" >>"$tmp/refused"

if [ -s "$tmp/refused" ]; then
	sort "$tmp/refused"
	exit 1
fi
echo "layers: $(wc -l <"$tmp/order") folders, $(wc -l <"$tmp/files") files, $(wc -l <"$tmp/includes") includes, $(wc -l <"$tmp/calls") calls across files: every one downwards or within its folder, no circle of more than 3 files"

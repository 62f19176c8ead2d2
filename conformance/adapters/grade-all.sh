#!/usr/bin/env bash
# Grades every adapter in this directory against the committed suite
# (testdata/vectors) for both standards and rewrites the table between the
# markers in docs/conformance.md, and the reference site's copy of it
# (site/data/grades.md). An adapter whose interpreter or library is
# missing is listed as not run. Run from anywhere:
#   conformance/adapters/grade-all.sh
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/rfc2396" ./cmd/rfc2396 || exit 2
go build -o "$bin/neturl" ./conformance/adapters/neturl || exit 2
export RFC2396="$bin/rfc2396"
a=conformance/adapters
# name | standards | requirement check | command
adapters=(
	"rfc2396 (this project's CLI)|rfc2396 rfc3986|true|$a/rfc2396.sh"
	"Go net/url|rfc2396 rfc3986|true|$bin/neturl"
	"Python urllib.parse|rfc2396 rfc3986|command -v python3|python3 $a/python-urllib.py"
	"Ruby URI::RFC2396_Parser|rfc2396|ruby -ruri -e1|ruby $a/ruby-uri.rb rfc2396"
	"Ruby URI::RFC3986_Parser|rfc3986|ruby -ruri -e1|ruby $a/ruby-uri.rb rfc3986"
	"Perl URI|rfc2396 rfc3986|perl -MURI -e1|perl $a/perl-uri.pl"
	"java.net.URI|rfc2396 rfc3986|command -v javac|$a/java-uri.sh"
	"uriparser|rfc2396 rfc3986|test -f /usr/include/uriparser/Uri.h|$a/uriparser.sh"
)
table=$(mktemp)
{
	echo "| parser | standard | validity | components | resolve | normalize | equivalence |"
	echo "|---|---|---|---|---|---|---|"
	for line in "${adapters[@]}"; do
		IFS='|' read -r name stds check cmd <<<"$line"
		for std in $stds; do
			if ! eval "$check" >/dev/null 2>&1; then
				echo "| $name | $std | not run: not installed | | | | |"
				continue
			fi
			# shellcheck disable=SC2086
			json=$("$bin/rfc2396" grade --standard "$std" --suite "testdata/vectors/$std" --json -- $cmd)
			status=$?
			if [ "$status" -ge 2 ]; then
				echo "grade-all: grading $name ($std) failed" >&2
				exit 2
			fi
			printf '%s' "$json" | python3 -c '
import json, sys
g = json.load(sys.stdin)
cells = []
for c in g["categories"]:
    if c["unsupported"]:
        cells.append("not supported")
    else:
        cells.append("%d/%d (%.1f%%)" % (c["agreed"], c["total"], 100.0 * c["agreed"] / max(c["total"], 1)))
print("| %s | %s | %s |" % (sys.argv[1], sys.argv[2], " | ".join(cells)))
' "$name" "$std"
		done
	done
} >"$table" || exit 2
doc=docs/conformance.md
python3 - "$doc" "$table" <<'PY'
import sys
doc, table = sys.argv[1], open(sys.argv[2]).read()
text = open(doc).read()
start, end = "<!-- grades:begin -->\n", "<!-- grades:end -->"
i, j = text.index(start) + len(start), text.index(end)
open(doc, "w").write(text[:i] + table + text[j:])
PY
# The reference site shows the same table (site/data/grades.md).
cp "$table" site/data/grades.md
cat "$table"

#!/bin/sh
# bench-ratios.sh: the ratio tables of docs/performance.md, in one run.
#
#   - the library against net/url: BenchmarkCorpusInterleaved (parser),
#     median over COUNT runs of each operation's median time per reference
#     against url.Parse on the same references, run in turn;
#   - rfc3986 against net/url: BenchmarkCorpusInterleaved (rfc3986), the
#     same for Parse, ParseInto, Valid, Resolve (the string function and
#     a parsed base's ResolveReferenceString) and Normalize, each against
#     net/url doing the same job (see the benchmark);
#   - rfc3987 against net/url: BenchmarkCorpusInterleaved (rfc3987) on
#     the corpus and on the corpus made IRIs (non-ASCII letters added);
#   - the command line against the net/url line tool
#     (../shared/bench/neturl-cli): BenchmarkCLICorpus (cmd/rfc2396), CPU
#     time (user+system) of RUNS alternating runs of each batch command
#     and the line tool over the corpus, and both peaks;
#   - the time per byte of each operation on long references of each
#     shape (BenchmarkShapes, in the root package) from 1 KiB to 16 MiB;
#   - with JOBS=1, the wall times on 1 and 2 cores of scripts/bench-jobs.sh
#     (20 MB input; a few minutes).
#
#	scripts/bench-ratios.sh                   # library and CLI tables
#	COUNT=9 RUNS=9 JOBS=1 scripts/bench-ratios.sh
#
# Prints Markdown tables, with the load before each part: on a shared
# machine the ratios hold, the absolute times do not.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
count=${COUNT:-5}
runs=${RUNS:-5}
benchtime=${BENCHTIME:-300ms}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$root"

load() { uptime | sed 's/.*load average: *//'; }

# metric UNIT: from benchmark lines on standard input, "NAME VALUE" for
# each line that reports UNIT, NAME without the Benchmark prefix and the
# GOMAXPROCS suffix.
metric() {
	awk -v unit="$1" '/^Benchmark/ {
		name = $1
		sub(/^Benchmark[^\/]*\//, "", name)
		sub(/-[0-9]+$/, "", name)
		for (i = 3; i <= NF; i++) if ($i == unit) print name, $(i - 1)
	}'
}

# medians: "NAME VALUE" lines in, "NAME MEDIAN" out, in first-seen order.
medians() {
	awk '{ if (!($1 in n)) order[++k] = $1; v[$1, ++n[$1]] = $2 }
	END {
		for (j = 1; j <= k; j++) {
			name = order[j]; m = n[name]
			for (a = 1; a <= m; a++) s[a] = v[name, a]
			for (a = 1; a <= m; a++) for (b = a + 1; b <= m; b++) if (s[b] < s[a]) { t = s[a]; s[a] = s[b]; s[b] = t }
			print name, s[int((m + 1) / 2)]
		}
	}'
}

# interleaved PKG: runs PKG's BenchmarkCorpusInterleaved (COUNT times,
# into $tmp/bench.txt) and prints "NAME RATIO NS NET-URL-NS" for each
# operation: the medians of its x-net-url, ns/ref and net-url-ns/ref.
interleaved() {
	go test -run '^$' -bench CorpusInterleaved -cpu 1 -benchtime "$benchtime" -count "$count" "$1" >"$tmp/bench.txt"
	metric x-net-url <"$tmp/bench.txt" | medians >"$tmp/ratio"
	metric ns/ref <"$tmp/bench.txt" | medians >"$tmp/ns"
	metric net-url-ns/ref <"$tmp/bench.txt" | medians >"$tmp/nns"
	paste -d ' ' "$tmp/ratio" "$tmp/ns" "$tmp/nns" | awk '{print $1, $2, $4, $6}'
}

echo "## The library against net/url.Parse (load $(load))"
echo
echo "| operation | time against url.Parse | ns/ref |"
echo "| --- | ---: | ---: |"
interleaved ./parser/ | awk '{
	name = $1; sub(/^op=/, "", name); sub(/\/profile=/, ", ", name)
	printf "| %s | %.2f | %.0f |\n", name, $2, $3
}'
echo "| (url.Parse) | 1.00 | $(metric net-url-ns/ref <"$tmp/bench.txt" | awk '{print $2}' | sort -n | awk '{a[NR]=$1} END {printf "%.0f", a[int((NR+1)/2)]}') |"
echo

echo "## rfc3986 against net/url doing the same job (load $(load))"
echo
echo "| operation | time against net/url | ns/ref | net/url ns/ref |"
echo "| --- | ---: | ---: | ---: |"
interleaved ./rfc3986/ | awk '{
	name = $1; sub(/^op=/, "", name)
	printf "| %s | %.2f | %.0f | %.0f |\n", name, $2, $3, $4
}'
echo

echo "## rfc3987 against url.Parse, on the corpus and on it made IRIs (load $(load))"
echo
echo "| corpus, operation | time against url.Parse | ns/ref |"
echo "| --- | ---: | ---: |"
interleaved ./rfc3987/ | awk '{
	name = $1; sub(/^corpus=/, "", name); sub(/\/op=/, ", ", name)
	printf "| %s | %.2f | %.0f |\n", name, $2, $3
}'
echo

echo "## The command line against the net/url line tool (load $(load))"
echo
go test -run '^$' -bench CLICorpus -cpu 1 -benchtime "${runs}x" ./cmd/rfc2396/ >"$tmp/cli.txt"
echo "| command | CPU time against the line tool | wall against it | peak RSS MB (line tool) |"
echo "| --- | ---: | ---: | ---: |"
metric cpu-ratio <"$tmp/cli.txt" >"$tmp/cpu"
metric wall-ratio <"$tmp/cli.txt" >"$tmp/wall"
metric peak-RSS-MB <"$tmp/cli.txt" >"$tmp/rss"
metric net/url-peak-RSS-MB <"$tmp/cli.txt" >"$tmp/nrss"
if [ ! -s "$tmp/cpu" ]; then
	echo "(no line tool: ../shared/bench/neturl-cli is missing, so no ratios)"
fi
# Names are op=ARGS with _ between arguments; print them as typed.
paste -d ' ' "$tmp/cpu" "$tmp/wall" "$tmp/rss" "$tmp/nrss" | awk '{
	name = $1; sub(/^op=/, "", name); gsub(/_/, " ", name)
	printf "| `%s` | %.2f | %.2f | %.0f (%.0f) |\n", name, $2, $4, $6, $8
}'
echo

echo "## Time per byte by input shape, 1 KiB to 16 MiB (load $(load))"
echo
go test -run '^$' -bench Shapes -cpu 1 -benchtime 100ms -count 1 . >"$tmp/shapes.txt"
echo "| shape | operation | 1 KiB | 64 KiB | 1 MiB | 16 MiB |"
echo "| --- | --- | ---: | ---: | ---: | ---: |"
# Names are shape=S/op=O/size=NKiB; one row per shape and operation, in
# the order met, with the ns/byte of each size.
awk '/^BenchmarkShapes/ {
	split($1, p, "/"); shape = p[2]; op = p[3]; sub(/^shape=/, "", shape); sub(/^op=/, "", op)
	key = shape " | " op
	if (!(key in seen)) { seen[key] = 1; order[++k] = key }
	for (i = 3; i <= NF; i++) if ($i == "ns/byte") row[key] = row[key] sprintf(" %.2f |", $(i - 1))
}
END { for (j = 1; j <= k; j++) printf "| %s |%s\n", order[j], row[order[j]] }' "$tmp/shapes.txt"
echo

if [ "${JOBS:-0}" = 1 ]; then
	echo "## Batch commands on 1 and 2 cores (scripts/bench-jobs.sh)"
	echo
	"$root/scripts/bench-jobs.sh"
fi

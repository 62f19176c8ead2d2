#!/bin/sh
# bench-jobs.sh: wall time of the batch commands on one core (-j 1,
# taskset -c 0, GOMAXPROCS=1) against two and more (-j N, taskset -c
# 0..N-1, GOMAXPROCS=N), their CPU time (user and system) on one core,
# and peak RSS at -j 1 and -j 2 against the net/url line tool
# (../shared/bench/neturl-cli), on a 20 MB input made by repeating
# ../shared/bench/urls.txt. Prints medians of REPEAT runs (3 unless set)
# and deletes the input at the end. On a shared machine the CPU time is
# the steadier figure.
#
#	scripts/bench-jobs.sh            # 1 and 2 cores
#	CORES="1 2 4 8" scripts/bench-jobs.sh
#
# Run it on an idle machine: the figures are wall times.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED:-$root/../shared/bench}
repeat=${REPEAT:-3}
cores=${CORES:-"1 2"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Built as the README installs it: static (CGO_ENABLED=0), without the C
# library, which a cgo build maps for 1.3 MB more.
(cd "$root" && CGO_ENABLED=0 go build -o "$tmp/rfc2396" ./cmd/rfc2396)
(cd "$shared/neturl-cli" && go build -o "$tmp/neturl-cli" .)
in=$tmp/input.txt
for _ in 1 2 3 4 5 6 7; do cat "$shared/urls.txt"; done >"$in"
echo "input: $(wc -c <"$in") bytes, $(wc -l <"$in") lines; load: $(uptime | sed 's/.*load/load/')"

# median of the numbers on standard input
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# wall N CMD...: the median wall time in seconds of CMD on N cores; the
# median CPU time of the runs goes to $tmp/cpu.
wall() {
	n=$1
	shift
	last=$((n - 1))
	: >"$tmp/cpus"
	for _ in $(seq "$repeat"); do
		start=$(date +%s.%N)
		GOMAXPROCS=$n taskset -c "0-$last" /usr/bin/time -a -o "$tmp/cpus" -f '%U %S' "$@" <"$in" >/dev/null 2>&1 || true
		end=$(date +%s.%N)
		echo "$end - $start" | bc
	done | median
	grep -v '[a-z]' "$tmp/cpus" | awk '{print $1 + $2}' | median >"$tmp/cpu"
}

# rss CMD...: the median peak RSS in MB of CMD.
rss() {
	for _ in $(seq "$repeat"); do
		/usr/bin/time -v "$@" <"$in" 2>&1 >/dev/null | awk '/Maximum resident/ {print $6/1024}'
	done | median
}

printf '%-28s' "command"
for n in $cores; do printf ' %9s' "${n}core(s)"; done
printf ' %8s %9s %9s %9s\n' "speedup" "CPU-1core" "RSS-j1-MB" "RSS-j2-MB"
for cmd in "parse" "parse --json" "parse -q" "parse --standard rfc3986" "parse --standard rfc3987" "parse --profile java" \
	"resolve http://a/b/c/d;p?q" "normalize" "relativize http://a/b/c/d;p?q" "compare" "lint --type text" \
	"escape --component query" "unescape"; do
	printf '%-28s' "$cmd"
	first=""
	best=""
	cpu1=""
	for n in $cores; do
		# shellcheck disable=SC2086
		t=$(wall "$n" "$tmp/rfc2396" $cmd -j "$n")
		printf ' %9.2f' "$t"
		[ -z "$first" ] && first=$t && cpu1=$(cat "$tmp/cpu")
		best=$t
	done
	# shellcheck disable=SC2086
	printf ' %8.2f %9.2f %9.1f %9.1f\n' "$(echo "$first / $best" | bc -l)" "$cpu1" "$(rss "$tmp/rfc2396" $cmd -j 1)" "$(rss "$tmp/rfc2396" $cmd -j 2)"
done
printf '%-28s' "neturl-cli"
cpu1=""
for n in $cores; do
	printf ' %9.2f' "$(wall "$n" "$tmp/neturl-cli")"
	[ -z "$cpu1" ] && cpu1=$(cat "$tmp/cpu")
done
printf ' %8s %9.2f %9.1f\n' "" "$cpu1" "$(rss "$tmp/neturl-cli")"

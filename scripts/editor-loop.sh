#!/usr/bin/env bash
# editor-loop.sh: the grammar editor's loop, timed. In a scratch clone of
# the current commit it runs go generate ./... and go test ./... once
# unchanged (the warm-up: the build and test caches then hold what an
# editor's checkout holds), makes the one-rule edit of
# docs/changing-the-grammar.md (domainlabel gets "_": its ABNF line and
# its PEG body in rfc2396.peg), then times go generate ./... and
# go test ./..., and prints wall and CPU seconds of each with the load.
# Last, it checks gen's step cache (gen/stepcache.go): go generate ./...
# with RFC2396_GEN_CACHE=off, every gen command run, must leave the tree
# the timed generate left, byte for byte.
#
#	scripts/editor-loop.sh              # warm-up, edit, timed loop, cache check
#	WARM=0 scripts/editor-loop.sh       # no warm-up: whatever the caches hold
#	KEEP=1 scripts/editor-loop.sh       # keep the scratch clone (path printed)
#	CHECK=0 scripts/editor-loop.sh      # leave out the cache check
#	SHARED_STEPS=1 scripts/editor-loop.sh  # gen's step cache of earlier runs
#
# The figures are wall times: on a shared machine read them with the
# load printed beside them. Standard output and error of each step go to
# files in the scratch directory; a failing step stops the script.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
if [ "${KEEP:-0}" = 1 ]; then
	echo "scratch: $tmp"
else
	trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
fi
git clone -q "$root" "$tmp/repo"
# The tests look for the shared benchmark corpus beside the repository.
if [ -d "$root/../shared" ]; then
	ln -s "$(cd "$root/../shared" && pwd)" "$tmp/shared"
fi
cd "$tmp/repo"

# gen's step cache (gen/stepcache.go) lives in the user's cache directory
# and outlives the scratch clone: a second run of this script would find
# the edited grammar's generation there from the first and time none of
# it. The script's runs keep it in the scratch directory instead (go's
# build cache stays where it is, warm), so that the warm-up fills it as
# an editor's checkout has it filled and the edit is always new to it.
# SHARED_STEPS=1 uses the user's.
if [ "${SHARED_STEPS:-0}" != 1 ]; then
	GOCACHE=$(go env GOCACHE)
	export GOCACHE XDG_CACHE_HOME="$tmp/cache"
fi

load() { uptime | sed 's/.*load average: *//'; }

# step NAME CMD...: runs CMD, printing its wall, user and system seconds.
step() {
	name=$1
	shift
	l=$(load)
	if ! /usr/bin/time -f '%e %U %S' -o "$tmp/$name.time" "$@" >"$tmp/$name.out" 2>&1; then
		echo "$name failed: $*" >&2
		tail -20 "$tmp/$name.out" >&2
		exit 1
	fi
	read -r wall user sys <"$tmp/$name.time"
	printf '%-22s %7.1f s wall %7.1f s CPU   load %s\n' "$name" "$wall" "$(echo "$user + $sys" | bc)" "$l"
}

if [ "${WARM:-1}" = 1 ]; then
	step "warm-up generate" go generate ./...
	# CI's drift check: an unchanged tree regenerates byte for byte.
	echo "files the warm-up generate changed (0 expected): $(git status --short | wc -l)"
	# -json as below: go test's cache keys the run by its flags too.
	step "warm-up test" go test -json ./...
fi

# The edit: both lines must change, or the language check stops generate.
edit() {
	old=$1 new=$2
	grep -qF -- "$old" rfc2396.peg || { echo "rfc2396.peg has no line $old" >&2; exit 1; }
	awk -v old="$old" -v new="$new" '$0 == old { $0 = new } { print }' rfc2396.peg >rfc2396.peg.new
	mv rfc2396.peg.new rfc2396.peg
}
edit '# domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum' \
	'# domainlabel = alphanum | alphanum *( alphanum | "-" | "_" ) alphanum'
edit "domainlabel <- alphanum ('-'* alphanum)*" \
	"domainlabel <- alphanum ([-_]* alphanum)*"

start=$(date +%s.%N)
# go generate -x prints each go:generate command as it starts: stamped,
# they give each step's wall time.
step "generate" bash -c 'set -o pipefail; go generate -x ./... 2>&1 |
	while IFS= read -r line; do echo "$(date +%s.%N) $line"; done'
step "test" go test -json ./...
end=$(date +%s.%N)
printf '%-22s %7.1f s wall\n' "edit to green" "$(echo "$end - $start" | bc)"
# Where the generate time went: the steps that took longest.
echo "slowest generate steps (s): $(awk '
	$2 == "go" && ($3 == "run" || $3 == "tool" || $3 == "test") {
		if (cmd != "") print $1 - t, cmd
		# The command and its first two words, past -trimpath.
		t = $1; i = ($4 == "-trimpath") ? 5 : 4; cmd = $3 " " $i " " $(i + 1) " " $(i + 2)
	}' "$tmp/generate.out" | sort -rn | head -6 | awk '{printf "%s%s %s %s %s %.1f", (NR > 1 ? ", " : ""), $2, $3, $4, $5, $1}')"
# Where the test time went: the packages that ran longest (go test -json
# reports each package's elapsed seconds; a cached package's is near 0).
echo "slowest test packages (s): $(grep -v '"Test"' "$tmp/test.out" |
	sed -n 's/.*"Action":"\(pass\|fail\)","Package":"github.com\/rfc2396\/rfc2396\/*\([^"]*\)","Elapsed":\([0-9.]*\).*/\3 \2/p' |
	sort -rn | head -6 | awk '{printf "%s%s %s", (NR > 1 ? ", " : ""), ($2 == "" ? "." : $2), $1}')"
echo "cached test packages: $(grep -c '"Output":"ok.*(cached)' "$tmp/test.out" || true)"
echo "files changed by the edit: $(git status --short | wc -l)"

if [ "${CHECK:-1}" = 1 ]; then
	# The tree the cache helped write, then the same without it.
	git add -A
	cached=$(git write-tree)
	step "generate, cache off" env RFC2396_GEN_CACHE=off go generate ./...
	git add -A
	if [ "$(git write-tree)" != "$cached" ]; then
		echo "go generate with the step cache off wrote another tree than with it on:" >&2
		git --no-pager diff --cached --stat "$cached" >&2
		exit 1
	fi
	echo "cache off wrote the tree the cache helped write: the same"
fi

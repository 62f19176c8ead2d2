#!/usr/bin/env bash
# Adapter for the project's own command-line tool: the grading protocol
# (docs/conformance.md) on top of `rfc2396 parse|resolve|normalize --json`.
# The tool is $RFC2396 if set, else rfc2396 on the PATH.
set -uo pipefail
tool=${RFC2396:-rfc2396}
std=${RFC2396_CONFORMANCE_STANDARD:-rfc2396}
profile=${RFC2396_CONFORMANCE_PROFILE:-strict}
case "${RFC2396_CONFORMANCE_MODE:-parse}" in
parse)
	# One JSON object a line, with "valid" and the components; the exit
	# status (1 when a reference is invalid) is not part of the protocol.
	"$tool" parse --standard "$std" --profile "$profile" --json 2>/dev/null
	exit 0
	;;
normalize)
	"$tool" normalize --standard "$std" --profile "$profile" --json 2>/dev/null
	exit 0
	;;
resolve)
	while IFS=$'\t' read -r base ref; do
		out=$("$tool" resolve --standard "$std" --profile "$profile" --json -- "$base" "$ref" 2>/dev/null)
		[ -n "$out" ] || out='{"result":null}'
		printf '%s\n' "$out"
	done
	;;
*)
	exit 3
	;;
esac

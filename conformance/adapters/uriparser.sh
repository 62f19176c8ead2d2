#!/usr/bin/env bash
# Conformance adapter for uriparser (Debian liburiparser-dev): compiles
# uriparser/adapter.c with cc into a temporary directory and runs it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O1 -Wall -o "$tmp/adapter" "$here/uriparser/adapter.c" -luriparser
"$tmp/adapter"

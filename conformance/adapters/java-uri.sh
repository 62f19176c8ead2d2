#!/usr/bin/env bash
# Conformance adapter for java.net.URI: compiles javauri/Adapter.java into a
# temporary directory (javac from the JDK) and runs it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
javac -d "$tmp" "$here/javauri/Adapter.java"
java -cp "$tmp" Adapter

#!/usr/bin/env python3
"""Conformance adapter for Python's urllib.parse (docs/conformance.md).

Parse mode: urlsplit; a reference is valid when urlsplit raises nothing.
urlsplit cannot tell an empty component from an undefined one, so an empty
scheme, authority, query or fragment is reported undefined. Resolve mode:
urljoin. Normalize mode is not supported (exit status 3).
"""
import json
import os
import sys
from urllib.parse import urljoin, urlsplit

mode = os.environ.get("RFC2396_CONFORMANCE_MODE", "parse")
if mode not in ("parse", "resolve"):
    sys.exit(3)

inp = sys.stdin.buffer
out = sys.stdout


def opt(v):
    return v if v else None


for raw in inp:
    line = raw.rstrip(b"\n").decode("utf-8", "surrogateescape")
    if mode == "parse":
        try:
            u = urlsplit(line)
            port = None
            try:
                if u.port is not None:
                    port = str(u.port)
            except ValueError:
                raise
            a = {"valid": True, "scheme": opt(u.scheme), "authority": opt(u.netloc),
                 "userinfo": None, "host": opt(u.hostname), "port": port,
                 "path": u.path, "query": opt(u.query), "fragment": opt(u.fragment)}
            if "@" in u.netloc:
                a["userinfo"] = u.netloc.rsplit("@", 1)[0]
        except ValueError as e:
            a = {"valid": False, "error": str(e)}
    else:
        base, _, ref = line.partition("\t")
        try:
            a = {"result": urljoin(base, ref)}
        except ValueError as e:
            a = {"result": None, "error": str(e)}
    out.write(json.dumps(a, ensure_ascii=True) + "\n")
out.flush()

/*
 * Conformance adapter for uriparser (docs/conformance.md). Parse mode:
 * uriParseSingleUriExA over the whole line, components from the UriUriA
 * text ranges; resolve mode: uriAddBaseUriA; normalize mode:
 * uriNormalizeSyntaxA. Every answer is written with uriToStringA.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uriparser/Uri.h>

static void put_json(const char *first, const char *after) {
	if (first == NULL) {
		fputs("null", stdout);
		return;
	}
	putchar('"');
	for (const char *p = first; p < after; p++) {
		unsigned char c = (unsigned char)*p;
		if (c == '"' || c == '\\') {
			printf("\\%c", c);
		} else if (c < 0x20 || c > 0x7e) {
			printf("\\u%04x", c);
		} else {
			putchar(c);
		}
	}
	putchar('"');
}

static void put_range(const char *name, const UriTextRangeA *r) {
	printf(",\"%s\":", name);
	put_json(r->first, r->afterLast);
}

/* to_string writes u as a string, or null. */
static void put_uri(const UriUriA *u) {
	int len = 0;
	if (uriToStringCharsRequiredA(u, &len) != URI_SUCCESS) {
		fputs("null", stdout);
		return;
	}
	char *s = malloc((size_t)len + 1);
	if (s == NULL || uriToStringA(s, u, len + 1, NULL) != URI_SUCCESS) {
		fputs("null", stdout);
		free(s);
		return;
	}
	put_json(s, s + strlen(s));
	free(s);
}

static int parse(UriUriA *u, const char *s, size_t n) {
	const char *errorPos;
	return uriParseSingleUriExA(u, s, s + n, &errorPos);
}

int main(void) {
	const char *mode = getenv("RFC2396_CONFORMANCE_MODE");
	if (mode == NULL || (strcmp(mode, "parse") && strcmp(mode, "resolve") && strcmp(mode, "normalize"))) {
		return 3;
	}
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	while ((n = getline(&line, &cap, stdin)) >= 0) {
		if (n > 0 && line[n - 1] == '\n') {
			line[--n] = '\0';
		}
		UriUriA u;
		if (!strcmp(mode, "parse")) {
			if (parse(&u, line, (size_t)n) != URI_SUCCESS) {
				fputs("{\"valid\":false}\n", stdout);
				continue;
			}
			fputs("{\"valid\":true", stdout);
			put_range("scheme", &u.scheme);
			/*
			 * uriparser gives ranges for scheme, userinfo, host, port, query
			 * and fragment; the authority and the path are the text between
			 * them (an empty path segment's range may point outside the line).
			 */
			const char *p = u.scheme.first ? u.scheme.afterLast + 1 : line;
			const char *end = u.query.first ? u.query.first - 1 : u.fragment.first ? u.fragment.first - 1 : line + n;
			if (end - p >= 2 && p[0] == '/' && p[1] == '/') {
				const char *a = p + 2, *q = a;
				while (q < end && *q != '/') {
					q++;
				}
				fputs(",\"authority\":", stdout);
				put_json(a, q);
				put_range("userinfo", &u.userInfo);
				fputs(",\"host\":", stdout);
				if (u.hostText.first == NULL) {
					put_json(q, q);
				} else if (u.hostData.ip6 != NULL || u.hostData.ipFuture.first != NULL) {
					put_json(u.hostText.first - 1, u.hostText.afterLast + 1);
				} else {
					put_json(u.hostText.first, u.hostText.afterLast);
				}
				put_range("port", &u.portText);
				p = q;
			} else {
				fputs(",\"authority\":null,\"userinfo\":null,\"host\":null,\"port\":null", stdout);
			}
			fputs(",\"path\":", stdout);
			put_json(p, end);
			put_range("query", &u.query);
			put_range("fragment", &u.fragment);
			fputs("}\n", stdout);
			uriFreeUriMembersA(&u);
		} else if (!strcmp(mode, "resolve")) {
			char *tab = strchr(line, '\t');
			UriUriA base, ref, out;
			if (tab == NULL || parse(&base, line, (size_t)(tab - line)) != URI_SUCCESS) {
				fputs("{\"result\":null}\n", stdout);
				continue;
			}
			if (parse(&ref, tab + 1, strlen(tab + 1)) != URI_SUCCESS) {
				uriFreeUriMembersA(&base);
				fputs("{\"result\":null}\n", stdout);
				continue;
			}
			fputs("{\"result\":", stdout);
			if (uriAddBaseUriA(&out, &ref, &base) == URI_SUCCESS) {
				put_uri(&out);
				uriFreeUriMembersA(&out);
			} else {
				fputs("null", stdout);
			}
			fputs("}\n", stdout);
			uriFreeUriMembersA(&base);
			uriFreeUriMembersA(&ref);
		} else {
			if (parse(&u, line, (size_t)n) != URI_SUCCESS) {
				fputs("{\"result\":null}\n", stdout);
				continue;
			}
			fputs("{\"result\":", stdout);
			if (uriNormalizeSyntaxA(&u) == URI_SUCCESS) {
				put_uri(&u);
			} else {
				fputs("null", stdout);
			}
			fputs("}\n", stdout);
			uriFreeUriMembersA(&u);
		}
	}
	free(line);
	return ferror(stdout) ? 2 : 0;
}

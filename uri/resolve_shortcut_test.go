package uri_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
)

// resolveMerging is resolveParsed as section 5.2.2 writes it, with no
// shortcut: every path it does not take from the base goes through
// merge and RemoveDotSegments, and the result through recompose.
func resolveMerging(base, r *URI, cfg resolveConfig) (string, []Warning) {
	rScheme := r.Scheme()
	if cfg.nonStrict && rScheme.Defined && strings.EqualFold(rScheme.Value, base.Scheme().Value) {
		rScheme = Component{}
	}
	var scheme, authority, query Component
	var path, dotted string
	removed := true
	switch {
	case rScheme.Defined:
		scheme, authority, dotted, query = r.Scheme(), r.Authority(), r.Path(), r.Query()
	case r.Authority().Defined:
		scheme, authority, dotted, query = base.Scheme(), r.Authority(), r.Path(), r.Query()
	case r.Path() == "":
		scheme, authority, path = base.Scheme(), base.Authority(), base.Path()
		query = base.Query()
		if r.Query().Defined {
			query = r.Query()
		}
		removed = false
	case r.Path()[0] == '/':
		scheme, authority, dotted, query = base.Scheme(), base.Authority(), r.Path(), r.Query()
	default:
		scheme, authority, dotted, query = base.Scheme(), base.Authority(), merge(base, r.Path()), r.Query()
	}
	var warnings []Warning
	if removed {
		path = RemoveDotSegments(dotted)
		if !strings.HasPrefix(dotted, "/") && strings.HasPrefix(path, "/") {
			warnings = append(warnings, WarnRootlessPathMadeAbsolute)
		}
	}
	if !authority.Defined && strings.HasPrefix(path, "//") {
		warnings = append(warnings, WarnPathReadsAsAuthority)
	}
	return recompose(scheme, authority, path, query, r.Fragment()), warnings
}

// checkResolveShortcut fails t if resolveParsed and resolveMerging differ
// on base and ref (both must parse).
func checkResolveShortcut(t *testing.T, base, ref string) {
	t.Helper()
	var b, r URI
	if ParseInto(&b, base) != nil || ParseInto(&r, ref) != nil || !b.Scheme().Defined {
		return
	}
	for _, cfg := range []resolveConfig{{}, {nonStrict: true}} {
		got, gotWarnings := resolveParsed(&b, &r, cfg)
		want, wantWarnings := resolveMerging(&b, &r, cfg)
		if got != want {
			t.Fatalf("%q against %q (%+v): %q, merging %q", ref, base, cfg, got, want)
		}
		if diff := cmp.Diff(wantWarnings, gotWarnings); diff != "" {
			t.Fatalf("%q against %q (%+v): warnings (-merging +got):\n%s", ref, base, cfg, diff)
		}
		// appendResolved, after what dst holds, and with no room to
		// spare or with room that a wrong write would show in.
		for _, dst := range [][]byte{nil, []byte("held:"), append(make([]byte, 0, 4<<10), "held:"...)} {
			appended, appendWarnings := appendResolved(dst, &b, &r, cfg)
			if string(appended) != string(dst)+want {
				t.Fatalf("%q against %q (%+v): appendResolved to %q = %q, merging %q", ref, base, cfg, dst, appended, want)
			}
			if diff := cmp.Diff(wantWarnings, appendWarnings); diff != "" {
				t.Fatalf("%q against %q (%+v): appendResolved's warnings (-merging +got):\n%s", ref, base, cfg, diff)
			}
		}
	}
}

// TestResolveShortcut holds resolveParsed, which writes a merged path with
// no dot segment straight into the result, to resolveMerging for the
// corpus sample against bases of each kind.
func TestResolveShortcut(t *testing.T) {
	refs := uritest.Sample(t, "../testdata/bench-sample.txt")
	refs = append(refs, "g", "g:h", "./g", "../g", "..//g", ".//g", "g/./h", "?y", "#s", "", "a/b/..")
	for _, base := range []string{"http://a/b/c/d;p?q", "http://a", "http://a//b/c", "foo:/a/b", "foo:a/b", "foo:a", "foo:", "foo:/", "mailto:x@y", "http://a/b/../c/./d"} {
		for _, ref := range refs {
			checkResolveShortcut(t, base, ref)
		}
	}
}

// FuzzResolveShortcut holds resolveParsed to resolveMerging for any base
// and reference.
func FuzzResolveShortcut(f *testing.F) {
	for _, s := range [][2]string{{"http://a/b/c/d;p?q", "g"}, {"foo:a/b", "..//g"}, {"foo:", "g"}, {"http://a", "g?y#s"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, base, ref string) {
		checkResolveShortcut(t, base, ref)
	})
}

// checkRemoveInPlace fails t if removeDotSegmentsInPlace and
// RemoveDotSegments differ on path from the literal transcription.
func checkRemoveInPlace(t *testing.T, path string) {
	t.Helper()
	want := oracle.RemoveDotSegments(path)
	if got := removeDotSegmentsInPlace([]byte(path)); string(got) != want {
		t.Fatalf("removeDotSegmentsInPlace(%q) = %q, the literal transcription %q", path, got, want)
	}
	if got := RemoveDotSegments(path); got != want {
		t.Fatalf("RemoveDotSegments(%q) = %q, the literal transcription %q", path, got, want)
	}
}

// TestRemoveDotSegmentsInPlace holds removeDotSegmentsInPlace and
// RemoveDotSegments to the literal transcription on every step of section 5.2.4, alone and in runs.
func TestRemoveDotSegmentsInPlace(t *testing.T) {
	pieces := []string{"", ".", "..", "./", "../", "/.", "/..", "/./", "/../", "a", "/a", "a/", "/a/", "//", "b..", ".b", "/.../"}
	for _, a := range pieces {
		for _, b := range pieces {
			for _, c := range pieces {
				checkRemoveInPlace(t, a+b+c)
			}
		}
	}
	checkRemoveInPlace(t, strings.Repeat("/a/..", 1<<12))
	checkRemoveInPlace(t, strings.Repeat("../", 1<<12)+"g")
}

// FuzzRemoveDotSegmentsInPlace holds removeDotSegmentsInPlace and
// RemoveDotSegments to the literal transcription for any path.
func FuzzRemoveDotSegmentsInPlace(f *testing.F) {
	for _, s := range []string{"/a/b/c/./../../g", "mid/content=5/../6", "a/..", "/.."} {
		f.Add(s)
	}
	f.Fuzz(checkRemoveInPlace)
}

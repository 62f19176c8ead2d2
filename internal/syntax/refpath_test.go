package syntax

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRelativeSegments(t *testing.T) {
	tests := []struct {
		base, target string
		want         []string
	}{
		{"b/c/d", "b/c/g", []string{"g"}},
		{"b/c/d", "b/x", []string{"../x"}},
		{"b/c/d", "b/c/", []string{".", "./"}},
		{"b/c/d", "b/", []string{"..", "../"}},
		{"b/c/d", "b/c/g:h", []string{"./g:h"}},
		{"b/c/d", "b/c//x", []string{".//x"}},
		{"d", "x/y", []string{"x/y"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, RelativeSegments(tt.base, tt.target)); diff != "" {
			t.Errorf("RelativeSegments(%q, %q) (-want +got):\n%s", tt.base, tt.target, diff)
		}
	}
	// Every pair of short paths of "a", "b", ":" and "/", against the
	// reading that splits both paths into segments.
	paths := []string{""}
	for n := 0; n < 4; n++ {
		for _, p := range paths {
			if len(p) == n {
				for _, c := range []string{"a", "b", ":", "/"} {
					paths = append(paths, p+c)
				}
			}
		}
	}
	for _, base := range paths {
		for _, target := range paths {
			if diff := cmp.Diff(relativeSegmentsSplit(base, target), RelativeSegments(base, target)); diff != "" {
				t.Fatalf("RelativeSegments(%q, %q) (-split +got):\n%s", base, target, diff)
			}
		}
	}
}

// relativeSegmentsSplit is RelativeSegments with the shared directories
// found by splitting both paths into their segments, which
// RelativeSegments avoids (a path of a million segments would be a million
// strings).
func relativeSegmentsSplit(basePath, targetPath string) []string {
	dir := strings.Split(basePath, "/")
	dir = dir[:len(dir)-1]
	target := strings.Split(targetPath, "/")
	common := 0
	for common < len(dir) && common < len(target)-1 && dir[common] == target[common] {
		common++
	}
	return relativeFrom(strings.Repeat("../", len(dir)-common), strings.Join(target[common:], "/"))
}

func TestReduce(t *testing.T) {
	tests := []struct {
		path string
		keep int
		want string
	}{
		{"a/b/c/./../../g", 0, "a/g"},
		{"mid/content=5/../6", 0, "mid/6"},
		{"a/..", 0, ""},
		{"a/.", 0, "a/"},
		{"../a/../..", 0, "../.."},
		{"..", 0, ".."},
		{"a/../b", 1, "a/../b"},
		{"a/b/../c", 1, "a/c"},
		{"a/b/..", 1, "a/"},
		{"./a", 1, "a"},
		{"", 0, ""},
	}
	for _, tt := range tests {
		got := Reduce(tt.path, tt.keep)
		if got != tt.want {
			t.Errorf("Reduce(%q, %d) = %q, want %q", tt.path, tt.keep, got, tt.want)
		}
	}
}

func TestCandidates(t *testing.T) {
	tests := []struct {
		name              string
		written           string // the target as written: the candidates are cut from it, or built
		query, fragment   string
		hasQuery, hasFrag bool
		basePath, target  string
		authority         string
		hasAuthority      bool
		want              []string
	}{
		{name: "fragment only", written: "http://a/b/c/g#f", fragment: "f", hasFrag: true, basePath: "/b/c/d", target: "/b/c/g",
			want: []string{"#f", "g#f", "/b/c/g#f"}},
		{name: "query and authority", written: "http://a/b/x?q", query: "q", hasQuery: true, basePath: "/b/c/d", target: "/b/x",
			authority: "a", hasAuthority: true, want: []string{"", "?q", "../x?q", "/b/x?q", "//a/b/x?q"}},
		{name: "query and authority, built", written: "?q", query: "q", hasQuery: true, basePath: "/b/c/d", target: "/b/x",
			authority: "a", hasAuthority: true, want: []string{"", "?q", "../x?q", "/b/x?q", "//a/b/x?q"}},
		{name: "query, fragment and authority", written: "http://a/b/x?q#f", query: "q", hasQuery: true, fragment: "f", hasFrag: true,
			basePath: "/b/c/d", target: "/b/x", authority: "a", hasAuthority: true, want: []string{"#f", "?q#f", "../x?q#f", "/b/x?q#f", "//a/b/x?q#f"}},
		{name: "written otherwise", written: "http://a/b/x?r#g", query: "q", hasQuery: true, fragment: "f", hasFrag: true,
			basePath: "/b/c/d", target: "/b/x", authority: "a", hasAuthority: true, want: []string{"#f", "?q#f", "../x?q#f", "/b/x?q#f", "//a/b/x?q#f"}},
		{name: "rootless against absolute", basePath: "/b", target: "x",
			want: []string{""}},
		{name: "network-path-like path", basePath: "/b", target: "//x",
			want: []string{"", ".//x"}},
	}
	for _, tt := range tests {
		c := NewCandidates(tt.written, tt.query, tt.hasQuery, tt.fragment, tt.hasFrag)
		c.AddSameDocument()
		c.AddRelativePaths(tt.basePath, tt.target)
		c.AddAbsolutePath(tt.target)
		c.AddNetworkPath(tt.target, tt.authority, tt.hasAuthority)
		if diff := cmp.Diff(tt.want, c.Refs()); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestCandidateKinds(t *testing.T) {
	c := NewCandidates("http://a/b/x?q#f", "q", true, "f", true)
	c.AddSameDocument()
	c.AddRelativePaths("/b/c/d", "/b/x")
	c.AddAbsolutePath("/b/x")
	c.AddNetworkPath("/b/x", "a", true)
	c.AddWhole("http://a/b/x?q#f")
	c.Sort()
	want := []Candidate{
		{Ref: "#f", Kind: SameDocument},
		{Ref: "?q#f", Kind: QueryOnly},
		{Ref: "../x?q#f", Kind: RelativePath, Path: "../x"},
		{Ref: "/b/x?q#f", Kind: AbsolutePath, Path: "/b/x"},
		{Ref: "//a/b/x?q#f", Kind: NetworkPath, Path: "/b/x"},
		{Ref: "http://a/b/x?q#f", Kind: Whole},
	}
	if diff := cmp.Diff(want, c.List); diff != "" {
		t.Errorf("candidates (-want +got):\n%s", diff)
	}
}

func TestHasDotSegment(t *testing.T) {
	tests := []struct {
		path string
		want bool
	}{
		{"", false}, {"/", false}, {"/a/b.html", false}, {"/a/.b/c", false}, {"/a/..b", false}, {"/a/b..", false}, {"...", false}, {"/.../x", false},
		{".", true}, {"..", true}, {"./a", true}, {"../a", true}, {"/a/.", true}, {"/a/..", true}, {"/a/./b", true}, {"/a/../b", true}, {"a//./b", true},
	}
	for _, tt := range tests {
		if got := HasDotSegment(tt.path); got != tt.want {
			t.Errorf("HasDotSegment(%q) = %v, want %v", tt.path, got, tt.want)
		}
		// Where it says none, Reduce leaves the path alone.
		if !tt.want && Reduce(tt.path, 0) != tt.path {
			t.Errorf("HasDotSegment(%q) = false, but Reduce changes it", tt.path)
		}
	}
}

func FuzzHasDotSegment(f *testing.F) {
	for _, s := range []string{"/a/./b", "a/b.c", "../x", "/..."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, path string) {
		segs := strings.Split(path, "/")
		want := false
		for _, s := range segs {
			want = want || s == "." || s == ".."
		}
		if got := HasDotSegment(path); got != want {
			t.Fatalf("HasDotSegment(%q) = %v, want %v", path, got, want)
		}
	})
}

func TestKeepRelative(t *testing.T) {
	tests := []struct {
		path      string
		hasScheme bool
		want      string
	}{
		{"a/b", false, "a/b"},
		{"", false, "./"},
		{"/x", false, ".//x"},
		{"//x", true, ".///x"},
		{"a:b/c", false, "./a:b/c"},
		{"a:b/c", true, "a:b/c"},
		{"b/a:c", false, "b/a:c"},
		{"../a:b", false, "../a:b"},
	}
	for _, tt := range tests {
		if got := KeepRelative(tt.path, tt.hasScheme); got != tt.want {
			t.Errorf("KeepRelative(%q, %v) = %q; want %q", tt.path, tt.hasScheme, got, tt.want)
		}
	}
}

func TestSegments(t *testing.T) {
	tests := []struct {
		path string
		want []string
	}{
		{"", nil},
		{"/", []string{""}},
		{"/a/b", []string{"a", "b"}},
		{"a/b/", []string{"a", "b", ""}},
		{"//x;p/", []string{"", "x;p", ""}},
		{"a", []string{"a"}},
	}
	for _, tt := range tests {
		var got []string
		for seg := range Segments(tt.path) {
			got = append(got, seg)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Segments(%q) (-want +got):\n%s", tt.path, diff)
		}
		for range Segments(tt.path) {
			break // stopping early must not panic
		}
	}
}

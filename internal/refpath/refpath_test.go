package refpath

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
}

func TestReduceSegments(t *testing.T) {
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
		got := strings.Join(ReduceSegments(strings.Split(tt.path, "/"), tt.keep), "/")
		if got != tt.want {
			t.Errorf("ReduceSegments(%q, %d) = %q, want %q", tt.path, tt.keep, got, tt.want)
		}
	}
}

func TestCandidates(t *testing.T) {
	tests := []struct {
		name              string
		query, fragment   string
		hasQuery, hasFrag bool
		basePath, target  string
		authority         string
		hasAuthority      bool
		want              []string
	}{
		{name: "fragment only", fragment: "f", hasFrag: true, basePath: "/b/c/d", target: "/b/c/g",
			want: []string{"#f", "g#f", "/b/c/g#f"}},
		{name: "query and authority", query: "q", hasQuery: true, basePath: "/b/c/d", target: "/b/x",
			authority: "a", hasAuthority: true, want: []string{"", "?q", "../x?q", "/b/x?q", "//a/b/x?q"}},
		{name: "rootless against absolute", basePath: "/b", target: "x",
			want: []string{""}},
		{name: "network-path-like path", basePath: "/b", target: "//x",
			want: []string{"", ".//x"}},
	}
	for _, tt := range tests {
		c := NewCandidates(tt.query, tt.hasQuery, tt.fragment, tt.hasFrag)
		c.AddRelativePaths(tt.basePath, tt.target)
		c.AddAbsolute(tt.target, tt.authority, tt.hasAuthority)
		if diff := cmp.Diff(tt.want, c.List); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestReachable(t *testing.T) {
	candidates := func() []string { return []string{"", "#f", "g", "//a/g", "http://a/g"} }
	tests := []struct {
		name                      string
		sameScheme, sameAuthority bool
		want                      []string
	}{
		{"same site", true, true, []string{"", "#f", "g", "//a/g", "http://a/g"}},
		{"other authority", true, false, []string{"//a/g", "http://a/g"}},
		{"other scheme", false, true, []string{"http://a/g"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, Reachable(candidates(), "http://a/g", tt.sameScheme, tt.sameAuthority)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

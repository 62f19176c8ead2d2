package site

import (
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/parser"
)

// serveSoakHeapGrowth is how much the heap (runtime.MemStats.HeapAlloc
// after a collection) of a server may grow over TestServeSoak: the cache
// of derived profiles' automata (at most 64 MB estimated; see
// parser.Profile), the named profiles' own automata grown by the requests
// (a few MB each), and room to spare. Without the cache's bound the soak
// grows it by about 300 MB (by 2 MB with it).
const serveSoakHeapGrowth = 100 << 20

// TestServeSoak sends a server requests to /api/parse, /play and
// /play.json, each with an allow list, a rule, a profile and (for
// /api/parse) explain=1 drawn at random, so that nearly every request names
// a profile the server has not seen, and holds the server's heap within
// serveSoakHeapGrowth of where it started. It runs only with
// RFC2396_LONG=1 (about 15 s).
func TestServeSoak(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	const requests = 20000
	srv := httptest.NewServer(newSite(t).Handler())
	defer srv.Close()
	lines, _ := uritest.LoadCorpus(t, "..")
	var codes []string
	for _, e := range grammar.Edits() {
		codes = append(codes, e.Code())
	}
	var rules []string
	for r := grammar.Rule(0); r < grammar.NumAllRules; r++ {
		rules = append(rules, r.String())
	}
	var profiles []string
	for _, p := range parser.Profiles() {
		profiles = append(profiles, p.Name())
	}
	query := func(rng *rand.Rand, i int) string {
		var allow []string
		for _, k := range rng.Perm(len(codes))[:rng.IntN(len(codes)+1)] {
			allow = append(allow, codes[k])
		}
		ref := []byte(lines[rng.IntN(len(lines))])
		if len(ref) > 0 && rng.IntN(2) == 0 {
			const odd = "[]%:@/?# \x80\xff"
			ref[rng.IntN(len(ref))] = odd[rng.IntN(len(odd))]
		}
		q := url.Values{
			"ref":     {string(ref)},
			"allow":   {strings.Join(allow, ",")},
			"rule":    {rules[rng.IntN(len(rules))]},
			"profile": {profiles[rng.IntN(len(profiles))]},
		}
		switch i % 3 {
		case 0:
			q.Set("explain", "1")
			return "/api/parse?" + q.Encode()
		case 1:
			return "/play?" + q.Encode()
		}
		return "/play.json?" + q.Encode()
	}
	get := func(path string) int {
		resp, err := srv.Client().Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	// The first requests build what any server builds (the pages'
	// templates, the named profiles' first automata): the heap is
	// measured after them.
	rng := rand.New(rand.NewPCG(3986, 1))
	for i := range 30 {
		get(query(rng, i))
	}
	h0 := soakHeapAlloc()
	var peak uint64
	const workers = 2
	var mu sync.Mutex
	statuses := map[int]int{}
	for round := range 10 {
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				rng := rand.New(rand.NewPCG(uint64(round), uint64(w)))
				for i := range requests / 10 / workers {
					code := get(query(rng, i))
					mu.Lock()
					statuses[code]++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		h := soakHeapAlloc()
		peak = max(peak, h)
		if h > h0+serveSoakHeapGrowth {
			t.Fatalf("after %d requests the heap is %d MB, up %d MB from %d MB; the bound is %d MB", (round+1)*requests/10, h>>20, (h-h0)>>20, h0>>20, serveSoakHeapGrowth>>20)
		}
	}
	for code, n := range statuses {
		// 400: a rule that the profile asked for does not have.
		if code != http.StatusOK && code != http.StatusBadRequest {
			t.Errorf("%d requests answered %d", n, code)
		}
	}
	t.Logf("%d requests (%v by status): heap %d MB at the start, %d MB at the most", requests, statuses, h0>>20, peak>>20)
}

func soakHeapAlloc() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

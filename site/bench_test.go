package site

import (
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// BenchmarkPlay measures a whole /play request, the page included, on
// references of growing size: time per byte should stay flat.
//
//	go test -run '^$' -bench Play -benchtime 200x ./site/
func BenchmarkPlay(b *testing.B) {
	s, err := New()
	if err != nil {
		b.Fatal(err)
	}
	h := s.Handler()
	for _, size := range []int{64, 512, 4096, MaxInput} {
		ref := "http://www.example.com/" + strings.Repeat("a;p/", size/4)
		ref = ref[:size]
		for _, all := range []string{"", "&all=1"} {
			if all != "" && size > maxAllRules {
				continue
			}
			b.Run("bytes="+strconv.Itoa(size)+"/all="+strconv.FormatBool(all != ""), func(b *testing.B) {
				path := "/play?ref=" + url.QueryEscape(ref) + "&base=" + url.QueryEscape("http://a/b/c/d;p?q") + all
				b.SetBytes(int64(size))
				for b.Loop() {
					rec := httptest.NewRecorder()
					h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
					if rec.Code != 200 {
						b.Fatal(rec.Code)
					}
				}
			})
		}
	}
}

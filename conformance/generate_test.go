package conformance

import "testing"

func TestGenerateReport(t *testing.T) {
	for _, std := range []Standard{RFC2396, RFC3986} {
		s, rep, err := Generate(Options{Standard: std, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: validity %d components %d resolve %d normalize %d equivalence %d; coverage %d/%d missing %v", std,
			len(s.Validity), len(s.Components), len(s.Resolve), len(s.Normalize), len(s.Equivalence), rep.Covered, rep.Items, rep.Missing)
		for i, d := range rep.Disagreements {
			if i < 30 {
				t.Log(d)
			}
		}
		t.Logf("%d disagreements", len(rep.Disagreements))
	}
}

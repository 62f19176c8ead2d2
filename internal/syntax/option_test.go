package syntax

import "testing"

type config struct{ a, b bool }

type opt func(*config)

func TestApply(t *testing.T) {
	setA := opt(func(c *config) { c.a = true })
	setB := opt(func(c *config) { c.b = true })
	tests := []struct {
		name string
		opts []opt
		want config
	}{
		{"none", nil, config{}},
		{"one", []opt{setA}, config{a: true}},
		{"both, and a nil one skipped", []opt{setA, nil, setB}, config{a: true, b: true}},
	}
	for _, tt := range tests {
		if got := ApplyOptions(tt.opts); got != tt.want {
			t.Errorf("%s: ApplyOptions = %+v, want %+v", tt.name, got, tt.want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _ = ApplyOptions[config, opt](nil) }); n != 0 {
		t.Errorf("ApplyOptions with no options allocates %v times", n)
	}
}

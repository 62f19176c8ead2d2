package parser

// orStrict returns p, or Strict for a nil *Profile and for a zero Profile
// (one not made by this package), so that every method of Profile works on
// them as it does on Strict.
func (p *Profile) orStrict() *Profile {
	if p == nil || p.auto == nil {
		return strict
	}
	return p
}

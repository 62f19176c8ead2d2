package rfc3987

import "github.com/rfc2396/rfc2396/internal/direction"

// The names TestDirectionTables holds package direction's classification
// (the table gen bidi writes, which section 4.2's rules read) by.
const (
	neutral = direction.Neutral
	ltr     = direction.LeftToRight
	rtl     = direction.RightToLeft
)

// directionOf is the classification BidiWarnings reads.
func directionOf(r rune) direction.Direction { return direction.Of(r) }

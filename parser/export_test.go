package parser

// ClosedEditSets gives the external tests (the soak) the edit sets that
// closedEditSets lists.
var ClosedEditSets = closedEditSets

package automaton

// The on-demand automaton ([Lazy]) does not expand every rule reference up
// front as [Grammar.Build] does: java's URI-reference has 5340 positions
// once expanded (IPv6address alone is a thousand, and host is reached
// three ways), and an input reaches a few dozen. Instead each rule gets a
// position automaton of its own body (a localRule), in which a reference
// to a rule that is more than one byte is an item, a call; and a position
// of the whole rule is a frame (the chain of calls from the start rule
// down) with a character item of the called rule. Positions and frames are
// made, and numbered, when a state first needs them. They are exactly the
// positions of the expanded automaton, with the same paths, first, last
// and follow sets, so the states and what errors report are the same.

// localRule is the position automaton of one rule's body, with rule
// references that are not single bytes left as call items.
type localRule struct {
	items    []position // set < 0: a call of rule call
	first    []int32
	last     []bool
	follow   [][]int32
	nullable bool
}

// frame is a call of a rule: by item call of the parent frame's rule, or
// the start rule itself (parent < 0).
type frame struct {
	parent int32
	call   int32
	rule   int
	path   *pathNode // the path down to the rule, its own step included
	// exitsRoot reports that the end of this rule can be the end of the
	// start rule: every call on the way up is last in its rule.
	exitsRoot bool
}

// hierPosition is a position of the whole rule: a character item of the
// rule of a frame.
type hierPosition struct {
	frame, item int32
	set         int32   // the item's byte set, an index into hier.sets
	follow      []int32 // the positions that can follow; nil until asked
	followDone  bool
}

// hier is the position automaton of one rule with its positions made as
// they are needed. It is not safe for concurrent use; Lazy holds its mutex
// around every call.
type hier struct {
	g          *Grammar
	start      int
	rules      map[int]*localRule
	frames     []frame
	frameIndex map[[2]int32]int32
	pos        []hierPosition
	posIndex   map[[2]int32]int32
	paths      []*pathNode // the path of each position
	accept     []bool      // each position can end the start rule

	sets     []byteSet
	setIndex map[byteSet]int32

	first    []int32 // positions a match can start with
	nullable bool

	// followEntries counts the entries of the follow lists of pos, for
	// Lazy.Bytes.
	followEntries int64
}

func newHier(g *Grammar, start int) *hier {
	h := &hier{
		g: g, start: start,
		rules:      map[int]*localRule{},
		frameIndex: map[[2]int32]int32{},
		posIndex:   map[[2]int32]int32{},
		setIndex:   map[byteSet]int32{},
	}
	root := h.rule(start)
	h.frames = append(h.frames, frame{parent: -1, call: -1, rule: start, path: extend(nil, step{rule: start, alt: -1}), exitsRoot: true})
	h.nullable = root.nullable
	h.first = h.enter(0, root.first, nil)
	h.first = sortedSet(h.first)
	return h
}

// rule returns the local automaton of rule r, building it the first time.
func (h *hier) rule(r int) *localRule {
	if lr, ok := h.rules[r]; ok {
		return lr
	}
	b := &builder{g: h.g, local: true, nullable: func(c int) bool { return h.rule(c).nullable }, intern: h.internSet}
	f := b.node(h.g.Defs[r].Body, nil)
	n := len(b.pos)
	lr := &localRule{items: b.pos, last: make([]bool, n), follow: make([][]int32, n), nullable: f.nullable}
	for _, p := range f.first {
		lr.first = append(lr.first, int32(p))
	}
	for _, p := range f.last {
		lr.last[p] = true
	}
	for _, e := range b.edges {
		lr.follow[e.from] = append(lr.follow[e.from], e.to)
	}
	for i, l := range lr.follow {
		lr.follow[i] = sortedSet(l)
	}
	h.rules[r] = lr
	return lr
}

// internSet returns the index of s in h.sets, adding it when it is new.
func (h *hier) internSet(s byteSet) int32 {
	k, ok := h.setIndex[s]
	if !ok {
		k = int32(len(h.sets))
		h.sets = append(h.sets, s)
		h.setIndex[s] = k
	}
	return k
}

// frameOf returns the frame of the call by item of frame f's rule.
func (h *hier) frameOf(f, item int32) int32 {
	key := [2]int32{f, item}
	if i, ok := h.frameIndex[key]; ok {
		return i
	}
	parent := h.frames[f]
	it := h.rules[parent.rule].items[item]
	callee := int(it.call)
	h.rule(callee)
	i := int32(len(h.frames))
	h.frames = append(h.frames, frame{
		parent:    f,
		call:      item,
		rule:      callee,
		path:      extend(join(parent.path, it.path), step{rule: callee, alt: -1}),
		exitsRoot: parent.exitsRoot && h.rules[parent.rule].last[item],
	})
	h.frameIndex[key] = i
	return i
}

// join returns the path of steps rel (relative to a rule's body, as
// localRule keeps them) below base.
func join(base, rel *pathNode) *pathNode {
	if rel == nil {
		return base
	}
	return extend(join(base, rel.up), rel.step)
}

// position returns the position of character item of frame f's rule.
func (h *hier) position(f, item int32) int32 {
	key := [2]int32{f, item}
	if i, ok := h.posIndex[key]; ok {
		return i
	}
	fr := h.frames[f]
	lr := h.rules[fr.rule]
	i := int32(len(h.pos))
	h.pos = append(h.pos, hierPosition{frame: f, item: item, set: lr.items[item].set})
	h.paths = append(h.paths, join(fr.path, lr.items[item].path))
	h.accept = append(h.accept, fr.exitsRoot && lr.last[item])
	h.posIndex[key] = i
	return i
}

// enter appends to out the positions that reading items of frame f's
// rule can start with: a character item's own, and the first positions of
// a called rule.
func (h *hier) enter(f int32, items []int32, out []int32) []int32 {
	lr := h.rules[h.frames[f].rule]
	for _, it := range items {
		if lr.items[it].call < 0 {
			out = append(out, h.position(f, it))
			continue
		}
		c := h.frameOf(f, it)
		out = h.enter(c, h.rules[h.frames[c].rule].first, out)
	}
	return out
}

// follow returns the positions that can follow position p, sorted.
func (h *hier) follow(p int32) []int32 {
	if h.pos[p].followDone {
		return h.pos[p].follow
	}
	f, item := h.pos[p].frame, h.pos[p].item
	var out []int32
	for {
		lr := h.rules[h.frames[f].rule]
		out = h.enter(f, lr.follow[item], out)
		// At the end of the rule of f, reading goes on after its call.
		if !lr.last[item] || h.frames[f].parent < 0 {
			break
		}
		f, item = h.frames[f].parent, h.frames[f].call
	}
	out = sortedSet(out)
	h.pos[p].follow, h.pos[p].followDone = out, true
	h.followEntries += int64(cap(out))
	return out
}

// accepts reports whether what has been read, with live positions live,
// is a string of the language.
func (h *hier) accepts(live []int32, atStart bool) bool {
	if atStart {
		return h.nullable
	}
	for _, p := range live {
		if h.accept[p] {
			return true
		}
	}
	return false
}

// classes returns the byte classes of the rule: bytes that every
// character item of every rule the start rule reaches either holds or
// not. It builds every such rule's local automaton, which is cheap.
func (h *hier) classes() (classOf [256]uint8, n int, representative []byte) {
	var visit func(r int)
	seen := map[int]bool{}
	visit = func(r int) {
		if seen[r] {
			return
		}
		seen[r] = true
		for _, it := range h.rule(r).items {
			if it.call >= 0 {
				visit(int(it.call))
			}
		}
	}
	visit(h.start)
	a := &automaton{sets: h.sets}
	a.classifySets()
	return a.classOf, a.classes, a.representative
}

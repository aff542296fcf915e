package guardains

import (
	"encoding/json"
	"math"
	"strconv"
)

// memory is what one seat's bot knows of the game: only what its views
// showed. Walls are learnt where a line of sight ends before the
// guardian's vision does; passages where it goes on.
type memory struct {
	w, h       int
	round      int
	me         [5]Movegen // this round's view of the own guardians
	before     [5]Movegen // the last round's
	open, wall []uint8    // per cell, the passages known open and the walls known, by direction bit
	kind       []Kind     // the kind each cell had when last seen
	specials   []Cell     // the cells seen special, in the order first seen
	seen       []int32    // the round each cell was last seen, -1 never
	region     []int32    // cells seen per region of side x side cells
	side       int        // the regions' side: a fifth of the board's, from 3 to 10
	regionW    int
	base       Cell
	enemyX     int // the enemy's base column
	enemyBase  Cell
	stone      Cell // where the stone was last seen, Nowhere when not known
	carrier    int  // who carries the stone: 0 nobody known, 1 us, 2 the enemy
	ours       Hero // our carrier
	enemies    [5]sighting
	clues      []clueLine
	teleports  []teleportSpan
	attacked   [5]int  // the round each own guardian was last attacked, -1 never
	sent       *Action // our action of the last round
	hits       int     // how many hits our last round's attack made
	plan       planner
}

// sighting is where an enemy guardian was last seen.
type sighting struct {
	at     Cell
	round  int // -1 never
	dead   bool
	health int // what we know of its health (its max until it is hit)
}

// clueLine is a direction clue: the stone lies on the line through at with
// slope dx/dy = d (inf: the same row; 0: the same column).
type clueLine struct {
	at Cell
	d  string
}

// teleportSpan is a teleport seen: from a teleporter to a landing, which
// lies in the box between the teleporter and its mirror image around the
// stone.
type teleportSpan struct{ from, to Cell }

func newMemory() *memory { return &memory{base: Nowhere, stone: Nowhere, enemyBase: Nowhere} }

func (m *memory) index(c Cell) int { return c.Y*m.w + c.X }

func (m *memory) in(c Cell) bool { return c.X >= 0 && c.Y >= 0 && c.X < m.w && c.Y < m.h }

// reset sizes the memory for a board at the first view.
func (m *memory) reset(o *Observation) {
	m.w, m.h = o.W, o.H
	n := m.w * m.h
	m.open, m.wall, m.kind, m.seen = make([]uint8, n), make([]uint8, n), make([]Kind, n), make([]int32, n)
	for i := range m.seen {
		m.seen[i] = -1
	}
	m.side = max(3, min(10, min(m.w, m.h)/5))
	m.regionW = (m.w + m.side - 1) / m.side
	m.region = make([]int32, m.regionW*((m.h+m.side-1)/m.side))
	// The base is where the guardians start: the cell most of them are on.
	most := 0
	for _, h := range Heroes {
		n := 0
		for _, g := range Heroes {
			if o.Movegen[g].Current.At == o.Movegen[h].Current.At {
				n++
			}
		}
		if n > most {
			m.base, most = o.Movegen[h].Current.At, n
		}
	}
	m.enemyX = m.w - 1 - m.base.X
	for i := range m.enemies {
		m.enemies[i] = sighting{at: Nowhere, round: -1, health: Hero(i).Stats().MaxHealth}
	}
	for i := range m.attacked {
		m.attacked[i] = -1
	}
	m.plan.size(m.w, m.h)
}

// learn takes in this round's view.
func (m *memory) learn(o *Observation) {
	if m.open == nil || o.W != m.w || o.H != m.h {
		m.reset(o)
	}
	m.round, m.before, m.me, m.hits = o.Round, m.me, o.Movegen, 0
	stoneSeen := false
	for _, h := range Heroes {
		g := &o.Movegen[h]
		if g.Health <= 0 {
			continue
		}
		m.look(g.Current, &stoneSeen)
		for dir, line := range g.Neighbours {
			from := g.Current.At
			for _, c := range line {
				m.pass(from, dir, true)
				m.look(c, &stoneSeen)
				from = c.At
			}
			if len(line) < h.Stats().Vision {
				m.pass(from, dir, false)
			}
		}
	}
	if !stoneSeen && m.stone != Nowhere && m.seen[m.index(m.stone)] == int32(m.round) && m.carrier != 1 {
		m.stone = Nowhere // it is not where it was
	}
	for _, f := range o.Feedback {
		m.feedback(f)
	}
	if m.carrier == 1 {
		m.stone = o.Movegen[m.ours].Current.At
	}
	m.guessEnemyBase()
}

// pass records the passage from c in direction dir as open or walled.
func (m *memory) pass(c Cell, dir int, open bool) {
	n := c.Step(dir, 1)
	if !m.in(c) || !m.in(n) {
		return
	}
	i, j := m.index(c), m.index(n)
	back := (dir + 2) % 4
	if open { // Drax may have broken a wall known before
		m.open[i], m.wall[i] = m.open[i]|1<<dir, m.wall[i]&^(1<<dir)
		m.open[j], m.wall[j] = m.open[j]|1<<back, m.wall[j]&^(1<<back)
	} else {
		m.wall[i] |= 1 << dir
		m.wall[j] |= 1 << back
	}
}

// look records a cell seen this round.
func (m *memory) look(c SeenCell, stoneSeen *bool) {
	if !m.in(c.At) {
		return
	}
	i := m.index(c.At)
	if m.seen[i] < 0 {
		m.region[m.regionOf(c.At)]++
	}
	if c.Kind != Normal && m.kind[i] == Normal {
		m.specials = append(m.specials, c.At)
	}
	m.seen[i], m.kind[i] = int32(m.round), c.Kind
	if c.Stone {
		*stoneSeen = true
		m.stone = c.At
	}
	for _, p := range c.Present {
		if !p.Mine {
			e := &m.enemies[p.Hero]
			e.at, e.round, e.dead = c.At, m.round, false
		}
	}
}

// feedback takes in one feedback of the view.
func (m *memory) feedback(f Feedback) {
	var d struct {
		Guardian    string            `json:"guardian"`
		Attacker    string            `json:"attacker"`
		Victim      string            `json:"victim_type"`
		ClueType    string            `json:"clue_type"`
		Direction   string            `json:"direction"`
		Enemies     map[string][2]int `json:"data"`
		Coordinates [2]int            `json:"coordinates"`
	}
	switch f.Code {
	case CodeStarLordSpecial, CodeError, CodeTimeout, CodeInvalidAction:
		return
	}
	_ = json.Unmarshal([]byte(f.Data), &d)
	hero, _ := ParseHero(d.Guardian)
	switch f.Code {
	case CodeStonePicked:
		m.carrier = 2 // ours if GUARDIAN_PICKED_UP follows
	case CodeGuardianPicked:
		m.carrier, m.ours = 1, hero
	case CodeStoneDropped:
		m.carrier = 0
	case CodeAttacked:
		if v, ok := ParseHero(d.Victim); ok {
			m.attacked[v] = m.round
		}
	case CodeAttackSuccess:
		if v, ok := ParseHero(d.Victim); ok {
			a, _ := ParseHero(d.Attacker)
			e := &m.enemies[v]
			e.health = max(0, e.health-a.Stats().Attack)
			e.dead = e.health == 0
			m.hits++
			if m.sent != nil && m.sent.Type == Attack && e.round < m.round {
				e.at, e.round = m.sent.Target, m.round // it was there, and likely still is
			}
		}
	case CodeClue:
		if d.ClueType == ClueEnemies {
			for _, h := range Heroes {
				p, ok := d.Enemies[h.String()]
				e := &m.enemies[h]
				if !ok {
					e.dead = true
					continue
				}
				e.at, e.round = Cell{p[0], p[1]}, m.round
			}
			m.guessEnemyBase()
		} else if d.Direction != "" {
			m.clues = append(m.clues, clueLine{at: m.me[hero].Current.At, d: d.Direction})
		}
	case CodeTeleport:
		// The teleporter is where our last action sent the guardian, or
		// where it stood.
		from := m.before[hero].Current.At
		if m.sent != nil && m.sent.Hero == hero && m.sent.Type != Attack {
			from = m.sent.Target
		}
		if m.in(from) && m.kind[m.index(from)] == Teleporter {
			m.teleports = append(m.teleports, teleportSpan{from: from, to: Cell{d.Coordinates[0], d.Coordinates[1]}})
		}
	}
}

// guessEnemyBase takes a cell of the enemy's column where two enemy
// guardians are seen together for its base.
func (m *memory) guessEnemyBase() {
	if m.enemyBase != Nowhere {
		return
	}
	count := map[Cell]int{}
	for _, e := range m.enemies {
		if e.round == m.round && !e.dead && e.at.X == m.enemyX {
			count[e.at]++
			if count[e.at] >= 2 {
				m.enemyBase = e.at
			}
		}
	}
}

// known reports whether the passage from cell i in direction dir is known
// to be open.
func (m *memory) known(i, dir int) bool { return m.open[i]&(1<<dir) != 0 }

// blocked reports whether the passage is known to be a wall (or the
// border).
func (m *memory) blocked(c Cell, dir int) bool {
	n := c.Step(dir, 1)
	return !m.in(n) || m.wall[m.index(c)]&(1<<dir) != 0
}

// onClueLines reports how well cell c fits the direction clues: 0 when it
// lies on every line, more the farther it is from them.
func (m *memory) onClueLines(c Cell) float64 {
	miss := 0.0
	for _, l := range m.clues {
		miss += lineMiss(l, c)
	}
	return miss
}

// lineMiss is how far (in cells, about) c is from a clue's line.
func lineMiss(l clueLine, c Cell) float64 {
	dx, dy := float64(l.at.X-c.X), float64(l.at.Y-c.Y)
	switch l.d {
	case "inf", "-inf":
		return math.Abs(dy)
	case "0", "-0":
		return math.Abs(dx)
	}
	slope, err := strconv.ParseFloat(l.d, 64)
	if err != nil {
		return 0
	}
	// dx = slope*dy: the distance from the line x = slope*y.
	return math.Abs(dx-slope*dy) / math.Sqrt(1+slope*slope)
}

// inTeleportBoxes reports whether the stone could be on c after the
// teleports seen: each landing lies no farther from the stone than its
// teleporter, along each axis.
func (m *memory) inTeleportBoxes(c Cell) bool {
	for _, t := range m.teleports {
		if t.from == Nowhere {
			continue
		}
		if abs(t.to.X-c.X) > abs(t.from.X-c.X) || abs(t.to.Y-c.Y) > abs(t.from.Y-c.Y) {
			return false
		}
	}
	return true
}

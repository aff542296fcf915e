package aic21

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// colonist is the agent of the colony bot. Its units coordinate through
// the chat only, in short tokens (several to a message, at most 32
// bytes):
//
//	b12,30,40  bread 40 at (12,30)     g12,30,40  grass
//	n12,30     nothing there any more  E20,20     the enemy base
//	H7,9       a worker under attack   G          a wave of scorpions sets off
//	C          the wave charges         w / s      a new worker / scorpion (the census)
//
// Workers fetch what the colony needs most (bread for workers until it
// has a few, then grass while it has fewer than half as many scorpions as
// workers; a trip keeps its goal while the goal lasts), top up their
// load nearby, keep
// away from the enemy base (where it was seen, told, or, until then,
// where symmetry puts it), flee enemy scorpions and call for escort.
// Scorpions gather at the base and set off together once a wave is
// there; the wave waits out of reach of the enemy base until it is
// complete, then charges, each scorpion to a place of its own at attack
// range, so that they arrive together. Each wave is bigger than the last.
type colonist struct {
	rng               *rand.Rand
	m                 mind
	read              int     // chat lines read
	told              []int32 // per cell: the amount the chat last gave, -1 never
	now               int     // the newest chat stamp read: about the current turn
	workers, soldiers int     // the census
	sure              bool    // the enemy base was seen or told, not guessed
	enemyTold         bool
	waves             int  // waves set off so far
	wave              int  // the stamp of the newest G read, -1 none
	lastGo            int  // the stamp of the G this scorpion sent
	marching          bool // this scorpion is on its way
	charging          bool // it has left the staging point for its slot
	staged            int  // rounds it has waited at the staging point
	size              int  // the size of its wave
	charge            int  // the stamp of the newest C read, -1 none
	slot              Cell
	help              Cell
	helpAt, lastCall  int
	greeted           bool
}

// The colony bot's numbers.
const (
	firstWave    = 4  // scorpions in the first wave; each next has two more
	maxWave      = 10 // the biggest wave
	breadWorkers = 6  // workers to reach before fetching grass
	stageRange   = 9  // how far from the enemy base a wave gathers
	maxStaging   = 12 // rounds a wave waits for its laggards
	helpRange    = 12 // how far a scorpion goes to escort
	fleeRange    = 5  // how near an enemy scorpion makes a worker flee
	riskRadius   = 8  // how far workers keep from the enemy base
	maxTokens    = 3  // resource tokens in one message
)

// Chat values: what the box takes first.
const (
	valueEnemy  = 100
	valueWave   = 90
	valueCharge = 80
	valueHelp   = 60
	valueHello  = 40
	valueRes    = 10
)

func (c *colonist) Init(in *Init) {
	m := &c.m
	m.init(in, c.rng)
	m.slack, m.riskR = 2, riskRadius
	c.told = make([]int32, len(m.kind))
	for i := range c.told {
		c.told[i] = -1
	}
	c.wave, c.charge, c.lastGo, c.helpAt, c.lastCall = -1, -1, -100, -100, -100
	// Until it is found, the enemy base is where point symmetry puts it,
	// as on most official maps.
	m.learnEnemy(Cell{m.w - 1 - m.base.X, m.h - 1 - m.base.Y})
}

func (c *colonist) Turn(st *Status) UnitMove {
	m := &c.m
	m.see(st)
	c.locate(st)
	c.listen(st.Chat)
	mv := UnitMove{Move: true}
	if m.soldier {
		mv.Dir = c.scorpion(st)
	} else {
		mv.Dir = c.worker(st)
	}
	mv.Text, mv.Value, mv.Chat = c.say(st)
	return mv
}

// locate updates where the enemy base is: seen, or given away by a hit
// from farther than a scorpion reaches; a guess seen to be wrong is
// dropped.
func (c *colonist) locate(st *Status) {
	m := &c.m
	for _, h := range st.Attacks {
		from, to := Cell{h.AttackerCol, h.AttackerRow}, Cell{h.DefenderCol, h.DefenderRow}
		if h.Enemy && m.distance(from, to) > m.fight {
			m.learnEnemy(from)
			c.sure = true
		}
	}
	if !m.hasEnemy {
		return
	}
	switch k := m.kind[m.at(m.enemy)]; {
	case k == int8(Base) && m.enemy != m.base:
		c.sure = true
	case k >= 0 && !c.sure:
		m.forgetEnemy()
	}
}

// listen reads the chat lines it has not read yet.
func (c *colonist) listen(lines []ChatLine) {
	m := &c.m
	for ; c.read < len(lines); c.read++ {
		l := lines[c.read]
		c.now = max(c.now, l.Turn)
		for _, tok := range strings.Fields(l.Text) {
			kind, nums := tok[0], parseInts(tok[1:])
			switch {
			case kind == 'w':
				c.workers++
			case kind == 's':
				c.soldiers++
			case kind == 'G' && l.Turn > c.wave:
				c.waves++
				c.wave = l.Turn
			case kind == 'C':
				c.charge = max(c.charge, l.Turn)
			case kind == 'E' && len(nums) == 2:
				m.learnEnemy(c.cell(nums))
				c.sure, c.enemyTold = true, true
			case kind == 'H' && len(nums) == 2:
				c.help, c.helpAt = c.cell(nums), l.Turn
			case kind == 'n' && len(nums) == 2:
				i := m.at(c.cell(nums))
				c.told[i] = 0
				if !c.inView(i) {
					m.setRes(i, NoRes, 0)
				}
			case (kind == 'b' || kind == 'g') && len(nums) == 3:
				i := m.at(c.cell(nums))
				c.told[i] = int32(nums[2])
				if !c.inView(i) {
					m.setKind(i, Empty)
					r := Bread
					if kind == 'g' {
						r = Grass
					}
					m.setRes(i, r, nums[2])
				}
			}
		}
	}
}

func (c *colonist) cell(nums []int) Cell { return Cell{wrap(nums[0], c.m.w), wrap(nums[1], c.m.h)} }

func (c *colonist) inView(i int) bool { return c.m.distance(c.m.cell(i), c.m.here) <= c.m.view }

// parseInts reads "12,30,40" into numbers; nil when malformed.
func parseInts(s string) []int {
	if s == "" {
		return nil
	}
	parts := strings.Split(s, ",")
	out := make([]int, len(parts))
	for k, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 || v > 1<<20 {
			return nil
		}
		out[k] = v
	}
	return out
}

// safe reports whether cell i is away from the enemy base.
func (c *colonist) safe(i int) bool { return c.m.risky == nil || !c.m.risky[i] }

// worker chooses a worker's step.
func (c *colonist) worker(st *Status) int {
	m := &c.m
	threat, near := c.threat(st)
	if threat && c.now+1-c.lastCall > 2 {
		c.lastCall = c.now + 1
	}
	if m.carry != NoRes {
		if m.amount < Capacity && !threat && c.moreNear() {
			more := func(i int) bool {
				return m.res[i] == m.carry && c.safe(i) && m.distance(m.cell(i), m.here) <= 2
			}
			if dir, ok := m.pursue(more, true); ok {
				return dir
			}
		}
		return m.toward(m.base, true)
	}
	if threat {
		return c.flee(near)
	}
	// A trip keeps its goal while the goal is worth it.
	food := func(i int) bool { return m.res[i] != NoRes && c.safe(i) }
	if m.goal >= 0 && (food(m.goal) || m.unknown(m.goal) && c.safe(m.goal) && m.known[Bread]+m.known[Grass] == 0) {
		if dir, ok := m.walk(); ok {
			return dir
		}
	}
	want := Bread
	if c.workers >= breadWorkers && 2*c.soldiers < c.workers {
		want = Grass
	}
	if m.known[want] > 0 {
		wanted := func(i int) bool {
			return (m.res[i] == want || m.res[i] != NoRes && m.distance(m.cell(i), m.here) <= 3) && c.safe(i)
		}
		if dir, _, ok := m.route(wanted, true); ok {
			return dir
		}
	}
	if m.known[Bread]+m.known[Grass] > 0 {
		if dir, _, ok := m.route(food, true); ok {
			return dir
		}
	}
	if m.unseen > 0 {
		if dir, _, ok := m.route(func(i int) bool { return m.unknown(i) && c.safe(i) }, true); ok {
			return dir
		}
	}
	return m.wander()
}

// moreNear reports whether the resource the worker carries lies within two
// steps, to top up its load.
func (c *colonist) moreNear() bool {
	m := &c.m
	for dx := -2; dx <= 2; dx++ {
		for dy := abs(dx) - 2; dy <= 2-abs(dx); dy++ {
			if i := m.at(Cell{m.here.X + dx, m.here.Y + dy}); m.res[i] == m.carry && c.safe(i) {
				return true
			}
		}
	}
	return false
}

// threat reports whether the unit is hit, or sees an enemy scorpion
// within fleeRange, and the nearest one.
func (c *colonist) threat(st *Status) (bool, Cell) {
	m := &c.m
	best, at := fleeRange+1, m.here
	for i := range st.Around {
		a := &st.Around[i]
		for _, ant := range a.Ants {
			if ant.Team == 1 && ant.Type == 0 {
				if d := m.distance(m.here, Cell{a.X, a.Y}); d < best {
					best, at = d, Cell{a.X, a.Y}
				}
			}
		}
	}
	return best <= fleeRange || m.hurt(), at
}

// flee steps away from the enemy at near, towards home where it can.
func (c *colonist) flee(near Cell) int {
	m := &c.m
	best, score := Center, -1<<30
	for d := Center; d <= Down; d++ {
		to := Step(m.w, m.h, m.here, d)
		if Kind(m.kind[m.at(to)]) == Wall {
			continue
		}
		s := 4*m.distance(to, near) - m.distance(to, m.base)
		if Kind(m.kind[m.at(to)]) == Swamp {
			s -= 8
		}
		if s > score {
			best, score = d, s
		}
	}
	m.goal = -1
	return best
}

// scorpion chooses a scorpion's step.
func (c *colonist) scorpion(st *Status) int {
	m := &c.m
	if !c.marching && c.wave >= 0 && c.wave >= c.now-1 && c.wave != c.lastGo && m.distance(m.here, m.base) <= 4 {
		c.setOff(firstWave + 2*(c.waves-1))
	}
	if c.marching {
		return c.march(st)
	}
	if c.helpAt >= c.now-2 && m.distance(m.here, c.help) <= helpRange && c.safe(m.at(c.help)) {
		return m.toward(c.help, false)
	}
	if m.distance(m.here, m.base) > 2 {
		return m.toward(m.base, false)
	}
	if size := firstWave + 2*c.waves; c.friends(st) >= min(size, maxWave) {
		c.lastGo = c.now + 1
		c.setOff(size)
		return c.march(st)
	}
	d := m.wander()
	if m.distance(Step(m.w, m.h, m.here, d), m.base) > 2 {
		return Center
	}
	return d
}

// friends counts the colony's scorpions in view, this one included.
func (c *colonist) friends(st *Status) int {
	n := 0
	for i := range st.Around {
		for _, a := range st.Around[i].Ants {
			if a.Team == 0 && a.Type == 0 {
				n++
			}
		}
	}
	return n
}

// setOff starts this scorpion's march with the wave of size now at the
// base.
func (c *colonist) setOff(size int) {
	c.marching, c.size = true, min(size, maxWave)
}

// stage is where a wave gathers before it charges: the cell at
// stageRange from the enemy base that is nearest the own base, or the own
// base when the enemy's is about as near.
func (c *colonist) stage() Cell {
	m := &c.m
	if m.distance(m.base, m.enemy) <= stageRange+2 {
		return m.base // close enough to charge from home
	}
	best, bestD := m.enemy, 1<<30
	r := stageRange
	for dx := -r; dx <= r; dx++ {
		for _, dy := range [2]int{-(r - abs(dx)), r - abs(dx)} {
			s := Cell{wrap(m.enemy.X+dx, m.w), wrap(m.enemy.Y+dy, m.h)}
			if m.kind[m.at(s)] == int8(Wall) || m.distance(s, m.enemy) != r {
				continue
			}
			if d := m.distance(s, m.base); d < bestD {
				best, bestD = s, d
			}
		}
	}
	return best
}

// pickSlot chooses a place at attack range from the enemy base, among the
// ones nearest the staging point.
func (c *colonist) pickSlot() {
	m := &c.m
	from := c.stage()
	var slots []Cell
	best := 1 << 30
	r := m.fight
	for dx := -r; dx <= r; dx++ {
		for _, dy := range [2]int{-(r - abs(dx)), r - abs(dx)} {
			s := Cell{wrap(m.enemy.X+dx, m.w), wrap(m.enemy.Y+dy, m.h)}
			if k := m.kind[m.at(s)]; k == int8(Wall) || k == int8(Swamp) {
				continue
			}
			switch d := m.distance(s, from); {
			case d < best-2:
				slots, best = append(slots[:0], s), d
			case d <= best+2:
				slots = append(slots, s)
				best = min(best, d)
			}
		}
	}
	c.slot = m.enemy
	if len(slots) > 0 {
		c.slot = slots[c.rng.IntN(len(slots))]
	}
}

// march takes a wave's scorpion to the staging point, waits there for the
// wave, then charges to its slot; while the enemy base is unknown, it
// scouts.
func (c *colonist) march(st *Status) int {
	m := &c.m
	if !m.hasEnemy {
		if dir, ok := m.explore(false); ok {
			return dir
		}
		return m.wander()
	}
	if !c.charging {
		stage := c.stage()
		if m.distance(m.here, stage) > 2 {
			return m.toward(stage, true)
		}
		c.staged++
		if c.friends(st) < c.size && c.staged < maxStaging && c.charge < c.now-1 {
			return Center
		}
		c.charging = true
		c.pickSlot()
		if c.charge < c.now-1 {
			c.charge = c.now + 1 // this scorpion calls the charge
		}
	}
	if m.distance(c.slot, m.enemy) != m.fight || m.kind[m.at(c.slot)] == int8(Wall) {
		c.pickSlot()
	}
	if m.here == c.slot {
		return Center
	}
	return m.toward(c.slot, false)
}

// say is the message this unit sends this round, if any: the most
// valuable news it has.
func (c *colonist) say(st *Status) (string, int, bool) {
	m := &c.m
	switch {
	case c.sure && !c.enemyTold:
		c.enemyTold = true
		return "E" + xy(m.enemy), valueEnemy, true
	case m.soldier && c.lastGo == c.now+1 && c.marching:
		return "G", valueWave, true
	case m.soldier && c.charging && c.charge == c.now+1:
		c.charge = c.now
		return "C", valueCharge, true
	case !m.soldier && c.lastCall == c.now+1:
		return "H" + xy(m.here), valueHelp, true
	case !c.greeted:
		c.greeted = true
		if m.soldier {
			return "s", valueHello, true
		}
		return "w", valueHello, true
	}
	var b strings.Builder
	n := 0
	for i := range st.Around {
		a := &st.Around[i]
		at := m.at(Cell{a.X, a.Y})
		var tok string
		switch told := c.told[at]; {
		case a.ResType != NoRes && (told < 0 || abs(int(told)-a.ResValue) >= 20):
			tok = string("bg"[a.ResType]) + xy(Cell{a.X, a.Y}) + "," + strconv.Itoa(a.ResValue)
		case a.ResType == NoRes && told > 0 && a.Kind == Empty:
			tok = "n" + xy(Cell{a.X, a.Y})
		default:
			continue
		}
		if b.Len()+len(tok)+1 > 32 {
			break
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(tok)
		c.told[at] = int32(a.ResValue)
		if n++; n == maxTokens {
			break
		}
	}
	if n == 0 {
		return "", 0, false
	}
	return b.String(), valueRes + n, true
}

func xy(c Cell) string { return strconv.Itoa(c.X) + "," + strconv.Itoa(c.Y) }

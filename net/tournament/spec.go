// Package tournament runs tournaments: it reads a spec (a TOML file),
// turns the plan of game/tournament into matches, runs them as jobs on a
// NATS JetStream work queue that any number of workers on any machines
// take from, collects the results and replays idempotently by match ID,
// and keeps a tournament's folder (its standings, replays and index) so
// that an interrupted tournament continues where it stopped.
package tournament

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"

	toml "github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
)

// SpecLimit bounds a spec file.
var SpecLimit = game.Limit{What: "a tournament spec", Max: 1 << 20}

// Spec is a tournament as its spec file describes it, checked: the game,
// the entrants and their seats, the format, the rules.
type Spec struct {
	// Path is the spec's file; relative paths in it (maps, levels, bot
	// programs) are relative to its folder.
	Path string
	Data []byte
	// Hash identifies the spec's content: a tournament's folder belongs to
	// one spec.
	Hash  string
	Title game.Title
	Name  string
	// Format is checked, with its defaults filled in.
	Format   tournament.Format
	Entrants []tournament.Entrant
	// Seats are the entrants' seats, parsed.
	Seats []game.SeatSpec
	// Logins are the entrants' own logins, by entrant: the zero Login for
	// an entrant whose seat does not log in. They stay with the runner
	// and its workers: the tournament's files do not show them.
	Logins []game.Login
	// House is the house player's seat, when the spec has one.
	House   *game.SeatSpec
	Options map[string]string
	Limit   time.Duration
	// JoinTimeout is how long each match waits for the teams' bots to
	// join (join_timeout); 0 when the spec does not say.
	JoinTimeout time.Duration
	// MoveFiles keeps each match's move file in the original system's
	// format beside its replay.
	MoveFiles bool
}

// specFile is the TOML of a spec.
type specFile struct {
	Title      string         `toml:"title"`
	Name       string         `toml:"name"`
	Format     string         `toml:"format"`
	Games      int            `toml:"games"`
	Seed       int64          `toml:"seed"`
	Seeds      []int64        `toml:"seeds"`
	Rounds     int            `toml:"rounds"`
	Maps       []string       `toml:"maps"`
	Limit      string         `toml:"limit"`
	JoinTime   string         `toml:"join_timeout"`
	House      string         `toml:"house"`
	Pools      int            `toml:"pools"`
	Advance    int            `toml:"advance"`
	ThirdPlace bool           `toml:"third_place"`
	Deciders   *int           `toml:"deciders"`
	Draw       string         `toml:"draw"`
	Reset      *bool          `toml:"reset"`
	Direct     int            `toml:"direct"`
	PlayIn     int            `toml:"play_in"`
	MoveFiles  bool           `toml:"move_files"`
	Points     *pointsFile    `toml:"points"`
	Options    map[string]any `toml:"options"`
	Teams      string         `toml:"teams"`
	Entrant    []entrantFile  `toml:"entrant"`
}

type pointsFile struct {
	Win    *float64  `toml:"win"`
	Draw   *float64  `toml:"draw"`
	Loss   *float64  `toml:"loss"`
	Places []float64 `toml:"places"`
}

type entrantFile struct {
	Name     string `toml:"name"`
	Seat     string `toml:"seat"`
	Team     string `toml:"team"`
	Login    string `toml:"login"`
	Password string `toml:"password"`
}

// expected says what each key of a spec takes, for errors.
var expected = map[string]string{
	"title": "a game's ID as text", "name": "text", "format": "a format's name as text", "games": "a whole number of games",
	"seed": "a whole number", "seeds": "a list of whole numbers, such as [7, 11, 42]", "rounds": "a whole number of rounds", "maps": `a list of maps, such as ["canyon", "fields"]`,
	"limit": `a time such as "2s"`, "join_timeout": `a time such as "100s"`, "house": "a seat as text", "pools": "a whole number", "advance": "a whole number",
	"third_place": "true or false", "deciders": "a whole number", "draw": `"seeded" or "random"`, "reset": "true or false",
	"direct": "a whole number", "play_in": "a whole number", "move_files": "true or false", "points": "a table: [points] win = 1 ...",
	"points.win": "a number", "points.draw": "a number", "points.loss": "a number", "points.places": "a list of numbers",
	"options": "a table: [options] NAME = VALUE", "entrant": "a table: [[entrant]] name = ..., seat = ...",
	"entrant.name": "text", "entrant.seat": "a seat as text, such as \"strategist\", \"process:./bot/run.sh\" or \"contest\"",
	"entrant.team": "the name of a team of the teams file", "entrant.login": "the username or player_id a team's bot logs in with",
	"entrant.password": "the password a team's bot logs in with", "teams": "the path of a teams file, such as \"teams.toml\"",
}

// DefaultDeciders is how many deciding games a level knock-out series
// plays at most, when the spec does not say.
const DefaultDeciders = 3

// ReadSpec reads and checks the spec file at path.
func ReadSpec(path string) (*Spec, error) {
	data, err := SpecLimit.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read the spec: %w", err)
	}
	return ParseSpec(path, data)
}

// ParseSpec checks a spec; path names it in errors and anchors its
// relative paths. Every error names the file, the line and the key, and
// says what was expected.
func ParseSpec(path string, data []byte) (*Spec, error) {
	if err := SpecLimit.Check(path, data); err != nil {
		return nil, err
	}
	var sf specFile
	d := toml.NewDecoder(bytes.NewReader(data)).DisallowUnknownFields()
	if err := d.Decode(&sf); err != nil {
		return nil, decodeError(path, err, expected)
	}
	lines := keyLines(data)
	if err := keyCase(path, lines, expected); err != nil {
		return nil, err
	}
	at := func(key string) string {
		if l, ok := lines[key]; ok {
			return fmt.Sprintf("%s:%d", path, l)
		}
		return path
	}
	fail := func(key, format string, args ...any) error {
		label := key[strings.LastIndex(key, ".")+1:]
		if i := strings.Index(label, "["); i >= 0 {
			label = label[:i]
		}
		return fmt.Errorf("%s: %s: %s", at(key), label, fmt.Sprintf(format, args...))
	}
	sum := sha256.Sum256(data)
	s := &Spec{Path: path, Data: data, Hash: hex.EncodeToString(sum[:]), Name: strings.TrimSpace(sf.Name), MoveFiles: sf.MoveFiles}
	if sf.Title == "" {
		return nil, fmt.Errorf("%s: title: missing: expected the game, one of %s", path, titleIDs())
	}
	t, err := game.Lookup(sf.Title)
	if err != nil {
		return nil, fail("title", "%q is not a game: expected one of %s", sf.Title, titleIDs())
	}
	s.Title = t
	if s.Name == "" {
		s.Name = t.Name()
	}
	if err := checkName(s.Name); err != nil {
		return nil, fail("name", "%v", err)
	}
	if len(sf.Entrant) == 0 && sf.Teams == "" {
		return nil, fmt.Errorf("%s: entrant: none: a tournament needs [[entrant]] tables with a name and a seat, or a teams file (teams = \"teams.toml\") whose every team plays", path)
	}
	var doc *teamsDoc
	var teams []Team
	if sf.Teams != "" {
		if doc, err = readTeams(besideSpec(filepath.Dir(path), sf.Teams)); err != nil {
			return nil, fail("teams", "%v", err)
		}
		teams = doc.teams
	}
	// Without [[entrant]] tables, every team of the teams file is an
	// entrant, in the file's order: the organiser's one file is enough.
	// A mistake in one of them is then the teams file's, at its line.
	entrants, listed := sf.Entrant, len(sf.Entrant) > 0 // listed: by [[entrant]] tables
	if !listed {
		for _, t := range teams {
			entrants = append(entrants, entrantFile{Team: t.Name})
		}
	}
	seen, logins := map[string]int{}, map[string]int{}
	for i, e := range entrants {
		key := fmt.Sprintf("entrant[%d]", i+1)
		fail := fail
		if !listed {
			// Entrant i is team i: its mistakes are at its [[team]] table.
			fail = func(k, format string, args ...any) error {
				switch k = k[strings.LastIndex(k, ".")+1:]; k {
				case "name":
				case "login", "password", "program":
				default: // the seat: the team's login or program makes it
					k = "login"
					if teams[i].Login.User == "" {
						k = "program"
					}
				}
				msg := fmt.Sprintf(format, args...)
				for _, p := range []string{fmt.Sprintf("entrant %d (%s): ", i+1, teams[i].Name), fmt.Sprintf("entrant %d: ", i+1)} {
					msg = strings.TrimPrefix(msg, p)
				}
				return fmt.Errorf("%s: teams: %s: %s: team %d (%s): %s", at("teams"), doc.at(i, k), k, i+1, teams[i].Name, msg)
			}
		}
		name := strings.TrimSpace(e.Name)
		login := game.Login{User: strings.TrimSpace(e.Login), Password: e.Password}
		switch team := strings.TrimSpace(e.Team); {
		case team != "" && sf.Teams == "":
			return nil, fail(key+".team", "entrant %d: team %q, but the spec names no teams file: teams = \"teams.toml\"", i+1, team)
		case team != "" && (login.User != "" || login.Password != ""):
			return nil, fail(key+".login", "entrant %d: give its team or its login and password, not both", i+1)
		case team != "":
			k := slices.IndexFunc(teams, func(t Team) bool { return strings.EqualFold(t.Name, team) })
			if k < 0 {
				return nil, fail(key+".team", "entrant %d: no team %q in %s", i+1, team, sf.Teams)
			}
			login, name = teams[k].Login, cmp.Or(name, teams[k].Name)
			if login.User != "" && login.Password == "" {
				return nil, fmt.Errorf("%s: teams: %w", at("teams"), doc.noPassword(k))
			}
			if strings.TrimSpace(e.Seat) == "" {
				e.Seat = "contest"
				if login.User == "" {
					e.Seat = "process:" + teams[k].Program
					if _, err := os.Stat(teams[k].Program); err != nil {
						return nil, fmt.Errorf("%s: teams: %w", at("teams"), doc.fail(k, "program", "%s's program is not there: %s (a path relative to the teams file's folder)", teams[k].Name, teams[k].Program))
					}
				}
			}
		case login.User != "" && login.Password == "":
			return nil, fail(key+".password", "entrant %d: a login needs its password", i+1)
		case login.User == "" && login.Password != "":
			return nil, fail(key+".login", "entrant %d: a password needs its login", i+1)
		}
		if name == "" {
			return nil, fail(key, "entrant %d has no name", i+1)
		}
		if err := checkName(name); err != nil {
			return nil, fail(key+".name", "entrant %d: %v", i+1, err)
		}
		if j, ok := seen[strings.ToLower(name)]; ok {
			return nil, fail(key+".name", "entrant %d is named %q, as entrant %d is: names must differ", i+1, name, j)
		}
		if strings.EqualFold(name, "house") {
			return nil, fail(key+".name", "entrant %d: the name house is the house player's", i+1)
		}
		seen[strings.ToLower(name)] = i + 1
		if strings.TrimSpace(e.Seat) == "" {
			return nil, fail(key, "entrant %d (%s) has no seat: expected %s", i+1, name, expected["entrant.seat"])
		}
		seat, err := parseSeat(t, e.Seat, path)
		if err != nil && !listed {
			// A team's seat is its login's or its program's: say which the
			// game takes.
			kind, _, _ := strings.Cut(e.Seat, ":")
			_, _, contest := game.FindContest(t, kind)
			_, program := game.FindConnector(t, kind)
			switch {
			case contest || program:
			case login.User != "":
				err = fmt.Errorf("%w: %s's bots do not log in to Arena: give the team its program (program = \"teams/NAME/run.sh\")", err, t.Name())
			default:
				err = fmt.Errorf("%w: %s's bots log in to Arena: give the team its login (login = \"NAME\")", err, t.Name())
			}
		}
		if err != nil {
			return nil, fail(key+".seat", "entrant %d (%s): %v", i+1, name, err)
		}
		c, _, contest := game.FindContest(t, seat.Kind)
		switch {
		case contest && c.Logins && login.User == "":
			return nil, fail(key+".seat", "entrant %d (%s): a %q seat needs its team's login and password (login = ..., password = ..., or team = NAME of the teams file): a bot is seated by its login, never by the order bots come in",
				i+1, name, seat.Kind)
		case contest && !c.Logins && seat.Kind == game.ContestSeat:
			// AIC21: units started by hand, each with its own token, are
			// for a match at a time (arena play); a team hands in its client.
			return nil, fail(key+".seat", "entrant %d (%s): %s's units started by hand are for arena play: in a tournament, Arena's server runs each team's client, as the original's did (seat = \"process:PATH\", or a team with its program)",
				i+1, name, t.Name())
		case login.User != "" && !(contest && c.Logins):
			return nil, fail(key+".login", "entrant %d (%s): a login is for a contest seat whose bots log in (%s's seat %q is not)", i+1, name, t.Name(), seat.Kind)
		case login.User != "" && logins[login.User] > 0:
			return nil, fail(key+".login", "entrant %d (%s): the login %q is entrant %d's too", i+1, name, login.User, logins[login.User])
		}
		if login.User != "" {
			logins[login.User] = i + 1
		}
		s.Entrants = append(s.Entrants, tournament.Entrant{Name: name, Seat: e.Seat})
		s.Seats = append(s.Seats, seat)
		s.Logins = append(s.Logins, login)
	}
	house := sf.House
	if house == "" && sf.Format == tournament.AlienWarz {
		// AlienWarz's ranking phase is against the organisers' own bot:
		// Arena's strongest.
		if bots := t.Bots(); len(bots) > 0 {
			house = bots[len(bots)-1].Kind
		}
	}
	if house != "" {
		seat, err := parseSeat(t, house, path)
		if err != nil {
			return nil, fail("house", "%v", err)
		}
		s.House = &seat
	}
	if sf.Limit != "" {
		if s.Limit, err = time.ParseDuration(sf.Limit); err != nil || s.Limit < 0 {
			return nil, fail("limit", "%q: expected a time per move such as \"2s\" or \"300ms\"", sf.Limit)
		}
	}
	if sf.JoinTime != "" {
		if s.JoinTimeout, err = time.ParseDuration(sf.JoinTime); err != nil || s.JoinTimeout <= 0 {
			return nil, fail("join_timeout", "%q: expected how long each match waits for the teams' bots to join, such as \"100s\"", sf.JoinTime)
		}
	}
	s.Options = map[string]string{}
	for k, v := range sf.Options {
		switch v.(type) {
		case string, int64, float64, bool:
		default:
			return nil, fail("options."+k, "expected text, a number or true/false, got %T", v)
		}
		s.Options[k] = fmt.Sprint(v)
	}
	dir := filepath.Dir(path)
	for _, k := range []string{"levels", "config"} {
		if v, ok := s.Options[k]; ok {
			s.Options[k] = besideSpec(dir, v)
		}
	}
	maps := slices.Clone(sf.Maps)
	for i, m := range maps {
		maps[i] = besideSpec(dir, m)
	}
	// Every map, with the rules, must start a game: an engine for each
	// finds a bad map, level or option now rather than at the first match.
	tries := maps
	if len(tries) == 0 {
		tries = []string{""}
	}
	for i, m := range tries {
		seats := make([]game.Entrant, t.Seats())
		for j := range seats {
			seats[j].Spec = s.Seats[j%len(s.Seats)]
		}
		seed := sf.Seed
		if len(sf.Seeds) > 0 {
			seed = sf.Seeds[i%len(sf.Seeds)]
		}
		if _, err := game.NewMatch(t, game.Config{Seed: seed, Map: m, Options: s.Options}, seats); err != nil {
			key := "options"
			if len(maps) > 0 {
				key = "maps"
				err = fmt.Errorf("map %d (%s): %w", i+1, sf.Maps[i], err)
			}
			return nil, fail(key, "%v", err)
		}
	}
	f := tournament.Format{System: cmp.Or(sf.Format, tournament.RoundRobin), Seats: t.Seats(), Entrants: len(s.Entrants),
		Games: sf.Games, Seed: sf.Seed, Seeds: sf.Seeds, Maps: maps, Rounds: sf.Rounds, Pools: sf.Pools, Advance: sf.Advance,
		ThirdPlace: sf.ThirdPlace, Deciders: DefaultDeciders, Draw: sf.Draw, Reset: true, House: s.House != nil,
		Direct: sf.Direct, PlayIn: sf.PlayIn}
	if sf.Deciders != nil {
		f.Deciders = *sf.Deciders
	}
	if sf.Reset != nil {
		f.Reset = *sf.Reset
	}
	if sf.Games < 0 {
		return nil, fail("games", "%d: expected 1 to 1,000 games per pairing", sf.Games)
	}
	if p := sf.Points; p != nil {
		f.Points = tournament.Points{Win: deref(p.Win, 1), Draw: deref(p.Draw, 0.5), Loss: deref(p.Loss, 0), Places: p.Places}
		if t.Seats() > 2 && (p.Win != nil || p.Draw != nil || p.Loss != nil) {
			return nil, fail("points", "%s seats %d a game: score it by places = [...]", t.Name(), t.Seats())
		}
		if t.Seats() > 2 {
			f.Points.Win, f.Points.Draw, f.Points.Loss = 0, 0, 0
		}
	}
	if err := f.Check(); err != nil {
		var fe *tournament.FieldError
		if errors.As(err, &fe) {
			return nil, fail(fe.Key, "%s", fe.Msg)
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	s.Format = f
	return s, nil
}

// Teams are the logins of the entrants whose bots log in.
func (s *Spec) Teams() []game.Login {
	var out []game.Login
	for _, l := range s.Logins {
		if l.User != "" {
			out = append(out, l)
		}
	}
	return out
}

func deref(p *float64, def float64) float64 {
	if p == nil {
		return def
	}
	return *p
}

// checkName accepts a name of 1 to 64 printable characters.
func checkName(name string) error {
	if len([]rune(name)) > 64 {
		return fmt.Errorf("%q is longer than 64 characters", name)
	}
	for _, r := range name {
		if !unicode.IsPrint(r) {
			return fmt.Errorf("%q holds a character that is not printable", name)
		}
	}
	return nil
}

// seatError is the part of game.ParseSeats's error that concerns the seat.
var seatError = regexp.MustCompile(`^--seats( "[^"]*")?: (seat 1: )?`)

// parseSeat reads one seat for title t as a seat list of the game would
// hold it; a person cannot sit in a tournament.
func parseSeat(t game.Title, seat, spec string) (game.SeatSpec, error) {
	seat = strings.TrimSpace(seat)
	if strings.Contains(seat, ",") {
		return game.SeatSpec{}, fmt.Errorf("seat %q holds a comma: one seat per entrant", seat)
	}
	specs, err := game.ParseSeats(t, strings.Repeat(seat+",", t.Seats()-1)+seat)
	if err != nil {
		return game.SeatSpec{}, errors.New(seatError.ReplaceAllString(err.Error(), ""))
	}
	if specs[0].Kind == "human" {
		return game.SeatSpec{}, fmt.Errorf("a person cannot sit in a tournament: give a computer player")
	}
	if specs[0].Kind == "process" {
		// A bot program is found beside the spec; catch a wrong path now.
		p := specs[0].Strength
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(spec), p)
		}
		if _, err := os.Stat(p); err != nil {
			return game.SeatSpec{}, fmt.Errorf("seat %q: no bot program at %s (paths are relative to the spec's folder)", seat, p)
		}
		if abs, err := filepath.Abs(p); err == nil {
			specs[0].Strength = abs
		}
	}
	return specs[0], nil
}

// besideSpec is a path relative to the spec's folder made absolute, when a
// file is there; anything else (a map's name) is kept.
func besideSpec(dir, p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	if _, err := os.Stat(filepath.Join(dir, p)); err == nil {
		if abs, err := filepath.Abs(filepath.Join(dir, p)); err == nil {
			return abs
		}
	}
	return p
}

func titleIDs() string {
	var ids []string
	for _, t := range game.Titles() {
		ids = append(ids, t.ID())
	}
	return strings.Join(ids, ", ")
}

// keyLines maps each key of a TOML document to its line: "title",
// "entrant[2].seat" (array tables counted from 1), "options.turns".
func keyLines(data []byte) map[string]int {
	var p unstable.Parser
	p.Reset(data)
	lines := map[string]int{}
	prefix := ""
	count := map[string]int{}
	for p.NextExpression() {
		e := p.Expression()
		var parts []string
		line := 0
		for it := e.Key(); it.Next(); {
			n := it.Node()
			parts = append(parts, string(n.Data))
			if line == 0 {
				line = p.Shape(n.Raw).Start.Line
			}
		}
		key := strings.Join(parts, ".")
		switch e.Kind {
		case unstable.Table:
			prefix = key
			lines[key] = line
		case unstable.ArrayTable:
			count[key]++
			prefix = fmt.Sprintf("%s[%d]", key, count[key])
			lines[prefix] = line
		case unstable.KeyValue:
			full := key
			if prefix != "" {
				full = prefix + "." + key
			}
			if _, ok := lines[full]; !ok {
				lines[full] = line
			}
		}
	}
	return lines
}

// arrayIndex is an array table's index in a key of keyLines: "[2]".
var arrayIndex = regexp.MustCompile(`\[\d+\]`)

// keyCase refuses a key spelt in other letters' case than a known one
// ("pASsword"): TOML's keys are case-sensitive, go-toml's decoding is not,
// so the file would mean one thing to Arena and another to other tools
// (and two spellings of one key would both be read, the last winning).
func keyCase(path string, lines map[string]int, expected map[string]string) error {
	keys := slices.Collect(maps.Keys(lines))
	slices.SortFunc(keys, func(a, b string) int { return cmp.Compare(lines[a], lines[b]) })
	for _, k := range keys {
		bare := arrayIndex.ReplaceAllString(k, "")
		if _, ok := expected[bare]; ok {
			continue
		}
		for want := range expected {
			if strings.EqualFold(want, bare) {
				return fmt.Errorf("%s:%d: %s: keys are case-sensitive: write %s", path, lines[k], bare, want)
			}
		}
	}
	return nil
}

// tomlType finds the TOML type in go-toml's "cannot decode TOML string
// into ..." errors.
var tomlType = regexp.MustCompile(`cannot decode TOML (\w+)`)

// decodeError turns go-toml's errors into ones that name the file, the
// line and the key, and say what the key takes (expected: what each key
// of the file takes).
func decodeError(path string, err error, expected map[string]string) error {
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) && len(strict.Errors) > 0 {
		var msgs []string
		for _, e := range strict.Errors {
			row, _ := e.Position()
			key := strings.Join(e.Key(), ".")
			msgs = append(msgs, fmt.Sprintf("%s:%d: %s: unknown key (known: %s)", path, row, key, known(e.Key(), expected)))
		}
		return errors.New(strings.Join(msgs, "\n"))
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		row, col := de.Position()
		key := strings.Join(de.Key(), ".")
		msg := strings.TrimPrefix(de.Error(), "toml: ")
		if m := tomlType.FindStringSubmatch(msg); m != nil && expected[key] != "" {
			msg = fmt.Sprintf("expected %s, got a TOML %s", expected[key], m[1])
		}
		if key != "" {
			return fmt.Errorf("%s:%d:%d: %s: %s", path, row, col, key, msg)
		}
		return fmt.Errorf("%s:%d:%d: %s", path, row, col, msg)
	}
	return fmt.Errorf("%s: %w", path, err)
}

// known lists the keys of expected allowed where key is.
func known(key []string, expected map[string]string) string {
	prefix := ""
	if len(key) > 1 {
		prefix = key[0] + "."
	}
	var out []string
	for k := range expected {
		if rest, ok := strings.CutPrefix(k, prefix); ok && (prefix != "" || !strings.Contains(k, ".")) {
			out = append(out, rest)
		}
	}
	slices.Sort(out)
	return strings.Join(out, ", ")
}

package tournament

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	toml "github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/arena-games/arena/game"
)

// A Team is a team registered for a contest night, once for all its
// tournaments: its name, which is its players' name everywhere; the login
// its bot takes its seats with, in the contests whose bots log in (AIBG
// 5.0, GuardAIns), whose password may still be "" in a file written with
// logins only (FillPasswords makes one); and its program, in those whose
// server ran the teams' code (AIC21's units, AlienWarz's bots), as an
// absolute path.
type Team struct {
	Name    string
	Login   game.Login
	Program string
}

// TeamsLimit bounds a teams file.
var TeamsLimit = game.Limit{What: "a teams file", Max: 1 << 20}

// teamsFile is the TOML of a teams file.
type teamsFile struct {
	Team []teamFile `toml:"team"`
}

type teamFile struct {
	Name     string `toml:"name"`
	Login    string `toml:"login,omitempty"`
	Password string `toml:"password,omitempty"`
	Program  string `toml:"program,omitempty"`
}

// teamKeys says what each key of a teams file takes, for errors.
var teamKeys = map[string]string{
	"team": "a table: [[team]] name = ..., login = ..., password = ...", "team.name": "the team's name as text",
	"team.login": "the username or player_id its bot logs in with", "team.password": "the password its bot logs in with (arena tournament teams FILE --passwords makes one)",
	"team.program": "the path of the team's program, such as \"./teams/glarbs/run.sh\"",
}

// ReadTeams reads and checks the teams file at path.
func ReadTeams(path string) ([]Team, error) {
	f, err := readTeams(path)
	if err != nil {
		return nil, err
	}
	return f.teams, nil
}

// ParseTeams checks a teams file; path names it in errors and anchors the
// programs' relative paths. Every team has a name, and a login or a
// program; no two teams share a name or a login. A login may come without
// its password: a file is written with logins only, and FillPasswords
// (arena tournament teams FILE --passwords) makes the passwords; a
// tournament refuses such a team until then.
func ParseTeams(path string, data []byte) ([]Team, error) {
	f, err := parseTeams(path, data)
	if err != nil {
		return nil, err
	}
	return f.teams, nil
}

// teamsDoc is a teams file read and checked: its teams, and the line of
// each of its keys ("team[2].login"), for errors.
type teamsDoc struct {
	path  string
	data  []byte
	raw   []teamFile
	teams []Team
	lines map[string]int
}

// at is where key of team i (from 0) is, or its [[team]] table when the
// key is not written: "teams.toml:7".
func (d *teamsDoc) at(i int, key string) string {
	for _, k := range []string{fmt.Sprintf("team[%d].%s", i+1, key), fmt.Sprintf("team[%d]", i+1)} {
		if l, ok := d.lines[k]; ok {
			return fmt.Sprintf("%s:%d", d.path, l)
		}
	}
	return d.path
}

// fail is an error in key of team i: the file, the line and the key.
func (d *teamsDoc) fail(i int, key, format string, args ...any) error {
	return fmt.Errorf("%s: %s: team %d: %s", d.at(i, key), key, i+1, fmt.Sprintf(format, args...))
}

// noPassword is the error of team i, whose login has no password yet.
func (d *teamsDoc) noPassword(i int) error {
	return d.fail(i, "password", "%s has a login but no password: run arena tournament teams %s --passwords, which gives every team without one a new password and prints it once, for you to hand out",
		d.teams[i].Name, d.path)
}

func readTeams(path string) (*teamsDoc, error) {
	data, err := TeamsLimit.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read the teams: %w", err)
	}
	return parseTeams(path, data)
}

func parseTeams(path string, data []byte) (*teamsDoc, error) {
	if err := TeamsLimit.Check(path, data); err != nil {
		return nil, err
	}
	var tf teamsFile
	if err := toml.NewDecoder(bytes.NewReader(data)).DisallowUnknownFields().Decode(&tf); err != nil {
		return nil, decodeError(path, err, teamKeys)
	}
	d := &teamsDoc{path: path, data: data, raw: tf.Team, lines: keyLines(data)}
	if err := keyCase(path, d.lines, teamKeys); err != nil {
		return nil, err
	}
	if len(tf.Team) == 0 {
		return nil, fmt.Errorf("%s: team: none: expected [[team]] tables, each with a name and a login or a program", path)
	}
	names, logins := map[string]int{}, map[string]int{}
	for i, f := range tf.Team {
		t := Team{Name: strings.TrimSpace(f.Name), Login: game.Login{User: strings.TrimSpace(f.Login), Password: f.Password}}
		switch err := checkName(t.Name); {
		case t.Name == "":
			return nil, d.fail(i, "name", "missing: expected %s", teamKeys["team.name"])
		case err != nil:
			return nil, d.fail(i, "name", "%v", err)
		case names[strings.ToLower(t.Name)] > 0:
			return nil, d.fail(i, "name", "%q is team %d's name too: names must differ", t.Name, names[strings.ToLower(t.Name)])
		case strings.EqualFold(t.Name, "house"):
			return nil, d.fail(i, "name", "the name house is the house player's")
		}
		names[strings.ToLower(t.Name)] = i + 1
		switch {
		case t.Login.User == "" && t.Login.Password != "":
			return nil, d.fail(i, "login", "%s has a password but no login", t.Name)
		case strings.ContainsFunc(t.Login.User, func(r rune) bool { return r <= ' ' }):
			return nil, d.fail(i, "login", "%q holds a space or a control character", t.Login.User)
		case t.Login.User != "" && logins[t.Login.User] > 0:
			return nil, d.fail(i, "login", "%q is team %d's login too: each team logs in as itself", t.Login.User, logins[t.Login.User])
		case t.Login.User == "" && strings.TrimSpace(f.Program) == "":
			return nil, d.fail(i, "login", "%s has neither a login nor a program", t.Name)
		}
		if t.Login.User != "" {
			logins[t.Login.User] = i + 1
		}
		if p := strings.TrimSpace(f.Program); p != "" {
			if !filepath.IsAbs(p) {
				p = filepath.Join(filepath.Dir(path), p)
			}
			abs, err := filepath.Abs(p)
			if err != nil {
				return nil, d.fail(i, "program", "%v", err)
			}
			t.Program = abs
		}
		d.teams = append(d.teams, t)
	}
	return d, nil
}

// PasswordAlphabet is what a new password is made of: lowercase letters
// and digits without those that read alike (0 and o, 1, l and i).
const PasswordAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"

// NewPassword is a fresh random password, from crypto/rand, for a team to
// type: four groups of four of PasswordAlphabet, such as
// "k7qm-3xwe-tp9a-hc4r" (about 79 bits).
func NewPassword() (string, error) {
	var b strings.Builder
	limit := big.NewInt(int64(len(PasswordAlphabet)))
	for i := range 16 {
		if i > 0 && i%4 == 0 {
			b.WriteByte('-')
		}
		n, err := rand.Int(rand.Reader, limit)
		if err != nil {
			return "", fmt.Errorf("make a password: %w", err)
		}
		b.WriteByte(PasswordAlphabet[n.Int64()])
	}
	return b.String(), nil
}

// Filled is what FillPasswords did: the teams that got a new password
// (with it), and whether the file kept its comments and layout.
type Filled struct {
	Teams []Team
	// Rewritten is set when the file could not be edited in place (teams
	// written as inline tables, say) and was written again from its keys,
	// without its comments.
	Rewritten bool
}

// FillPasswords gives every team of the teams file at path that has a
// login but no password (no password key, or password = "") a new one
// (NewPassword), and writes the file back: atomically (a temporary file
// renamed over it), readable by its owner only (mode 600), with every
// other line as it was. Passwords already there are kept. It returns the
// teams that got one, for the organiser to hand out: the only time Arena
// shows a password. With none to make, it writes nothing.
func FillPasswords(path string) (*Filled, error) {
	if p, err := filepath.EvalSymlinks(path); err == nil {
		path = p
	}
	d, err := readTeams(path)
	if err != nil {
		return nil, err
	}
	fresh := map[int]string{}
	out := &Filled{}
	for i, t := range d.teams {
		if t.Login.User == "" || t.Login.Password != "" {
			continue
		}
		if fresh[i], err = NewPassword(); err != nil {
			return nil, err
		}
		t.Login.Password = fresh[i]
		out.Teams = append(out.Teams, t)
	}
	if len(fresh) == 0 {
		return out, nil
	}
	data, ok := withPasswords(d.data, len(d.teams), fresh)
	if ok {
		ok = samePasswords(path, data, d.teams, fresh)
	}
	if !ok {
		// The teams are not all [[team]] tables of plain keys: write the
		// file again from its keys, which keeps every key but not the
		// comments.
		raw := slices.Clone(d.raw)
		for i, pw := range fresh {
			raw[i].Password = pw
		}
		if data, err = toml.Marshal(teamsFile{Team: raw}); err != nil {
			return nil, fmt.Errorf("%s: write the teams: %w", path, err)
		}
		if !samePasswords(path, data, d.teams, fresh) {
			return nil, fmt.Errorf("%s: the teams with their new passwords do not read back as they were: nothing written", path)
		}
		out.Rewritten = true
	}
	if err := writeAtomic(path, data, 0o600); err != nil {
		return nil, err
	}
	return out, nil
}

// withPasswords is the teams file data (of n teams) with the passwords
// fresh, by team, written in: password = "" given its value, a missing
// password key added on the line after the team's login. It reports false
// when the teams are not all [[team]] tables with plain keys.
func withPasswords(data []byte, n int, fresh map[int]string) ([]byte, bool) {
	type edit struct {
		at, end int // the bytes replaced: data[at:end]
		text    string
	}
	var edits []edit
	var p unstable.Parser
	p.Reset(data)
	team := -1  // the [[team]] table the keys belong to, from 0
	count := -1 // [[team]] tables so far
	login := map[int]int{}
	password := map[int]unstable.Range{}
	for p.NextExpression() {
		e := p.Expression()
		var parts []string
		for it := e.Key(); it.Next(); {
			parts = append(parts, string(it.Node().Data))
		}
		key := strings.Join(parts, ".")
		switch e.Kind {
		case unstable.ArrayTable:
			team = -1
			if key == "team" {
				count++
				team = count
			}
		case unstable.Table:
			team = -1
		case unstable.KeyValue:
			if team < 0 {
				return nil, false
			}
			switch key {
			case "login":
				login[team] = int(e.Raw.Offset + e.Raw.Length)
			case "password":
				password[team] = e.Value().Raw
			}
		}
	}
	if p.Error() != nil || count+1 != n {
		return nil, false
	}
	for i, pw := range fresh {
		quoted := strconv.Quote(pw)
		if r, ok := password[i]; ok {
			edits = append(edits, edit{int(r.Offset), int(r.Offset + r.Length), quoted})
			continue
		}
		end, ok := login[i]
		if !ok {
			return nil, false
		}
		// The line after the login's (past its comment), indented as it is.
		start := bytes.LastIndexByte(data[:end], '\n') + 1
		indent := data[start : start+len(data[start:end])-len(bytes.TrimLeft(data[start:end], " \t"))]
		nl := "\n"
		at := len(data)
		if j := bytes.IndexByte(data[end:], '\n'); j >= 0 {
			at = end + j + 1
			if j > 0 && data[end+j-1] == '\r' {
				nl = "\r\n"
			}
		}
		text := string(indent) + "password = " + quoted + nl
		if at == len(data) && (len(data) == 0 || data[len(data)-1] != '\n') {
			text = nl + text
		}
		edits = append(edits, edit{at, at, text})
	}
	slices.SortFunc(edits, func(a, b edit) int { return b.at - a.at })
	out := slices.Clone(data)
	for _, e := range edits {
		out = slices.Concat(out[:e.at], []byte(e.text), out[e.end:])
	}
	return out, true
}

// samePasswords reports whether data reads as the teams were, with the
// passwords fresh (by team) given.
func samePasswords(path string, data []byte, teams []Team, fresh map[int]string) bool {
	got, err := ParseTeams(path, data)
	if err != nil || len(got) != len(teams) {
		return false
	}
	for i, t := range teams {
		if pw, ok := fresh[i]; ok {
			t.Login.Password = pw
		}
		if got[i] != t {
			return false
		}
	}
	return true
}

// writeAtomic writes data to path with mode perm: into a temporary file
// beside it, synced, then renamed over it, so that the file is either
// the old one or the new one, whole, whatever stops the process.
func writeAtomic(path string, data []byte, perm os.FileMode) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := f.Chmod(perm); err != nil {
		return fail(err)
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync() // the rename itself, on file systems that need it
		d.Close()
	}
	return nil
}

package tournament

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	toml "github.com/pelletier/go-toml/v2"

	"github.com/arena-games/arena/game"
)

// A Team is a team registered for a contest night, once for all its
// tournaments: its name, which is its players' name everywhere; the login
// its bot takes its seats with, in the contests whose bots log in (AIBG
// 5.0, GuardAIns); and its program, in those whose server ran the teams'
// code (AIC21's units, AlienWarz's bots), as an absolute path.
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
	Login    string `toml:"login"`
	Password string `toml:"password"`
	Program  string `toml:"program"`
}

// teamKeys says what each key of a teams file takes, for errors.
var teamKeys = map[string]string{
	"team": "a table: [[team]] name = ..., login = ..., password = ...", "team.name": "the team's name as text",
	"team.login": "the username or player_id its bot logs in with", "team.password": "the password its bot logs in with",
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
// programs' relative paths. Every team has a name, and a login with its
// password or a program; no two teams share a name or a login.
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
	if len(tf.Team) == 0 {
		return nil, fmt.Errorf("%s: team: none: expected [[team]] tables, each with a name and a login and password or a program", path)
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
		case t.Login.User != "" && t.Login.Password == "":
			return nil, d.fail(i, "password", "%s has a login but no password", t.Name)
		case t.Login.User == "" && t.Login.Password != "":
			return nil, d.fail(i, "login", "%s has a password but no login", t.Name)
		case strings.ContainsFunc(t.Login.User, func(r rune) bool { return r <= ' ' }):
			return nil, d.fail(i, "login", "%q holds a space or a control character", t.Login.User)
		case t.Login.User != "" && logins[t.Login.User] > 0:
			return nil, d.fail(i, "login", "%q is team %d's login too: each team logs in as itself", t.Login.User, logins[t.Login.User])
		case t.Login.User == "" && strings.TrimSpace(f.Program) == "":
			return nil, d.fail(i, "login", "%s has neither a login (and password) nor a program", t.Name)
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

package stream

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/arena-games/arena/game"
)

// Client talks to an Arena server's API.
type Client struct {
	// Base is the server's address: http://host:7070.
	Base string
	// Admin is the admin token, for creating matches; "" for a
	// spectator.
	Admin string
	// Jury is the jury's token, which sees every match live and whole
	// (the organisers' projector); "" for a spectator. Tokens travel in
	// the Authorization header (a browser's WebSocket: as a subprotocol),
	// never in an address.
	Jury string
	// HTTP makes the requests; nil means one with a 30 s timeout.
	HTTP *http.Client
}

// ErrNotFound is wrapped by the errors for a match the server does not
// know.
var ErrNotFound = errors.New("no such match")

// notFound is an error of the server for a match it does not know.
type notFound struct{ error }

func (notFound) Is(target error) bool { return target == ErrNotFound }

// apiLimit bounds an answer of the API other than a replay.
var apiLimit = game.Limit{What: "an answer of an Arena server", Max: 16 << 20}

// NewClient makes a client for the server at base: http://host:7070, or
// host:7070 (http is assumed).
func NewClient(base string) (*Client, error) {
	base = strings.TrimRight(strings.TrimSpace(base), "/")
	if !strings.Contains(base, "://") {
		base = "http://" + base
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("server %q: expected an address such as http://127.0.0.1:7070", base)
	}
	return &Client{Base: u.Scheme + "://" + u.Host}, nil
}

// IsURL reports whether s is a server's address rather than a file's path.
func IsURL(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

// ParseMatchURL reads a match's or a replay's address on a server,
// http://host:7070/api/matches/ID or .../ID/replay, into a client for the
// server, the match's id, and whether it names the replay.
func ParseMatchURL(s string) (*Client, string, bool, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, "", false, fmt.Errorf("%q: expected a match's address such as http://127.0.0.1:7070/api/matches/ID", s)
	}
	rest, ok := strings.CutPrefix(strings.TrimRight(u.Path, "/"), "/api/matches/")
	id, replay := rest, false
	if r, ok := strings.CutSuffix(rest, "/replay"); ok {
		id, replay = r, true
	}
	if !ok || !ValidID(id) {
		return nil, "", false, fmt.Errorf("%q: expected a match's address such as http://%s/api/matches/ID (or .../ID/replay)", s, u.Host)
	}
	return &Client{Base: u.Scheme + "://" + u.Host}, id, replay, nil
}

// ValidID reports whether id can be a match's id: 1 to 64 letters, digits,
// '-' or '_'.
func ValidID(id string) bool {
	if len(id) == 0 || len(id) > 64 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// token is the token the client shows the server: the admin's, else the
// jury's.
func (c *Client) token() string {
	if c.Admin != "" {
		return c.Admin
	}
	return c.Jury
}

// MatchURL is the address of match id on the client's server.
func (c *Client) MatchURL(id string) string { return c.Base + "/api/matches/" + id }

func (c *Client) http() *http.Client {
	if c.HTTP != nil {
		return c.HTTP
	}
	return &http.Client{Timeout: 30 * time.Second}
}

// do sends a request and reads its answer within limit; an answer that is
// not a success is an error with the server's words.
func (c *Client) do(ctx context.Context, method, path string, body any, limit game.Limit) ([]byte, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.Base+path, rd)
	if err != nil {
		return nil, err
	}
	if tok := c.token(); tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http().Do(req)
	if err != nil {
		return nil, fmt.Errorf("server %s: %w", c.Base, err)
	}
	defer resp.Body.Close()
	data, err := limit.Read(c.Base+path, resp.Body)
	if err != nil {
		return nil, fmt.Errorf("server %s: %w", c.Base, err)
	}
	if resp.StatusCode/100 != 2 {
		var f Failure
		msg := strings.TrimSpace(string(data[:min(len(data), 200)]))
		if json.Unmarshal(data, &f) == nil && f.Error != "" {
			msg = f.Error
		}
		err := fmt.Errorf("server %s: %s %s: %s (%s)", c.Base, method, path, msg, resp.Status)
		if resp.StatusCode == http.StatusNotFound {
			err = notFound{err}
		}
		return nil, err
	}
	return data, nil
}

// Matches lists the server's matches: live first, then waiting, then the
// newest.
func (c *Client) Matches(ctx context.Context) ([]Info, error) {
	data, err := c.do(ctx, http.MethodGet, "/api/matches", nil, apiLimit)
	if err != nil {
		return nil, err
	}
	var l List
	if err := json.Unmarshal(data, &l); err != nil {
		return nil, fmt.Errorf("server %s: the list of matches: %w", c.Base, err)
	}
	return l.Matches, nil
}

// Match describes match id.
func (c *Client) Match(ctx context.Context, id string) (Info, error) {
	var in Info
	data, err := c.do(ctx, http.MethodGet, "/api/matches/"+url.PathEscape(id), nil, apiLimit)
	if err != nil {
		return in, err
	}
	if err := json.Unmarshal(data, &in); err != nil {
		return in, fmt.Errorf("server %s: match %s: %w", c.Base, id, err)
	}
	return in, nil
}

// Replay downloads match id's replay: every line so far, as an .arena
// file.
func (c *Client) Replay(ctx context.Context, id string) ([]byte, error) {
	return c.do(ctx, http.MethodGet, "/api/matches/"+url.PathEscape(id)+"/replay", nil, game.ReplayLimit)
}

// Open reads match id's replay as a recording, as game.Open reads a file.
func (c *Client) Open(ctx context.Context, id string) (*game.Recording, error) {
	data, err := c.Replay(ctx, id)
	if err != nil {
		return nil, err
	}
	return game.Open(c.MatchURL(id), data)
}

// Create starts a match (the admin token is needed).
func (c *Client) Create(ctx context.Context, req CreateRequest) (Created, error) {
	var out Created
	data, err := c.do(ctx, http.MethodPost, "/api/matches", req, apiLimit)
	if err != nil {
		return out, err
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return out, fmt.Errorf("server %s: the new match: %w", c.Base, err)
	}
	return out, nil
}

package aibg5

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzAccounts feeds the accounts file reader anything: it never panics,
// and what it accepts has one player account per seat, each named once.
func FuzzAccounts(f *testing.F) {
	f.Add("ana a\nbob b\n# admins\nroot r admin\n", 2)
	f.Add("ana a b", 1)
	f.Add("\n\nana\n", 1)
	f.Add("ana a\nana b\n", 2)
	f.Fuzz(func(t *testing.T, data string, seats int) {
		seats %= 8
		accounts, err := parseAccounts("accounts.txt", []byte(data), seats)
		if err != nil {
			return
		}
		players, seen := 0, map[string]bool{}
		for _, a := range accounts {
			if seen[a.user] || a.user == "" || strings.ContainsAny(a.user+a.shown, " \t\n") {
				t.Fatalf("%q: account %+v", data, a)
			}
			seen[a.user] = true
			if !a.admin {
				players++
			}
		}
		if players != seats {
			t.Fatalf("%q: %d players for %d seats", data, players, seats)
		}
	})
}

// FuzzBody feeds the request body reader anything, as the fields the
// endpoints read: it never panics.
func FuzzBody(f *testing.F) {
	for _, seed := range []string{
		`{"action":"move,1,2"}`, `{"action":null}`, `{"action":5,"x":[1]}`, `{"playerIdx":"2","time":2.9}`,
		`{"time":"1e400"}`, `{"time":1e400}`, `[1]`, `null`, `{`, `{"username":{"a":1},"password":true}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data string) {
		b, err := readBody(httptest.NewRequest("POST", "/game/doAction", strings.NewReader(data)))
		if err != nil {
			return
		}
		for _, key := range []string{"action", "username", "password", "mapName"} {
			b.text(key)
		}
		for _, key := range []string{"time", "playerIdx"} {
			b.number(key)
		}
	})
}

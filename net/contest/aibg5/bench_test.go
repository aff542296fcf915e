package aibg5

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/contest/contesttest"
)

// BenchmarkActions plays a match of four instant HTTP bots on loopback:
// each sends its next action as soon as its reply comes (a shot out of
// range, so that nothing ends the game early), over one keep-alive
// connection, reading every reply in full. It reports the actions the
// server plays per second, from the first join's reply to the last reply.
func BenchmarkActions(b *testing.B) {
	const rounds = 500
	for range b.N {
		m := contesttest.Start(b, game.Setup{Title: title, Seed: 1,
			Seats:   []game.SeatSpec{{Kind: "contest"}, {Kind: "contest"}, {Kind: "contest"}, {Kind: "contest"}},
			Options: map[string]string{"turns": fmt.Sprint(rounds)}})
		url := "http://" + m.Addr(b)
		var wg sync.WaitGroup
		start := make(chan time.Time, 4)
		for i := range 4 {
			c := &client{t: b, url: url}
			c.login(fmt.Sprintf("bot%d", i), "pw")
			wg.Add(1)
			go func() {
				defer wg.Done()
				hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}}
				post := func(path, body string) int {
					req, _ := http.NewRequest("POST", url+path, strings.NewReader(body))
					req.Header.Set("Authorization", "Bearer "+c.token)
					req.Header.Set("Content-Type", "application/json")
					res, err := hc.Do(req)
					if err != nil {
						return 0
					}
					io.Copy(io.Discard, res.Body)
					res.Body.Close()
					return res.StatusCode
				}
				req, _ := http.NewRequest("GET", url+"/game/joinGame", nil)
				req.Header.Set("Authorization", "Bearer "+c.token)
				res, err := hc.Do(req)
				if err != nil {
					return
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				start <- time.Now()
				for post("/game/doAction", `{"action":"attack,0,0"}`) == http.StatusAccepted {
				}
			}()
		}
		wg.Wait()
		end := time.Now()
		match, _, err := m.Wait(b, time.Minute)
		require.NoError(b, err)
		first := <-start
		took := end.Sub(first)
		actions := match.Timeline.Len() - 1
		require.Equal(b, 4*rounds, actions)
		b.ReportMetric(float64(actions)/took.Seconds(), "actions/s")
	}
}

// BenchmarkDoorNight plays four AIBG 5.0 matches at once on the night's
// door: sixteen teams' bots, each logged in with its team's login, acting
// as soon as their turn comes. It reports the time from a match's last
// join to its bots' first turn (join-ms), the p50 and p99 of a turn's round
// trip (a bot's action to the reply at its next turn, against the
// contest's 3 s), and the heap per connected bot (KB/bot).
func BenchmarkDoorNight(b *testing.B) {
	const matches, rounds = 4, 40
	var joins, turns []time.Duration
	var heap float64
	for n := range b.N {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(b, err)
		addr := ln.Addr().String()
		ln.Close()
		var before runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		var ms []*contesttest.Match
		for k := range matches {
			logins := map[game.Seat]game.Login{}
			for s := range 4 {
				name := fmt.Sprintf("t%d-%d-%d", n, k, s)
				logins[game.Seat(s)] = game.Login{User: name, Password: name}
			}
			ms = append(ms, contesttest.Start(b, game.Setup{Title: title, Seed: int64(k), Limit: 3 * time.Second,
				Seats:   []game.SeatSpec{{Kind: "contest"}, {Kind: "contest"}, {Kind: "contest"}, {Kind: "contest"}},
				Options: map[string]string{"turns": fmt.Sprint(rounds)},
				Contest: game.ContestOptions{Listen: addr, KeepOpen: true, JoinTimeout: time.Minute, Logins: logins}}))
		}
		for _, m := range ms {
			for range 4 {
				m.Line(b)
			}
		}
		var mu sync.Mutex
		var wg sync.WaitGroup
		var peak uint64
		// joined are each match's joins: when each bot asked, and when its
		// join's reply (the match's first state) came.
		joined := make([]chan [2]time.Time, matches)
		for k := range matches {
			joined[k] = make(chan [2]time.Time, 4)
			for s := range 4 {
				c := &client{t: b, url: "http://" + addr}
				name := fmt.Sprintf("t%d-%d-%d", n, k, s)
				c.login(name, name)
				wg.Go(func() {
					asked := time.Now()
					c.call("GET", "/game/joinGame", nil)
					joined[k] <- [2]time.Time{asked, time.Now()}
					for {
						start := time.Now()
						body := c.play("attack,0,0")
						if strings.Contains(body, msgOver) {
							return
						}
						mu.Lock()
						turns = append(turns, time.Since(start))
						mu.Unlock()
					}
				})
			}
		}
		for k := range matches {
			var last [2]time.Time
			for range 4 {
				if j := <-joined[k]; j[0].After(last[0]) {
					last = j
				}
			}
			mu.Lock()
			joins = append(joins, last[1].Sub(last[0]))
			mu.Unlock()
		}
		var now runtime.MemStats
		runtime.ReadMemStats(&now)
		peak = now.HeapAlloc - min(now.HeapAlloc, before.HeapAlloc)
		wg.Wait()
		for _, m := range ms {
			_, _, err := m.Wait(b, time.Minute)
			require.NoError(b, err)
		}
		heap += float64(peak) / 1024 / (matches * 4)
	}
	slices.Sort(turns)
	slices.Sort(joins)
	b.ReportMetric(float64(joins[len(joins)/2].Microseconds())/1000, "join-ms")
	b.ReportMetric(float64(turns[len(turns)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(turns[len(turns)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(heap/float64(b.N), "KB/bot")
}

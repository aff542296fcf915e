package aibg5

import (
	"fmt"
	"io"
	"net/http"
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

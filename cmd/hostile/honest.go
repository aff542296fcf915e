//go:build linux

package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/stream"
)

// The honest match: a GuardAIns team played from "another machine" (the
// harness, through /play with its seat's token) against a built-in bot,
// slowly enough to last through the clients' attacks. GuardAIns hides
// the maze from its seats, and a seat is played from elsewhere: the
// public sees the match at its end only.
const (
	honestTurns = "300"
	honestPace  = "200ms"
	honestBot   = "explorer" // the remote seat's player, in the harness
	honestFoe   = "hunter"   // the server's built-in bot
)

// honest is the honest remote seat and its match.
type honest struct {
	id    string
	token string
	req   stream.CreateRequest
	feed  *stream.Feed
}

// startHonest creates the honest match and starts playing its remote
// seat.
func (h *harness) startHonest() (*honest, error) {
	hon := &honest{req: stream.CreateRequest{Title: "guardains", Seats: []string{"remote", honestFoe}, Seed: h.rng.Int64N(1<<40) + 1,
		Pace: honestPace, Options: map[string]string{"turns": honestTurns}, Names: []string{"the honest team"}}}
	c, err := h.srv.create(h.ctx, hon.req)
	if err != nil {
		return nil, err
	}
	hon.id, hon.token = c.ID, c.Seats[0].Token
	t, err := game.Lookup("guardains")
	if err != nil {
		return nil, err
	}
	// The player a local match would make for the seat: the same moves.
	player, err := t.NewBot(honestBot, "", 0, game.NewRand(hon.req.Seed, 1))
	if err != nil {
		return nil, err
	}
	client := &stream.Client{Base: "http://" + h.srv.addr}
	hon.feed = client.Play(h.ctx, hon.id, 0, hon.token, player)
	h.progress("honest match %s: the remote seat (%s, played by the harness) against %s", hon.id, honestBot, honestFoe)
	return hon, nil
}

// turn is the last turn the honest seat has seen.
func (hon *honest) turn() int {
	if rec := hon.feed.Recording(); rec != nil {
		return rec.Timeline.Len() - 1
	}
	return 0
}

// finishHonest waits for the honest match to end and checks that it went
// as the same match played on one machine does: the clients' attacks did
// not touch it.
func (h *harness) finishHonest(hon *honest) {
	select {
	case <-hon.feed.Done():
	case <-time.After(3 * time.Minute):
		h.rep.add("match/honest-remote-seat", false, "the honest seat's stream did not end within 3 minutes: %s", hon.feed.Status())
		hon.feed.Close()
		return
	}
	if err := hon.feed.Err(); err != nil {
		h.rep.add("match/honest-remote-seat", false, "the honest seat's stream failed: %v", err)
		return
	}
	in, err := h.srv.waitEnd(h.ctx, hon.id, 30*time.Second)
	if err != nil || in.Status != stream.Finished {
		h.rep.add("match/honest-remote-seat", false, "match %s: %v %s %s", hon.id, err, in.Status, in.Reason)
		return
	}
	twin, err := h.twin(h.ctx, "honest", "run", "guardains", "--seed", fmt.Sprint(hon.req.Seed), "--turns", honestTurns,
		"--seats", honestBot+","+honestFoe)
	if err != nil {
		h.rep.add("match/honest-remote-seat", false, "%v", err)
		return
	}
	res, err := sameGame(h.srv.replayPath(hon.id), twin)
	if err != nil {
		h.rep.add("match/honest-remote-seat", false, "match %s, played from the harness through every attack: %v", hon.id, err)
		return
	}
	h.rep.add("match/honest-remote-seat", true, "match %s, its remote seat played through /play during every attack, ended as the same match on one machine: %s", hon.id, res)
	// Hidden while it ran, the match is the public's once it ended.
	public, err := h.srv.call(h.ctx, "GET", "/api/matches/"+hon.id+"/replay", "", nil)
	path := filepath.Join(h.work, "public-"+hon.id+".arena")
	if err == nil && public.status == http.StatusOK {
		err = os.WriteFile(path, public.body, 0o644)
	}
	if err == nil && public.status == http.StatusOK {
		_, err = sameGame(path, h.srv.replayPath(hon.id))
	}
	if err != nil || public.status != http.StatusOK {
		h.rep.add("client/hidden-match-at-its-end", false, "the public's replay of the hidden match %s once it ended: %v %d", hon.id, err, public.status)
		return
	}
	h.rep.add("client/hidden-match-at-its-end", true, "once the hidden match %s ended, the public's /replay is the whole match (%d bytes), as the jury saw it live", hon.id, len(public.body))
}

//go:build !js

package tournament

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/net/stream"
)

// hostedPoll is how often a worker asks the server how its match goes.
const hostedPoll = 250 * time.Millisecond

// playHosted plays one match of a job on the Arena server c (arena serve,
// with its admin token), where the room watches it live and where the
// teams' bots connect to the server's contest listener: it creates the
// match, waits for its end and writes its replay into dir. The runner
// re-simulates that replay as it does any worker's.
// tell is told how it waits and plays, as the server says.
func playHosted(ctx context.Context, c *stream.Client, job Job, jm JobMatch, dir string, announce func(string),
	tell func(state string, seats []game.Seat, until time.Time)) (res tournament.Result, files []string, err error) {
	req := stream.CreateRequest{Title: job.Title, Seats: jm.Seats, Seed: jm.Seed, Options: job.Options, Map: jm.Map, Names: jm.Names,
		Logins: jm.Logins, Teams: job.Teams}
	if job.Limit > 0 {
		req.Limit = job.Limit.String()
	}
	if job.JoinTimeout > 0 {
		req.JoinTimeout = job.JoinTimeout.String()
	}
	// A team's bot plays one match at a time on the server's listener.
	defer holdTeams(c.Base, jm, tell)()
	start := time.Now()
	created, err := c.Create(ctx, req)
	if err != nil {
		return res, nil, err
	}
	if announce != nil {
		announce(fmt.Sprintf("played on %s as match %s", c.Base, created.ID))
	}
	var in stream.Info
	for in.Status != stream.Finished {
		select {
		case <-ctx.Done():
			return res, nil, ctx.Err()
		case <-time.After(hostedPoll):
		}
		if in, err = c.Match(ctx, created.ID); err != nil && ctx.Err() == nil {
			// The server may be restarting: ask again, while the job's
			// heartbeat keeps it.
			continue
		}
		switch in.Status {
		case stream.Interrupted:
			return res, nil, fmt.Errorf("the server %s interrupted match %s: %s", c.Base, created.ID, in.Reason)
		case stream.Waiting:
			var seats []game.Seat
			for _, n := range in.Awaiting {
				seats = append(seats, game.Seat(n-1))
			}
			until, _ := time.Parse(time.RFC3339, in.Deadline)
			tell(tournament.NowWaiting, seats, until)
		default:
			tell(tournament.NowPlaying, nil, time.Time{})
		}
	}
	data, err := c.Replay(ctx, created.ID)
	if err != nil {
		return res, nil, err
	}
	replay := jm.ID + ".arena"
	if err := os.WriteFile(filepath.Join(dir, replay), data, 0o644); err != nil {
		return res, nil, err
	}
	rec, err := game.Open(replay, data)
	if err != nil {
		return res, nil, err
	}
	sum := rec.Summary()
	res = tournament.Result{Winner: sum.Winner, Ranking: sum.Ranking, Reason: sum.Reason, Turns: sum.Turns,
		Began: start.UTC().Truncate(time.Microsecond), Seconds: float64(time.Since(start).Microseconds()) / 1e6}
	return res, []string{replay}, nil
}

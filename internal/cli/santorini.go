//go:build !js

package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/net/santoriniengine"
)

var cmdSantorini = &Command{
	Name:  "santorini",
	Short: "Santorini's tools: perft, the engine, a bridge to santorini-ai, a gauntlet, the network's training",
	Long: `Santorini's tools: perft counts leaf turns; engine is Arena's engine on
stdin and stdout, speaking the engine protocol; bridge speaks it for
santorini-ai's uci program; match plays a gauntlet between two players or
engines; train trains the competitive player's evaluation network.`,
	Flags:    group("expected perft POSITION DEPTH, engine, bridge, match or train"),
	Commands: []*Command{cmdPerft, cmdEngine, cmdBridge, cmdGauntlet, cmdTrain},
}

// cmdPerft prints the number of leaf turns alone on the first line, then
// the time and the leaves per second.
var cmdPerft = &Command{
	Name:     "perft",
	Synopsis: []string{"POSITION DEPTH"},
	Short:    "count the leaf turns DEPTH plies below POSITION (HEIGHTS/SIDE/P1WORKERS/P2WORKERS, such as 0000000000000000000000000/1/C3,B2/B3,D2)",
	Long: `Count the leaf turns DEPTH plies (1 to 20) below POSITION, written
HEIGHTS/SIDE/P1WORKERS/P2WORKERS, such as 0000000000000000000000000/1/C3,B2/B3,D2.
Prints the count alone on the first line, then the time and the leaves per second.`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		return func(ctx context.Context, pos []string) error {
			if len(pos) != 2 {
				return usagef("expected perft POSITION DEPTH, such as perft 0000000000000000000000000/1/C3,B2/B3,D2 5")
			}
			b, err := santorini.ParsePosition(pos[0])
			if err != nil {
				return fmt.Errorf("perft: %w", err)
			}
			depth, err := strconv.Atoi(pos[1])
			if err != nil || depth < 1 || depth > santoriniengine.MaxPerftDepth {
				return fmt.Errorf("perft: depth %q is not a number 1..%d", pos[1], santoriniengine.MaxPerftDepth)
			}
			start := time.Now()
			n := santorini.Perft(b, depth)
			took := time.Since(start)
			fmt.Fprintln(e.Stdout, n)
			fmt.Fprintf(e.Stdout, "time %d ms, %.1f M leaves/s\n", took.Milliseconds(), float64(n)/max(took.Seconds(), 1e-9)/1e6)
			return nil
		}
	},
}

var cmdEngine = &Command{
	Name:     "engine",
	Synopsis: []string{""},
	Short:    "Arena's Santorini engine, speaking the engine protocol on stdin and stdout until quit",
	Long: `Arena's Santorini engine on stdin and stdout, speaking the engine protocol:
position POSITION | position moves FILE, go depth D | go movetime MS,
perft D, stop, quit; it answers info lines and one bestmove per go. A line
longer than 64 KiB gets an error line; the end of the input is quit (a
running search answers at once, a perft is dropped).`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		return func(ctx context.Context, pos []string) error {
			if len(pos) != 0 {
				return usagef("engine takes no arguments, got %q", pos)
			}
			return santoriniengine.Serve(ctx, e.Stdin, e.Stdout)
		}
	},
}

var cmdBridge = &Command{
	Name:     "bridge",
	Synopsis: []string{"COMMAND [ARG...]"},
	Short:    "the engine protocol on stdin and stdout, answered by santorini-ai's uci program COMMAND",
	Long: `Speak the engine protocol on stdin and stdout, as arena santorini engine
does, with the moves of a santorini-ai style uci program (COMMAND, run as a
child): it plays a match as engine:300ms:arena santorini bridge COMMAND.
go movetime MS sends it set_position HEIGHTS/SIDE/mortal:P1/mortal:P2 and
stop at MS - 20 ms, and answers its final best move (at once when it finds
the game's outcome); go depth D answers its best move of depth D; its
depths become info lines; perft gets an error line. Its illegal moves get
an error line and are answered as they are (a match forfeits them); a go
it gives no move for in time gets an error line and bestmove none; when it
ends or its search fails, the bridge writes an error line and exits with
status 1. Put -- before a COMMAND whose arguments start with -.`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		return func(ctx context.Context, pos []string) error {
			if len(pos) == 0 {
				return usagef("expected bridge COMMAND [ARG...], such as bridge /tmp/peers/sai/target/release/uci")
			}
			return santoriniengine.Bridge(ctx, pos, e.Stdin, e.Stdout, e.Stderr)
		}
	},
}

// cmdTrain is self-play data (or a saved data set), then the network's
// training, then its quantised weights file.
var cmdTrain = &Command{
	Name: "train",
	Synopsis: []string{"[--seed N] [--positions N] [--nodes N] [--teacher classic|net] [--threads N] [--data FILE[,FILE...]] " +
		"[--hidden N] [--epochs N] [--batch N] [--rate X] [--lambda X] [--out FILE]"},
	Short: "self-play, then train the competitive player's evaluation network; write its weights file",
	Long: `Train the competitive player's evaluation network. First self-play: games
from random openings (seeded; game g depends on the seed and g alone,
whatever --threads), both sides searching --nodes nodes a turn with the
--teacher evaluation; every quiet position (no win in one, no threat against
the side to move) is kept with the search's score and the game's result.
--data saves that set (33 bytes a position) and reads it back instead when
the file exists; several files, comma-separated, are read and used together.
Interrupted (Ctrl-C), self-play writes the games it finished to --data.
Then training, in plain Go: about one position in 32 is held out, the rest
shown --epochs times, each time under one of the board's eight symmetries,
to a network of --hidden units per view (Adam, squared error of the
predicted result against lambda·σ(score/k) + (1−lambda)·result, k fitted to
the data). It prints the validation loss of the network, of the quantised
network and of the hand-made evaluation, and writes the quantised weights to
--out. The same flags give the same file on every machine. Copy it over
game/santorini/nnue.bin (the one Arena embeds) and rebuild to play with it.
The commands and times of the network Arena ships: docs/games/santorini.md.`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		var dc santorini.DataConfig
		tc := santorini.TrainConfig{Log: e.Stdout}
		fs.Int64Var(&dc.Seed, "seed", 1, "the seed of the self-play openings and of the training")
		fs.IntVar(&dc.Positions, "positions", 1_000_000, "self-play positions to generate")
		fs.IntVar(&dc.Nodes, "nodes", 5000, "search nodes per self-play turn")
		fs.StringVar(&dc.Teacher, "teacher", "classic", "the evaluation self-play searches with: classic (hand-made) or net (the embedded network)")
		fs.IntVar(&dc.Threads, "threads", 2, "games played at once, and training threads")
		data := fs.String("data", "", "a data set file: read when it exists, else generated and written there; or several, comma-separated, to read")
		fs.IntVar(&tc.Hidden, "hidden", 128, "hidden units per view")
		fs.IntVar(&tc.Epochs, "epochs", 20, "passes over the training positions")
		fs.IntVar(&tc.Batch, "batch", 4096, "positions per gradient step")
		fs.Float64Var(&tc.Rate, "rate", 0.001, "Adam's learning rate at the start")
		fs.Float64Var(&tc.Lambda, "lambda", 0.5, "the weight of the search's score in the target (the game's result has the rest)")
		out := fs.String("out", "nnue.bin", "the weights file to write (game/santorini/nnue.bin is the one Arena embeds)")
		return func(ctx context.Context, pos []string) error {
			if len(pos) != 0 {
				return usagef("train takes flags only, got %q", pos)
			}
			tc.Seed, tc.Threads = dc.Seed, dc.Threads
			start := time.Now()
			ds, err := trainingData(ctx, dc, *data, e.Stdout)
			if err != nil {
				return err
			}
			generated := time.Since(start)
			weights, rep, err := santorini.TrainNetwork(ds, tc)
			if err != nil {
				return err
			}
			if err := game.WriteFileAtomic(*out, func(w io.Writer) error {
				_, err := w.Write(weights)
				return err
			}); err != nil {
				return fmt.Errorf("train: %w", err)
			}
			fmt.Fprintf(e.Stdout, "data: %d positions from %d games in %s; training: %d positions (%d held out) in %s\n",
				ds.Len(), ds.Games(), generated.Round(time.Second), rep.Train, rep.Valid, (time.Since(start) - generated).Round(time.Second))
			fmt.Fprintf(e.Stdout, "validation loss against the results: network %.5f, quantised %.5f, hand-made evaluation %.5f, self-play searches %.5f (scale %.0f)\n",
				rep.ValidLoss, rep.QuantisedLoss, rep.ClassicLoss, rep.TeacherLoss, rep.Scale)
			fmt.Fprintf(e.Stdout, "wrote %s (%d bytes)\n", *out, len(weights))
			return nil
		}
	},
}

// trainingData reads the data set at path (several, comma-separated, are
// read one after the other), or generates one by self-play when path is
// one file that does not exist yet or empty (and writes it to path).
func trainingData(ctx context.Context, dc santorini.DataConfig, path string, stdout io.Writer) (*santorini.DataSet, error) {
	if paths := strings.Split(path, ","); len(paths) > 1 {
		all := &santorini.DataSet{}
		for _, p := range paths {
			ds, err := readDataSet(p, stdout)
			if err != nil {
				return nil, err
			}
			all.Append(ds)
		}
		return all, nil
	}
	if path != "" {
		ds, err := readDataSet(path, stdout)
		if !errors.Is(err, os.ErrNotExist) {
			return ds, err
		}
	}
	start := time.Now()
	dc.Progress = func(games, positions int) {
		fmt.Fprintf(stdout, "self-play: %d games, %d positions, %s\n", games, positions, time.Since(start).Round(time.Second))
	}
	ds, genErr := santorini.GenerateData(ctx, dc)
	if ds == nil {
		return nil, genErr
	}
	if path != "" && ds.Len() > 0 {
		if err := game.WriteFileAtomic(path, func(w io.Writer) error {
			_, err := ds.WriteTo(w)
			return err
		}); err != nil {
			return nil, fmt.Errorf("data: %w", err)
		}
		fmt.Fprintf(stdout, "data: wrote %d positions of %d games to %s\n", ds.Len(), ds.Games(), path)
	}
	return ds, genErr
}

// readDataSet reads one data set file; the error wraps os.ErrNotExist when
// there is none.
func readDataSet(path string, stdout io.Writer) (*santorini.DataSet, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("data: %w", err)
	}
	defer f.Close()
	ds, err := santorini.ReadDataSet(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	fmt.Fprintf(stdout, "data: read %d positions of %d games from %s\n", ds.Len(), ds.Games(), path)
	return ds, nil
}

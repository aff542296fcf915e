package main

// help is how one subcommand is written and what it does, for its --help.
type help struct{ synopsis, about string }

// commandHelp is every subcommand's help, by the name its flag set has.
var commandHelp = map[string]help{
	"": {"arena [--replays DIR] [--sandbox on|strict|off,SETTINGS]",
		"Open the window on the main menu. Matches played in the window write their\nreplays to DIR. `arena --help` lists the commands."},
	"play": {"arena play TITLE --seats S1,S2 [--seed N] [--map NAME|PATH] [--turns T] [--from FILE] [--out FILE] [--watch step|run] [--sandbox MODE]\n  arena play --server URL --match ID --seat S --token T",
		"Open a match directly in the window: people and computer players, one seat\neach. The replay goes to --out, or to the replays folder. With --server, play\nseat S of a match on an Arena server, with the seat's token: the window shows\nwhat the seat may see, and takes the person's moves as at the hotseat."},
	"serve": {"arena serve [--addr 127.0.0.1:7070] [--data DIR] [--nats URL] [--nats-creds FILE] [--nats-ca FILE] [--admin-token-file FILE] [--jury-token-file FILE] [--max-conns N] [--max-total-conns N] [--web DIR] [--sandbox MODE]",
		"Run Arena's match server: matches created through its API (with the admin\ntoken) play on this machine, kept in NATS JetStream under DIR (embedded by\ndefault, or the cluster at --nats), watched and played from other machines\nover HTTP and WebSocket. Prints one line when ready; Ctrl-C stops it, and its\nrunning matches are kept as interrupted. A second line says where the jury's\ntoken is (--jury-token-file): GuardAIns and AIC21 matches with a seat played\nfrom elsewhere or by a program are shown live to it alone, to the public at\ntheir end."},
	"watch": {"arena watch URL [--match ID] [--token-file FILE]",
		"Open the window on an Arena server's matches (live first) and watch the one\nchosen: live, with rewind (pause, step, scrub back; End returns to live).\nWith the jury's token (--token-file), the matches the public sees at their\nend are shown live and whole."},
	"replay": {"arena replay FILE|URL [--turn N] [--token-file FILE]",
		"Open the viewer on a replay: Arena's (.arena) or an original system's format;\nor a server's match (http://host:7070/api/matches/ID, followed live) or its\nreplay (.../ID/replay, what was played so far), as the jury sees them with\nits token (--token-file)."},
	"run": {"arena run TITLE --seats S1,S2 [--seed N] [--map NAME|PATH] [--turns T] [--from FILE] [--out FILE] [--option NAME=VALUE] [--limit 2s] [--sandbox MODE]",
		"Play a match between computer players without a window and print its result\nas one JSON line: title, seed, turns, winner (0: a draw), ranking, seats,\nreason. The replay is written under a temporary name beside --out and takes\nits name at the end; a match that is interrupted never replaces a file."},
	"info": {"arena info FILE|URL [--token-file FILE]",
		"Print the result of any replay Arena reads as one JSON line (as run does),\nor a clear error and exit status 1. An unfinished game's reason is\n\"unfinished\"."},
	"shot": {"arena shot FILE --turn N --out PNG [--size WxH]",
		"Render one frame of a replay to a PNG (needs a display; Xvfb is fine)."},
	"export": {"arena export --format aic21-log REPLAY OUT",
		"Write an AIC21 game in the contest's official log.json format."},
	"gif": {"arena gif REPLAY --from A --to B --out FILE.gif [--size WxH] [--speed X]",
		"Write turns A to B of a replay as an animated GIF, drawn as the viewer draws\nthem; --out FILE.mp4 writes an MP4 through ffmpeg instead (needs a display;\nXvfb is fine)."},
	"kiosk": {"arena kiosk DIR|URL [--shuffle] [--speed X] [--cards SECONDS] [--windowed] [--token-file FILE]",
		"Play a folder's replays, or an Arena server's matches (live ones first), on a\nloop, full screen, each between a title card and a result card: for a\nprojector at an event. The organisers' projector shows every match live with\nthe server's jury token (--token-file)."},
	"santorini": {"arena santorini perft POSITION DEPTH | engine | match --a SEAT --b SEAT | train",
		"Santorini's tools: perft counts leaf turns; engine is Arena's engine on\nstdin and stdout, speaking the engine protocol; match plays a gauntlet\nbetween two players or engines; train trains the competitive player's\nevaluation network."},
	"santorini match": {"arena santorini match --a SEAT --b SEAT [--games N] [--sprt ELO0,ELO1] [--openings FILE] [--concurrency N] [--out DIR] [--sandbox MODE]",
		"Play a gauntlet between two Santorini players from fixed openings, each\nopening twice with the colours swapped, and print wins, draws and losses,\nthe Elo difference of a against b with its 95% interval, forfeits and the\nslowest moves. A seat is a computer player (competitive:300ms) or an engine\nprogram (engine:300ms:./other-engine). With --sprt the match stops as soon\nas a sequential test decides. Ctrl-C prints the games finished."},
	"santorini train": {"arena santorini train [--seed N] [--positions N] [--teacher classic|net] [--data FILE] [--out FILE]",
		"Generate self-play positions (or read a saved data set), train the\ncompetitive player's evaluation network on them in plain Go, and write its\nquantised weights file (game/santorini/nnue.bin is the one Arena embeds).\nThe commands and times of the network Arena ships: docs/games/santorini.md."},
	"santorini perft": {"arena santorini perft POSITION DEPTH",
		"Count the leaf turns DEPTH plies (1 to 20) below POSITION, written\nHEIGHTS/SIDE/P1WORKERS/P2WORKERS, such as 0000000000000000000000000/1/C3,B2/B3,D2.\nPrints the count alone on the first line, then the time and the leaves per second."},
	"santorini engine": {"arena santorini engine",
		"Arena's Santorini engine on stdin and stdout, speaking the engine protocol:\nposition POSITION | position moves FILE, go depth D | go movetime MS,\nperft D, stop, quit. The end of the input is quit."},
}

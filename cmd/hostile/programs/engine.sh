#!/bin/bash
# A Santorini engine (cmd/hostile): at its first go it makes its attacks,
# within the first move's start-up time, then answers bestmove none and so
# forfeits, as its twin (ATTACK=0) does at once.
dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$dir/targets.sh"
. "$dir/attacks.sh"
while read -r command rest; do
	case $command in
	go)
		attacks
		echo "bestmove none"
		;;
	quit) exit 0 ;;
	esac
done

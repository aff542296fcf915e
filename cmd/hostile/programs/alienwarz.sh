#!/bin/bash
# An AlienWarz bot (cmd/hostile): it makes its attacks in the background
# while it rests every turn, a little late, so that its match lasts while
# the attacks run. Its twin, with ATTACK=0, plays the same moves.
dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$dir/targets.sh"
. "$dir/attacks.sh"
attacks &
while IFS= read -r view; do
	read -t "$DELAY" -u 9 _
	echo rest
done

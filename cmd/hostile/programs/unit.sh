#!/bin/bash
# An AIC21 unit (cmd/hostile): it logs in with its own token and ends
# every turn without a move, while in the background it makes its
# attacks and tries to play other units: connections to its match's port
# with the original's public token, a guessed token and its own token
# again. Its twin (ATTACK=0) plays the same (no) moves.
dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$dir/targets.sh"
. "$dir/attacks.sh"
exec 3<>"/dev/tcp/$AICHostIP/$AICHostPort" || exit 1
printf '{"type":"token","turn":0,"info":{"token":"%s"}}\0' "$AICToken" >&3

# hijack ATTEMPT TOKEN: log in once more with TOKEN; a frame in answer is a
# break, a connection closed with nothing held.
hijack() {
	local out
	out=$(timeout 8 bash -c '
exec 4<>"/dev/tcp/$AICHostIP/$AICHostPort" || exit 3
printf "{\"type\":\"token\",\"turn\":0,\"info\":{\"token\":\"%s\"}}\0" "'"$2"'" >&4
IFS= read -r -d "" -t 6 frame <&4
status=$?
if [ $status = 0 ] || [ -n "$frame" ]; then echo "got ${frame:0:100}"; exit 0; fi
if [ $status -gt 128 ]; then echo "no reply within 6 s"; else echo "closed with no reply"; fi
exit 1' 2>&1)
	if [ $? = 0 ]; then report "$1" BROKE "$out"; else report "$1" held "$out"; fi
}

started=
while IFS= read -r -d '' frame <&3; do
	case $frame in
	'{"type":"4"'*) printf '{"type":6,"info":{}}\0' >&3 ;;
	'{"type":"7"'*) exit 0 ;;
	esac
	# Once bound (its INIT came), its token is used: the attacks begin.
	if [ -z "$started" ] && [ "$ATTACK" = 1 ]; then
		started=1
		(
			hijack hijack-public-token 00000000000000000000000000000000
			hijack hijack-guessed-token "$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')"
			hijack hijack-reused-token "$AICToken"
			attacks
		) &
	fi
done

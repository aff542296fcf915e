# The attacks of cmd/hostile's programs, sourced by each program after its
# targets.sh (which names what to attack). Each attempt reports one line on
# stderr, "HOSTILE PROGRAM ATTEMPT VERDICT WHAT": VERDICT is held (the
# attempt failed, and WHAT says how), BROKE (it worked: WHAT is what it
# got), tried (only the harness can tell, from outside) or error (the
# attempt could not be made, such as without python3). The last line is
# "HOSTILE PROGRAM all done PROGRAM". Nothing here runs unless ATTACK=1.

report() {
	local what=${3//$'\n'/ }
	printf 'HOSTILE %s %s %s %s\n' "$PROGRAM" "$1" "$2" "${what:0:400}" >&2
}

# try_read ATTEMPT FILE...: read each file; any content is a break.
try_read() {
	local attempt=$1 f out got="" why=""
	shift
	for f in "$@"; do
		if out=$(head -c 120 -- "$f" 2>&1); then
			got+="$f: $out; "
		else
			why+="$out; "
		fi
	done
	if [ -n "$got" ]; then report "$attempt" BROKE "read $got"; else report "$attempt" held "$why"; fi
}

# try_list ATTEMPT FOLDER...: list each folder; any listing is a break.
try_list() {
	local attempt=$1 d out got="" why=""
	shift
	for d in "$@"; do
		if out=$(ls -A -- "$d" 2>&1); then
			got+="$d: $out; "
		else
			why+="$out; "
		fi
	done
	if [ -n "$got" ]; then report "$attempt" BROKE "listed $got"; else report "$attempt" held "$why"; fi
}

# try_write ATTEMPT FILE...: append to (or create) each file; any write is
# a break.
try_write() {
	local attempt=$1 f out got="" why=""
	shift
	for f in "$@"; do
		if out=$( { printf '%s\n' "written by $PROGRAM" >>"$f"; } 2>&1); then
			got+="$f; "
		else
			why+="$out; "
		fi
	done
	if [ -n "$got" ]; then report "$attempt" BROKE "wrote $got"; else report "$attempt" held "$why"; fi
}

# try_connect ATTEMPT PORT...: open a TCP connection to each port of
# 127.0.0.1 and ask for something; any connection is a break.
try_connect() {
	local attempt=$1 p out got="" why=""
	shift
	for p in "$@"; do
		if out=$(timeout 4 bash -c 'exec 3<>/dev/tcp/127.0.0.1/'"$p"' && printf "GET /api/matches HTTP/1.0\r\n\r\n" >&3 && head -c 80 <&3' 2>&1); then
			got+="$p: connected, got ${out:0:80}; "
		else
			why+="$p: ${out:-timed out}; "
		fi
	done
	if [ -n "$got" ]; then report "$attempt" BROKE "$got"; else report "$attempt" held "$why"; fi
}

# try_udp ATTEMPT PORT: send a datagram to 127.0.0.1:PORT; only the
# listener there can tell whether it came.
try_udp() {
	local out
	if out=$( { printf 'datagram from %s\n' "$PROGRAM" >"/dev/udp/127.0.0.1/$2"; } 2>&1); then
		report "$1" tried "sent to $2"
	else
		report "$1" tried "not sent: $out"
	fi
}

# listeners prints the TCP ports that listen in this network namespace, by
# /proc/net/tcp and tcp6.
listeners() {
	local sl local rem st rest
	cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | while read -r sl local rem st rest; do
		[ "$st" = 0A ] && printf '%d ' "0x${local##*:}"
	done
}

# try_find_arena ATTEMPT PORT...: look for Arena's processes and listening
# ports through /proc: the ports given are Arena's (its server, a
# tournament's NATS); seeing one, or an Arena process, is a break.
try_find_arena() {
	local attempt=$1 seen p got="" cmd
	shift
	seen=$(listeners)
	for p in "$@"; do
		case " $seen " in *" $p "*) got+="port $p listens; " ;; esac
	done
	for p in /proc/[0-9]*; do
		cmd=$(tr '\0' ' ' <"$p/cmdline" 2>/dev/null)
		case $cmd in *"tournament run"* | *"tournament worker"* | *" serve "* | *nats-server*) got+="${p#/proc/}: $cmd; " ;; esac
	done
	if [ -n "$got" ]; then
		report "$attempt" BROKE "$got"
	else
		report "$attempt" held "no Arena process among $(ls -d /proc/[0-9]* | wc -l) visible; listening ports here: [${seen% }]"
	fi
}

# try_nats ATTEMPT PORT SUBJECT: speak NATS to 127.0.0.1:PORT and publish a
# forged result on SUBJECT. A connection refused, or a NATS that refuses
# it (authorization), held; one that takes it is a break.
try_nats() {
	local out
	case $2 in
	'' | *[!0-9]*)
		report "$1" error "the port told is not a number: $2"
		return
		;;
	esac
	out=$(timeout 6 bash -c '
exec 3<>/dev/tcp/127.0.0.1/'"$2"' || exit 3
IFS= read -r -t 3 info <&3 || { echo "connected, but no INFO"; exit 4; }
result="{\"winner\":1,\"forged\":1}"
printf "CONNECT {\"verbose\":true,\"pedantic\":false,\"name\":\"forger\"}\r\nPUB %s %d\r\n%s\r\nPING\r\n" "'"$3"'" ${#result} "$result" >&3
while IFS= read -r -t 3 line <&3; do
	echo "$line"
	case $line in *"-ERR"*uthoriz*) exit 2;; -ERR*) exit 6;; PONG*) exit 0;; esac
done
exit 5' 2>&1)
	case $? in
	0) report "$1" BROKE "the NATS at $2 took a forged result: ${out//$'\r'/}" ;;
	2) report "$1" held "connected, and NATS refused it: ${out//$'\r'/}" ;;
	3) report "$1" held "$out" ;;
	*) report "$1" error "connected, and then: ${out:-nothing}" ;;
	esac
}

# try_env ATTEMPT SECRET: look for Arena's environment (which holds
# SECRET) in this program's own and in every process's it can see.
try_env() {
	local got="" p
	env | grep -q -- "$2" && got+="own environment; "
	for p in /proc/[0-9]*; do
		grep -qa -- "$2" "$p/environ" 2>/dev/null && got+="$p/environ; "
	done
	if [ -n "$got" ]; then report "$1" BROKE "found Arena's secret in $got"; else report "$1" held "not in its environment nor in any of the $(ls -d /proc/[0-9]* | wc -l) processes it sees"; fi
}

# try_signal ATTEMPT PID: signal 0 (nothing) to Arena's process, which
# has PID outside the sandbox.
try_signal() {
	local out
	if out=$(kill -0 "$2" 2>&1) && tr '\0' ' ' <"/proc/$2/cmdline" 2>/dev/null | grep -q serve; then
		report "$1" BROKE "Arena's process $2 takes signals"
	else
		report "$1" held "${out:-process $2 here is not Arena}"
	fi
}

# try_launcher ATTEMPT: take what the sandbox's launcher (Arena's own
# program, named arena-sandbox) holds: it may hold sockets outside the
# sandbox. Reading where its descriptors lead, or getting one with
# pidfd_getfd, is a break; seeing how many it has is not.
try_launcher() {
	local out
	out=$(timeout 5 python3 -c '
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
got, why = [], set()
launchers = []
for p in os.listdir("/proc"):
    try:
        if p.isdigit() and open("/proc/%s/cmdline" % p, "rb").read().split(b"\0")[0] == b"arena-sandbox":
            launchers.append(int(p))
    except OSError:
        pass
for pid in launchers:
    try:
        fds = [int(f) for f in os.listdir("/proc/%d/fd" % pid)]
    except OSError as e:
        fds = list(range(12))
        why.add("list /proc/%d/fd: %s" % (pid, e.strerror))
    for fd in fds:
        try:
            got.append("fd %d of the launcher leads to %s" % (fd, os.readlink("/proc/%d/fd/%d" % (pid, fd))))
        except OSError as e:
            why.add("readlink /proc/%d/fd/N: %s" % (pid, e.strerror))
    pidfd = libc.syscall(434, pid, 0)
    if pidfd < 0:
        why.add("pidfd_open(%d): %s" % (pid, os.strerror(ctypes.get_errno())))
        continue
    for fd in fds:
        n = libc.syscall(438, pidfd, fd, 0)
        if n >= 0:
            got.append("took fd %d of the launcher: %s" % (fd, os.readlink("/proc/self/fd/%d" % n)))
        else:
            why.add("pidfd_getfd(%d, N): %s" % (pid, os.strerror(ctypes.get_errno())))
if got:
    print("BROKE " + "; ".join(got))
elif launchers:
    print("held launcher %s: %s" % (launchers, "; ".join(sorted(why))))
else:
    print("held no launcher in sight")
' 2>&1)
	case $out in
	BROKE*) report "$1" BROKE "${out#BROKE }" ;;
	held*) report "$1" held "${out#held }" ;;
	*) report "$1" error "python3 failed: $out" ;;
	esac
}

# try_fork_bomb ATTEMPT LIMIT: fork sleepers until a fork fails or LIMIT
# run; reaching LIMIT is a break. The sleepers are ended afterwards, so
# that the program can go on.
try_fork_bomb() {
	local out
	out=$( (exec -a "$MARK-forkbomb" python3 -c '
import os, sys, time
limit, kids, why = int(sys.argv[1]), [], "none"
while len(kids) < limit:
    try:
        pid = os.fork()
    except OSError as e:
        why = e.strerror
        break
    if pid == 0:
        time.sleep(120)
        os._exit(0)
    kids.append(pid)
for pid in kids:
    os.kill(pid, 9)
for pid in kids:
    os.waitpid(pid, 0)
print(len(kids), why)
' "$2") 2>&1)
	local n=${out%% *}
	if [ "$n" -ge "$2" ] 2>/dev/null; then
		report "$1" BROKE "forked $n processes"
	elif [ -n "$n" ] && [ "$n" -ge 0 ] 2>/dev/null; then
		report "$1" held "fork failed after $n processes: ${out#* }"
	else
		report "$1" error "the bomb did not start: $out"
	fi
}

# try_escape ATTEMPT: start sleepers that leave the program's session
# (setsid), double-fork, ignore SIGTERM and SIGHUP; the harness looks for
# them by MARK once the match is over.
try_escape() {
	setsid bash -c "exec -a '$MARK-setsid' sleep 900" </dev/null >/dev/null 2>&1 &
	( (trap '' TERM HUP; exec -a "$MARK-double" sleep 900) & ) </dev/null >/dev/null 2>&1
	nohup setsid bash -c "trap '' TERM HUP; (exec -a '$MARK-nohup' sleep 900) & wait" </dev/null >/dev/null 2>&1 &
	sleep 0.2
	report "$1" tried "started $(pgrep -c -f -- "$MARK-" 2>/dev/null || echo some) sleepers named $MARK-*"
}

# attacks makes every attempt that targets.sh asks for, then says it is
# done. The first attempts are those of every program, the last those
# only some make.
attacks() {
	[ "$ATTACK" = 1 ] || return 0
	try_read read-admin-token "$ADMIN_TOKEN"
	try_read read-jury-token "$JURY_TOKEN"
	try_list list-arena-data "${DATA_DIRS[@]}"
	try_read read-live-replays "${REPLAYS[@]}"
	try_read read-other-entrants "${OTHERS[@]}"
	try_write write-own-folder "${OWN_FILES[@]}"
	try_write write-elsewhere "${ELSEWHERE[@]}"
	try_env read-arena-environment "$SECRET"
	try_signal signal-arena "$ARENA_PID"
	if [ -n "$NATS_PORT_FILE" ]; then
		local i nats_port=""
		for i in $(seq 40); do [ -s "$NATS_PORT_FILE" ] && break; read -t 0.05 -u 9 _; done
		nats_port=$(cat "$NATS_PORT_FILE" 2>/dev/null)
		if [ -n "$nats_port" ]; then
			ARENA_PORTS+=("$nats_port")
			try_nats connect-nats "$nats_port" "$NATS_SUBJECT"
		else
			report connect-nats tried "no port was told"
		fi
	fi
	try_find_arena find-arena-in-proc "${ARENA_PORTS[@]}"
	try_connect connect-ports "${PORTS[@]}"
	try_udp send-udp "$UDP_PORT"
	try_escape escape-setsid
	if [ "$HEAVY" = 1 ]; then
		try_launcher launcher-descriptors
		try_fork_bomb fork-bomb "$FORKS"
	fi
	report all done "$PROGRAM"
}

# A pipe that nobody writes: read -t on it waits without starting a
# process (the fork bomb may leave none to start).
wait_pipe=${TMPDIR:-/tmp}/hostile-wait.$$
mkfifo "$wait_pipe" && exec 9<>"$wait_pipe"
rm -f "$wait_pipe"

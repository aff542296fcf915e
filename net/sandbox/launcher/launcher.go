// Package launcher is the first process of a sandbox (net/sandbox): Arena
// starts its own program again under the name Name, and this package's
// init, before the rest of Arena starts, confines the process, starts the
// program from its main thread (which the program inherits), stays its
// parent and exits with its status.
//
// It imports only standard packages that Go initializes early, so that a
// launcher does not pay for the initialization of the rest of Arena.
package launcher

// Name is the argv[0] with which Arena starts its own program as a
// sandbox's launcher.
const Name = "arena-sandbox"

// ProbeName is the argv[0] of a launcher that only shows it could be
// made, in the namespaces it was made in.
const ProbeName = "arena-sandbox-probe"

// The launcher's file descriptors beyond stdin, stdout and stderr.
const (
	FDConfig  = 3 // Arena writes the Config (JSON) and closes it
	FDStatus  = 4 // the launcher writes its Report (JSON) once the program runs, or why it cannot
	FDRuleset = 5 // Arena's Landlock ruleset, when Config.Landlock
	FDSpares  = 6 // the first of the unconnected sockets that reach Connect from outside
)

// Threads is how many processes and threads the limits give the launcher
// on top of the program's.
const Threads = 16

// Config is what Arena tells a launcher: the program and how to confine
// it.
type Config struct {
	Name string   // how errors name the program
	Path string   // the program file, absolute
	Args []string // its arguments, Args[0] included
	Env  []string // its whole environment, HOME and TMPDIR apart
	Dir  string   // its working folder

	Off    bool // no confinement: only kill whole (--sandbox=off)
	Strict bool // refuse to start unless every layer works

	// The namespaces the launcher was made in.
	UserNS, PidNS, MountNS, NetNS bool

	Own     string   // the program's folder: read and execute
	Write   []string // files of Own it may write
	Read    []Entry  // what else it may read and execute
	Mask    []string // entries of /etc that the sandbox's user would not see: hidden
	Scratch string   // without a mount namespace: the scratch folder on the host
	Connect string   // IP:PORT it may connect to; "" for none
	Spares  int      // sockets at FDSpares.. to reach Connect with

	// Landlock: the ruleset at FDRuleset, Arena's rules in it; the
	// launcher adds its scratch folder and /proc with these rights, and
	// restricts itself with these flags.
	Landlock                bool
	ScratchRights, ReadOnly uint64
	RulesetFlags            uint32

	Limits Limits
	Lacks  []string // layers Arena already knows to be missing
}

// Limits are the program's resource limits; 0 is none.
type Limits struct {
	Memory   int64 // bytes of data (RLIMIT_DATA)
	CPU      int64 // seconds of CPU time (RLIMIT_CPU)
	Procs    int64 // processes and threads (RLIMIT_NPROC), Threads more for the launcher
	Files    int64 // open files (RLIMIT_NOFILE)
	FileSize int64 // bytes a file may have (RLIMIT_FSIZE)
	Scratch  int64 // bytes of scratch folder
}

// Entry is a path the program may read: bound (a folder or file) or, when
// it is a symbolic link whose target is bound too, made a link.
type Entry struct {
	Path string
	Link string // the link's target; "" to bind Path
}

// Report is the launcher's answer: the layers it lacks, or why it could
// not start the program and at which layer.
type Report struct {
	Error string   `json:",omitempty"`
	Layer string   `json:",omitempty"`
	Lacks []string `json:",omitempty"`
}

// The layers of the sandbox, as warnings and errors name them.
const (
	LayerUserNS   = "user namespace"
	LayerPidNS    = "PID namespace (kills whole; hides other processes)"
	LayerMountNS  = "mount namespace (a file system of the program's own folder and the system's)"
	LayerProc     = "a /proc of its own"
	LayerNetNS    = "network namespace (no network beyond its protocol's address)"
	LayerLandlock = "Landlock file rules"
	LayerLLNet    = "Landlock TCP rules (Linux 6.7)"
	LayerLLScope  = "Landlock signal and abstract-socket scoping (Linux 6.12)"
	LayerCgroup   = "cgroup (memory and process limits of the whole sandbox)"
	LayerNproc    = "a process limit (RLIMIT_NPROC binds per sandbox only in a user namespace, and never uid 0: needs a writable cgroup)"
	LayerRlimits  = "resource limits"
	LayerCaps     = "dropping capabilities"
)

package sandbox

// launcherName is the argv[0] with which Arena starts its own program as
// a sandbox's launcher.
const launcherName = "arena-sandbox"

// The launcher's file descriptors beyond stdin, stdout and stderr.
const (
	fdConfig = 3 // Arena writes the config (JSON) and closes it
	fdStatus = 4 // the launcher writes its report (JSON) once the program runs, or why it cannot
	fdSpares = 5 // the first of the unconnected sockets that reach Connect from outside
)

// config is what Arena tells a launcher: the program and how to confine
// it.
type config struct {
	Name string   // how errors name the program
	Path string   // the program file, absolute
	Args []string // its arguments, Args[0] included
	Env  []string // its whole environment
	Dir  string   // its working folder

	Off    bool // no confinement: only kill whole (--sandbox=off)
	Strict bool // refuse to start unless every layer works

	// What the launcher was created with.
	UserNS, PidNS, MountNS, NetNS bool

	Own     string   // the program's folder: read and execute
	Write   []string // files of Own it may write
	Read    []entry  // what else it may read and execute
	Mask    []string // entries of /etc that the sandbox's user would not see: hidden
	Scratch string   // without a mount namespace: the scratch folder on the host
	Connect string   // HOST:PORT it may connect to; "" for none
	Spares  int      // sockets at fdSpares.. to reach Connect with
	Limits  Limits
	Layers  []string // layers Arena already knows to be missing (cgroup, namespaces)

	NoLandlock bool // act as a kernel without Landlock (tests)
}

// entry is a path the program may read: bound (a folder or file) or, when
// it is a symbolic link whose target is bound too, made a link.
type entry struct {
	Path string
	Link string // the link's target; "" to bind Path
}

// report is the launcher's answer: the layers it lacks, or why it could
// not start the program and at which layer.
type report struct {
	Error string   `json:",omitempty"`
	Layer string   `json:",omitempty"`
	Lacks []string `json:",omitempty"`
}

// The layers of the sandbox, as warnings and errors name them.
const (
	layerUserNS   = "user namespace"
	layerPidNS    = "PID namespace (kills whole; hides other processes)"
	layerMountNS  = "mount namespace (a file system of the program's own folder and the system's)"
	layerProc     = "a /proc of its own"
	layerNetNS    = "network namespace (no network beyond its protocol's address)"
	layerLandlock = "Landlock file rules"
	layerLLNet    = "Landlock TCP rules (Linux 6.7)"
	layerLLScope  = "Landlock signal and abstract-socket scoping (Linux 6.12)"
	layerCgroup   = "cgroup (memory and process limits of the whole sandbox)"
	layerNproc    = "a process limit (RLIMIT_NPROC does not bind uid 0: needs a writable cgroup)"
	layerRlimits  = "resource limits"
	layerCaps     = "dropping capabilities"
)

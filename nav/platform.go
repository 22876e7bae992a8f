package nav

import (
	"go/build/constraint"
	"os"
	"path"
	"runtime"
	"strings"
)

// A Go declaration often has a variant per platform (syscall_linux.go,
// syscall_windows.go, foo_amd64.go, //go:build lines). Like gopls, which
// sees the build of the machine it runs on, navigation prefers the
// variant this machine builds.

// platform is a build target: what file names and build tags select.
type platform struct {
	goos, goarch string
	cgo          bool
}

// host is the platform codeseek runs on.
var host = platform{goos: runtime.GOOS, goarch: runtime.GOARCH, cgo: os.Getenv("CGO_ENABLED") != "0"}

// The platforms go/build knows (its syslist), for reading file names.
var (
	knownOS = set("aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js", "linux",
		"nacl", "netbsd", "openbsd", "plan9", "solaris", "wasip1", "windows", "zos")
	unixOS = set("aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "linux",
		"netbsd", "openbsd", "solaris")
	knownArch = set("386", "amd64", "amd64p32", "arm", "armbe", "arm64", "arm64be", "loong64", "mips", "mipsle",
		"mips64", "mips64le", "mips64p32", "mips64p32le", "ppc", "ppc64", "ppc64le", "riscv", "riscv64",
		"s390", "s390x", "sparc", "sparc64", "wasm")
)

func set(xs ...string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// builds reports whether a Go file is part of p's build: its name's
// _GOOS and _GOARCH suffixes and its //go:build expression (build).
func (p platform) builds(file, build string) bool {
	if !p.buildsName(path.Base(file)) {
		return false
	}
	if build == "" {
		return true
	}
	x, err := constraint.Parse("//go:build " + build)
	return err != nil || x.Eval(p.tag)
}

// buildsName applies go/build's file name rules.
func (p platform) buildsName(name string) bool {
	name = strings.TrimSuffix(strings.TrimSuffix(name, ".go"), "_test")
	parts := strings.Split(name, "_")
	if len(parts) < 2 {
		return true
	}
	last := parts[len(parts)-1]
	if len(parts) >= 3 && knownOS[parts[len(parts)-2]] && knownArch[last] {
		return p.tag(parts[len(parts)-2]) && last == p.goarch
	}
	switch {
	case knownOS[last]:
		return p.tag(last)
	case knownArch[last]:
		return last == p.goarch
	}
	return true
}

// tag reports whether a build tag holds on p: its OS (and the OSes it
// implies), its architecture, unix, cgo, gc and the released Go versions;
// experiments and custom tags do not.
func (p platform) tag(t string) bool {
	switch {
	case t == p.goos, t == p.goarch, t == "gc":
		return true
	case t == "unix":
		return unixOS[p.goos]
	case t == "cgo":
		return p.cgo
	case t == "linux":
		return p.goos == "android"
	case t == "darwin":
		return p.goos == "ios"
	case t == "solaris":
		return p.goos == "illumos"
	}
	return strings.HasPrefix(t, "go1.")
}

// commonPlatforms are the builds most code is written for.
var commonPlatforms = []platform{{goos: "linux", goarch: "amd64", cgo: true}, {goos: "darwin", goarch: "arm64", cgo: true}, {goos: "windows", goarch: "amd64", cgo: true}}

// commonBuild reports whether a Go file is part of a common platform's
// build without custom tags: a file only `-tags nomsgpack` builds is an
// alternative, not the code most users run.
func commonBuild(file, build string) bool {
	for _, p := range commonPlatforms {
		if p.builds(file, build) {
			return true
		}
	}
	return false
}

// Package buildinfo says which codeseek a binary is: its release version,
// the commit it was built from, the Go toolchain, the platform and the
// built-in model, so a bug report or a release archive can be traced back
// to the exact source and weights.
package buildinfo

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// Version is the release version. Release builds set it with
// -ldflags "-X github.com/codeseek/codeseek/buildinfo.Version=v1.2.3";
// anything else reports the development version.
var Version = "0.1.0-dev"

// Commit is the source commit, set by release builds with -X like Version
// because a build may run with -buildvcs=false; empty falls back to the
// go command's VCS stamp.
var Commit = ""

// Info describes one binary.
type Info struct {
	Version   string `json:"version"`
	Commit    string `json:"commit"`
	GoVersion string `json:"go_version"`
	Platform  string `json:"platform"`
	ModelHash string `json:"model_hash,omitempty"`
}

// Read returns the binary's build information. The commit comes from the
// VCS stamp the go command records when building inside a git checkout;
// "-dirty" marks uncommitted changes and "unknown" a build without one.
func Read() Info {
	info := Info{Version: Version, Commit: "unknown", GoVersion: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if Commit != "" {
		info.Commit = Commit
		return info
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return info
	}
	var rev string
	var dirty bool
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev != "" {
		info.Commit = rev[:min(len(rev), 12)]
		if dirty {
			info.Commit += "-dirty"
		}
	}
	return info
}

// String renders the information one field per line, as `codeseek
// version` prints it.
func (i Info) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "codeseek %s\n", i.Version)
	fmt.Fprintf(&b, "commit:   %s\n", i.Commit)
	fmt.Fprintf(&b, "go:       %s\n", i.GoVersion)
	fmt.Fprintf(&b, "platform: %s\n", i.Platform)
	if i.ModelHash != "" {
		fmt.Fprintf(&b, "model:    builtin-nbow-%s\n", i.ModelHash)
	}
	return b.String()
}

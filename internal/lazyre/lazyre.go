// Package lazyre compiles a regular expression the first time it is
// used, so that package variables holding patterns cost nothing to a
// command that never matches them (`codeseek --version` starts without
// compiling the secret scanner's or the query parser's patterns).
package lazyre

import (
	"regexp"
	"sync"
)

// New returns a function that compiles pattern on its first call and
// returns the same *regexp.Regexp on every call. It panics on an invalid
// pattern, as regexp.MustCompile does; the packages' tests use each one.
func New(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}

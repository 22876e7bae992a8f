package search

import (
	"strings"

	"github.com/codeseek/codeseek/internal/lazyre"
)

// A report often ends with its writer's environment: the output of
// show_versions() or `pip freeze`, the versions an issue form asks for
// ("numpy: 1.25.2", "OS: Linux", "requests==2.31.0"). Its words are
// every dependency's name and its numbers, which the project's packaging
// (setup.py, pyproject.toml) and version modules hold all of: with such a
// listing under each report, setup.py came first for 25 of the Python
// check's 88 (docs/evaluation.md). Both channels read a report without
// it.

// envKeyValue is an entry written "key: value" ("numpy: 1.25.2",
// "python-bits: 64", "System:", pandas' "commit      : 2e218d1"): a key
// of at most three words, a value of at most sixteen (Python's own
// version line names its build and compiler).
var envKeyValue = lazyre.New(`^\s*[A-Za-z][\w.+()/-]*(?: [\w.+()/-]+){0,2}\s*:(?:\s+(\S+(?:\s+\S+){0,15}))?\s*$`)

// envPinned is a package pinned or listed with its version, as pip and
// conda print them ("requests==2.31.0", "numpy 1.25.2 py311h64a7726_0").
var envPinned = lazyre.New(`^\s*[A-Za-z][\w.\[\]-]*\s*(?:==|>=|<=|~=|\s)\s*v?\d+\.\d+\S*(?:\s+\S+){0,3}\s*$`)

// rule reports a listing's heading rule ("------------------"), t
// trimmed.
func rule(t string) bool {
	return len(t) >= 3 && strings.Trim(t, "-") == "" || len(t) >= 3 && strings.Trim(t, "=") == ""
}

// versionValue is a value that opens with a version ("3.11.4 (main, …)",
// "v2.0.1").
var versionValue = lazyre.New(`^v?\d+\.\d+`)

// minEnvEntries and minEnvVersions are how many entries, and how many
// with a version, a run of lines needs to be a listing: "Expected: 3.0"
// and "Actual: 2.5" under each other are a report's own words.
const (
	minEnvEntries  = 4
	minEnvVersions = 3
)

// withoutEnvironment returns text without its environment listings:
// runs of entry lines (blank lines between them allowed) with at least
// minEnvEntries entries, minEnvVersions of them versions, and versions
// at least a third of the entries that are not rules (scikit-learn's
// listing names its executable, machine and BLAS build too). Fenced or
// not, a listing says nothing of the code.
func withoutEnvironment(text string) string {
	lines := strings.Split(text, "\n")
	drop := make([]bool, len(lines))
	found := false
	for i := 0; i < len(lines); {
		if _, ok := envEntry(lines[i]); !ok {
			i++
			continue
		}
		end, entries, versions := i, 0, 0
		for j := i; j < len(lines); j++ {
			if strings.TrimSpace(lines[j]) == "" {
				continue
			}
			versioned, ok := envEntry(lines[j])
			if !ok {
				break
			}
			end = j + 1
			if !rule(strings.TrimSpace(lines[j])) {
				entries++
			}
			if versioned {
				versions++
			}
		}
		if entries >= minEnvEntries && versions >= minEnvVersions && 3*versions >= entries {
			for j := i; j < end; j++ {
				drop[j] = true
			}
			found = true
		}
		i = end
	}
	if !found {
		return text
	}
	kept := lines[:0]
	for i, ln := range lines {
		if !drop[i] {
			kept = append(kept, ln)
		}
	}
	return strings.Join(kept, "\n")
}

// envEntry reports whether ln is an entry of an environment listing, and
// whether its value is a version.
func envEntry(ln string) (versioned, ok bool) {
	// An entry has a colon or a version's digits, and a line of code
	// that looks like one goes on past its end ("timeout: 1.5,").
	t := strings.TrimSpace(ln)
	if rule(t) {
		return false, true
	}
	if !strings.ContainsAny(t, ":0123456789") || strings.HasSuffix(t, ",") || strings.HasSuffix(t, ";") || strings.HasSuffix(t, "{") {
		return false, false
	}
	if envPinned().MatchString(t) {
		return true, true
	}
	m := envKeyValue().FindStringSubmatch(t)
	if m == nil {
		return false, false
	}
	return versionValue().MatchString(m[1]), true
}

package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// pickGroups classify allowed Debian package names by the language of the
// source they ship; the first match wins.
var pickGroups = []struct {
	lang string
	re   *regexp.Regexp
}{
	{"rust", regexp.MustCompile(`^librust-[^+]*-dev$`)},
	{"go", regexp.MustCompile(`^golang-.*-dev$`)},
	{"python", regexp.MustCompile(`^python3-`)},
	{"javascript", regexp.MustCompile(`^node-`)},
	{"ruby", regexp.MustCompile(`^ruby-`)},
	{"php", regexp.MustCompile(`^php-`)},
	// C and C++ headers; Haskell, OCaml, Java, .NET and Perl packages
	// ship no source the miner reads.
	{"c", regexp.MustCompile(`^lib(?:[^g]|g[^h]|gh[^c])[^+]*-dev$`)},
}

// pickSkip are -dev packages whose headers are not source to learn from.
var pickSkip = regexp.MustCompile(`-(?:ocaml|java|cil|perl|doc|dbg)-|-(?:ocaml|java|cil)-dev$|^libghc-`)

// defaultPerLang sizes a full run: about 1,900 packages, which mine and
// train within 90 minutes on two cores from a warm cache (see
// embedding/README_model.md).
const defaultPerLang = "python=400,go=250,javascript=300,ruby=250,php=200,rust=300,c=200"

// pickMain is the pick subcommand: a deterministic selection of allowed
// Debian packages per language, written as name=version lines for -debs.
func pickMain(args []string) error {
	fs := flag.NewFlagSet("pick", flag.ContinueOnError)
	allowed := fs.String("allowed", "../shared/training/debian-allowed.txt", "the allowed package names (shared/TRAINING.md)")
	perLang := fs.String("per-lang", defaultPerLang, "packages per language group")
	seed := fs.Uint64("seed", 1, "seed of the selection order")
	minKB := fs.Int("min-kb", 20, "smallest installed size in KB (smaller ones are mostly metadata)")
	maxKB := fs.Int("max-kb", 20000, "largest installed size in KB (larger ones are mostly data or bundles)")
	out := fs.String("out", "", "output file (default standard output)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	b, err := os.ReadFile(*allowed)
	if err != nil {
		return fmt.Errorf("pick: read the allowed list: %w (pass -allowed)", err)
	}
	names := strings.Fields(string(b))
	info, err := aptInfo(names)
	if err != nil {
		return err
	}
	sel := pick(names, info, parseUpsample(*perLang), *seed, *minKB, *maxKB)
	var w strings.Builder
	fmt.Fprintf(&w, "# go run ./embedding/train pick %s\n", strings.Join(args, " "))
	for _, g := range sel {
		fmt.Fprintf(&w, "# %s: %d packages, %d KB installed\n", g.lang, len(g.pkgs), g.kb)
		for _, p := range g.pkgs {
			fmt.Fprintf(&w, "%s=%s\n", p, info[p].version)
		}
	}
	if *out == "" {
		_, err = os.Stdout.WriteString(w.String())
		return err
	}
	return os.WriteFile(*out, []byte(w.String()), 0o644)
}

// pkgInfo is what the package lists say about one package.
type pkgInfo struct {
	version string
	kb      int
}

// aptInfo reads the candidate version and installed size of each name
// from the local package lists (no network).
func aptInfo(names []string) (map[string]pkgInfo, error) {
	out := map[string]pkgInfo{}
	for start := 0; start < len(names); start += 500 {
		args := append([]string{"show", "--no-all-versions"}, names[start:min(len(names), start+500)]...)
		// apt-cache fails when one name is unknown but still prints the
		// others, so the output is read whatever the exit status.
		b, _ := exec.Command("apt-cache", args...).Output()
		for name, st := range parseStanzas(string(b)) {
			kb, _ := strconv.Atoi(st["Installed-Size"])
			out[name] = pkgInfo{version: st["Version"], kb: kb}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("pick: apt-cache knows none of the allowed packages; run apt-get update first")
	}
	return out, nil
}

// pickedGroup is one language's selection.
type pickedGroup struct {
	lang string
	pkgs []string
	kb   int
}

// pick chooses up to perLang[lang] packages of each group, in an order set
// by a hash of the seed and the name, skipping packages apt does not know,
// sizes outside [minKB, maxKB], and further versions of a library already
// chosen (librust-foo-0.3-dev after librust-foo-dev).
func pick(names []string, info map[string]pkgInfo, perLang map[string]int, seed uint64, minKB, maxKB int) []pickedGroup {
	byLang := map[string][]string{}
	for _, n := range names {
		if pickSkip.MatchString(n) {
			continue
		}
		for _, g := range pickGroups {
			if g.re.MatchString(n) {
				byLang[g.lang] = append(byLang[g.lang], n)
				break
			}
		}
	}
	var out []pickedGroup
	family := map[string]bool{}
	for _, g := range pickGroups {
		ns := byLang[g.lang]
		sort.Slice(ns, func(i, j int) bool {
			a, b := unitHash(seed, ns[i]), unitHash(seed, ns[j])
			return a < b || (a == b && ns[i] < ns[j])
		})
		pg := pickedGroup{lang: g.lang}
		for _, n := range ns {
			if len(pg.pkgs) >= perLang[g.lang] {
				break
			}
			in, ok := info[n]
			if !ok || in.version == "" || in.kb < minKB || in.kb > maxKB {
				continue
			}
			f := libraryFamily(n)
			if family[f] {
				continue
			}
			family[f] = true
			pg.pkgs = append(pg.pkgs, n)
			pg.kb += in.kb
		}
		sort.Strings(pg.pkgs)
		out = append(out, pg)
	}
	return out
}

var versionPart = regexp.MustCompile(`[-.]?v?\d+(?:[.-]\d+)*`)

// libraryFamily names a library without its version numbers, so that only
// one of its packaged versions is picked.
func libraryFamily(name string) string { return versionPart.ReplaceAllString(name, "") }

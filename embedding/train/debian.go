package main

import (
	"bufio"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// debSourceDirs are where Debian packages keep source code; the miner
// walks only these.
var debSourceDirs = []string{
	"usr/lib/python3/dist-packages",
	"usr/share/gocode/src",
	"usr/share/cargo/registry",
	"usr/share/nodejs",
	"usr/lib/ruby/vendor_ruby",
	"usr/share/rubygems-integration/all/gems",
	"usr/share/php",
	"usr/include",
}

// debTools are the package-manager operations fetchDebs needs; tests
// replace them.
type debTools struct {
	// download fetches the .deb files of specs ("name=version" or "name")
	// into dir.
	download func(dir string, specs ...string) error
	// candidates returns the version apt would install now for each name
	// it knows.
	candidates func(names []string) (map[string]string, error)
	// extract unpacks a .deb into dir.
	extract func(deb, dir string) error
}

var aptTools = debTools{download: aptDownload, candidates: aptCandidates, extract: dpkgExtract}

func aptDownload(dir string, specs ...string) error {
	cmd := exec.Command("apt-get", append([]string{"download"}, specs...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("apt-get download %s: %v: %s", strings.Join(specs, " "), err, lastLine(string(out)))
	}
	return nil
}

// aptCandidates asks the local package lists (no network) for the
// candidate version of each name.
func aptCandidates(names []string) (map[string]string, error) {
	info, err := aptInfo(names)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for n, in := range info {
		out[n] = in.version
	}
	return out, nil
}

// parseStanzas reads apt-cache output into fields per package.
func parseStanzas(text string) map[string]map[string]string {
	out := map[string]map[string]string{}
	var cur map[string]string
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == ' ' {
			continue
		}
		k, v, ok := strings.Cut(line, ": ")
		if !ok {
			continue
		}
		if k == "Package" {
			if _, seen := out[v]; seen {
				cur = map[string]string{} // a later version: ignored
				continue
			}
			cur = map[string]string{}
			out[v] = cur
		}
		if cur != nil {
			cur[k] = v
		}
	}
	return out
}

func dpkgExtract(deb, dir string) error {
	if out, err := exec.Command("dpkg-deb", "-x", deb, dir).CombinedOutput(); err != nil {
		return fmt.Errorf("dpkg-deb -x %s: %v: %s", deb, err, out)
	}
	return nil
}

// debFileVersion escapes a version the way apt names .deb files.
func debFileVersion(v string) string { return strings.ReplaceAll(v, ":", "%3a") }

// debCached returns the cached .deb of name at version, or "".
func debCached(debDir, name, version string) string {
	m, _ := filepath.Glob(filepath.Join(debDir, name+"_"+debFileVersion(version)+"_*.deb"))
	if len(m) == 0 {
		return ""
	}
	return m[0]
}

// downloadBatch is how many packages one apt-get call fetches.
const downloadBatch = 64

// fetchDebs makes every Debian source available under cache/deb. It is
// resumable: unpacked packages and downloaded .deb files are reused, and
// unpacking goes through a temporary directory. A pinned version that is
// no longer served is replaced by the current one: the substitution is
// logged, s.Pinned keeps the version asked for and s.Version becomes the one
// used; a marker file spares later runs the failed download.
func fetchDebs(srcs []*Source, cache string, t debTools) error {
	debDir := filepath.Join(cache, "deb")
	if err := os.MkdirAll(debDir, 0o755); err != nil {
		return err
	}
	// Unversioned names take the current candidate.
	var unversioned []string
	for _, s := range srcs {
		if s.Version == "" {
			unversioned = append(unversioned, s.Name)
		}
	}
	if len(unversioned) > 0 {
		cand, err := t.candidates(unversioned)
		if err != nil {
			return err
		}
		for _, s := range srcs {
			if s.Version == "" {
				if s.Version = cand[s.Name]; s.Version == "" {
					return fmt.Errorf("debian package %s: not in the package lists; run apt-get update, or drop it from the list", s.Name)
				}
			}
		}
	}
	// Pinned versions known to be gone go straight to the fallback.
	var gone []*Source
	var want []*Source
	for _, s := range srcs {
		if _, err := os.Stat(unpackDir(cache, s)); err == nil {
			continue
		}
		if debCached(debDir, s.Name, s.Version) != "" {
			continue
		}
		if _, err := os.Stat(goneMarker(debDir, s)); err == nil {
			gone = append(gone, s)
			continue
		}
		want = append(want, s)
	}
	for start := 0; start < len(want); start += downloadBatch {
		failed, err := downloadHalving(debDir, want[start:min(len(want), start+downloadBatch)], t)
		if err != nil {
			return err
		}
		gone = append(gone, failed...)
	}
	if err := substituteCurrent(gone, debDir, t); err != nil {
		return err
	}
	for _, s := range srcs {
		if err := unpack(s, cache, t); err != nil {
			return err
		}
	}
	return nil
}

// downloadHalving downloads a batch in one apt-get call. One version that
// is no longer served fails the whole call, so a failed batch is halved
// until the failing packages stand alone; those are returned, each marked
// as gone in the cache.
func downloadHalving(debDir string, batch []*Source, t debTools) ([]*Source, error) {
	var todo []*Source
	var specs []string
	for _, s := range batch {
		if debCached(debDir, s.Name, s.Version) == "" {
			todo = append(todo, s)
			specs = append(specs, s.Name+"="+s.Version)
		}
	}
	if len(todo) == 0 {
		return nil, nil
	}
	err := t.download(debDir, specs...)
	if err == nil {
		return nil, nil
	}
	if len(todo) == 1 {
		s := todo[0]
		log.Printf("%s=%s is no longer served (%v)", s.Name, s.Version, err)
		return todo, os.WriteFile(goneMarker(debDir, s), []byte(err.Error()+"\n"), 0o644)
	}
	mid := len(todo) / 2
	a, err := downloadHalving(debDir, todo[:mid], t)
	if err != nil {
		return nil, err
	}
	b, err := downloadHalving(debDir, todo[mid:], t)
	return append(a, b...), err
}

// substituteCurrent moves each source in gone to the version apt serves
// now, downloading it unless it is cached.
func substituteCurrent(gone []*Source, debDir string, t debTools) error {
	if len(gone) == 0 {
		return nil
	}
	var names []string
	for _, s := range gone {
		names = append(names, s.Name)
	}
	cand, err := t.candidates(names)
	if err != nil {
		return err
	}
	for _, s := range gone {
		cur := cand[s.Name]
		if cur == "" || cur == s.Version {
			return fmt.Errorf("debian package %s=%s cannot be downloaded and no other version is served; run apt-get update or drop it", s.Name, s.Version)
		}
		log.Printf("substituting %s %s for the pinned %s, which is no longer served", s.Name, cur, s.Version)
		s.Pinned, s.Version = s.Version, cur
		if debCached(debDir, s.Name, cur) == "" {
			if err := t.download(debDir, s.Name+"="+cur); err != nil {
				return err
			}
		}
	}
	return nil
}

func goneMarker(debDir string, s *Source) string {
	return filepath.Join(debDir, s.Name+"_"+debFileVersion(s.Version)+".gone")
}

func unpackDir(cache string, s *Source) string {
	return filepath.Join(cache, "deb", s.Name+"_"+debFileVersion(s.Version))
}

// unpack extracts the source's .deb (once) and sets s.Root.
func unpack(s *Source, cache string, t debTools) error {
	dir := unpackDir(cache, s)
	s.Root = dir
	if _, err := os.Stat(dir); err == nil {
		return nil
	}
	deb := debCached(filepath.Join(cache, "deb"), s.Name, s.Version)
	if deb == "" {
		return fmt.Errorf("debian package %s=%s: no .deb in the cache after downloading", s.Name, s.Version)
	}
	_ = os.RemoveAll(dir + ".tmp")
	if err := t.extract(deb, dir+".tmp"); err != nil {
		return err
	}
	return os.Rename(dir+".tmp", dir)
}

// readDebList reads a package list: one `name` or `name=version` a line;
// blank lines and # comments are skipped.
func readDebList(path string) ([]*Source, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read -debs list: %w", err)
	}
	var out []*Source
	for i, line := range strings.Split(string(b), "\n") {
		if k := strings.IndexByte(line, '#'); k >= 0 {
			line = line[:k]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		name, ver, _ := strings.Cut(line, "=")
		if strings.ContainsAny(name, " /\t") {
			return nil, fmt.Errorf("%s:%d: %q is not a package name; write name or name=version", path, i+1, line)
		}
		out = append(out, &Source{Kind: "deb", Name: name, Version: ver})
	}
	return out, nil
}

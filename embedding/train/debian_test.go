package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeApt serves the versions in served and counts downloads.
type fakeApt struct {
	served    map[string]string // name → the one version served
	downloads []string
	calls     [][]string
}

func (f *fakeApt) tools() debTools {
	return debTools{
		download: func(dir string, specs ...string) error {
			f.calls = append(f.calls, specs)
			for _, spec := range specs {
				name, ver, _ := strings.Cut(spec, "=")
				if f.served[name] != ver {
					return errors.New("E: Version '" + ver + "' for '" + name + "' was not found")
				}
			}
			for _, spec := range specs {
				f.downloads = append(f.downloads, spec)
				name, ver, _ := strings.Cut(spec, "=")
				if err := os.WriteFile(filepath.Join(dir, name+"_"+debFileVersion(ver)+"_all.deb"), []byte(spec), 0o644); err != nil {
					return err
				}
			}
			return nil
		},
		candidates: func(names []string) (map[string]string, error) {
			out := map[string]string{}
			for _, n := range names {
				if v, ok := f.served[n]; ok {
					out[n] = v
				}
			}
			return out, nil
		},
		extract: func(deb, dir string) error {
			b, err := os.ReadFile(deb)
			if err != nil {
				return err
			}
			py := filepath.Join(dir, "usr/lib/python3/dist-packages")
			if err := os.MkdirAll(py, 0o755); err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(py, "m.py"), b, 0o644)
		},
	}
}

func TestFetchDebsSubstitutesAGoneVersionAndResumes(t *testing.T) {
	cache := t.TempDir()
	apt := &fakeApt{served: map[string]string{"python3-a": "1.0-2", "python3-b": "2:3.1-1", "python3-c": "0.5-1"}}
	srcs := func() []*Source {
		return []*Source{
			{Kind: "deb", Name: "python3-a", Version: "1.0-1"}, // no longer served
			{Kind: "deb", Name: "python3-b", Version: "2:3.1-1"},
			{Kind: "deb", Name: "python3-c"}, // unpinned: the current one
		}
	}
	first := srcs()
	if err := fetchDebs(first, cache, apt.tools()); err != nil {
		t.Fatal(err)
	}
	if first[0].Version != "1.0-2" || first[0].Pinned != "1.0-1" {
		t.Errorf("substitution recorded as version %q pinned %q, want 1.0-2 for the pinned 1.0-1", first[0].Version, first[0].Pinned)
	}
	if first[1].Pinned != "" || first[2].Version != "0.5-1" {
		t.Errorf("served versions changed: %+v %+v", first[1], first[2])
	}
	for _, s := range first {
		b, err := os.ReadFile(filepath.Join(s.Root, "usr/lib/python3/dist-packages/m.py"))
		if err != nil || string(b) != s.Name+"="+s.Version {
			t.Errorf("%s unpacked %q (%v), want the .deb of %s", s.Name, b, err, s.Version)
		}
	}
	// One batch call failed for the gone version; halving fetched the
	// other two without trying them one by one.
	if len(apt.calls) > 5 {
		t.Errorf("%d apt-get calls for 3 packages: %v", len(apt.calls), apt.calls)
	}
	if got := totals(first, 0); got.DebianPackages != 3 || got.Substituted != 1 {
		t.Errorf("totals = %+v, want 3 packages, 1 substituted", got)
	}

	// A second run finds everything in the cache and downloads nothing,
	// and still records the substitution.
	n := len(apt.downloads)
	again := srcs()
	if err := fetchDebs(again, cache, apt.tools()); err != nil {
		t.Fatal(err)
	}
	if len(apt.downloads) != n {
		t.Errorf("the second run downloaded %v", apt.downloads[n:])
	}
	if again[0].Version != "1.0-2" || again[0].Pinned != "1.0-1" {
		t.Errorf("second run: version %q pinned %q", again[0].Version, again[0].Pinned)
	}

	// An interrupted unpack (a leftover .tmp) is redone.
	if err := os.RemoveAll(again[1].Root); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(again[1].Root+".tmp/junk", 0o755); err != nil {
		t.Fatal(err)
	}
	third := srcs()
	if err := fetchDebs(third, cache, apt.tools()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(third[1].Root, "junk")); err == nil {
		t.Error("the leftover of an interrupted unpack was kept")
	}
}

func TestFetchDebsNamesAnUnknownPackage(t *testing.T) {
	apt := &fakeApt{served: map[string]string{}}
	err := fetchDebs([]*Source{{Kind: "deb", Name: "python3-nope"}}, t.TempDir(), apt.tools())
	if err == nil || !strings.Contains(err.Error(), "python3-nope") || !strings.Contains(err.Error(), "apt-get update") {
		t.Errorf("err = %v, want one naming the package and the fix", err)
	}
}

func TestReadDebList(t *testing.T) {
	p := filepath.Join(t.TempDir(), "list.txt")
	if err := os.WriteFile(p, []byte("# comment\npython3-a=1.0-1\n\nruby-b  # trailing\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readDebList(p)
	if err != nil || len(got) != 2 || got[0].Version != "1.0-1" || got[1].Name != "ruby-b" || got[1].Version != "" {
		t.Errorf("readDebList = %+v, %v", got, err)
	}
	if err := os.WriteFile(p, []byte("not a name\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readDebList(p); err == nil || !strings.Contains(err.Error(), ":1:") {
		t.Errorf("a bad line gave %v, want an error with its line number", err)
	}
}

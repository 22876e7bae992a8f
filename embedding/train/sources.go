package main

import (
	"archive/tar"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// Source is one allowed training source (see shared/TRAINING.md), pinned to
// an exact version so that a training run can be repeated.
type Source struct {
	Kind    string `json:"kind"` // gostd, gomod, pystd, npm, deb
	Name    string `json:"name"`
	Version string `json:"version"`
	// Pinned is the version asked for when it was no longer served and
	// Version, the one then current, was used instead.
	Pinned string `json:"pinned_version,omitempty"`
	// Root is the unpacked directory, filled by fetch; not recorded.
	Root string `json:"-"`
	// Files is the number of source files mined, after deduplication by
	// content across sources.
	Files int `json:"files"`
	// Pairs is the number of pairs mined from it (after deduplication and
	// shape sampling), with their split by shape and language.
	Pairs  int            `json:"pairs"`
	Shapes map[string]int `json:"shapes,omitempty"`
	Langs  map[string]int `json:"languages,omitempty"`
	// Negatives is the number of unpaired chunks (tests, undocumented
	// code) mined from it.
	Negatives int `json:"negatives"`
	// Skipped says why the source gave nothing (its miner crashed).
	Skipped string `json:"skipped,omitempty"`
}

// goModules are the allowed Go modules at the versions the first model was
// trained on, less those now in the file-level development benchmark
// (cobra, gin, chi), which shared/TRAINING.md no longer allows. consul/api
// and hugo are pinned below their latest releases, which need a newer Go
// toolchain than the project's.
var goModules = [][2]string{
	{"golang.org/x/net", "v0.62.0"},
	{"golang.org/x/text", "v0.43.0"},
	{"golang.org/x/crypto", "v0.58.0"},
	{"golang.org/x/tools", "v0.52.0"},
	{"google.golang.org/grpc", "v1.85.0"},
	{"google.golang.org/protobuf", "v1.36.12"},
	{"k8s.io/client-go", "v0.37.2"},
	{"k8s.io/apimachinery", "v0.37.2"},
	{"github.com/docker/docker", "v28.5.2+incompatible"},
	{"github.com/hashicorp/vault/api", "v1.23.0"},
	{"github.com/hashicorp/consul/api", "v1.34.0"},
	{"github.com/hashicorp/go-plugin", "v1.8.0"},
	{"github.com/hashicorp/terraform-plugin-sdk/v2", "v2.40.1"},
	{"github.com/gohugoio/hugo", "v0.160.0"},
	{"github.com/caddyserver/caddy/v2", "v2.11.9"},
	{"github.com/nats-io/nats-server/v2", "v2.15.2"},
	{"github.com/prometheus/client_golang", "v1.25.0"},
	{"github.com/cockroachdb/pebble", "v1.1.5"},
	{"github.com/dgraph-io/badger/v4", "v4.9.6"},
	{"go.etcd.io/bbolt", "v1.5.0"},
	{"github.com/blevesearch/bleve/v2", "v2.6.3"},
	{"github.com/go-git/go-git/v5", "v5.19.3"},
	{"github.com/klauspost/compress", "v1.20.3"},
	{"github.com/spf13/viper", "v1.21.0"},
	{"github.com/spf13/afero", "v1.15.0"},
	{"github.com/labstack/echo/v4", "v4.16.0"},
	{"github.com/gofiber/fiber/v2", "v2.52.15"},
	{"github.com/gorilla/mux", "v1.8.1"},
	{"github.com/urfave/cli/v2", "v2.27.7"},
	{"github.com/sirupsen/logrus", "v1.10.2"},
	{"go.uber.org/zap", "v1.28.0"},
	{"github.com/rs/zerolog", "v1.35.1"},
	{"github.com/stretchr/testify", "v1.12.1"},
	{"github.com/fsnotify/fsnotify", "v1.10.1"},
	{"github.com/tetratelabs/wazero", "v1.12.0"},
}

// npmPackages are the allowed npm packages (express and axios are no longer
// allowed: they are in the file-level development benchmark).
var npmPackages = [][2]string{
	{"underscore", "1.13.8"},
	{"moment", "2.31.0"},
	{"date-fns", "4.4.0"},
	{"rxjs", "7.8.2"},
	{"bluebird", "3.7.2"},
	{"commander", "15.1.0"},
	{"yargs", "18.2.0"},
	{"jquery", "4.0.0"},
	{"d3", "7.9.2"},
	{"three", "0.187.0"},
}

var debPackages = [][2]string{
	{"python3-jinja2", "3.1.2-1+deb12u3"},
	{"python3-yaml", "6.0-3+b2"},
	{"python3-urllib3", "1.26.12-1+deb12u3"},
	{"python3-docutils", "0.19+dfsg-6"},
	{"python3-pygments", "2.14.0+dfsg-1"},
	{"python3-setuptools", "66.1.1-1+deb12u2"},
	{"python3-sqlalchemy", "1.4.46+ds1-1"},
}

// baseSources lists the fixed sources in mining order; the order decides
// which copy of a duplicated pair is kept.
func baseSources() []*Source {
	var out []*Source
	out = append(out, &Source{Kind: "gostd", Name: "go", Version: runtime.Version()})
	for _, m := range goModules {
		out = append(out, &Source{Kind: "gomod", Name: m[0], Version: m[1]})
	}
	out = append(out, &Source{Kind: "pystd", Name: "python"})
	for _, p := range debPackages {
		out = append(out, &Source{Kind: "deb", Name: p[0], Version: p[1]})
	}
	for _, p := range npmPackages {
		out = append(out, &Source{Kind: "npm", Name: p[0], Version: p[1]})
	}
	return out
}

// fetch makes a source other than a Debian package available under cache
// and sets s.Root.
func fetch(s *Source, cache string) error {
	switch s.Kind {
	case "gostd":
		out, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			return err
		}
		s.Root = filepath.Join(strings.TrimSpace(string(out)), "src")
	case "gomod":
		cmd := exec.Command("go", "mod", "download", "-json", s.Name+"@"+s.Version)
		cmd.Dir = cache // outside any module, so no go.mod is touched
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GO111MODULE=on")
		out, err := cmd.Output()
		var info struct{ Dir, Error string }
		if jerr := json.Unmarshal(out, &info); jerr != nil || info.Dir == "" {
			return fmt.Errorf("go mod download %s@%s: %v %s", s.Name, s.Version, err, info.Error)
		}
		s.Root = info.Dir
	case "pystd":
		out, err := exec.Command("python3", "-c",
			"import sys,sysconfig;print(sysconfig.get_paths()['stdlib']);print('%d.%d.%d'%sys.version_info[:3])").Output()
		if err != nil {
			return fmt.Errorf("python3: %v", err)
		}
		lines := strings.Fields(string(out))
		if len(lines) != 2 {
			return fmt.Errorf("python3: unexpected output %q", out)
		}
		s.Root, s.Version = lines[0], lines[1]
	case "npm":
		dir := filepath.Join(cache, "npm", s.Name+"-"+s.Version)
		if _, err := os.Stat(dir); err != nil {
			if err := os.MkdirAll(filepath.Join(cache, "npm"), 0o755); err != nil {
				return err
			}
			cmd := exec.Command("npm", "pack", "--silent", "--pack-destination", filepath.Join(cache, "npm"), s.Name+"@"+s.Version)
			out, err := cmd.Output()
			if err != nil {
				return fmt.Errorf("npm pack %s@%s: %v", s.Name, s.Version, err)
			}
			tgz := filepath.Join(cache, "npm", strings.TrimSpace(lastLine(string(out))))
			if err := untgz(tgz, dir+".tmp"); err != nil {
				return err
			}
			if err := os.Rename(dir+".tmp", dir); err != nil {
				return err
			}
		}
		s.Root = dir
	default:
		return fmt.Errorf("unknown source kind %q", s.Kind)
	}
	return nil
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// untgz unpacks regular files of a gzipped tarball into dir.
func untgz(path, dir string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		name := filepath.Clean(h.Name)
		if strings.HasPrefix(name, "..") || filepath.IsAbs(name) {
			continue
		}
		dst := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		out, err := os.Create(dst)
		if err != nil {
			return err
		}
		_, err = io.Copy(out, tr)
		out.Close()
		if err != nil {
			return err
		}
	}
}

// fetchAll makes every source available and sets its Root: Debian packages
// through fetchDebs with t, the others one by one.
func fetchAll(sources []*Source, cache string, t debTools) error {
	var debs []*Source
	for _, s := range sources {
		if s.Kind == "deb" {
			debs = append(debs, s)
			continue
		}
		if err := fetch(s, cache); err != nil {
			return fmt.Errorf("fetch %s: %w", s.Name, err)
		}
	}
	return fetchDebs(debs, cache, t)
}

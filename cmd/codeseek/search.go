package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/formatter/terminal"
	"github.com/codeseek/codeseek/indexer"
	"github.com/codeseek/codeseek/tools"
)

func newSearchCmd(g *globalFlags) *cobra.Command {
	out := outputFlags{view: true}
	var repo string
	var maxTokens int
	p := tools.SearchParams{}
	c := &cobra.Command{
		Use:   "search QUERY",
		Short: "Search a repository's code (or --docs) by meaning and by name",
		Long: "Search answers a natural-language question, an identifier or a whole bug report with the best-matching chunks. " +
			"QUERY - reads the query from standard input (a pasted issue: `codeseek search - < issue.md`). " +
			"The repository (--repo, default the current directory) is indexed first if it has no usable index (none yet, or one another codeseek version wrote).",
		Args: argsBetween(1, 1),
		RunE: func(c *cobra.Command, a []string) error {
			q, err := queryArg(a[0], c.InOrStdin())
			if err != nil {
				return err
			}
			p.Query = q
			o, err := out.output(maxTokens)
			if err != nil {
				return err
			}
			p.WithContext = o.Detail == formatter.Detailed
			svc, err := g.service(c.Context())
			if err != nil {
				return err
			}
			if p.RepositoryID, err = ensureIndexed(c, svc, repo); err != nil {
				return err
			}
			resp, err := svc.Search(c.Context(), p)
			if err != nil {
				return err
			}
			resp.Warning = cliWords.Replace(resp.Warning)
			return print(render(resp, o, formatter.RenderSearch, func(r formatter.SearchResponse, v terminal.Options) (string, error) {
				return terminal.Search(r, p.Query, v)
			}))
		},
	}
	f := c.Flags()
	f.StringVar(&repo, "repo", ".", "repository to search (indexed first if needed)")
	f.BoolVar(&p.Docs, "docs", false, "search documentation sections instead of code")
	f.IntVar(&p.Limit, "limit", tools.DefaultLimit, fmt.Sprintf("number of results, 1 to %d", tools.MaxLimit))
	f.StringVar(&p.FileType, "lang", "", "only files of this language or extension (go, .py, python)")
	f.StringVar(&p.Directory, "dir", "", "only files under this repository-relative directory")
	f.StringVar(&p.Mode, "mode", "", "hybrid (default), vector or lexical")
	f.IntVar(&maxTokens, "max-tokens", 0, "stop adding results when the output reaches this many tokens (0: no limit)")
	out.register(c)
	return c
}

// queryArg is the query an argument gives: the argument itself, or for
// "-" what standard input holds, read up to a little past the largest
// query search takes so that an oversized one gets search's own error.
func queryArg(arg string, stdin io.Reader) (string, error) {
	if arg != "-" {
		return arg, nil
	}
	const most = tools.MaxPastedBytes
	b, err := io.ReadAll(io.LimitReader(stdin, most+1))
	if err != nil {
		return "", fmt.Errorf("read the query from standard input: %w", err)
	}
	if len(b) > most {
		// Only the first bytes were read, so search's error would
		// understate the size.
		return "", usagef("search -: standard input holds more than %d KiB, the most a query may be: keep what names the problem (the error message, identifiers, a few lines of a trace)", most>>10)
	}
	if strings.TrimSpace(string(b)) == "" {
		return "", usagef("search -: standard input holds no query; pipe one in (codeseek search - < issue.md)")
	}
	return string(b), nil
}

// ensureIndexed returns the repository ID of path, indexing it first when
// neither it nor a directory above it has an index.
func ensureIndexed(c *cobra.Command, svc *tools.Service, path string) (string, error) {
	root, err := repoRoot(svc, path)
	if err != nil {
		return "", err
	}
	id := tools.RepoID(root)
	if svc.Indexed(id) {
		return id, nil
	}
	if _, ok := mayIndexUnasked(root, implicitIndexMaxFiles); !ok {
		return "", usagef("%s has no index, is no repository (no .git, .hg or .svn) and holds more than %d files, too many to index unasked: index it on purpose with `codeseek index %s`, or pass a repository with --repo", root, implicitIndexMaxFiles, root)
	}
	fmt.Fprintf(os.Stderr, "codeseek: %s has no usable index; indexing it first\n", root)
	rep, err := indexWithProgress(c, svc, tools.IndexParams{RepoPath: root})
	if err != nil {
		return "", err
	}
	if rep.Rebuilt != "" { // an index was there, written by another version or damaged
		fmt.Fprintf(os.Stderr, "codeseek: rebuilt the index: %s\n", rep.Rebuilt)
	}
	fmt.Fprintf(os.Stderr, "codeseek: indexed %d files (%d chunks) in %.1fs\n", rep.FilesIndexed, rep.ChunksCreated, rep.Duration.Seconds())
	if rep.FilesIndexed+rep.FilesUnchanged == 0 {
		return "", errors.New("nothing to search: no indexable files found")
	}
	return id, nil
}

// implicitIndexMaxFiles is the most files a directory that is no
// repository may hold for a command to index it without being asked:
// `codeseek search … --repo /tmp` indexed 118,697 files for 285 s and
// wrote 2.2 GB.
const implicitIndexMaxFiles = 20000

// mayIndexUnasked reports whether dir may be indexed unasked: a
// repository's root (.git, .hg, .svn) always, any other directory when it
// holds at most limit files. It returns the files counted, which stop
// past limit.
func mayIndexUnasked(dir string, limit int) (int, bool) {
	if indexer.IsRepository(dir) {
		return 0, true
	}
	n := 0
	errStop := errors.New("stop")
	filepath.WalkDir(dir, func(_ string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable: the index run says so, if it comes
		}
		if !e.IsDir() {
			if n++; n > limit {
				return errStop
			}
		}
		return nil
	})
	return n, n <= limit
}

// repoRoot is the repository a command run at path works on: path, or
// the nearest directory above it that is indexed. A command run in a
// subdirectory of an indexed repository answers from the repository's
// index, as git and gopls work from inside a tree, rather than building a
// second index that holds part of it.
func repoRoot(svc *tools.Service, path string) (string, error) {
	root, err := tools.RepoRoot(path)
	if err != nil {
		return "", usageError{fmt.Errorf("--repo: %s", strings.TrimPrefix(err.Error(), "repo_path: "))}
	}
	for dir := root; ; {
		if svc.Indexed(tools.RepoID(dir)) {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return root, nil
		}
		dir = up
	}
}

package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/formatter/terminal"
	"github.com/codeseek/codeseek/indexer"
	"github.com/codeseek/codeseek/tools"
)

// navFlags are the flags the navigation commands share.
type navFlags struct {
	out       outputFlags
	repo      string
	lang, dir string
	maxTokens int
}

func (n *navFlags) register(c *cobra.Command) {
	f := c.Flags()
	f.StringVar(&n.repo, "repo", ".", "repository (indexed first if needed)")
	f.StringVar(&n.lang, "lang", "", "only answers in files of this language or extension (go, .py, python)")
	f.StringVar(&n.dir, "dir", "", "only answers in files under this repository-relative directory")
	f.IntVar(&n.maxTokens, "max-tokens", 0, "keep as many items as fit this many tokens (0: no limit)")
	n.out.register(c)
}

// start returns the service, the parameters for a navigation command and
// the repository's root, the repository indexed first when it has no
// index.
// The path an argument names (map's DIR, the FILE of FILE:LINE) tells
// the repository when --repo is not given and the working directory is
// none: the indexed repository holding it, else the repository root
// above it.
func (n *navFlags) start(c *cobra.Command, g *globalFlags, argPath string) (*tools.Service, tools.NavParams, string, output, error) {
	opts, err := n.out.output(n.maxTokens)
	if err != nil {
		return nil, tools.NavParams{}, "", opts, err
	}
	svc, err := g.service(c.Context())
	if err != nil {
		return nil, tools.NavParams{}, "", opts, err
	}
	repo := n.repo
	if !c.Flags().Changed("repo") && argPath != "" {
		repo = argRepo(svc, repo, argPath)
	}
	id, err := ensureCurrent(c, svc, repo)
	if err != nil {
		return nil, tools.NavParams{}, "", opts, err
	}
	root, _ := repoRoot(svc, repo) // as ensureCurrent found it
	return svc, tools.NavParams{RepositoryID: id, FileType: n.lang, Directory: n.dir}, root, opts, nil
}

// repoRelative returns dir, a directory as the user typed it, relative
// to the repository root: it names one relative to the working directory
// when one exists there inside the repository, else it is taken as
// relative to the root already.
func repoRelative(root, dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil || root == "" {
		return dir
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return dir
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if rel, ok := insideRoot(root, abs); ok {
		return rel
	}
	return dir
}

// insideRoot returns abs relative to root, /-separated, and whether it
// lies inside root.
func insideRoot(root, abs string) (string, bool) {
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// argRepo returns the repository an existing path lies in, from the
// path up: the deepest one indexed, else, when the working directory
// (dflt) is no repository root, the nearest root (.git, .hg, .svn) up to
// it. Anything else leaves dflt: `codeseek map src/app/lib` run in a
// folder of checkouts had indexed the whole folder, beside src/app's own
// index.
func argRepo(svc *tools.Service, dflt, path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return dflt
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return dflt
	}
	dir := abs
	if !fi.IsDir() {
		dir = filepath.Dir(abs)
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	if root, err := repoRoot(svc, dir); err == nil && svc.Indexed(tools.RepoID(root)) {
		return root
	}
	wd, err := tools.RepoRoot(dflt)
	if err != nil || indexer.IsRepository(wd) {
		return dflt
	}
	for d := dir; d != wd && filepath.Dir(d) != d; d = filepath.Dir(d) {
		if indexer.IsRepository(d) {
			return d
		}
	}
	return dflt
}

// target reads a SYMBOL or FILE:LINE[:COL] argument into p. A FILE that
// exists relative to the working directory is taken from there; otherwise
// it is relative to the repository root.
func target(arg string, p *tools.NavParams) error {
	parts := strings.Split(arg, ":")
	var nums []int
	for len(parts) > 1 && len(nums) < 2 {
		n, err := strconv.Atoi(parts[len(parts)-1])
		if err != nil {
			break
		}
		nums = append([]int{n}, nums...)
		parts = parts[:len(parts)-1]
	}
	if len(nums) == 0 {
		if i := strings.LastIndexByte(arg, ':'); i > 0 {
			if fi, err := os.Stat(parts[0]); err == nil && !fi.IsDir() {
				return usagef("%s: %q is not a line number: give a position as FILE:LINE[:COL]", arg, arg[i+1:])
			}
		}
		p.Symbol = arg
		return nil
	}
	file := strings.Join(parts, ":")
	if abs, err := filepath.Abs(file); err == nil {
		if _, err := os.Stat(abs); err == nil {
			if real, err := filepath.EvalSymlinks(abs); err == nil {
				file = real
			}
		}
	}
	p.FilePath, p.Line = file, nums[0]
	if len(nums) == 2 {
		if nums[1] < 1 {
			return usagef("%s: %d is not a column: give the 1-based byte column, or FILE:LINE alone", arg, nums[1])
		}
		p.Column = nums[1]
	}
	return nil
}

const targetHelp = "SYMBOL is a name as you would write it (ParseDuration, Client.Do, http.Client, os.path.join); " +
	"FILE:LINE[:COL] is a position (FILE relative to the working directory or to the repository root)."

// navCommand completes a navigation command: its shared flags, and a RunE
// that indexes the repository if needed, reads the SYMBOL or FILE:LINE
// argument (when the command takes one) and prints what answer renders.
func navCommand(g *globalFlags, c *cobra.Command, answer func(c *cobra.Command, svc *tools.Service, p tools.NavParams, o output) (string, error)) *cobra.Command {
	n := navFlags{out: outputFlags{view: true}}
	c.RunE = func(c *cobra.Command, a []string) error {
		var p tools.NavParams
		argPath := ""
		if len(a) == 1 && c.Name() != "map" {
			if err := target(a[0], &p); err != nil {
				return err
			}
			argPath = p.FilePath
		} else if len(a) == 1 {
			argPath = a[0]
		}
		svc, base, root, opts, err := n.start(c, g, argPath)
		if err != nil {
			return err
		}
		p.RepositoryID, p.FileType, p.Directory = base.RepositoryID, base.FileType, base.Directory
		if len(a) == 1 && c.Name() == "map" {
			p.Directory = repoRelative(root, a[0])
		}
		return print(answer(c, svc, p, opts))
	}
	n.register(c)
	return c
}

func newDefCmd(g *globalFlags) *cobra.Command {
	var limit int
	c := navCommand(g, &cobra.Command{
		Use:   "def SYMBOL | FILE:LINE[:COL]",
		Short: "Show where a symbol is declared (or what the name at a position refers to)",
		Long:  "def finds the declarations a symbol names, best match first, or resolves the name at a position to its declaration. " + targetHelp,
		Args:  argsBetween(1, 1),
	}, func(c *cobra.Command, svc *tools.Service, p tools.NavParams, o output) (string, error) {
		r, err := svc.FindDefinition(c.Context(), p, limit)
		if err != nil {
			return "", err
		}
		r.Warning = cliWords.Replace(r.Warning)
		return render(r, o, formatter.RenderDefinitions, terminal.Definitions)
	})
	c.Flags().IntVar(&limit, "limit", tools.DefaultDefinitionLimit, fmt.Sprintf("most definitions, 1 to %d", tools.MaxLimit))
	return c
}

func newRefsCmd(g *globalFlags) *cobra.Command {
	var kind string
	var limit, depth int
	var callers, callees bool
	c := navCommand(g, &cobra.Command{
		Use:   "refs SYMBOL | FILE:LINE[:COL]",
		Short: "List the uses of a symbol (--callers: who calls it, to --depth levels)",
		Long: "refs lists every use of the symbol, exact matches first, each with its kind and enclosing function. " +
			"--callers shows who calls it as a call hierarchy (--depth levels); --callees what it calls. " + targetHelp,
		Args: argsBetween(1, 1),
	}, func(c *cobra.Command, svc *tools.Service, p tools.NavParams, o output) (string, error) {
		if !callers && !callees {
			if c.Flags().Changed("depth") {
				return "", usagef("--depth %d: it is the depth of --callers or --callees; pass one of them", depth)
			}
			r, err := svc.FindReferences(c.Context(), p, kind, limit)
			if err != nil {
				return "", err
			}
			r.Warning = cliWords.Replace(r.Warning)
			return render(r, o, formatter.RenderReferences, terminal.References)
		}
		if callers && callees {
			return "", usageError{fmt.Errorf("--callers and --callees: pass one of them")}
		}
		dir := "incoming"
		if callees {
			dir = "outgoing"
		}
		r, err := svc.CallHierarchy(c.Context(), p, dir, depth)
		if err != nil {
			return "", err
		}
		r.Warning = cliWords.Replace(r.Warning)
		return render(r, o, formatter.RenderCallHierarchy, terminal.CallHierarchy)
	})
	f := c.Flags()
	f.StringVar(&kind, "kind", "", "only uses of this kind: call, type, import, inherit, other (comma-separated)")
	f.IntVar(&limit, "limit", tools.DefaultReferenceLimit, fmt.Sprintf("most references, 1 to %d", tools.MaxReferenceLimit))
	f.BoolVar(&callers, "callers", false, "show who calls it, as a call hierarchy")
	f.BoolVar(&callees, "callees", false, "show what it calls, as a call hierarchy")
	f.IntVar(&depth, "depth", tools.DefaultCallDepth, fmt.Sprintf("levels of --callers or --callees, 1 to %d", tools.MaxCallDepth))
	return c
}

func newMapCmd(g *globalFlags) *cobra.Command {
	c := navCommand(g, &cobra.Command{
		Use:   "map [DIR]",
		Short: "Overview of a repository or directory: files and their most used declarations",
		Long: "map lists files and declarations most important first (by how much the rest of the repository uses them), within --max-tokens (default 1500). " +
			"DIR is relative to the working directory when it exists there (without --repo, the repository is the one holding it), else to the repository root.",
		Args: argsBetween(0, 1),
	}, func(c *cobra.Command, svc *tools.Service, p tools.NavParams, o output) (string, error) {
		if !c.Flags().Changed("max-tokens") {
			o.MaxTokens = tools.DefaultMapTokens
			if o.View != nil {
				o.View.MaxTokens = tools.DefaultMapTokens
			}
		}
		r, err := svc.CodeMap(c.Context(), p)
		if err != nil {
			return "", err
		}
		r.Warning = cliWords.Replace(r.Warning)
		s, err := render(r, o, tools.RenderMap, terminal.CodeMap)
		if errors.Is(err, formatter.ErrBudgetTooSmall) {
			return "", usagef("--max-tokens: %v: raise it, or pass a smaller directory", err)
		}
		return s, err
	})
	c.Flags().Lookup("dir").Hidden = true // DIR is the argument
	return c
}

func newRelatedCmd(g *globalFlags) *cobra.Command {
	var limit int
	c := navCommand(g, &cobra.Command{
		Use:   "related FILE:LINE",
		Short: "Find the code most like the function at a line, other files first, tests last",
		Args:  argsBetween(1, 1),
	}, func(c *cobra.Command, svc *tools.Service, p tools.NavParams, o output) (string, error) {
		if p.FilePath == "" {
			return "", usageError{fmt.Errorf("%q is not FILE:LINE", p.Symbol)}
		}
		r, err := svc.FindRelated(c.Context(), p, limit)
		if err != nil {
			return "", err
		}
		r.Warning = cliWords.Replace(r.Warning)
		return render(r, o, formatter.RenderSearch, func(r formatter.SearchResponse, v terminal.Options) (string, error) {
			return terminal.Search(r, "", v)
		})
	})
	c.Flags().IntVar(&limit, "limit", tools.DefaultLimit, fmt.Sprintf("number of results, 1 to %d", tools.MaxLimit))
	return c
}

func newAffectedCmd(g *globalFlags) *cobra.Command {
	var base string
	c := navCommand(g, &cobra.Command{
		Use:   "affected",
		Short: "List the declarations your uncommitted change touches and what uses them",
		Long: "affected compares the working tree (untracked files included) with --base (default HEAD) in git and lists each declaration added, removed, re-signatured or edited, " +
			"with its references elsewhere and a risk: high for a removed or re-signatured declaration that is still referenced.",
		Args: argsBetween(0, 0),
	}, func(c *cobra.Command, svc *tools.Service, p tools.NavParams, o output) (string, error) {
		r, err := svc.AffectedByDiff(c.Context(), p, base)
		if err != nil {
			return "", err
		}
		r.Warning = cliWords.Replace(r.Warning)
		return render(r, o, formatter.RenderAffected, terminal.Affected)
	})
	c.Flags().StringVar(&base, "base", "HEAD", "git revision to compare the working tree with")
	return c
}

// ensureCurrent is ensureIndexed for the navigation commands, which also
// re-index a repository whose index an earlier codeseek made: its symbol
// graph is not one this version reads. (The run is incremental, so a
// current index costs a walk of the tree, and is only done when needed.)
func ensureCurrent(c *cobra.Command, svc *tools.Service, path string) (string, error) {
	id, err := ensureIndexed(c, svc, path)
	if err != nil || svc.Current(id) {
		return id, err
	}
	fmt.Fprintf(os.Stderr, "codeseek: the index was made by another codeseek version; rebuilding it\n")
	root, _ := repoRoot(svc, path)
	if _, err := indexWithProgress(c, svc, tools.IndexParams{RepoPath: root}); err != nil {
		return "", err
	}
	return id, nil
}

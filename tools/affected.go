package tools

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/indexer"
	"github.com/codeseek/codeseek/nav"
	"github.com/codeseek/codeseek/secrets"
	"github.com/codeseek/codeseek/store"
)

// Diff limits.
const (
	// maxDiffFiles bounds the files affected_by_diff analyses; a larger
	// change (a merge, a vendored update) is cut with a warning.
	maxDiffFiles = 500
	// gitTimeout bounds each git command.
	gitTimeout = 30 * time.Second
	// maxChangeRefs bounds the references listed per changed declaration.
	maxChangeRefs = 50
)

// AffectedByDiff answers affected_by_diff: the declarations the working
// tree changes against base (HEAD when empty), with their references.
func (s *Service) AffectedByDiff(ctx context.Context, p NavParams, base string) (formatter.AffectedResponse, error) {
	start := time.Now()
	if base == "" {
		base = "HEAD"
	}
	if strings.HasPrefix(base, "-") || strings.ContainsAny(base, " \t\n") {
		return formatter.AffectedResponse{}, argErrorf("base", "%q is not a git revision: pass a branch, tag or commit such as main or HEAD~3", base)
	}
	ix, id, release, err := s.openNav(ctx, &p)
	if err != nil {
		return formatter.AffectedResponse{}, err
	}
	defer release()
	changes, warning, err := s.readDiff(ctx, ix.Manifest(), base, keepFiles(p.FileType, p.Directory))
	if err != nil {
		return formatter.AffectedResponse{}, err
	}
	resp := formatter.AffectedResponse{RepositoryID: id, Base: base, Warning: warning}
	for _, fc := range changes {
		resp.FilesChanged = append(resp.FilesChanged, fc.Path)
	}
	cut := 0
	for _, c := range nav.Affected(ix, changes) {
		if len(c.References) > maxChangeRefs {
			cut++
		}
		fc := formatter.Change{Symbol: c.Def.Qualified(), Kind: c.Def.Kind, FilePath: c.Path, Line: c.Def.Line, Change: c.Kind, Risk: c.Risk,
			Signature: c.Def.Signature, OldSignature: c.OldSignature, ReferenceCount: len(c.References)}
		if c.Kind == nav.ChangeRemoved {
			fc.Signature = ""
		}
		for _, r := range c.References[:min(maxChangeRefs, len(c.References))] {
			fc.References = append(fc.References, referenceOut(r))
		}
		resp.Changes = append(resp.Changes, fc)
	}
	if cut > 0 {
		resp.Warning = joinWarnings(resp.Warning, fmt.Sprintf("%d change(s) have more than %d references: the first %d of each are listed, reference_count has them all; find_references lists the rest", cut, maxChangeRefs, maxChangeRefs))
	}
	resp.Latency = time.Since(start)
	return resp, nil
}

// git runs a git command in dir and returns its output.
func git(ctx context.Context, dir string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, gitTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir, "-c", "core.quotepath=off"}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if errors.Is(err, exec.ErrNotFound) {
		return nil, errors.New("affected_by_diff reads the change from git, and git is not installed: install git")
	}
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", args[0], err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// readDiff reads the change of the working tree (untracked files
// included) against base, as the files under root see it.
func (s *Service) readDiff(ctx context.Context, manifest *store.Manifest, base string, keep func(path, lang string) bool) ([]nav.FileChange, string, error) {
	root := manifest.Meta.Path
	if _, err := git(ctx, root, "rev-parse", "--show-toplevel"); err != nil {
		return nil, "", argErrorf("repository_id", "%s is not in a git repository (%v): affected_by_diff reads the change from git", root, err)
	}
	if _, err := git(ctx, root, "rev-parse", "--verify", "--quiet", base+"^{commit}"); err != nil {
		return nil, "", argErrorf("base", "%q is not a commit of the repository at %s: pass a branch, tag or commit (default HEAD)", base, root)
	}
	text, err := git(ctx, root, "diff", "--no-color", "--no-ext-diff", "--no-renames", "-U0", "--relative", base, "--")
	if err != nil {
		return nil, "", err
	}
	diffs := nav.ParseUnifiedDiff(string(text))
	untracked, err := git(ctx, root, "ls-files", "--others", "--exclude-standard", "-z")
	if err != nil {
		return nil, "", err
	}
	for _, p := range strings.Split(string(untracked), "\x00") {
		if p != "" {
			diffs = append(diffs, nav.FileDiff{NewPath: p, NewChanged: []nav.LineRange{{Start: 1, End: 1 << 30}}})
		}
	}
	var out []nav.FileChange
	var olds, stale []string
	warning := ""
	for _, d := range diffs {
		p := d.NewPath
		if p == "" {
			p = d.OldPath
		}
		if keep != nil && !keep(p, chunker.Language(p, nil)) {
			continue
		}
		if len(out) == maxDiffFiles {
			warning = fmt.Sprintf("the change touches more than %d files: only the first %d were analysed; pass a closer base", maxDiffFiles, maxDiffFiles)
			break
		}
		out = append(out, nav.FileChange{Path: p, OldChanged: d.OldChanged, NewChanged: d.NewChanged})
		if d.OldPath != "" {
			olds = append(olds, d.OldPath)
		} else {
			olds = append(olds, "")
		}
		if d.NewPath != "" {
			src, err := indexer.ReadSource(filepath.Join(root, filepath.FromSlash(d.NewPath)), indexer.ReadOptions{Root: root, MaxSize: s.cfg.Walk.MaxFileSize})
			if err == nil {
				out[len(out)-1].New = src.Text
				if f, ok := manifest.File(d.NewPath); ok && f.Hash != indexer.Hash(src.Raw) {
					stale = append(stale, d.NewPath)
				}
			}
		}
	}
	oldText, err := gitShow(ctx, root, base, olds)
	if err != nil {
		return nil, "", err
	}
	maxSize := s.cfg.Walk.MaxFileSize
	if maxSize <= 0 {
		maxSize = indexer.DefaultMaxFileSize
	}
	kept := out[:0]
	for i, fc := range out {
		if old := oldText[i]; old != nil && !looksBinary(old) && int64(len(old)) <= maxSize {
			fc.Old, _ = secrets.Redact(old)
		}
		if fc.Old != nil || fc.New != nil { // else binary, secret, too large or gone
			kept = append(kept, fc)
		}
	}
	if len(stale) > 0 {
		// References come from the index, so their lines in these files
		// are the lines of the last index run.
		warning = joinWarnings(warning, fmt.Sprintf("%d changed file(s) differ from the last index run (%s): references in them give the lines they had then; run index_repository for the current lines",
			len(stale), strings.Join(stale[:min(len(stale), 3)], ", ")+more(len(stale)-3)))
	}
	return kept, warning, nil
}

// more is ", …" when n more items were left out of a list.
func more(n int) string {
	if n > 0 {
		return fmt.Sprintf(", and %d more", n)
	}
	return ""
}

// gitShow reads the files at paths ("" for none) as they are in base, with
// one git process: nil for a path base does not have.
func gitShow(ctx context.Context, dir, base string, paths []string) ([][]byte, error) {
	out := make([][]byte, len(paths))
	var in bytes.Buffer
	var asked []int
	for i, p := range paths {
		if p != "" && !strings.ContainsAny(p, "\n") {
			fmt.Fprintf(&in, "%s:./%s\n", base, p)
			asked = append(asked, i)
		}
	}
	if len(asked) == 0 {
		return out, nil
	}
	ctx, cancel := context.WithTimeout(ctx, gitTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", "-C", dir, "cat-file", "--batch")
	cmd.Stdin = &in
	res, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	for _, i := range asked {
		// Each answer is "SHA TYPE SIZE\n" and SIZE bytes and a newline,
		// or "NAME missing\n".
		nl := bytes.IndexByte(res, '\n')
		if nl < 0 {
			break
		}
		head := strings.Fields(string(res[:nl]))
		res = res[nl+1:]
		if len(head) != 3 {
			continue // missing
		}
		size, err := strconv.Atoi(head[2])
		if err != nil || size > len(res) {
			break
		}
		if head[1] == "blob" {
			out[i] = res[:size:size]
		}
		res = res[min(size+1, len(res)):]
	}
	return out, nil
}

// looksBinary reports whether content has a NUL byte in its first 8 KB,
// as git itself decides.
func looksBinary(b []byte) bool {
	return bytes.IndexByte(b[:min(len(b), 8192)], 0) >= 0
}

package indexer

import (
	"path/filepath"

	"github.com/cespare/xxhash/v2"

	"github.com/codeseek/codeseek/secrets"
)

// Source is a file's content as codeseek indexes and shows it.
type Source struct {
	// Raw is the file as on disk; its hash detects changes.
	Raw []byte
	// Text is Raw with every secret replaced by a marker (see
	// secrets.Redact): what is chunked, embedded, searched and shown.
	Text []byte
	// Secrets is the number of secrets redacted.
	Secrets int
}

// Hash is the content hash the index records for a file (xxhash64 of its
// raw bytes).
func Hash(raw []byte) uint64 { return xxhash.Sum64(raw) }

// ReadSource reads a file for indexing or display: ReadFile's rules, then
// the name and content rules. A secret file (by its name or its link
// target's), binary content or a minified file is refused with a
// *SkipError; secrets inside an ordinary file are redacted. Every path that
// hands file content to users or to the index reads it here, so none can
// return what the index would refuse.
func ReadSource(path string, opt ReadOptions) (Source, error) {
	return readSource(path, opt, nil)
}

// ReadSourceClean is ReadSource for a file whose indexed version had no
// secret: cleanHash is that version's Hash, recorded by this indexer
// Version. When the file still has that content, the content checks and
// the secret scan (most of the cost of a read) would give the verdicts
// they gave at indexing, so they are skipped and Text is Raw; other
// content is checked and redacted as by ReadSource. The name and file
// rules (links, special files, size) apply either way.
func ReadSourceClean(path string, opt ReadOptions, cleanHash uint64) (Source, error) {
	return readSource(path, opt, &cleanHash)
}

func readSource(path string, opt ReadOptions, cleanHash *uint64) (Source, error) {
	target, err := resolve(path, opt.Root)
	if err != nil {
		return Source{}, err
	}
	for _, p := range []string{path, target} {
		if rule := secrets.FileRule(filepath.ToSlash(p)); rule != "" {
			return Source{}, &SkipError{Path: path, Reason: ReasonSecret, Detail: "rule " + rule}
		}
	}
	raw, err := readRegular(path, target, opt.maxSize())
	if err != nil {
		return Source{}, err
	}
	if cleanHash != nil && Hash(raw) == *cleanHash {
		return Source{Raw: raw, Text: raw}, nil
	}
	if err := checkText(path, raw, true); err != nil {
		return Source{}, err
	}
	text, n := secrets.Redact(raw)
	return Source{Raw: raw, Text: text, Secrets: n}, nil
}

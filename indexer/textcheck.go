package indexer

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// Content rules. A file is indexed only if it reads as hand-written text:
// what fails these rules costs embedding time and returns junk.
const (
	// maxOddShare: more than 30% of the bytes invalid UTF-8 or control
	// characters (other than tab, newline, carriage return, form feed,
	// vertical tab and escape) means binary. Random bytes score about 55%;
	// Latin-1 text, the worst text case, stays under 20% even when every
	// fifth character is accented.
	maxOddShare = 0.30
	// minifiedMeanLine and minifiedMinSize: a file of at least 4 KiB whose
	// lines average more than 1,000 bytes is minified or generated. Of the
	// 20,990 code and data files of the Go standard library, npm's own tree,
	// /usr/share/javascript and this machine's Go module cache, it flags 25:
	// 20 minified bundles (jquery.min.js, underscore.min.js, lru-cache's
	// *.min.js, …), 2 base64 wasm blobs in JS and 3 generated tables
	// (p256_table.go, an embeddings fixture, a JSON seed). Hand-written files
	// with one very long literal (a 44 KB line among short ones) average far
	// below it; small one-liners stay indexed: harmless.
	minifiedMeanLine = 1000
	minifiedMinSize  = 4 << 10
)

// checkText returns nil if b reads as text worth indexing, else a
// *SkipError with ReasonBinary or ReasonMinified. complete says b is the
// whole file rather than its first sniffSize bytes, which is when line
// lengths can be judged.
func checkText(path string, b []byte, complete bool) error {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		return &SkipError{Path: path, Reason: ReasonBinary, Detail: fmt.Sprintf("a NUL byte at offset %d", i)}
	}
	if odd := oddBytes(b, complete); float64(odd) > maxOddShare*float64(len(b)) {
		return &SkipError{Path: path, Reason: ReasonBinary, Detail: fmt.Sprintf("%.0f%% of the bytes are invalid UTF-8 or control characters", 100*float64(odd)/float64(len(b)))}
	}
	if complete && len(b) >= minifiedMinSize {
		lines := bytes.Count(b, []byte{'\n'})
		if !bytes.HasSuffix(b, []byte{'\n'}) {
			lines++
		}
		if mean := len(b) / lines; mean > minifiedMeanLine {
			detail := fmt.Sprintf("%d lines averaging %d bytes", lines, mean)
			if lines == 1 {
				detail = fmt.Sprintf("one line of %d bytes", len(b))
			}
			return &SkipError{Path: path, Reason: ReasonMinified, Detail: detail}
		}
	}
	return nil
}

// oddBytes counts the bytes of b that text does not contain: those of
// invalid UTF-8 sequences and control characters. A sequence cut by the
// end of an incomplete window is not held against it.
func oddBytes(b []byte, complete bool) int {
	odd := 0
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && !textControl[c] || c == 0x7f {
				odd++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			if !complete && !utf8.FullRune(b[i:]) {
				break
			}
			odd++
		}
		i += size
	}
	return odd
}

// textControl are the control characters ordinary text files contain.
var textControl = [0x20]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, 0x1b: true}

package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/cespare/xxhash/v2"
)

// A segment file (format 5) is laid out to be used in place through mmap,
// all integers little-endian:
//
//	magic "CODESEEK" | u32 schema | u32 0
//	| sections, each starting at a multiple of sectionAlign
//	| table of contents (JSON) | u64 TOC offset | u64 TOC length
//	| u64 xxhash64 of the first 16 bytes and the TOC
//
// The TOC gives each part's counts and quantization bounds and, per
// section, its offset, length and xxhash64. Opening maps the file and
// verifies the TOC and the small sections (offset tables, file list,
// lexicon terms); the bulk sections (chunk records and text, vectors,
// codes, postings) are verified in the background, so opening costs
// milliseconds whatever the index's size.
const (
	sectionAlign = 64
	trailerSize  = 24
)

// Section names; a part's lexicon sections carry a prefix.
const (
	secMeta    = "meta"
	secMetaEnd = "meta_end"
	secText    = "text"
	secTextEnd = "text_end"
	secI8      = "i8"
	secI2      = "i2"
	secI2Scale = "i2_scale"
	secScale   = "scale"
	secFiles   = "files"
	lexPrefix  = "lex."
	symPrefix  = "sym."
	secTerms   = "terms"
	secTermEnd = "term_end"
	secDF      = "df"
	secPostEnd = "post_end"
	secPost    = "post"
	secDocLen  = "doc_len"
)

// bulkSection reports the sections checked in the background: the ones
// that grow with the text and vectors rather than with the file count.
func bulkSection(name string) bool {
	switch name {
	case secMeta, secText, secI8, secI2, lexPrefix + secPost, symPrefix + secPost, secGraph:
		return true
	}
	return strings.HasPrefix(name, "g") && strings.HasSuffix(name, "."+secPost) // the graph's name indexes' postings
}

// segmentTOC is a segment file's table of contents.
type segmentTOC struct {
	ID        uint64     `json:"id"`
	Dimension int        `json:"dimension"`
	Chunks    int        `json:"chunks"`
	Parts     [2]partTOC `json:"parts"` // by Kind
}

// partTOC describes one kind's chunks.
type partTOC struct {
	Chunks   int                   `json:"chunks"`
	Total    float64               `json:"total_len"` // sum of lexical chunk lengths
	MaxResid float32               `json:"max_resid"` // quantization bounds, see quantized
	MaxNorm  float32               `json:"max_norm"`
	Sections map[string]sectionRef `json:"sections"`
	// TextCodec is how the text section is compressed (textcodec.go):
	// "snappy", or absent for the deflate of earlier segments.
	TextCodec string `json:"text_codec,omitempty"`
}

// sectionRef locates one section in the file.
type sectionRef struct {
	Off int64  `json:"off"`
	Len int64  `json:"len"`
	Sum uint64 `json:"xxhash64"`
}

func segPrefix() []byte {
	return binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(append([]byte(nil), magic...), SchemaVersion), 0)
}

// readTOC checks a mapped file's magic, version and trailer and returns
// its TOC and the bytes the sections may occupy.
func readTOC(data []byte) (*segmentTOC, []byte, error) {
	pre := len(magic) + 8
	if len(data) < pre+trailerSize || !bytes.Equal(data[:len(magic)], magic) {
		return nil, nil, fmt.Errorf("%w: not a codeseek index", ErrCorrupt)
	}
	if v := binary.LittleEndian.Uint32(data[len(magic):]); v != SchemaVersion {
		return nil, nil, &SchemaError{Found: int(v)}
	}
	tr := data[len(data)-trailerSize:]
	off, n := binary.LittleEndian.Uint64(tr), binary.LittleEndian.Uint64(tr[8:])
	end := uint64(len(data) - trailerSize)
	if off < uint64(pre) || off > end || n != end-off {
		return nil, nil, fmt.Errorf("%w: truncated", ErrCorrupt)
	}
	h := xxhash.New()
	h.Write(data[:pre])
	h.Write(data[off:end])
	if h.Sum64() != binary.LittleEndian.Uint64(tr[16:]) {
		return nil, nil, fmt.Errorf("%w: checksum mismatch", ErrCorrupt)
	}
	toc := &segmentTOC{}
	if err := json.Unmarshal(data[off:end], toc); err != nil {
		return nil, nil, fmt.Errorf("%w: table of contents: %v", ErrCorrupt, err)
	}
	return toc, data[:off], nil
}

// section returns the named section of body, checking its place, its
// length (count elements of elem bytes; count < 0 for any number) and,
// unless it is a bulk section, its checksum.
func (pt *partTOC) section(body []byte, name string, elem, count int) ([]byte, error) {
	r, ok := pt.Sections[name]
	switch {
	case !ok:
		return nil, fmt.Errorf("%w: section %s missing", ErrCorrupt, name)
	case r.Off < 16 || r.Off%sectionAlign != 0 || r.Len < 0 || r.Off+r.Len > int64(len(body)) || r.Len%int64(elem) != 0:
		return nil, fmt.Errorf("%w: section %s out of place", ErrCorrupt, name)
	case count >= 0 && r.Len != int64(count)*int64(elem):
		return nil, fmt.Errorf("%w: section %s size", ErrCorrupt, name)
	}
	b := body[r.Off : r.Off+r.Len]
	if !bulkSection(name) && xxhash.Sum64(b) != r.Sum {
		return nil, fmt.Errorf("%w: section %s checksum mismatch", ErrCorrupt, name)
	}
	return b, nil
}

// verifyBulk hashes the bulk sections, read from f with pread.
func (toc *segmentTOC) verifyBulk(f io.ReaderAt) error {
	buf := make([]byte, 1<<20)
	for _, pt := range toc.Parts {
		for name, r := range pt.Sections {
			if !bulkSection(name) {
				continue
			}
			h := xxhash.New()
			if _, err := io.CopyBuffer(h, io.NewSectionReader(f, r.Off, r.Len), buf); err != nil {
				return fmt.Errorf("%w: section %s: %v", ErrCorrupt, name, err)
			}
			if h.Sum64() != r.Sum {
				return fmt.Errorf("%w: section %s checksum mismatch", ErrCorrupt, name)
			}
		}
	}
	return nil
}

// mapLexicon builds the lexicon whose sections carry prefix, over rows
// rows; lengths says it is a BM25 lexicon (a name index has no lengths).
func mapLexicon(pt *partTOC, body []byte, prefix string, rows int, lengths bool) (*lexicon, error) {
	get := func(name string, elem, count int) ([]byte, error) {
		return pt.section(body, prefix+name, elem, count)
	}
	terms, err1 := get(secTerms, 1, -1)
	termEnd, err2 := get(secTermEnd, 4, -1)
	df, err3 := get(secDF, 4, -1)
	postEnd, err4 := get(secPostEnd, 4, -1)
	post, err5 := get(secPost, 1, -1)
	docLen, err6 := get(secDocLen, 4, -1)
	for _, err := range []error{err1, err2, err3, err4, err5, err6} {
		if err != nil {
			return nil, err
		}
	}
	pe, err := mapEnds(postEnd, len(termEnd)/4, len(post))
	if err != nil {
		return nil, fmt.Errorf("%s%s: %w", prefix, secPostEnd, err)
	}
	lx := &lexicon{Terms: terms, TermEnd: viewOf[uint32](termEnd), DF: viewOf[uint32](df),
		PostEnd: pe, Post: post, DocLen: viewOf[uint32](docLen), Rows: rows}
	if err := lx.check(rows, lengths); err != nil {
		return nil, err
	}
	lx.sampleTerms()
	return lx, nil
}

// segWriter writes sections, aligned, each hashed on its own.
type segWriter struct {
	w   io.Writer
	off int64
	err error
}

func (sw *segWriter) write(b []byte) {
	if sw.err != nil || len(b) == 0 {
		return
	}
	n, err := sw.w.Write(b)
	sw.off += int64(n)
	sw.err = err
}

// section writes one section through fill's put calls and records it.
func (sw *segWriter) section(pt *partTOC, name string, fill func(put func([]byte))) {
	sw.write(make([]byte, (-sw.off)&(sectionAlign-1)))
	start, h := sw.off, xxhash.New()
	fill(func(b []byte) { h.Write(b); sw.write(b) })
	pt.Sections[name] = sectionRef{Off: start, Len: sw.off - start, Sum: h.Sum64()}
}

// block writes a section holding b.
func (sw *segWriter) block(pt *partTOC, name string, b []byte) {
	sw.section(pt, name, func(put func([]byte)) { put(b) })
}

// finish writes the TOC and the trailer.
func (sw *segWriter) finish(toc *segmentTOC) error {
	js, err := json.Marshal(toc)
	if err != nil {
		return err
	}
	off := sw.off
	sw.write(js)
	h := xxhash.New()
	h.Write(segPrefix())
	h.Write(js)
	var tr []byte
	tr = binary.LittleEndian.AppendUint64(tr, uint64(off))
	tr = binary.LittleEndian.AppendUint64(tr, uint64(len(js)))
	tr = binary.LittleEndian.AppendUint64(tr, h.Sum64())
	sw.write(tr)
	return sw.err
}

// writeLexicon writes lx's sections under prefix.
func (sw *segWriter) writeLexicon(pt *partTOC, prefix string, lx *lexicon) {
	sw.block(pt, prefix+secTerms, lx.Terms)
	sw.block(pt, prefix+secTermEnd, bytesOf(lx.TermEnd))
	sw.block(pt, prefix+secDF, bytesOf(lx.DF))
	sw.block(pt, prefix+secPostEnd, lx.PostEnd.bytes())
	sw.block(pt, prefix+secPost, lx.Post)
	sw.block(pt, prefix+secDocLen, bytesOf(lx.DocLen))
}

package model

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/codeseek/codeseek/internal/half"
)

// magic starts every weight file; formatVersion changes with the layout.
// Format 3 packs the codes (8 in 3 bytes); format 4, the shipped one,
// codes them with a prefix code (huffman.go) after a digest of their
// format-3 form, which stays the model's identity.
const (
	magic         = "CSNB"
	formatVersion = 4
	packedVersion = 3
	headerSize    = 24
	digestSize    = sha256.Size
)

// Weights are stored with 3 bits each: eight levels per row, ±0.5 to ±3.5
// times the row's scale, eight values packed into three bytes. Against
// int8 this shrinks the binary by 21 MB and measured no loss: semble's
// file-level dev set NDCG@10 0.871 (int8 0.869), docstring dev R@10 0.844
// (0.842), MRR@10 0.535 (0.545); docs/how-search-works.md has the table.
const (
	codeBits   = 3
	groupSize  = 8                        // values packed together
	groupBytes = groupSize * codeBits / 8 // 3 bytes hold 8 values
	levelShift = 1<<codeBits/2 - 0.5      // code c means level c - 3.5
)

// Params are the trainable float32 parameters of the model. The trainer
// owns them; Write quantises them into the shipped format.
type Params struct {
	Config FeatureConfig
	// Dim is the vector length.
	Dim int
	// E is the embedding table, Buckets rows of Dim values, row-major.
	E []float32
	// AQ and AC are per-bucket log-weights for the query and the code side:
	// learning them separately lets a word matter in a question but not in
	// code (or the other way round), the asymmetry of search.
	AQ, AC []float32
	// AH are the log-weights of the code's header (its first HeadLines
	// lines: path, symbol and signature), added on top of AC: the name of a
	// function says more about it than a word deep in its body.
	AH []float32
}

// HeadLines is the number of leading lines of a code text that form its
// header: the indexer's "path symbol" line and the declaration line.
const HeadLines = 2

// SplitHead returns the header of a code text (its first HeadLines lines).
func SplitHead(text string) string {
	end := 0
	for n := 0; n < HeadLines; n++ {
		i := strings.IndexByte(text[end:], '\n')
		if i < 0 {
			return text
		}
		end += i + 1
	}
	return text[:end]
}

// NewParams allocates zeroed parameters.
func NewParams(cfg FeatureConfig, dim int) *Params {
	return &Params{
		Config: cfg, Dim: dim,
		E:  make([]float32, cfg.Buckets*dim),
		AQ: make([]float32, cfg.Buckets),
		AC: make([]float32, cfg.Buckets),
		AH: make([]float32, cfg.Buckets),
	}
}

// Embed is the float32 reference encoder: the sum of TF·exp(a)·E over the
// text's features, L2-normalised. Model.Embed computes the same with
// quantised weights.
func (p *Params) Embed(text string, query bool) []float32 {
	out := make([]float32, p.Dim)
	add := func(text string, a []float32) {
		for _, f := range Features(p.Config, text, nil) {
			w := f.TF * float32(math.Exp(float64(a[f.Bucket])))
			row := p.E[int(f.Bucket)*p.Dim:][:p.Dim]
			for j, x := range row {
				out[j] += w * x
			}
		}
	}
	if query {
		add(text, p.AQ)
	} else {
		add(text, p.AC)
		add(SplitHead(text), p.AH)
	}
	Normalize(out)
	return out
}

// Write quantises p to 3 bits with one scale per row and writes the weight
// file. The row scale and the side's exp(a) are folded into one float per
// row and side, so inference does one multiply per feature.
func Write(w io.Writer, p *Params) error {
	packed, err := packedFile(p)
	if err != nil {
		return err
	}
	coded, err := Recode(packed)
	if err != nil {
		return err
	}
	_, err = w.Write(coded)
	return err
}

// packedFile quantises p into a format-3 file, whose digest names the
// model.
func packedFile(p *Params) ([]byte, error) {
	b, d := p.Config.Buckets, p.Dim
	if b <= 0 || b&(b-1) != 0 || d <= 0 || d%groupSize != 0 || len(p.E) != b*d || len(p.AQ) != b || len(p.AC) != b || len(p.AH) != b {
		return nil, errors.New("model: inconsistent parameter sizes (dim must be a multiple of 8)")
	}
	var buf bytes.Buffer
	buf.WriteString(magic)
	for _, v := range []uint32{packedVersion, uint32(b), uint32(d), uint32(p.Config.PrefixLen), 0} {
		_ = binary.Write(&buf, binary.LittleEndian, v)
	}
	rowQ := make([]float32, b)
	rowC := make([]float32, b)
	rowH := make([]float32, b)
	rowBytes := d / groupSize * groupBytes
	q := make([]byte, b*rowBytes)
	for r := 0; r < b; r++ {
		row := p.E[r*d : (r+1)*d]
		var m float32
		for _, x := range row {
			m = max(m, float32(math.Abs(float64(x))))
		}
		if m == 0 {
			continue
		}
		step := m / levelShift
		packRow(q[r*rowBytes:(r+1)*rowBytes], row, step)
		// A level is (2c-7)/2 steps: the file holds step/2, and inference
		// multiplies by 2c-7.
		scale := step / 2
		rowQ[r] = scale * float32(math.Exp(float64(p.AQ[r])))
		rowC[r] = scale * float32(math.Exp(float64(p.AC[r])))
		rowH[r] = scale * float32(math.Exp(float64(p.AH[r])))
	}
	for _, t := range [][]float32{rowQ, rowC, rowH} {
		for _, x := range t {
			_ = binary.Write(&buf, binary.LittleEndian, half.FromFloat32(x))
		}
	}
	buf.Write(q)
	return buf.Bytes(), nil
}

// Recode turns a format-3 weight file (packed codes) into the current
// format: the same model, its codes in prefix-coded blocks.
func Recode(packed []byte) ([]byte, error) {
	le := binary.LittleEndian
	if len(packed) < headerSize || string(packed[:4]) != magic || le.Uint32(packed[4:]) != packedVersion {
		return nil, errors.New("model: not a format-3 weight file")
	}
	b, d := int(le.Uint32(packed[8:])), int(le.Uint32(packed[12:]))
	rb := d / groupSize * groupBytes
	if b <= 0 || d <= 0 || d%groupSize != 0 || len(packed) != headerSize+6*b+b*rb {
		return nil, errors.New("model: bad format-3 header")
	}
	codes := packed[headerSize+6*b:]
	var freq [1 << codeBits]int
	for g := 0; g+groupBytes <= len(codes); g += groupBytes {
		word := uint32(codes[g]) | uint32(codes[g+1])<<8 | uint32(codes[g+2])<<16
		for k := 0; k < groupSize; k++ {
			freq[word>>(codeBits*k)&7]++
		}
	}
	lens := huffmanLengths(freq)
	pc, err := newPrefixCode(lens)
	if err != nil {
		return nil, err
	}
	data, offsets := pc.encodeRows(codes, rb)
	var out bytes.Buffer
	out.Write(packed[:4])
	_ = binary.Write(&out, le, uint32(formatVersion))
	out.Write(packed[8 : headerSize+6*b]) // dimensions, prefix length and the row tables as they were
	sum := sha256.Sum256(packed)
	out.Write(sum[:])
	out.Write(lens[:])
	for _, o := range offsets {
		_ = binary.Write(&out, le, o)
	}
	out.Write(data)
	return out.Bytes(), nil
}

// packRow writes the 3-bit codes of row (levels of step) into dst, eight
// codes to three little-endian bytes.
func packRow(dst []byte, row []float32, step float32) {
	for g := 0; g < len(row)/groupSize; g++ {
		var word uint32
		for i, x := range row[g*groupSize : (g+1)*groupSize] {
			c := int(math.Floor(float64(x/step))) + int(levelShift+0.5)
			c = min(max(c, 0), 1<<codeBits-1)
			word |= uint32(c) << (codeBits * i)
		}
		dst[g*groupBytes], dst[g*groupBytes+1], dst[g*groupBytes+2] = byte(word), byte(word>>8), byte(word>>16)
	}
}

// Model is the loaded, quantised model. It is safe for concurrent use.
type Model struct {
	cfg        FeatureConfig
	dim        int
	rowQ, rowC []float32
	rowH       []float32
	id         string
	pool       sync.Pool
	// The rows' 3-bit codes, prefix-coded in blocks of blockRows rows
	// (coded, from starts[i] to starts[i+1]), decoded into rows (packed,
	// dim/8×3 bytes a row) a block at a time, when first used.
	code   *prefixCode
	coded  []byte
	starts []uint32
	rows   []byte
	ready  []atomic.Bool
	decode sync.Mutex
}

// Load reads a weight file. data is referenced, not copied, so it can be
// the go:embed'ded bytes.
func Load(data []byte) (*Model, error) {
	if len(data) < headerSize || string(data[:4]) != magic {
		return nil, errors.New("model: not a codeseek weight file")
	}
	le := binary.LittleEndian
	if v := le.Uint32(data[4:]); v != formatVersion {
		return nil, fmt.Errorf("model: unsupported format version %d", v)
	}
	b, d, pl := int(le.Uint32(data[8:])), int(le.Uint32(data[12:])), int(le.Uint32(data[16:]))
	if b <= 0 || b&(b-1) != 0 || d <= 0 || d > 4096 || d%groupSize != 0 || b > 1<<24 {
		return nil, errors.New("model: bad header")
	}
	blocks := (b + blockRows - 1) / blockRows
	fixed := headerSize + 6*b + digestSize + 1<<codeBits + 4*(blocks+1)
	if len(data) < fixed {
		return nil, fmt.Errorf("model: weight file is %d bytes, want at least %d", len(data), fixed)
	}
	m := &Model{cfg: FeatureConfig{Buckets: b, PrefixLen: pl}, dim: d}
	off := headerSize
	table := func() []float32 {
		t := make([]float32, b)
		for i := range t {
			t[i] = half.ToFloat32(le.Uint16(data[off+2*i:]))
		}
		off += 2 * b
		return t
	}
	m.rowQ, m.rowC, m.rowH = table(), table(), table()
	m.id = hex.EncodeToString(data[off : off+6])
	off += digestSize
	var lens [1 << codeBits]uint8
	copy(lens[:], data[off:])
	off += len(lens)
	code, err := newPrefixCode(lens)
	if err != nil {
		return nil, err
	}
	m.code, m.starts = code, make([]uint32, blocks+1)
	for i := range m.starts {
		m.starts[i] = le.Uint32(data[off+4*i:])
		if i > 0 && m.starts[i] < m.starts[i-1] {
			return nil, errors.New("model: bad block offsets")
		}
	}
	m.coded = data[fixed:]
	if int(m.starts[blocks]) != len(m.coded) {
		return nil, fmt.Errorf("model: coded weights are %d bytes, the offsets say %d", len(m.coded), m.starts[blocks])
	}
	m.rows = make([]byte, b*d/groupSize*groupBytes)
	m.ready = make([]atomic.Bool, blocks)
	m.pool.New = func() any { return &featurizer{} }
	return m, nil
}

// row returns bucket r's packed codes, decoding its block on first use.
// A block whose data is corrupt stays zero: the model's rows are checked
// against their digest by the tests, not on every start.
func (m *Model) row(r int) []byte {
	rb := m.dim / groupSize * groupBytes
	if blk := r / blockRows; !m.ready[blk].Load() {
		m.decodeBlock(blk, rb)
	}
	return m.rows[r*rb : (r+1)*rb]
}

func (m *Model) decodeBlock(blk, rb int) {
	m.decode.Lock()
	defer m.decode.Unlock()
	if m.ready[blk].Load() {
		return
	}
	lo := blk * blockRows * rb
	m.code.decodeBlock(m.coded[m.starts[blk]:m.starts[blk+1]], m.rows[lo:min(lo+blockRows*rb, len(m.rows))])
	m.ready[blk].Store(true)
}

// Dim is the vector length.
func (m *Model) Dim() int { return m.dim }

// Hash is a short content hash of the weight file, so that an index built
// with one set of weights is never searched with another.
func (m *Model) Hash() string { return m.id }

// Config is the featurizer configuration the model was trained with.
func (m *Model) Config() FeatureConfig { return m.cfg }

// Embed encodes text as a query (query true) or as code into out, which
// must have length Dim, and L2-normalises it. A text with no features
// yields the zero vector.
func (m *Model) Embed(text string, query bool, out []float32) {
	clear(out)
	f := m.pool.Get().(*featurizer)
	f.cfg, f.mask = m.cfg, uint64(m.cfg.Buckets-1)
	if query {
		f.featBuf = m.accumulate(f, text, m.rowQ, out)
	} else {
		f.featBuf = m.accumulate(f, text, m.rowC, out)
		f.featBuf = m.accumulate(f, SplitHead(text), m.rowH, out)
	}
	m.pool.Put(f)
	Normalize(out)
}

// accumulate adds Σ tf·rows[b]·E[b] over the features of text to out.
func (m *Model) accumulate(f *featurizer, text string, rows, out []float32) []Feature {
	feats := f.features(text, f.featBuf[:0])
	d := m.dim
	for _, ft := range feats {
		w := ft.TF * rows[ft.Bucket]
		if w == 0 {
			continue
		}
		// The eight levels times w, once per feature: a value then costs
		// a shift, a mask, a load and an add.
		var wl [1 << codeBits]float32
		for c, l := range levels {
			wl[c] = w * l
		}
		e := m.row(int(ft.Bucket))
		o := out[:d]
		for g, j := 0, 0; g+groupBytes <= len(e); g, j = g+groupBytes, j+groupSize {
			word := uint32(e[g]) | uint32(e[g+1])<<8 | uint32(e[g+2])<<16
			oo := o[j : j+groupSize : j+groupSize]
			oo[0] += wl[word&7]
			oo[1] += wl[word>>3&7]
			oo[2] += wl[word>>6&7]
			oo[3] += wl[word>>9&7]
			oo[4] += wl[word>>12&7]
			oo[5] += wl[word>>15&7]
			oo[6] += wl[word>>18&7]
			oo[7] += wl[word>>21&7]
		}
	}
	return feats
}

// levels maps a 3-bit code to its level in half steps, 2c-7.
var levels = [1 << codeBits]float32{-7, -5, -3, -1, 1, 3, 5, 7}

// Normalize scales v to unit length in place; a zero vector stays zero.
func Normalize(v []float32) {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	if s == 0 {
		return
	}
	inv := float32(1 / math.Sqrt(s))
	for i := range v {
		v[i] *= inv
	}
}

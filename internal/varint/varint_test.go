package varint

import (
	"encoding/binary"
	"testing"
)

func TestReader(t *testing.T) {
	b := binary.AppendUvarint(nil, 300)
	b = append(binary.AppendUvarint(b, 3), "abc"...)
	b = binary.AppendUvarint(b, 7)
	r := Reader{B: b}
	if r.Uint() != 300 || string(r.Bytes()) != "abc" || r.Bad {
		t.Fatal("values do not read back")
	}
	r.Skip(5) // one value left: skipping more marks the reader bad
	if !r.Bad || r.Uint() != 0 {
		t.Error("reading past the end is not reported")
	}
	r = Reader{B: append(binary.AppendUvarint(nil, 10), 'x')}
	if r.Bytes() != nil || !r.Bad {
		t.Error("a length past the end is not reported")
	}
	r = Reader{B: binary.AppendUvarint(nil, 1<<41)}
	if r.Uint() != 0 || !r.Bad {
		t.Error("an implausibly large value is not reported")
	}
}

func TestReaderWideValues(t *testing.T) {
	b := binary.AppendUvarint(nil, 1<<63)
	b = binary.AppendVarint(b, -1700000000123456789)
	r := Reader{B: b}
	if r.Uint64() != 1<<63 || r.Int64() != -1700000000123456789 || r.Bad {
		t.Fatal("wide values do not read back")
	}
	if r.Uint64() != 0 || !r.Bad {
		t.Error("reading past the end is not reported")
	}
}

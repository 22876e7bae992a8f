package store

import (
	"encoding/binary"

	"github.com/codeseek/codeseek/internal/varint"
)

// Chunk records hold a language name and a symbol kind each, from a small
// vocabulary repeated over and over; a record names one of recordWords
// by its number instead (one byte), and reading it back allocates
// nothing. The list is part of the format: words are only ever added at
// its end. On the Linux kernel that is 6 MiB of 100.
var recordWords = [...]string{
	"function", "method", "class", "struct", "interface", "enum", "type", "const", "var",
	"field", "property", "constructor", "constant", "namespace", "macro", "trait", "object",
	"module", "union", "record", "table", "protocol", "impl", "stage", "section", "mixed",
	"key", "imports",
	"go", "python", "javascript", "typescript", "tsx", "java", "rust", "c", "cpp", "csharp",
	"ruby", "php", "kotlin", "swift", "scala", "bash", "lua", "sql", "yaml", "json", "toml",
	"html", "css", "xml", "protobuf", "hcl", "vue", "svelte", "dockerfile", "make", "text",
	"markdown", "restructuredtext", "asciidoc",
}

var recordWordNumbers = func() map[string]int {
	m := make(map[string]int, len(recordWords))
	for i, w := range recordWords {
		m[w] = i
	}
	return m
}()

// The strings of a record that may be references are written as a
// uvarint v: v&1 == 0 is a literal of v>>1 bytes that follow, v&1 == 1 a
// reference v>>1 whose meaning the field gives (a word's number, a
// signature's offset in the chunk's text).

// appendLiteral appends s as a literal.
func appendLiteral(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))<<1), s...)
}

// appendRef appends reference v.
func appendRef(b []byte, v int) []byte { return binary.AppendUvarint(b, uint64(v)<<1|1) }

// appendWord appends s, by its number when it is one of recordWords.
func appendWord(b []byte, s string) []byte {
	if i, ok := recordWordNumbers[s]; ok {
		return appendRef(b, i)
	}
	return appendLiteral(b, s)
}

// readCoded reads a literal or a reference, which resolve turns into the
// string it stands for.
func readCoded(mr *varint.Reader, resolve func(ref int) string) string {
	v := mr.Uint()
	if v&1 == 0 {
		return string(mr.Next(v >> 1))
	}
	return resolve(v >> 1)
}

// readWord reads what appendWord wrote; a number past the list (damage)
// gives "".
func readWord(mr *varint.Reader) string {
	return readCoded(mr, func(i int) string {
		if i < len(recordWords) {
			return recordWords[i]
		}
		return ""
	})
}

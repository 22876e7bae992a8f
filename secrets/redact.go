package secrets

import "bytes"

// Redact returns text with every secret Scan finds replaced by a marker
// naming its rule ("[redacted:aws-access-key]"), and the number replaced.
// Only the secret's own bytes go, so the code around it stays searchable;
// its line breaks stay, so line numbers and the syntax around a quoted
// secret are unchanged. text itself is not modified; when nothing is found
// it is returned as is.
func Redact(text []byte) ([]byte, int) {
	found := Scan(text)
	if len(found) == 0 {
		return text, 0
	}
	var b bytes.Buffer
	b.Grow(len(text))
	last := 0
	for _, f := range found {
		b.Write(text[last:f.Start])
		b.WriteString("[redacted:" + f.Rule + "]")
		// Keep the secret's newlines so that everything after it stays on
		// the same line number.
		b.Write(bytes.Repeat([]byte{'\n'}, bytes.Count(text[f.Start:f.End], []byte{'\n'})))
		last = f.End
	}
	b.Write(text[last:])
	return b.Bytes(), len(found)
}

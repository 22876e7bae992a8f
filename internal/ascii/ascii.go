// Package ascii lower-cases text's ASCII letters alone, so that an offset
// found in the lower-cased text is one in the text: Unicode's lower case
// of a letter may be shorter or longer (the Kelvin sign's k, Turkish
// İ), and slicing the text at such an offset would cut it wrong or past
// its end.
package ascii

// Lower returns b with its ASCII upper-case letters lower-cased, the same
// length as b.
func Lower(b []byte) []byte {
	lower := make([]byte, len(b))
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower[i] = c
	}
	return lower
}

// LowerString is Lower of a string.
func LowerString(s string) string { return string(Lower([]byte(s))) }

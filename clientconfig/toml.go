package clientconfig

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Codex reads TOML. codeseek owns one table, [mcp_servers.codeseek], and
// edits it as text: the keys it writes (command, args) are replaced or
// added, any other key of that table (env, timeouts) and every other byte
// of the file stay as they were. No TOML library is needed for that, and
// none could promise to keep comments and layout.

// tomlLine is one line of a TOML file as the scanner sees it.
type tomlLine struct {
	raw  string // as in the file, line break included
	text string // without the line break
	// code is false when the line starts inside a multi-line string, so
	// its text is data, not a key or a table header.
	code bool
	// depth is the bracket depth ([ and ] outside strings and comments)
	// at the end of the line, counted from the start of the file.
	depth int
}

// scanTOML splits src into lines and marks which of them are TOML syntax.
// A file that ends inside a multi-line string or an array is not TOML: an
// edit could land inside it, so that is an error.
func scanTOML(src string) ([]tomlLine, error) {
	var out []tomlLine
	inML := "" // the open multi-line string delimiter, if any
	depth := 0
	for _, text := range strings.SplitAfter(src, "\n") {
		if text == "" {
			continue
		}
		line := tomlLine{raw: text, text: strings.TrimRight(text, "\r\n"), code: inML == ""}
		for i := 0; i < len(line.text); i++ {
			s := line.text[i:]
			switch {
			case inML != "":
				if strings.HasPrefix(s, `\`) && inML == `"""` {
					i++
				} else if strings.HasPrefix(s, inML) {
					i += 2
					inML = ""
				}
			case strings.HasPrefix(s, `"""`) || strings.HasPrefix(s, `'''`):
				inML = s[:3]
				i += 2
			case s[0] == '"' || s[0] == '\'':
				i += closingQuote(s)
			case s[0] == '#':
				i = len(line.text)
			case s[0] == '[':
				depth++
			case s[0] == ']':
				depth--
			}
		}
		line.depth = depth
		out = append(out, line)
	}
	if inML != "" || depth != 0 {
		return nil, fmt.Errorf("the file is not valid TOML (it ends inside a multi-line string or an array)")
	}
	return out, nil
}

// closingQuote is the offset of the quote that ends the one-line string s
// starts, or the end of s.
func closingQuote(s string) int {
	q := s[0]
	for i := 1; i < len(s); i++ {
		if q == '"' && s[i] == '\\' {
			i++
			continue
		}
		if s[i] == q {
			return i
		}
	}
	return len(s)
}

// tomlHeader returns the normalised table name of a header line
// ("[ mcp_servers . codeseek ]" -> "mcp_servers.codeseek"), or "" when
// the line is not a header. Array-of-tables headers keep their brackets.
func tomlHeader(l tomlLine) string {
	t := strings.TrimSpace(l.text)
	if !l.code || !strings.HasPrefix(t, "[") {
		return ""
	}
	if i := strings.Index(t, "#"); i >= 0 {
		t = strings.TrimSpace(t[:i])
	}
	return strings.NewReplacer(" ", "", "\t", "", `"`, "").Replace(t)
}

// tomlKey returns the key of a key/value line ("args = [" -> "args").
func tomlKey(l tomlLine) string {
	if !l.code {
		return ""
	}
	k, _, ok := strings.Cut(l.text, "=")
	if !ok {
		return ""
	}
	return strings.NewReplacer(" ", "", "\t", "", `"`, "", "'", "").Replace(k)
}

// tomlSetTable sets keys (in order) in table [name] of src and returns the
// new text. values are strings or string slices.
func tomlSetTable(src, name string, keys []string, values map[string]any) (string, error) {
	lines, err := scanTOML(src)
	if err != nil {
		return "", err
	}
	header := "[" + name + "]"
	parent, leaf, _ := strings.Cut(name, ".")
	at := -1
	table := ""
	for i, l := range lines {
		if h := tomlHeader(l); h != "" {
			table = h
			if h == header {
				at = i
			}
			continue
		}
		k := tomlKey(l)
		if (table == "" && (k == name || strings.HasPrefix(k, name+".") || k == parent)) ||
			(table == "["+parent+"]" && (k == leaf || strings.HasPrefix(k, leaf+"."))) {
			return "", fmt.Errorf("line %d defines %s outside a [%s] table; codeseek edits only that table: move the settings into it or add the snippet by hand", i+1, name, name)
		}
	}
	var b strings.Builder
	ours := make([]string, 0, len(keys))
	for _, k := range keys {
		ours = append(ours, k+" = "+tomlValue(values[k]))
	}
	if at < 0 {
		b.WriteString(src)
		if len(src) > 0 && !strings.HasSuffix(src, "\n") {
			b.WriteString("\n")
		}
		if len(strings.TrimSpace(src)) > 0 {
			b.WriteString("\n")
		}
		b.WriteString(header + "\n" + strings.Join(ours, "\n") + "\n")
		return b.String(), nil
	}
	return rewriteTable(lines, at, keys, ours), nil
}

// rewriteTable replaces, in the table whose header is lines[at], the lines
// of keys (with the continuation lines of multi-line arrays) by ours,
// placed right after the header. Every other line is copied as it was,
// line break included.
func rewriteTable(lines []tomlLine, at int, keys, ours []string) string {
	mine := map[string]bool{}
	for _, k := range keys {
		mine[k] = true
	}
	eol := strings.TrimPrefix(lines[at].raw, lines[at].text)
	if eol == "" {
		eol = "\n"
	}
	var b strings.Builder
	end := len(lines) // the line after our table
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if i > at && end == len(lines) && tomlHeader(l) != "" {
			end = i
		}
		if i > at && i < end && mine[tomlKey(l)] {
			base := 0
			if i > 0 {
				base = lines[i-1].depth
			}
			for i+1 < len(lines) && lines[i].depth > base {
				i++ // continuation of a multi-line array
			}
			continue
		}
		b.WriteString(l.raw)
		if i == at {
			if !strings.HasSuffix(l.raw, "\n") {
				b.WriteString(eol)
			}
			for _, o := range ours {
				b.WriteString(o + eol)
			}
		}
	}
	return b.String()
}

// tomlValue renders a string or string list. A JSON string is a valid TOML
// basic string (same escapes), so encoding/json does the quoting.
func tomlValue(v any) string {
	if list, ok := v.([]string); ok {
		parts := make([]string, len(list))
		for i, s := range list {
			parts[i] = tomlValue(s)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

package clientconfig

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Client settings files are JSON, and some (Zed's settings.json, VS Code's
// mcp.json) are JSONC: comments and trailing commas. Decoding and
// re-encoding would drop the comments and reorder keys, so this package
// edits the text instead: it locates one member by byte offsets and splices
// in the new value, leaving every other byte of the file as it was.

// jsoncMember is one "key": value of an object, as byte offsets into the
// source ([start, end)).
type jsoncMember struct {
	key                string
	keyStart, valStart int
	valEnd             int
	obj                *jsoncObject // the value, when it is an object
}

// jsoncObject is an object's position and members.
type jsoncObject struct {
	open, close int // offsets of '{' and '}'
	members     []jsoncMember
}

// lookup returns the last member named key (JSON decoders keep the last of
// duplicate keys, so that is the one a client reads).
func (o *jsoncObject) lookup(key string) *jsoncMember {
	for i := len(o.members) - 1; i >= 0; i-- {
		if o.members[i].key == key {
			return &o.members[i]
		}
	}
	return nil
}

type jsoncParser struct {
	src []byte
	pos int
}

// parseJSONC parses a whole JSONC document whose top level is an object.
func parseJSONC(src []byte) (*jsoncObject, error) {
	p := &jsoncParser{src: src}
	if err := p.space(); err != nil {
		return nil, err
	}
	if p.pos >= len(src) || src[p.pos] != '{' {
		return nil, errors.New("the top level is not a JSON object")
	}
	obj, err := p.object()
	if err != nil {
		return nil, err
	}
	if err := p.space(); err != nil {
		return nil, err
	}
	if p.pos != len(src) {
		return nil, p.errorf("unexpected text after the top-level object")
	}
	return obj, nil
}

func (p *jsoncParser) errorf(format string, a ...any) error {
	line := 1 + bytes.Count(p.src[:min(p.pos, len(p.src))], []byte{'\n'})
	return fmt.Errorf("line %d: %s", line, fmt.Sprintf(format, a...))
}

// space skips whitespace and // and /* */ comments.
func (p *jsoncParser) space() error {
	for p.pos < len(p.src) {
		switch c := p.src[p.pos]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.pos++
		case bytes.HasPrefix(p.src[p.pos:], []byte("//")):
			end := bytes.IndexByte(p.src[p.pos:], '\n')
			if end < 0 {
				p.pos = len(p.src)
			} else {
				p.pos += end + 1
			}
		case bytes.HasPrefix(p.src[p.pos:], []byte("/*")):
			end := bytes.Index(p.src[p.pos+2:], []byte("*/"))
			if end < 0 {
				return p.errorf("unterminated /* comment")
			}
			p.pos += 2 + end + 2
		default:
			return nil
		}
	}
	return nil
}

func (p *jsoncParser) object() (*jsoncObject, error) {
	obj := &jsoncObject{open: p.pos}
	p.pos++ // '{'
	for {
		if err := p.space(); err != nil {
			return nil, err
		}
		if p.pos >= len(p.src) {
			return nil, p.errorf("unterminated object")
		}
		if p.src[p.pos] == '}' {
			obj.close = p.pos
			p.pos++
			return obj, nil
		}
		m := jsoncMember{keyStart: p.pos}
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		m.key = key
		if err := p.space(); err != nil {
			return nil, err
		}
		if p.pos >= len(p.src) || p.src[p.pos] != ':' {
			return nil, p.errorf("expected ':' after key %q", key)
		}
		p.pos++
		if err := p.space(); err != nil {
			return nil, err
		}
		m.valStart = p.pos
		if m.obj, err = p.value(); err != nil {
			return nil, err
		}
		m.valEnd = p.pos
		obj.members = append(obj.members, m)
		if err := p.separator('}'); err != nil {
			return nil, err
		}
	}
}

// separator consumes the ',' after a member or element, or checks that the
// closing bracket follows.
func (p *jsoncParser) separator(closing byte) error {
	if err := p.space(); err != nil {
		return err
	}
	if p.pos < len(p.src) && p.src[p.pos] == ',' {
		p.pos++
		return nil
	}
	if p.pos < len(p.src) && p.src[p.pos] == closing {
		return nil
	}
	return p.errorf("expected ',' or '%c'", closing)
}

// value skips one value, returning it parsed when it is an object.
func (p *jsoncParser) value() (*jsoncObject, error) {
	if p.pos >= len(p.src) {
		return nil, p.errorf("missing value")
	}
	switch c := p.src[p.pos]; c {
	case '{':
		return p.object()
	case '[':
		return nil, p.array()
	case '"':
		_, err := p.str()
		return nil, err
	}
	start := p.pos
	for p.pos < len(p.src) && !strings.ContainsRune(" \t\r\n,}]/", rune(p.src[p.pos])) {
		p.pos++
	}
	var v any
	if err := json.Unmarshal(p.src[start:p.pos], &v); err != nil {
		return nil, p.errorf("invalid value %q", p.src[start:p.pos])
	}
	return nil, nil
}

func (p *jsoncParser) array() error {
	p.pos++ // '['
	for {
		if err := p.space(); err != nil {
			return err
		}
		if p.pos >= len(p.src) {
			return p.errorf("unterminated array")
		}
		if p.src[p.pos] == ']' {
			p.pos++
			return nil
		}
		if _, err := p.value(); err != nil {
			return err
		}
		if err := p.separator(']'); err != nil {
			return err
		}
	}
}

// str reads a JSON string and returns its decoded value.
func (p *jsoncParser) str() (string, error) {
	if p.pos >= len(p.src) || p.src[p.pos] != '"' {
		return "", p.errorf("expected a string")
	}
	start := p.pos
	for p.pos++; p.pos < len(p.src); p.pos++ {
		switch p.src[p.pos] {
		case '\\':
			p.pos++
		case '"':
			p.pos++
			var s string
			if err := json.Unmarshal(p.src[start:p.pos], &s); err != nil {
				return "", p.errorf("invalid string %s", p.src[start:p.pos])
			}
			return s, nil
		}
	}
	return "", p.errorf("unterminated string")
}

// jsoncFind walks path down from the top-level object of src. It returns
// the member at path, or, when a key is missing, nil with the object that
// lacks it and that key's index in path. A member on the way that is not
// an object is an error.
func jsoncFind(src []byte, path []string) (m *jsoncMember, obj *jsoncObject, missing int, err error) {
	if obj, err = parseJSONC(src); err != nil {
		return nil, nil, 0, err
	}
	for i, key := range path {
		if m = obj.lookup(key); m == nil {
			return nil, obj, i, nil
		}
		if i == len(path)-1 {
			return m, obj, 0, nil
		}
		if m.obj == nil {
			return nil, nil, 0, fmt.Errorf("%q is not a JSON object", strings.Join(path[:i+1], "."))
		}
		obj = m.obj
	}
	return nil, nil, 0, errors.New("empty path")
}

// jsoncSet sets the member at path (keys from the top level down) to value
// and returns the new text. Missing objects on the way are created; a
// member that exists is replaced in place. Everything else, comments and
// formatting included, is kept byte for byte.
func jsoncSet(src []byte, path []string, value any) ([]byte, error) {
	if len(bytes.TrimSpace(src)) == 0 {
		src = []byte("{}\n")
	}
	m, obj, missing, err := jsoncFind(src, path)
	if err != nil {
		return nil, err
	}
	if m == nil {
		return jsoncInsert(src, obj, path[missing], nest(path[missing+1:], value))
	}
	return splice(src, m.valStart, m.valEnd, renderJSON(value, indentAt(src, m.keyStart))), nil
}

// nest wraps value in one object per key: nest([a b], v) = {"a":{"b":v}}.
func nest(keys []string, value any) any {
	for i := len(keys) - 1; i >= 0; i-- {
		value = orderedObject{{keys[i], value}}
	}
	return value
}

// jsoncInsert appends "key": value as the last member of obj.
func jsoncInsert(src []byte, obj *jsoncObject, key string, value any) ([]byte, error) {
	k, _ := json.Marshal(key)
	if len(obj.members) == 0 {
		outer := indentAt(src, obj.open)
		inner := outer + "  "
		text := "\n" + inner + string(k) + ": " + renderJSON(value, inner) + "\n" + outer
		return splice(src, obj.open+1, obj.close, text), nil
	}
	last := obj.members[len(obj.members)-1]
	inner := indentAt(src, last.keyStart)
	p := &jsoncParser{src: src, pos: last.valEnd}
	if err := p.space(); err != nil {
		return nil, err
	}
	after := last.valEnd
	if p.pos < len(src) && src[p.pos] == ',' { // a trailing comma already separates
		after = p.pos + 1
	} else {
		src = splice(src, after, after, ",")
		after++
	}
	at := endOfLineComment(src, after)
	return splice(src, at, at, "\n"+inner+string(k)+": "+renderJSON(value, inner)), nil
}

// endOfLineComment returns the end of the line at i when the rest of it is
// blank or a // comment, so a new member goes below the comment that
// belongs to the member before it; else i itself.
func endOfLineComment(src []byte, i int) int {
	j := i
	for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if bytes.HasPrefix(src[j:], []byte("//")) {
		if nl := bytes.IndexByte(src[j:], '\n'); nl >= 0 {
			j += nl
		} else {
			j = len(src)
		}
	}
	if j < len(src) && src[j] != '\n' && src[j] != '\r' {
		return i
	}
	return j
}

func splice(src []byte, from, to int, text string) []byte {
	out := make([]byte, 0, len(src)+len(text))
	out = append(out, src[:from]...)
	out = append(out, text...)
	return append(out, src[to:]...)
}

// indentAt is the leading whitespace of the line holding offset i.
func indentAt(src []byte, i int) string {
	start := bytes.LastIndexByte(src[:i], '\n') + 1
	end := start
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[start:end])
}

// renderJSON renders v indented to sit at indent.
func renderJSON(v any, indent string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent(indent, "  ")
	_ = enc.Encode(v) // values are built from strings, slices and orderedObject: they always encode
	return strings.TrimSuffix(b.String(), "\n")
}

// orderedObject is a JSON object that keeps its keys in the order given,
// so a snippet reads "command" before "args" as the clients' docs show it.
type orderedObject []kv

type kv struct {
	key   string
	value any
}

// MarshalJSON writes the members in order.
func (o orderedObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(m.key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(m.value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// stripJSONC turns JSONC into JSON by dropping comments and trailing
// commas, so the result of an edit can be checked with encoding/json.
func stripJSONC(src []byte) []byte {
	var out []byte
	p := &jsoncParser{src: src}
	for p.pos < len(src) {
		c := src[p.pos]
		switch {
		case c == '"':
			start := p.pos
			if _, err := p.str(); err != nil {
				return append(out, src[start:]...)
			}
			out = append(out, src[start:p.pos]...)
		case c == '/' && p.pos+1 < len(src) && (src[p.pos+1] == '/' || src[p.pos+1] == '*'):
			if err := p.space(); err != nil {
				return out
			}
		case c == ',':
			p.pos++
			q := &jsoncParser{src: src, pos: p.pos}
			if q.space() == nil && q.pos < len(src) && (src[q.pos] == '}' || src[q.pos] == ']') {
				continue // trailing comma
			}
			out = append(out, ',')
		default:
			out = append(out, c)
			p.pos++
		}
	}
	return out
}

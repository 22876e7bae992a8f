package weaviate

import (
	"encoding/json"
	"strconv"
	"strings"
)

// where is a Weaviate filter. It renders both as REST JSON (batch delete)
// and as a GraphQL argument (searches), so each filter is written once.
type where struct {
	Operator string
	Path     string
	Int      *int64
	Text     *string
	Operands []where
}

func and(ws ...where) where { return where{Operator: "And", Operands: ws} }
func or(ws ...where) where  { return where{Operator: "Or", Operands: ws} }

func intIs(op, path string, v int64) where { return where{Operator: op, Path: path, Int: &v} }
func textIs(op, path, v string) where      { return where{Operator: op, Path: path, Text: &v} }

// MarshalJSON renders the REST form.
func (w where) MarshalJSON() ([]byte, error) {
	m := map[string]any{"operator": w.Operator}
	if w.Operands != nil {
		m["operands"] = w.Operands
	} else {
		m["path"] = []string{w.Path}
	}
	if w.Int != nil {
		m["valueInt"] = *w.Int
	}
	if w.Text != nil {
		m["valueText"] = *w.Text
	}
	return json.Marshal(m)
}

// graphQL renders the GraphQL form: enums bare, strings JSON-quoted (JSON
// escapes are valid GraphQL string escapes).
func (w where) graphQL(b *strings.Builder) {
	b.WriteString("{operator: " + w.Operator)
	if w.Operands != nil {
		b.WriteString(", operands: [")
		for i, o := range w.Operands {
			if i > 0 {
				b.WriteString(", ")
			}
			o.graphQL(b)
		}
		b.WriteString("]")
	} else {
		b.WriteString(", path: [" + gqlString(w.Path) + "]")
	}
	if w.Int != nil {
		b.WriteString(", valueInt: " + strconv.FormatInt(*w.Int, 10))
	}
	if w.Text != nil {
		b.WriteString(", valueText: " + gqlString(*w.Text))
	}
	b.WriteString("}")
}

func gqlString(s string) string {
	q, _ := json.Marshal(s) // a string always encodes
	return string(q)
}

// visibleAt selects the chunks alive at generation gen: written by it or
// before, and not retired by then.
func visibleAt(gen int64) where {
	return and(
		intIs("LessThanEqual", "generation", gen),
		or(intIs("Equal", "retired_at", 0), intIs("GreaterThan", "retired_at", gen)),
	)
}

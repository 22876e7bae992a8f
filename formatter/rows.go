package formatter

import (
	"errors"
	"fmt"
	"strings"
)

// EscapeCell makes s safe to place in one cell of a compact header+rows
// table, so that arbitrary text (code, error messages, paths) can never add
// a column or a row. Backslash is escaped first so the other escapes stay
// unambiguous: \ → \\, newline → \n, carriage return → \r, | → \|.
func EscapeCell(s string) string {
	if !strings.ContainsAny(s, "\\\n\r|") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '|':
			b.WriteString(`\|`)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// JoinRow escapes each cell and joins them with pipes: one row of a compact
// table.
func JoinRow(cells ...string) string {
	esc := make([]string, len(cells))
	for i, c := range cells {
		esc[i] = EscapeCell(c)
	}
	return strings.Join(esc, "|")
}

// EncodeRows builds the "d" value of a compact table: rows joined by
// newlines. Zero rows encode as "".
func EncodeRows(rows [][]string) string {
	lines := make([]string, len(rows))
	for i, r := range rows {
		lines[i] = JoinRow(r...)
	}
	return strings.Join(lines, "\n")
}

// ErrBadRows reports compact table data that does not match its header;
// match it with errors.Is to tell bad input from other failures.
var ErrBadRows = errors.New("formatter: malformed compact rows")

// ParseRows decodes a compact table so clients (and our tests) can turn
// "h" and "d" back into exact values: it returns the column names and one
// slice of unescaped cells per row. "" data means zero rows; every row must
// have as many cells as the header.
func ParseRows(header, data string) (columns []string, rows [][]string, err error) {
	columns = strings.Split(header, "|")
	if data == "" {
		return columns, nil, nil
	}
	var (
		row  []string
		cell strings.Builder
	)
	endRow := func() error {
		row = append(row, cell.String())
		cell.Reset()
		if len(row) != len(columns) {
			return fmt.Errorf("%w: row %d has %d cells, header has %d", ErrBadRows, len(rows)+1, len(row), len(columns))
		}
		rows = append(rows, row)
		row = nil
		return nil
	}
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '\\':
			if i+1 >= len(data) {
				return nil, nil, fmt.Errorf("%w: dangling backslash at byte %d", ErrBadRows, i)
			}
			i++
			switch data[i] {
			case '\\':
				cell.WriteByte('\\')
			case 'n':
				cell.WriteByte('\n')
			case 'r':
				cell.WriteByte('\r')
			case '|':
				cell.WriteByte('|')
			default:
				return nil, nil, fmt.Errorf("%w: unknown escape \\%c at byte %d", ErrBadRows, data[i], i-1)
			}
		case '|':
			row = append(row, cell.String())
			cell.Reset()
		case '\n':
			if err := endRow(); err != nil {
				return nil, nil, err
			}
		default:
			cell.WriteByte(c)
		}
	}
	if err := endRow(); err != nil {
		return nil, nil, err
	}
	return columns, rows, nil
}

package chunker

import (
	"bytes"
	"strings"
)

// SQL has no tree-sitter grammar here: smacker's adds 2.0 MB to a binary
// with 0.25 MB left under its size limit (docs/release.md). What a search
// needs of a SQL file is its statements, and those a small lexer finds:
// a statement ends at a ";" outside strings, quoted identifiers, comments
// and dollar quotes, at a GO or "/" line (SQL Server batches, Oracle
// blocks) and at the terminator a MySQL DELIMITER line sets. Each
// statement, with the comments directly above it, is a unit that
// coder.emit merges and splits like another language's declarations; a
// CREATE statement declares what it creates.

// sqlTokKind tells the lexer's tokens apart.
type sqlTokKind uint8

const (
	sqlWord    sqlTokKind = iota + 1 // keyword or bare identifier
	sqlQuoted                        // "identifier", `identifier`, [identifier]
	sqlString                        // '...', E'...'
	sqlDollar                        // $tag$ ... $tag$
	sqlComment                       // -- ..., /* ... */, MySQL's # ...
	sqlNumber                        // numbers and $1 parameters
	sqlPunct                         // one byte of anything else
)

// sqlTok is a token: its kind and bytes [start, end).
type sqlTok struct {
	kind       sqlTokKind
	start, end int
}

// sqlLexer reads the tokens of src. Every token is found by one forward
// scan from its first byte, and an unclosed string, quote or comment runs
// to the end of src instead of being retried as something else, so that
// lexing stays linear whatever the bytes.
type sqlLexer struct {
	src []byte
	// mysql: backslashes escape in strings and "#" starts a comment.
	mysql bool
	// delim is the terminator a DELIMITER line set, nil for ";".
	delim []byte
	// bracketMiss: no "]" closes a "[" before this offset on its line,
	// so a line of "[" is not searched again from each of them.
	bracketMiss int
}

// token returns the token starting at src[i], which is not white space.
func (l *sqlLexer) token(i int) sqlTok {
	src, n := l.src, len(l.src)
	c := src[i]
	next := byte(0)
	if i+1 < n {
		next = src[i+1]
	}
	switch {
	case c == '-' && next == '-', c == '#' && l.mysql:
		return sqlTok{sqlComment, i, lineEnd(src, i)}
	case c == '/' && next == '*':
		if j := bytes.Index(src[i+2:], []byte("*/")); j >= 0 {
			return sqlTok{sqlComment, i, i + 2 + j + 2}
		}
		return sqlTok{sqlComment, i, n}
	case c == '\'':
		return sqlTok{sqlString, i, l.quoted(i, '\'', l.mysql)}
	case c == '"':
		return sqlTok{sqlQuoted, i, l.quoted(i, '"', l.mysql)}
	case c == '`':
		return sqlTok{sqlQuoted, i, l.quoted(i, '`', false)}
	case c == '[' && i >= l.bracketMiss:
		if end := l.bracket(i); end > 0 {
			return sqlTok{sqlQuoted, i, end}
		}
	case c == '$':
		if end := l.dollar(i); end > 0 {
			return sqlTok{sqlDollar, i, end}
		}
		j := i + 1
		for j < n && src[j] >= '0' && src[j] <= '9' {
			j++
		}
		if j > i+1 {
			return sqlTok{sqlNumber, i, j}
		}
	case c >= '0' && c <= '9':
		return sqlTok{sqlNumber, i, l.wordEnd(i)}
	case sqlWordStart(c, l.mysql):
		j := l.wordEnd(i)
		if j == i+1 && c|0x20 == 'e' && next == '\'' {
			// E'...' is PostgreSQL's string with backslash escapes.
			return sqlTok{sqlString, i, l.quoted(j, '\'', true)}
		}
		return sqlTok{sqlWord, i, j}
	}
	return sqlTok{sqlPunct, i, i + 1}
}

func sqlWordStart(c byte, mysql bool) bool {
	return c|0x20 >= 'a' && c|0x20 <= 'z' || c == '_' || c >= 0x80 || c == '@' || c == '#' && !mysql
}

func sqlWordChar(c byte) bool {
	return c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '$' || c == '#' || c >= 0x80
}

// wordEnd returns the end of the word or number at i. A DELIMITER's
// terminator ends a word it is glued to: MySQL's "END$$".
func (l *sqlLexer) wordEnd(i int) int {
	j := i + 1
	number := l.src[i] >= '0' && l.src[i] <= '9'
	for j < len(l.src) && (sqlWordChar(l.src[j]) || l.src[j] == '.' && number) {
		if l.delim != nil && l.src[j] == l.delim[0] && bytes.HasPrefix(l.src[j:], l.delim) {
			break
		}
		j++
	}
	return j
}

// quoted returns the end of the string or quoted identifier opened by
// src[i]: a doubled quote stands for itself and, with backslash, a
// backslash escapes the next byte.
func (l *sqlLexer) quoted(i int, q byte, backslash bool) int {
	src := l.src
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case q:
			if j+1 < len(src) && src[j+1] == q {
				j++
				continue
			}
			return j + 1
		case '\\':
			if backslash {
				j++
			}
		}
	}
	return len(src)
}

// bracket returns the end of a SQL Server [identifier] opened at i, or -1
// when no "]" closes it on its line: PostgreSQL's "[" is a subscript.
func (l *sqlLexer) bracket(i int) int {
	src := l.src
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case ']':
			if j+1 < len(src) && src[j+1] == ']' {
				j++
				continue
			}
			return j + 1
		case '\n':
			l.bracketMiss = j
			return -1
		}
	}
	l.bracketMiss = len(src)
	return -1
}

// maxDollarTag bounds the tag of a dollar quote.
const maxDollarTag = 64

// dollar returns the end of the PostgreSQL dollar quote ($$ or $tag$)
// opened at i, or -1 when there is none. An unclosed quote runs to the
// end, as PostgreSQL reads it.
func (l *sqlLexer) dollar(i int) int {
	src := l.src
	j := i + 1
	for j < len(src) && j-i <= maxDollarTag && src[j] != '$' {
		c := src[j]
		if !(sqlWordChar(c) && c != '$' && c != '#' && (j > i+1 || c > '9')) {
			return -1
		}
		j++
	}
	if j >= len(src) || src[j] != '$' {
		return -1
	}
	tag := src[i : j+1]
	if k := bytes.Index(src[j+1:], tag); k >= 0 {
		return j + 1 + k + len(tag)
	}
	return len(src)
}

// dollarBody returns the text between a dollar quote's tags.
func dollarBody(src []byte, t sqlTok) (int, int) {
	j := bytes.IndexByte(src[t.start+1:t.end], '$') + t.start + 1
	tag := src[t.start : j+1]
	end := t.end
	if t.end-t.start >= 2*len(tag) && bytes.HasSuffix(src[t.start:t.end], tag) {
		end -= len(tag)
	}
	return j + 1, end
}

// sqlItem is a statement, or a comment between statements, in bytes
// [start, end); statements on one line are one item.
type sqlItem struct {
	start, end int
	comment    bool
	ds         []*decl
}

// sqlDef is a declaration with the offset of its name.
type sqlDef struct {
	d  *decl
	at int
}

// sqlRef is a use of a name at offset at, inside definition def or -1.
type sqlRef struct {
	name string
	at   int
	kind RefKind
	def  int32
}

// sqlStmt is the statement being read.
type sqlStmt struct {
	start, end int
	toks       []sqlTok // without comments
	// firstComment is where the first comment inside it starts, or -1:
	// the signature stops there.
	firstComment int
	depth        int // parentheses open
	// begins counts the BEGIN and CASE blocks open: a routine's ";"
	// inside them does not end it (SQLite triggers, MySQL procedures
	// without DELIMITER, SQL Server procedures without GO).
	begins int
	// ended: the last word was an END that closed a block.
	ended bool
	// dollar: it has a dollar-quoted body, which holds its ";" itself.
	dollar bool
}

// sqlScan cuts one SQL file into items, declarations and references.
type sqlScan struct {
	s   *source
	lex sqlLexer
	// blocks: the file has GO or "/" lines, which end its routines, so
	// the ";" inside a routine ends nothing.
	blocks bool
	// slash: the file has "/" lines (Oracle), whose BEGIN and DECLARE
	// blocks also run to one.
	slash bool
	cur   sqlStmt
	items []sqlItem
	defs  []sqlDef
	refs  []sqlRef
	body  []sqlTok // a dollar-quoted body's tokens, reused
}

// scanSQL reads a file's statements.
func scanSQL(s *source) *sqlScan {
	x := &sqlScan{s: s, lex: sqlLexer{src: s.src}, cur: sqlStmt{firstComment: -1}}
	x.dialect()
	src := s.src
	lineStart := true // only white space since the line began
	for i := 0; i < len(src); {
		c := src[i]
		if c == '\n' {
			lineStart = true
			i++
			continue
		}
		if isSpace(c) {
			i++
			continue
		}
		if lineStart {
			lineStart = false
			if end := x.lineCommand(i); end > i {
				i = end
				continue
			}
		}
		if d := x.lex.delim; d != nil && c == d[0] && bytes.HasPrefix(src[i:], d) {
			x.add(sqlTok{sqlPunct, i, i + len(d)})
			x.endStmt()
			i += len(d)
			continue
		}
		t := x.lex.token(i)
		i = t.end
		if t.kind == sqlComment {
			if len(x.cur.toks) == 0 {
				x.items = append(x.items, sqlItem{start: t.start, end: t.end, comment: true})
			} else if x.cur.firstComment < 0 {
				x.cur.firstComment = t.start
			}
			continue
		}
		x.add(t)
		if t.kind == sqlPunct && c == ';' && x.lex.delim == nil && !x.holds() {
			copying := x.copyFromStdin()
			x.endStmt()
			if copying {
				i = x.copyData(i)
			}
		}
	}
	x.endStmt()
	return x
}

// dialect looks for what only MySQL writes (backticks, DELIMITER lines)
// and for batch and block terminator lines.
func (x *sqlScan) dialect() {
	s := x.s
	x.lex.mysql = bytes.IndexByte(s.src, '`') >= 0
	for i := 0; i < s.n; i++ {
		l := bytes.TrimSpace(s.line(i))
		switch {
		case len(l) > 10 && bytes.EqualFold(l[:9], []byte("delimiter")) && (l[9] == ' ' || l[9] == '\t'):
			x.lex.mysql = true
		case len(l) == 1 && l[0] == '/':
			x.blocks, x.slash = true, true
		case isGoLine(l):
			x.blocks = true
		}
	}
}

// isGoLine reports whether a trimmed line is SQL Server's batch
// separator: GO, or GO and a count.
func isGoLine(l []byte) bool {
	if len(l) < 2 || !bytes.EqualFold(l[:2], []byte("go")) {
		return false
	}
	rest := bytes.TrimSpace(l[2:])
	if len(rest) == len(l)-2 && len(rest) > 0 {
		return false // GOTO, GOVERNOR
	}
	for _, c := range rest {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// lineCommand handles what only the start of a line can be, at src[i]:
// a batch or block terminator, a DELIMITER line, a psql meta-command,
// or a CREATE at column 0 that shows the statement before it lacks its
// ";". It returns the end of what it consumed, or i.
func (x *sqlScan) lineCommand(i int) int {
	src := x.s.src
	eol := len(src)
	end := i
	for end < eol && src[end] != '\n' && src[end] != ' ' && src[end] != '\t' && src[end] != '\r' {
		end++ // the line's first field
	}
	first := src[i:end]
	rest := end
	for rest < eol && (src[rest] == ' ' || src[rest] == '\t' || src[rest] == '\r') {
		rest++
	}
	atEOL := rest == eol || src[rest] == '\n'
	lineEnd := func() int {
		if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
			return i + j
		}
		return eol
	}
	switch {
	case len(first) == 1 && first[0] == '/' && atEOL,
		len(first) == 2 && bytes.EqualFold(first, []byte("go")) && (atEOL || isGoLine(bytes.TrimSpace(src[i:lineEnd()]))):
		le := lineEnd()
		switch {
		case len(x.cur.toks) > 0:
			x.cur.end = le
			x.endStmt()
		case len(x.items) > 0 && !x.items[len(x.items)-1].comment:
			x.items[len(x.items)-1].end = le
		default:
			x.items = append(x.items, sqlItem{start: i, end: le})
		}
		return le
	case x.lex.mysql && bytes.EqualFold(first, []byte("delimiter")) && !atEOL:
		// The client reads it at the start of any line: a statement
		// left without its terminator ends here.
		x.endStmt()
		le := lineEnd()
		fields := bytes.Fields(src[rest:le])
		switch {
		case len(fields) == 0:
		case string(fields[0]) == ";":
			x.lex.delim = nil
		case len(fields[0]) <= 16:
			x.lex.delim = fields[0]
		}
		x.addItem(sqlItem{start: i, end: le})
		return le
	case len(x.cur.toks) > 0:
		if len(first) >= 6 && bytes.EqualFold(first[:6], []byte("create")) && (len(first) == 6 || !sqlWordChar(first[6])) &&
			(i == 0 || src[i-1] == '\n') && x.lex.delim == nil && x.cur.depth == 0 && !(x.blocks && !x.cur.dollar && x.routine()) {
			x.endStmt()
		}
		return i
	case src[i] == '\\':
		le := lineEnd()
		x.addItem(sqlItem{start: i, end: le})
		return le
	}
	return i
}

// add appends a token to the statement being read.
func (x *sqlScan) add(t sqlTok) {
	st := &x.cur
	if len(st.toks) == 0 {
		st.start = t.start
	}
	st.toks = append(st.toks, t)
	st.end = t.end
	ended := st.ended
	st.ended = false
	switch t.kind {
	case sqlDollar:
		st.dollar = true
	case sqlPunct:
		switch x.s.src[t.start] {
		case '(':
			st.depth++
		case ')':
			st.depth = max(st.depth-1, 0)
		}
	case sqlWord:
		switch x.kw(t) {
		case "BEGIN":
			st.begins++
		case "CASE":
			if !ended { // END CASE closes one
				st.begins++
			}
		case "END":
			if st.begins > 0 {
				st.begins--
				st.ended = true
			}
		case "IF", "LOOP", "WHILE", "REPEAT", "FOR":
			if ended { // END IF closes no BEGIN
				st.begins++
			}
		case "TRAN", "TRANSACTION", "WORK", "DISTRIBUTED":
			if k := len(st.toks); k >= 2 && x.kw(st.toks[k-2]) == "BEGIN" && st.begins > 0 {
				st.begins-- // BEGIN TRANSACTION opens no block
			}
		}
	}
}

// holds reports whether a ";" leaves the current statement open: inside
// a routine that a GO or "/" line ends, or inside a routine's BEGIN block.
// A "/" line is also what a comment may hold, so a routine with a dollar-
// quoted body (PostgreSQL's) and a BEGIN that starts a transaction
// ("BEGIN;", "BEGIN TRANSACTION;") hold nothing even then: they would
// run to the end of the file.
func (x *sqlScan) holds() bool {
	st := &x.cur
	if x.blocks {
		if x.slash && len(st.toks) > 2 {
			switch x.kw(st.toks[0]) {
			case "DECLARE":
				return true
			case "BEGIN":
				switch x.kw(st.toks[1]) {
				case "TRANSACTION", "WORK", "TRAN", "ISOLATION":
				default:
					return true
				}
			}
		}
		return !st.dollar && x.routine()
	}
	return st.begins > 0 && x.routine()
}

// routine reports whether the current statement creates or alters a
// function, procedure, trigger or package: the kinds with bodies of
// statements.
func (x *sqlScan) routine() bool {
	toks := x.cur.toks
	if len(toks) == 0 {
		return false
	}
	if w := x.kw(toks[0]); w != "CREATE" && w != "ALTER" {
		return false
	}
	switch kind, _ := x.createKind(toks); kind {
	case "function", "procedure", "trigger", "package":
		return true
	}
	return false
}

// copyFromStdin reports whether the current statement is a COPY whose
// data follows it (pg_dump's), up to a "\." line.
func (x *sqlScan) copyFromStdin() bool {
	toks := x.cur.toks
	if x.kw(toks[0]) != "COPY" {
		return false
	}
	for _, t := range toks {
		if x.kw(t) == "STDIN" {
			return true
		}
	}
	return false
}

// copyData adds the data lines after a COPY statement that ended before
// offset i to its item, and returns where the data ends.
func (x *sqlScan) copyData(i int) int {
	src := x.s.src
	it := &x.items[len(x.items)-1]
	j := bytes.IndexByte(src[i:], '\n')
	if j < 0 {
		return i
	}
	for j += i + 1; j < len(src); {
		le := len(src)
		if k := bytes.IndexByte(src[j:], '\n'); k >= 0 {
			le = j + k
		}
		l := bytes.TrimSpace(src[j:le])
		if len(l) > 0 {
			it.end = le
		}
		if string(l) == `\.` {
			return le
		}
		j = le + 1
	}
	return len(src)
}

// endStmt closes the current statement: it becomes an item, with its
// declaration and references.
func (x *sqlScan) endStmt() {
	st := &x.cur
	if len(st.toks) == 0 {
		return
	}
	it := sqlItem{start: st.start, end: st.end}
	def := int32(-1)
	kind := ""
	if d, at := x.declare(st); d != nil {
		x.defs = append(x.defs, sqlDef{d: d, at: at})
		it.ds = []*decl{d}
		def = int32(len(x.defs) - 1)
		kind = d.kind
	}
	x.findRefs(st.toks, def, kind == "index" || kind == "trigger", 0)
	x.addItem(it)
	st.toks = st.toks[:0]
	st.firstComment, st.depth, st.begins, st.ended, st.dollar = -1, 0, 0, false, false
}

// addItem appends a statement item, joining it to a statement item it
// shares a line with, so that a line of ";" is one item, not one per byte.
func (x *sqlScan) addItem(it sqlItem) {
	if k := len(x.items) - 1; k >= 0 && !x.items[k].comment && x.s.lineAt(x.items[k].end-1) == x.s.lineAt(it.start) {
		x.items[k].end = it.end
		x.items[k].ds = append(x.items[k].ds, it.ds...)
		return
	}
	x.items = append(x.items, it)
}

// sqlKinds maps the object keywords of CREATE to declaration kinds.
var sqlKinds = map[string]string{
	"TABLE": "table", "VIEW": "view", "INDEX": "index", "FUNCTION": "function",
	"PROCEDURE": "procedure", "PROC": "procedure", "TRIGGER": "trigger", "TYPE": "type",
	"SEQUENCE": "sequence", "SCHEMA": "schema", "DATABASE": "database", "EXTENSION": "extension",
	"DOMAIN": "domain", "PACKAGE": "package",
}

// sqlModifiers may stand between CREATE and the object keyword.
var sqlModifiers = set("OR", "REPLACE", "ALTER", "TEMP", "TEMPORARY", "UNLOGGED", "GLOBAL", "LOCAL",
	"UNIQUE", "CLUSTERED", "NONCLUSTERED", "RECURSIVE", "MATERIALIZED", "CONSTRAINT", "EVENT",
	"FOREIGN", "VIRTUAL", "EXTERNAL", "SECURE", "TRANSIENT", "VOLATILE", "FULLTEXT", "SPATIAL",
	"AGGREGATE", "TRUSTED", "PROCEDURAL", "FORCE", "NOFORCE", "EDITIONABLE", "NONEDITIONABLE",
	"SQL", "SECURITY", "DEFINER", "INVOKER", "COLUMNSTORE", "BITMAP")

// sqlReserved are the keywords that never name a table, so that a word
// after FROM or JOIN that is one of them is no reference.
var sqlReserved = set("SELECT", "WITH", "VALUES", "LATERAL", "ONLY", "IF", "NOT", "EXISTS",
	"CASCADE", "RESTRICT", "SET", "OF", "ON", "NO", "ACTION", "DEFAULT", "NULL", "WHERE", "AS",
	"AND", "OR", "USING", "JOIN", "INNER", "LEFT", "RIGHT", "FULL", "OUTER", "CROSS", "NATURAL",
	"GROUP", "ORDER", "LIMIT", "OFFSET", "FETCH", "UNION", "EXCEPT", "INTERSECT", "HAVING",
	"WINDOW", "RETURNING", "NOWAIT", "SKIP", "TRUE", "FALSE", "CASE", "WHEN", "THEN", "ELSE",
	"END", "BEGIN", "DISTINCT", "ALL", "ANY", "IN", "IS", "TABLE", "FUNCTION", "PROCEDURE",
	"STDIN", "STDOUT", "DUAL", "FOR", "INTO", "FROM", "UPDATE", "DELETE", "INSERT", "LOOP",
	"RETURN", "CONCURRENTLY")

// sqlNotNames are the keywords that stand where a CREATE statement's
// name would (CREATE INDEX ON t): any other word may name a table.
var sqlNotNames = set("ON", "AS", "USING", "WITH", "FROM")

// sqlKeywords interns every keyword the scanner compares, upper case, so
// that kw finds them without allocating.
var sqlKeywords = func() map[string]string {
	m := map[string]string{}
	for _, w := range []string{"CREATE", "ALTER", "DROP", "TRUNCATE", "LOCK", "BEGIN", "CASE", "END",
		"IF", "LOOP", "WHILE", "REPEAT", "FOR", "TRAN", "TRANSACTION", "WORK", "DISTRIBUTED", "DECLARE",
		"COPY", "STDIN", "NOT", "EXISTS", "CONCURRENTLY", "BODY", "FROM", "JOIN", "INTO", "UPDATE",
		"REFERENCES", "TABLE", "ON", "CALL", "EXEC", "EXECUTE", "FUNCTION", "PROCEDURE", "INSERT",
		"MERGE", "REPLACE", "IGNORE", "DISTINCT", "KEY", "BEFORE", "AFTER", "OR", "OF", "DO",
		"INSTEAD", "GRANT", "REVOKE", "AS", "LANGUAGE", "ONLY", "USING", "WITH", "SELECT"} {
		m[w] = w
	}
	for _, ws := range []map[string]bool{sqlModifiers, sqlReserved} {
		for w := range ws {
			m[w] = w
		}
	}
	for w := range sqlKinds {
		m[w] = w
	}
	return m
}()

// kw returns a word token as the upper-case keyword it is, or "".
func (x *sqlScan) kw(t sqlTok) string {
	if t.kind != sqlWord || t.end-t.start > 16 {
		return ""
	}
	var buf [16]byte
	w := buf[:t.end-t.start]
	for i, c := range x.s.src[t.start:t.end] {
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		w[i] = c
	}
	return sqlKeywords[string(w)]
}

func (x *sqlScan) punct(toks []sqlTok, k int, c byte) bool {
	return k < len(toks) && toks[k].kind == sqlPunct && x.s.src[toks[k].start] == c
}

// createKind reads "CREATE [modifiers] KIND [IF NOT EXISTS]" (or ALTER)
// and returns the declaration kind and the index of the token after it,
// or "" when the statement creates nothing this chunker names.
func (x *sqlScan) createKind(toks []sqlTok) (string, int) {
	src := x.s.src
	k := 1
	for steps := 0; k < len(toks) && steps < 24; steps++ {
		w := x.kw(toks[k])
		if kind := sqlKinds[w]; kind != "" {
			k++
			for k < len(toks) {
				switch x.kw(toks[k]) {
				case "CONCURRENTLY", "IF", "NOT", "EXISTS", "BODY":
					k++
					continue
				}
				break
			}
			return kind, k
		}
		switch {
		case x.punct(toks, k+1, '='): // DEFINER = user@host, ALGORITHM = MERGE
			k += 3
			for k < len(toks) && src[toks[k].start] == '@' {
				if toks[k].end-toks[k].start == 1 {
					k++
				}
				k++
			}
		case sqlModifiers[w]:
			k++
		default:
			return "", k
		}
	}
	return "", k
}

// nameAt reads the dotted name at toks[k]: the text of its last part (the
// inside of a quoted one), where that part starts, and the parts before it
// joined by dots. ok is false when there is no name: a word of stop, a
// T-SQL @variable, a string.
func (x *sqlScan) nameAt(toks []sqlTok, k int, stop map[string]bool) (name, parent string, at, next int, ok bool) {
	var parts []string
	for len(parts) < 4 && k < len(toks) {
		t := toks[k]
		a, b := t.start, t.end
		switch t.kind {
		case sqlQuoted:
			a++
			if b-a >= 1 && closes(x.s.src[t.start], x.s.src[b-1]) {
				b--
			}
		case sqlWord:
			if w := x.kw(t); w != "" && stop[w] || x.s.src[a] == '@' {
				return "", "", 0, k, false
			}
		default:
			return "", "", 0, k, false
		}
		text := x.s.src[a:b]
		if len(text) == 0 || bytes.IndexByte(text, '\n') >= 0 {
			return "", "", 0, k, false
		}
		parts = append(parts, string(text))
		at = a
		k++
		if !x.punct(toks, k, '.') {
			break
		}
		k++
	}
	if len(parts) == 0 {
		return "", "", 0, k, false
	}
	return parts[len(parts)-1], strings.Join(parts[:len(parts)-1], "."), at, k, true
}

// closes reports whether byte c closes a quote opened by o.
func closes(o, c byte) bool {
	if o == '[' {
		return c == ']'
	}
	return c == o
}

// declare returns the declaration a CREATE statement makes, with the
// offset of its name, or nil.
func (x *sqlScan) declare(st *sqlStmt) (*decl, int) {
	if x.kw(st.toks[0]) != "CREATE" {
		return nil, 0
	}
	kind, k := x.createKind(st.toks)
	if kind == "" {
		return nil, 0
	}
	name, parent, at, _, ok := x.nameAt(st.toks, k, sqlNotNames)
	if !ok {
		return nil, 0 // PostgreSQL's CREATE INDEX ON t (c) names nothing
	}
	src := x.s.src
	end := min(x.s.start[x.s.lineAt(st.start)+1], st.end)
	if st.firstComment > st.start {
		end = min(end, st.firstComment)
	}
	for end > st.start && strings.IndexByte(" \t\r\n(;", src[end-1]) >= 0 {
		end--
	}
	sig := headerText(src, uint32(st.start), uint32(end))
	return &decl{name: name, kind: kind, parent: parent, sig: sig}, at
}

// findRefs records the tables a statement's tokens use: after FROM,
// JOIN, INSERT INTO, UPDATE, REFERENCES, ALTER/DROP/TRUNCATE TABLE, COPY and
// the ON of an index or trigger; and the routines CALL and EXECUTE run.
// The body of a SQL or PL/pgSQL function, a dollar quote, is read for
// them too.
func (x *sqlScan) findRefs(toks []sqlTok, def int32, onTarget bool, depth int) {
	var parens []bool // for each open "(", whether it holds a query
	body := 0         // whether dollar quotes hold SQL: 0 not yet known, 1 yes, -1 no
	for k := 0; k < len(toks) && len(x.refs) < maxGraphRefs; k++ {
		t := toks[k]
		switch t.kind {
		case sqlDollar:
			if depth > 0 {
				continue
			}
			if body == 0 {
				body = x.sqlBody(toks)
			}
			if body > 0 {
				x.bodyRefs(t, def)
			}
			continue
		case sqlPunct:
			switch x.s.src[t.start] {
			case '(':
				w := ""
				if k+1 < len(toks) {
					w = x.kw(toks[k+1])
				}
				parens = append(parens, w == "SELECT" || w == "WITH")
			case ')':
				if len(parens) > 0 {
					parens = parens[:len(parens)-1]
				}
			}
			continue
		case sqlWord:
		default:
			continue
		}
		prev := ""
		if k > 0 {
			prev = x.kw(toks[k-1])
		}
		switch x.kw(t) {
		case "FROM":
			// EXTRACT(YEAR FROM d) and IS DISTINCT FROM x name no table.
			if prev != "DISTINCT" && (len(parens) == 0 || parens[len(parens)-1]) {
				k = x.tableList(toks, k+1, def) - 1
			}
		case "JOIN":
			x.tableRef(toks, k+1, def, false)
		case "INTO":
			if prev == "INSERT" || prev == "MERGE" || prev == "REPLACE" || prev == "IGNORE" {
				x.tableRef(toks, k+1, def, true)
			}
		case "UPDATE":
			switch prev {
			case "ON", "KEY", "FOR", "BEFORE", "AFTER", "OR", "OF", "DO", "INSTEAD", "GRANT", "REVOKE":
			default:
				x.tableRef(toks, k+1, def, true)
			}
		case "REFERENCES":
			x.tableRef(toks, k+1, def, true)
		case "TABLE":
			switch prev {
			case "ALTER", "DROP", "TRUNCATE", "LOCK", "ON":
				x.tableRef(toks, k+1, def, true)
			}
		case "COPY":
			if k == 0 {
				x.tableRef(toks, k+1, def, true)
			}
		case "ON":
			if onTarget && len(parens) == 0 {
				onTarget = false
				x.tableRef(toks, k+1, def, true)
			}
		case "CALL", "EXEC", "EXECUTE":
			n := k + 1
			if w := x.kw(toks[min(n, len(toks)-1)]); w == "FUNCTION" || w == "PROCEDURE" {
				n++
			}
			if name, _, at, _, ok := x.nameAt(toks, n, sqlReserved); ok {
				x.ref(sqlRef{name: name, at: at, kind: RefCall, def: def})
			}
		}
	}
}

// sqlBody reports whether a statement's dollar quotes hold SQL: a
// function in LANGUAGE sql or plpgsql, or one that names no language (a
// DO block), but not PL/Python's or PL/v8's code.
func (x *sqlScan) sqlBody(toks []sqlTok) int {
	for k, t := range toks {
		if x.kw(t) == "LANGUAGE" && k+1 < len(toks) {
			l := toks[k+1]
			lang := strings.ToLower(strings.Trim(string(x.s.src[l.start:min(l.end, l.start+16)]), `'"`))
			if lang == "sql" || lang == "plpgsql" {
				return 1
			}
			return -1
		}
	}
	return 1
}

// bodyRefs finds the references in a dollar-quoted body.
func (x *sqlScan) bodyRefs(t sqlTok, def int32) {
	a, b := dollarBody(x.s.src, t)
	lex := sqlLexer{src: x.s.src[:b]}
	x.body = x.body[:0]
	for i := a; i < b; {
		if isSpace(lex.src[i]) {
			i++
			continue
		}
		tok := lex.token(i)
		i = tok.end
		if tok.kind != sqlComment {
			x.body = append(x.body, tok)
		}
	}
	x.findRefs(x.body, def, false, 1)
}

// tableList records the tables of a FROM list ("FROM a x, b AS y") and
// returns the index of the token after it.
func (x *sqlScan) tableList(toks []sqlTok, k int, def int32) int {
	for n := 0; n < 64; n++ {
		next, ok := x.tableRef(toks, k, def, false)
		if !ok {
			return k
		}
		k = next
		if x.kw(toks[min(k, len(toks)-1)]) == "AS" && k < len(toks) {
			k += 2
		} else if k < len(toks) && toks[k].kind == sqlWord && !sqlReserved[x.kw(toks[k])] {
			k++ // an alias
		}
		if !x.punct(toks, k, ',') {
			return k
		}
		k++
	}
	return k
}

// tableRef records the table named at toks[k], after ONLY or IF EXISTS,
// and returns the index of the token after it. A name followed by "(" is
// a function (FROM generate_series(1, 3)) unless paren allows it: INSERT
// INTO t (a, b), REFERENCES t (id).
func (x *sqlScan) tableRef(toks []sqlTok, k int, def int32, paren bool) (int, bool) {
	for k < len(toks) {
		switch x.kw(toks[k]) {
		case "ONLY", "IF", "EXISTS":
			k++
			continue
		}
		break
	}
	name, _, at, next, ok := x.nameAt(toks, k, sqlReserved)
	if !ok || !paren && x.punct(toks, next, '(') {
		return next, false
	}
	x.ref(sqlRef{name: name, at: at, kind: RefOther, def: def})
	return next, true
}

// ref records a reference while the file has fewer than maxGraphRefs.
func (x *sqlScan) ref(r sqlRef) {
	if len(x.refs) < maxGraphRefs {
		x.refs = append(x.refs, r)
	}
}

// sqlDirectives are the comments migration tools read (goose, sql-migrate,
// dbmate, Liquibase) and MySQL's executable comments: not documentation.
var sqlDirectives = []string{"-- +goose", "-- +migrate", "-- migrate:", "--changeset", "-- changeset",
	"--rollback", "-- rollback", "--liquibase", "-- liquibase", "/*!"}

var sqlSpec = &langSpec{directives: sqlDirectives}

// units turns the items into units the way coder.units does for a tree:
// the comments ending directly above a statement join it (the last run
// of them, directives below it skipped, is a declaration's doc), other
// comments are units of their own, a comment on the line a statement
// ends on joins that statement.
func (x *sqlScan) units(c *coder) []unit {
	var out []unit
	var pending []int // comment items waiting for a statement
	lines := func(it sqlItem) (int, int) { return x.s.lineAt(it.start), x.s.lineAt(it.end - 1) }
	flush := func() {
		for _, p := range pending {
			a, b := lines(x.items[p])
			out = c.addUnit(out, unit{a: a, b: b})
		}
		pending = pending[:0]
	}
	for i, it := range x.items {
		a, b := lines(it)
		if it.comment {
			if len(pending) == 0 && len(out) > 0 && a <= out[len(out)-1].b {
				out = c.addUnit(out, unit{a: a, b: b})
				continue
			}
			if len(pending) > 0 {
				if _, pb := lines(x.items[pending[len(pending)-1]]); a > pb+1 {
					flush()
				}
			}
			pending = append(pending, i)
			continue
		}
		k, next := len(pending), a
		for k > 0 {
			pa, pb := lines(x.items[pending[k-1]])
			if pb+1 < next {
				break
			}
			k--
			next = pa
		}
		attached := append([]int(nil), pending[k:]...)
		pending = pending[:k]
		flush()
		u := unit{a: next, b: b, ds: it.ds}
		for j, d := range it.ds {
			d.a, d.b = u.a, u.b
			if j == 0 {
				x.doc(d, attached)
			}
		}
		out = c.addUnit(out, u)
	}
	flush()
	return out
}

// doc sets d's doc to the run of comments closest above it, as
// coder.docFromComments does for a tree.
func (x *sqlScan) doc(d *decl, attached []int) {
	first, last := docRun(len(attached), func(i int) bool {
		it := x.items[attached[i]]
		return !sqlSpec.isDirective(string(x.s.src[it.start:min(it.end, it.start+32)]))
	})
	if last < 0 {
		return
	}
	fi, li := x.items[attached[first]], x.items[attached[last]]
	d.doc = strings.TrimSpace(string(x.s.src[fi.start:li.end]))
	d.docA, d.docB = x.s.lineAt(fi.start), x.s.lineAt(li.end-1)
}

// splitSQL chunks a SQL file by statements and, with withGraph, makes its
// graph.
func splitSQL(s *source, budget int, withGraph bool) ([]span, *Graph) {
	x := scanSQL(s)
	c := newCoder(s, sqlSpec, budget)
	c.emit(x.units(c))
	if !withGraph {
		return c.out, nil
	}
	return c.out, x.graph()
}

// sqlSymbols lists a SQL file's declarations.
func sqlSymbols(s *source) []Symbol {
	x := scanSQL(s)
	x.units(newCoder(s, sqlSpec, DefaultMaxTokens))
	out := make([]Symbol, 0, len(x.defs))
	for _, df := range x.defs {
		out = append(out, df.d.symbol())
	}
	return out
}

// graph is the file's graph: the declarations, and the tables and
// routines its statements use, each inside the declaration whose
// statement holds it.
func (x *sqlScan) graph() *Graph {
	g := &Graph{Defs: make([]Def, 0, len(x.defs)), Refs: make([]Ref, 0, len(x.refs))}
	for _, df := range x.defs {
		g.Defs = append(g.Defs, df.d.graphDef(x.s, df.at))
	}
	for _, r := range x.refs {
		line, col := x.s.position(r.at)
		g.Refs = append(g.Refs, Ref{Name: r.name, Line: line, Col: col, Kind: r.kind, Enclosing: r.def})
	}
	return g
}

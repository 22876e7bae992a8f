package chunker

// A Zig function's parameters and locals often state their types
// (`fn handle(req: *Request, res: *httpz.Response)`, `var list:
// List = …`, `const srv = Server.init(…)`), so a call on one of them
// (`req.header(…)`) selects a member of that type, as a method's self
// selects one of its struct.

// zigScope is the names a function's parameters and locals type, over
// its tokens from the parameter list to its body's closing brace.
type zigScope struct {
	from, to int
	types    map[string]string // name → type ("Request"; "Self" for the enclosing struct)
}

// typedScopes returns the scopes of the file's functions that type any
// name, in the order of their first token.
func (z *zigScan) typedScopes() []zigScope {
	var out []zigScope
	for k := 0; k+2 < len(z.toks); k++ {
		if !z.is(k, "fn") || z.toks[k+1].kind != zigWord || !z.is(k+2, "(") {
			continue
		}
		stop := z.blockEnd(k, len(z.toks))
		if !z.is(stop-1, "}") {
			continue // a prototype: no body
		}
		types := map[string]string{}
		z.paramTypes(k+2, types)
		z.localTypes(z.match[stop-1], stop-1, types)
		if len(types) > 0 {
			out = append(out, zigScope{from: k, to: stop - 1, types: types})
		}
	}
	return out
}

// paramTypes adds the types the parameter list opened at token open
// states.
func (z *zigScan) paramTypes(open int, types map[string]string) {
	end := z.match[open]
	for j := open + 1; j < end; j = z.statementEnd(j, end, ",") {
		for z.is(j, "comptime") || z.is(j, "noalias") {
			j++
		}
		if j+1 < end && z.toks[j].kind == zigWord && z.is(j+1, ":") {
			if t := z.typeAt(j+2, end); t != "" {
				types[z.text(j)] = t
			}
		}
	}
}

// localTypes adds the types of the locals a body (its braces at open and
// close) declares with a type (`var x: T =`) or from one (`= T{`, `=
// T.init(`, `= try mod.T.init(`).
func (z *zigScan) localTypes(open, close int, types map[string]string) {
	for j := open + 1; j+3 < close; j++ {
		if !(z.is(j, "const") || z.is(j, "var")) || z.toks[j+1].kind != zigWord {
			continue
		}
		name := z.text(j + 1)
		switch {
		case z.is(j+2, ":"):
			if t := z.typeAt(j+3, close); t != "" {
				types[name] = t
			}
		case z.is(j+2, "="):
			if t := z.initialized(j+3, close); t != "" {
				types[name] = t
			}
		}
	}
}

// initialized returns the type a value starting at token k makes: a
// struct literal (`T{`) or an init call (`T.init(`, `mod.T.init(`), after
// a `try`; "" for any other value.
func (z *zigScan) initialized(k, end int) string {
	if z.is(k, "try") {
		k++
	}
	for k+2 < end && z.toks[k].kind == zigWord && z.is(k+1, ".") && z.toks[k+2].kind == zigWord && !z.is(k+2, "init") {
		k += 2 // mod.T
	}
	if k+1 >= end || z.toks[k].kind != zigWord || !titled(z.text(k)) {
		return ""
	}
	if z.is(k+1, "{") || z.is(k+1, ".") && z.is(k+2, "init") && z.is(k+3, "(") {
		return z.text(k)
	}
	return ""
}

// typeAt reads the type starting at token k: the last name of a possibly
// qualified, pointer or optional type (`*const httpz.Request` is
// Request). A lower-case name (u8, anytype, type) or a type a function
// builds (`ArrayList(u8)`) types nothing: "".
func (z *zigScan) typeAt(k, end int) string {
	for k < end && (z.is(k, "*") || z.is(k, "?") || z.is(k, "const") || z.is(k, "[") || z.is(k, "]")) {
		if z.is(k, "[") {
			k = z.match[k]
		}
		k++
	}
	if k >= end || z.toks[k].kind != zigWord {
		return ""
	}
	for k+2 < end && z.is(k+1, ".") && z.toks[k+2].kind == zigWord {
		k += 2
	}
	if z.is(k+1, "(") || !titled(z.text(k)) {
		return ""
	}
	return z.text(k)
}

// scopeStack answers, for tokens in increasing order, the type of a name
// in the innermost function scope around the token.
type scopeStack struct {
	scopes []zigScope
	next   int
	open   []zigScope
}

// typeOf returns the type name has at token k, or "".
func (s *scopeStack) typeOf(k int, name string) string {
	for s.next < len(s.scopes) && s.scopes[s.next].from <= k {
		s.open = append(s.open, s.scopes[s.next])
		s.next++
	}
	for len(s.open) > 0 && s.open[len(s.open)-1].to < k {
		s.open = s.open[:len(s.open)-1]
	}
	for i := len(s.open) - 1; i >= 0; i-- {
		if s.open[i].to >= k {
			if t, ok := s.open[i].types[name]; ok {
				return t
			}
		}
	}
	return ""
}

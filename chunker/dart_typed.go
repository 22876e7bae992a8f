package chunker

// Dart states types before names: a function's parameters (`void
// handle(Request req, {required Options opts})`), its locals (`final
// Parser p = …`, `var p = Parser(…)`) and a class's fields (`final
// ArgParser parser;`), so a call on one of them (`req.header(…)`,
// `this.parser.parse()`) selects a member of that type.

// graph is the file's graph, as Zig's, with Dart's typed names.
func (z *dartScan) graph(items []*outlineItem) *Graph {
	return z.graphWith(items, z.dartScopes())
}

// dartScopes returns the names the file's functions type, one scope a
// function: its parameter list (a "(" after a name, closed by ")" and
// followed by a body) to its body's end.
func (z *dartScan) dartScopes() []zigScope {
	var out []zigScope
	for j := 1; j < len(z.toks); j++ {
		if !z.is(j, "(") || z.toks[j-1].kind != zigWord || dartNotNames[z.text(j-1)] || dartNotCallees[z.text(j-1)] {
			continue
		}
		close := z.match[j]
		body := close + 1
		for body < len(z.toks) && (z.is(body, "async") || z.is(body, "sync") || z.is(body, "*")) {
			body++
		}
		var stop int
		switch {
		case z.is(body, "{"):
			stop = z.match[body]
		case z.is(body, "=") && z.is(body+1, ">"):
			stop = z.statementEnd(body, len(z.toks), ";") - 1
		default:
			continue
		}
		types := map[string]string{}
		z.dartParams(j, close, types)
		if z.is(body, "{") {
			z.dartLocals(body, stop, types)
		}
		if len(types) > 0 {
			out = append(out, zigScope{from: j, to: stop, types: types})
		}
	}
	return out
}

// dartNotCallees are words a "(" follows that open no parameter list.
var dartNotCallees = map[string]bool{"on": true, "else": true, "do": true, "try": true, "finally": true, "when": true}

// dartParams adds the types of the parameters between the brackets at
// open and close, the named and optional groups ({…}, […]) included.
func (z *dartScan) dartParams(open, close int, types map[string]string) {
	for a := open + 1; a < close; {
		if z.is(a, "{") || z.is(a, "[") {
			z.dartParams(a, z.match[a], types)
			a = z.match[a] + 1
			continue
		}
		b := z.statementEnd(a, close, ",")
		if name, t := z.typedName(a, b); t != "" {
			types[name] = t
		}
		a = b
	}
}

// dartLocals adds the types of the locals a body (its braces at open and
// close) declares: `Parser p =`, `final Parser p`, `var p = Parser(`,
// `final p = Parser.named(`, `late final p = new Parser(`.
func (z *dartScan) dartLocals(open, close int, types map[string]string) {
	for j := open + 1; j < close; j++ {
		if !(z.is(j-1, "{") || z.is(j-1, ";") || z.is(j-1, "}")) {
			continue
		}
		if name, t := z.constructed(j, close); t != "" {
			types[name] = t
		} else if name, t := z.typedName(j, z.statementEnd(j, close, ";")); t != "" {
			types[name] = t
		}
	}
}

// constructed reads an untyped local bound to a constructor call from
// token j (`var p = Parser(`, `final p = Parser.named(`, `var p = new
// Parser(`, `Parser<T>(`) and returns its name and the class.
func (z *dartScan) constructed(j, close int) (string, string) {
	if !(z.is(j, "var") || z.is(j, "final") || z.is(j, "const") || z.is(j, "late")) {
		return "", ""
	}
	name := j + 1
	if z.is(name, "final") { // late final p = …
		name++
	}
	v := name + 2
	if z.is(v, "new") || z.is(v, "const") {
		v++
	}
	if v+1 >= close || z.toks[name].kind != zigWord || !z.is(name+1, "=") || z.toks[v].kind != zigWord ||
		!titled(z.text(v)) || !(z.is(v+1, "(") || z.is(v+1, "<") || z.is(v+1, ".") && z.is(v+3, "(")) {
		return "", ""
	}
	return z.text(name), z.text(v)
}

// typedName reads a declaration of a name with a stated type in tokens
// [a, b) (`required final Options opts = …`, `http.Client c`,
// `List<int>? xs`) and returns the name and the type's last name; "" for
// the type when there is none or it is no class (`int`, a type parameter
// `T`, a function type).
func (z *dartScan) typedName(a, b int) (string, string) {
	for a < b && (z.toks[a].kind == zigBuiltin || z.is(a, "required") || z.is(a, "final") || z.is(a, "const") ||
		z.is(a, "late") || z.is(a, "covariant") || z.is(a, "static")) {
		if z.toks[a].kind == zigBuiltin && z.is(a+1, "(") {
			a = z.match[a+1]
		}
		a++
	}
	if a+1 >= b || z.toks[a].kind != zigWord {
		return "", ""
	}
	t := a
	if z.is(t+1, ".") && t+2 < b && z.toks[t+2].kind == zigWord { // a prefixed import: http.Client
		t += 2
	}
	n := t + 1
	if z.is(n, "<") {
		for depth := 0; n < b; n++ {
			if z.is(n, "<") {
				depth++
			} else if z.is(n, ">") {
				if depth--; depth == 0 {
					n++
					break
				}
			}
		}
	}
	if z.is(n, "?") {
		n++
	}
	if n >= b || z.toks[n].kind != zigWord || !(n+1 == b || z.is(n+1, "=") || z.is(n+1, ",") || z.is(n+1, ";")) {
		return "", ""
	}
	if !titled(z.text(t)) || len(z.text(t)) == 1 || z.text(t) == "Function" {
		return "", "" // a built-in lower-case type, a type parameter, a function type
	}
	return z.text(n), z.text(t)
}

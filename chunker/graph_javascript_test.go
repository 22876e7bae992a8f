package chunker

import (
	"strings"
	"testing"
)

const jsGraphSrc = `import React, { useState as useS, Component } from 'react';
import * as path from "./path.js";
const fs = require('fs');
const { join } = require('path');
export { parse, format as fmt } from './parser';

/** Adds things. */
export function add(a, b = DEFAULT) {
  const total = a + b;
  helper(total, callback);
  return Math.max(total, this.limit);
}

export const arrow = (x) => x.map(item => item.value);
let counter = 0, other = 1;

export default class Widget extends Component {
  static count = 0;
  handler = () => this.render();
  /** Renders. */
  render() {
    const store = new Store();
    store.get().then(v => v.x);
    super.render();
    return fs.readFileSync(path.join(counter, other));
  }
}

const api = {
  fetch(url) { return http.get(url); },
  post: function (url, body) { return http.post(url, body); },
};

Widget.prototype.reset = function reset() {};
(function () {
  function inner() { return <Panel title={useS(0)} />; }
})();
`

func TestJavaScriptGraph(t *testing.T) {
	src := jsGraphSrc
	g := analyzeGraph(t, "widget.jsx", src)
	checkImports(t, g, "React react#default", "useS react#useState", "Component react#Component",
		"path ./path.js", "fs fs", "join path#join", "parse ./parser#parse", "fmt ./parser#format")
	checkDefs(t, g, src, []wantDef{
		{qualified: "add", kind: "function", at: "function add", doc: "Adds things."},
		{qualified: "arrow", kind: "function", at: "const arrow"},
		{qualified: "counter", kind: "var", at: "let counter"},
		{qualified: "other", kind: "var", at: "other = 1"},
		{qualified: "Widget", kind: "class", at: "class Widget"},
		{qualified: "Widget.count", kind: "field", at: "static count"},
		{qualified: "Widget.handler", kind: "method", at: "handler ="},
		{qualified: "Widget.render", kind: "method", at: "render() {", doc: "Renders."},
		{qualified: "api.fetch", kind: "method", at: "fetch(url)"},
		{qualified: "api.post", kind: "method", at: "post: function"},
		{qualified: "Widget.reset", kind: "method", at: "prototype.reset"},
		{qualified: "inner", kind: "function", at: "function inner"},
	})
	checkRefs(t, g, src, []wantRef{
		{"format", "format as fmt", RefImport, "n:./parser", ""}, // a re-export
		{"parse", "{ parse,", RefImport, "n:./parser", ""},
		{"useState", "useState as", RefImport, "n:react", ""},
		{"React", "React, {", RefImport, "n:react", ""}, // a default import, named as its module mostly names it
		{"join", "{ join }", RefImport, "n:path", ""},
		{"DEFAULT", "b = DEFAULT", RefOther, "", "add"},
		{"helper", "helper(total", RefCall, "", "add"},
		{"callback", "callback);", RefOther, "", "add"},
		{"max", "Math.max", RefCall, "n:Math", "add"},
		{"limit", "this.limit", RefOther, "self", "add"},
		{"map", "x.map", RefCall, "?", "arrow"},
		{"Component", "extends Component", RefInherit, "", "Widget"},
		{"render", "this.render()", RefCall, "self", "Widget.handler"},
		{"Store", "new Store()", RefType, "", "Widget.render"},
		{"get", "store.get()", RefCall, "t:Store", "Widget.render"},
		{"then", ".then(", RefCall, "?", "Widget.render"},
		{"render", "super.render()", RefCall, "super", "Widget.render"},
		{"readFileSync", "fs.readFileSync", RefCall, "n:fs", "Widget.render"},
		{"counter", "join(counter", RefOther, "", "Widget.render"},
		{"get", "http.get", RefCall, "n:http", "api.fetch"},
		{"Panel", "<Panel", RefCall, "", "inner"},
		{"useS", "useS(0)", RefCall, "", "inner"},
	})
	checkNoRefs(t, g, "a", "b", "total", "x", "item", "store", "v", "url", "body", "reset", "React")
}

const tsGraphSrc = `import type { Foo } from "./foo";
import fs = require("fs");

export interface Shape extends Base<T>, Other {
  area(): number;
  name: string;
}

export abstract class Square<T> extends Rect implements Shape, ns.Thing {
  private side: Length;
  abstract draw(ctx: Canvas): void;
  area(): number {
    const r: Rect = this.make<Rect>();
    return r.width * this.svc.scale(new Map<string, Foo>());
  }
}

enum Color { Red, Green }

function f(x: Shape): Promise<Result> { return x.area(); }
`

func TestTypeScriptGraph(t *testing.T) {
	src := tsGraphSrc
	g := analyzeGraph(t, "shape.ts", src)
	checkImports(t, g, "Foo ./foo#Foo", "fs fs")
	checkDefs(t, g, src, []wantDef{
		{qualified: "Shape", kind: "interface", at: "interface Shape"},
		{qualified: "Shape.area", kind: "method", at: "area(): number;", typ: "t:number", flags: DefAbstract},
		{qualified: "Shape.name", kind: "field", at: "name: string", typ: "t:string"},
		{qualified: "Square", kind: "class", at: "class Square"},
		{qualified: "Square.side", kind: "field", at: "side: Length", typ: "t:Length"},
		{qualified: "Square.draw", kind: "method", at: "draw(ctx", flags: DefAbstract},
		{qualified: "Square.area", kind: "method", at: "area(): number {", typ: "t:number"},
		{qualified: "Color", kind: "enum", at: "enum Color"},
		{qualified: "Color.Green", kind: "constant", at: "Green"},
		{qualified: "f", kind: "function", at: "f(x: Shape)", typ: "t:Promise"},
	})
	checkRefs(t, g, src, []wantRef{
		{"Base", "extends Base", RefInherit, "", "Shape"},
		{"Rect", "extends Rect", RefInherit, "", "Square"},
		{"Shape", "implements Shape", RefInherit, "", "Square"},
		{"Thing", "ns.Thing", RefInherit, "n:ns", "Square"},
		{"Length", "side: Length", RefType, "", "Square.side"},
		{"Canvas", "ctx: Canvas", RefType, "", "Square.draw"},
		{"make", "this.make", RefCall, "self", "Square.area"},
		{"width", "r.width", RefOther, "t:Rect", "Square.area"},
		{"scale", "svc.scale", RefCall, "self .svc", "Square.area"},
		{"Map", "new Map", RefType, "", "Square.area"},
		{"Foo", "string, Foo>", RefType, "", "Square.area"},
		{"area", "x.area()", RefCall, "t:Shape", "f"},
	})
	checkNoRefs(t, g, "r", "x", "ctx", "T")
}

// TestTypeScriptConstructSignature: an interface's construct signature
// is a method named new, as ctags names it.
func TestTypeScriptConstructSignature(t *testing.T) {
	src := `export interface SequenceErrorCtor {
  /**
   * Makes the error.
   */
  new (message: string): SequenceError;
  (code: number): string;
}
`
	g := analyzeGraph(t, "SequenceError.ts", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "SequenceErrorCtor.new", kind: "method", at: "new (", typ: "t:SequenceError", doc: "Makes the error.", flags: DefAbstract},
	})
}

// TestJavaScriptNamespaceObjects: the object-valued properties of an
// object literal declared at the top level are definitions, three levels
// deep; object literals in functions and calls are not.
func TestJavaScriptNamespaceObjects(t *testing.T) {
	src := `const ShaderLib = {
	background: {
		uniforms: {
			envMap: { value: null },
			intensity: { value: 1 }
		},
		vertexShader: ShaderChunk.background_vert
	}
};

export const UniformsLib = { common: { diffuse: { value: 1 } } };

function make() {
	const local = { inner: { a: 1 } };
	return configure({ option: { b: 2 } });
}
`
	g := analyzeGraph(t, "ShaderLib.js", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "ShaderLib.background", kind: "property", at: "background: {"},
		{qualified: "ShaderLib.background.uniforms", kind: "property", at: "uniforms: {"},
		{qualified: "ShaderLib.background.uniforms.envMap", kind: "property", at: "envMap:"},
		{qualified: "UniformsLib.common", kind: "property", at: "common:"},
		{qualified: "UniformsLib.common.diffuse", kind: "property", at: "diffuse:"},
	})
	for _, d := range g.Defs {
		switch d.Name {
		case "vertexShader", "value", "inner", "option", "a", "b":
			t.Errorf("%s %s is no definition", d.Kind, d.Qualified())
		}
	}
	if g := analyzeGraph(t, "ShaderLib.ts", src); findDef(g, "ShaderLib.background.uniforms.envMap") == nil {
		t.Errorf("TypeScript: no ShaderLib.background.uniforms.envMap; have %s", defNames(g))
	}
}

// What a class's methods assign to this.x types what is selected from
// this.x in all of them: a new T() or a typed parameter.
func TestJavaScriptInstanceMembersAreTyped(t *testing.T) {
	src := `class Formatter {
  constructor(parser: Parser, out) {
    this.line = new Accumulator(3);
    this.parser = parser;
    this.out = out;
  }

  feed() {
    this.line.push(1);
    this.parser.parse();
    this.out.write();
  }
}
`
	g := analyzeGraph(t, "fmt.ts", src)
	checkRefs(t, g, src, []wantRef{
		{"push", "this.line.push(1)", RefCall, "t:Accumulator", "Formatter.feed"},
		{"parse", ".parse();", RefCall, "t:Parser", "Formatter.feed"},
		{"write", "this.out.write()", RefCall, "self .out", "Formatter.feed"},
	})
	js := strings.ReplaceAll(src, "parser: Parser", "parser")
	g = analyzeGraph(t, "fmt.js", js)
	checkRefs(t, g, js, []wantRef{
		{"push", "this.line.push(1)", RefCall, "t:Accumulator", "Formatter.feed"},
		{"parse", ".parse();", RefCall, "self .parser", "Formatter.feed"},
	})
}

// A doc comment's {@link ...} tags are references to what they name:
// each name, selected from the ones before it; a URL is none.
func TestDocLinksAreReferences(t *testing.T) {
	src := `import { Notification } from './Notification';

/**
 * Like {@link combine}, see {@link Notification#createNext createNext}
 * and {@linkcode util.merge}; {@link https://rxjs.dev docs}.
 * @param {Array<Parser>|null} parsers The parsers.
 * @returns {Notification<T>} A notification.
 * @see combineLatest
 * @see https://rxjs.dev/guide
 */
export function combineAll(parsers) {}
`
	g := analyzeGraph(t, "all.ts", src)
	checkRefs(t, g, src, []wantRef{
		{"combine", "{@link combine}", RefOther, "", ""},
		{"Notification", "{@link Notification#", RefOther, "", ""},
		{"createNext", "#createNext", RefOther, "n:Notification", ""},
		{"util", "{@linkcode util", RefOther, "", ""},
		{"merge", "util.merge}", RefOther, "n:util", ""},
		{"Parser", "Array<Parser>", RefType, "", ""},
		{"Notification", "{Notification<T>}", RefType, "", ""},
		{"combineLatest", "@see combineLatest", RefOther, "", ""},
	})
	for _, r := range g.Refs {
		switch r.Name {
		case "https", "rxjs", "docs", "guide", "null", "parsers", "A", "notification", "T":
			if r.Line < 10 {
				t.Errorf("%q is no reference: %+v", r.Name, r)
			}
		}
	}
	java := "package a;\n\n/** Calls {@link Parser#parse(String)} and {@link Lexer}.\n * @throws IOException when it fails */\nclass Reader {}\n"
	g = analyzeGraph(t, "Reader.java", java)
	checkRefs(t, g, java, []wantRef{
		{"Parser", "{@link Parser", RefOther, "", ""},
		{"parse", "#parse(", RefOther, "n:Parser", ""},
		{"Lexer", "{@link Lexer}", RefOther, "", ""},
		{"IOException", "@throws IOException", RefType, "", ""},
	})
}

// TypeScript's parameter properties and a field's initializer type the
// members they declare in every method of the class.
func TestTypeScriptParameterPropertiesAreTyped(t *testing.T) {
	src := `class Api {
  private cache = new LruCache(10);
  constructor(private readonly http: HttpClient, public log: Logger, plain: Other,
    readonly store: Store, @Inject(CFG) readonly cfg: Config, names: readonly string[]) {}

  get(url: string) {
    this.store.put(url);
    this.cfg.read();
    this.log.info(url);
    this.cache.lookup(url);
    const hooks = { onError: (e) => { this.retry(e); } };
    this.close();
    return this.http.get(url);
  }
}
`
	g := analyzeGraph(t, "api.ts", src)
	checkRefs(t, g, src, []wantRef{
		{"info", "log.info", RefCall, "t:Logger", "Api.get"},
		{"lookup", "cache.lookup", RefCall, "t:LruCache", "Api.get"},
		{"get", "http.get", RefCall, "t:HttpClient", "Api.get"},
		{"retry", "this.retry", RefCall, "t:Api", "Api.get.onError"}, // an arrow function's this is the method's
		{"close", "this.close()", RefCall, "self", "Api.get"},
		{"HttpClient", "http: HttpClient", RefType, "", "Api.constructor"},
		{"put", "store.put", RefCall, "t:Store", "Api.get"},
		{"read", "cfg.read", RefCall, "t:Config", "Api.get"},
	})
	// A parameter property is a field of the class, typed, whether an
	// accessibility or readonly alone (after a decorator) makes it; a plain
	// parameter is none, even of a readonly array type.
	checkDefs(t, g, src, []wantDef{
		{qualified: "Api.http", kind: "field", at: "readonly http", typ: "t:HttpClient"},
		{qualified: "Api.log", kind: "field", at: "public log", typ: "t:Logger"},
		{qualified: "Api.store", kind: "field", at: "readonly store", typ: "t:Store"},
		{qualified: "Api.cfg", kind: "field", at: "readonly cfg", typ: "t:Config"},
	})
	for _, name := range []string{"Api.plain", "Api.names"} {
		if d := findDef(g, name); d != nil {
			t.Errorf("a plain parameter declared %s %s", d.Kind, d.Qualified())
		}
	}
}

// A JavaScript class often declares its fields by assigning this.x in a
// method: the first assignment declares the field, unless a field
// declaration does; a constructor function's this is no class.
func TestJavaScriptThisAssignmentsAreFields(t *testing.T) {
	src := `class Queue {
  limit = 10;
  constructor(name) {
    this.name = name;
    this.limit = 5;
  }
  push(x) {
    this.last = x;
    this.name = x;
  }
}
function Legacy() {
  this.loose = 1;
}
`
	g := analyzeGraph(t, "queue.js", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "Queue.limit", kind: "field", at: "limit = 10"},
		{qualified: "Queue.name", kind: "field", at: "this.name = name"},
		{qualified: "Queue.last", kind: "field", at: "this.last"},
	})
	checkDeclaredTimes(t, g, map[string]int{"Queue.name": 1, "Queue.limit": 1, "loose": 0, "Legacy.loose": 0})
	checkRefs(t, g, src, []wantRef{{"name", "this.name = x", RefOther, "self", "Queue.push"}})
}

// A class's private members (#name) are fields and methods by that name,
// and this.#retry() calls one; the properties of a type literal in a
// parameter's type or a cast belong to no enclosing declaration, while
// an interface's nested object type's still do.
func TestTypeScriptPrivateMembersAndTypeLiterals(t *testing.T) {
	src := `class Ky {
  #retryCount = 0;
  readonly #options: Options;

  #calculateDelay(): number {
    return this.#retryCount * 2;
  }

  create() {
    const y = (data as {bytes: number}).bytes;
    return this.#calculateDelay() + y;
  }
}

interface KyOptions {
  parseJson?: (text: string, context: {request: Request}) => unknown;
  retry: {limit: number};
}
`
	g := analyzeGraph(t, "ky.ts", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "Ky.#retryCount", kind: "field", at: "#retryCount = 0"},
		{qualified: "Ky.#options", kind: "field", at: "#options: Options", typ: "t:Options"},
		{qualified: "Ky.#calculateDelay", kind: "method", at: "#calculateDelay(): number {", typ: "t:number"},
		{qualified: "KyOptions.retry.limit", kind: "field", at: "limit: number", typ: "t:number"},
	})
	checkRefs(t, g, src, []wantRef{
		{"#calculateDelay", "this.#calculateDelay()", RefCall, "self", "Ky.create"},
		{"#retryCount", "this.#retryCount", RefOther, "self", "Ky.#calculateDelay"},
	})
	for _, q := range []string{"Ky.bytes", "KyOptions.request"} {
		if d := findDef(g, q); d != nil {
			t.Errorf("a type literal's property declared %s %s", d.Kind, d.Qualified())
		}
	}
}

// A local export under another name declares that name, which `def`
// finds (date-fns' `export { format as formatDate }`); a re-export from
// another module declares nothing here.
func TestRenamedExportDeclaresItsName(t *testing.T) {
	src := "export function format(d: Date): string {\n  return d.toISOString();\n}\nexport { format as formatDate };\nexport { parse as parseDate } from './parse';\n"
	g := analyzeGraph(t, "index.ts", src)
	checkDefs(t, g, src, []wantDef{{qualified: "formatDate", kind: "var", at: "formatDate }"}})
	if d := findDef(g, "parseDate"); d != nil {
		t.Errorf("a re-export declared %s %s", d.Kind, d.Qualified())
	}
}

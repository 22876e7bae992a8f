package chunker

import (
	"testing"
)

const dartCounter = `import 'package:flutter/material.dart';

/// The app's entry point.
void main() => runApp(const MyApp());

typedef Callback = void Function(int value);

/// A counter.
class Counter extends ChangeNotifier with Logging implements Countable {
  Counter(this._count);
  Counter.zero() : _count = 0;
  factory Counter.fromJson(Map<String, dynamic> json) {
    return Counter(json['count'] as int);
  }

  int _count;
  final String label = 'count: ${"}"} {';

  /// The current value.
  int get count => _count;

  @override
  void increment() {
    _count++;
    notifyListeners();
  }

  Future<List<T>> load<T>(String url) async {
    final r = await http.get(Uri.parse(url));
    return decode<T>(r.body);
  }
}

enum Color { red, green(0x00ff00), blue }

mixin Logging on ChangeNotifier {
  void log(String m) => print(m);
}

extension on String {
  int get words => split(' ').length;
}
`

func TestDartSymbols(t *testing.T) {
	got := outlineOf("counter.dart", dartCounter)
	want := `function main 3-4
type Callback 6-6
class Counter 8-32
constructor Counter.Counter 10-10
constructor Counter.zero 11-11
constructor Counter.fromJson 12-14
field Counter._count 16-16
field Counter.label 17-17
getter Counter.count 19-20
method Counter.increment 22-26
method Counter.load 28-31
enum Color 34-34
field Color.red 34-34
field Color.green 34-34
field Color.blue 34-34
mixin Logging 36-38
method Logging.log 37-37
`
	if got != want {
		t.Errorf("symbols:\n%s\nwant:\n%s", got, want)
	}
	syms := Symbols("counter.dart", []byte(dartCounter))
	if syms[9].Signature != "void increment()" || syms[10].Signature != "Future<List<T>> load<T>(String url) async" {
		t.Errorf("signatures %q, %q: an annotation or type parameters are not the head", syms[9].Signature, syms[10].Signature)
	}
	if syms[8].Doc != "/// The current value." {
		t.Errorf("getter doc %q", syms[8].Doc)
	}
}

func TestDartGraph(t *testing.T) {
	refs := graphRefs(t, "counter.dart", dartCounter)
	for _, w := range []string{"call  runApp in main", "call  notifyListeners in increment", "call n:http get in load", "call  Counter in fromJson"} {
		if !refs[w] {
			t.Errorf("no reference %q in %v", w, refs)
		}
	}
}

// TestDartGenericFieldsAndOperators: a field whose type has several
// arguments is named by its own name, not the type's first argument, and
// an operator is a method whose brackets and "=" do not make it a field
// that swallows the members after it.
func TestDartGenericFieldsAndOperators(t *testing.T) {
	// Fields of a function type (final void Function(S) _emit;) are
	// fields, not functions named Function.
	src := `class Results {
  final Map<String, dynamic> _parsed;

  dynamic operator [](String name) {
    return _parsed[name];
  }

  bool operator ==(Object other) => other is Results;

  bool flag(String name) {
    return _parsed[name] as bool;
  }

  final String operator;
  void after() {}

  final void Function(Results state) _emit;
  final Future<void> Function()? onDone;
  void Function(int)? callback;
  void Function(int) handler(String name) => (n) {};
}
`
	got := outlineOf("results.dart", src)
	want := `class Results 1-21
field Results._parsed 2-2
method Results.operator 4-6
method Results.operator 8-8
method Results.flag 10-12
field Results.operator 14-14
method Results.after 15-15
field Results._emit 17-17
field Results.onDone 18-18
field Results.callback 19-19
method Results.handler 20-20
`
	if got != want {
		t.Errorf("symbols:\n%s\nwant:\n%s", got, want)
	}
}

const dartRunner = `import 'package:http/http.dart' as http;

class Runner {
  final ArgParser parser;
  final Map<String, Command> _commands = {};
  final Logger _log;

  Runner(this.parser);

  Future<int> run(List<String> args, {required Options opts, http.Client? client}) async {
    final results = parser.parse(args);
    this.parser.addFlag('v');
    opts.validate();
    client?.close();
    client.send(results);
    final Parser p = Parser();
    p.reset();
    var c = Command.named('x');
    c.execute();
    var w = new Writer();
    w.flush();
    int n = 0;
    n.toString();
    _log.info('run');
    for (final e in args) {
      e.trim();
    }
    return 0;
  }

  void each(void Function(int) f, T value) => value.apply();
}
`

// Parameters, locals and fields with a stated class type type the calls
// on them; a built-in type (String), a type parameter (T) and a function
// type do not.
func TestDartTypedReceivers(t *testing.T) {
	refs := graphRefs(t, "runner.dart", dartRunner)
	for _, w := range []string{
		"call self .parser addFlag in run", // this.parser, final ArgParser parser;
		"call t:Options validate in run",   // {required Options opts}
		"call t:Client send in run",        // http.Client? client
		"call t:Parser reset in run",       // final Parser p = …
		"call t:Command execute in run",    // var c = Command.named(…)
		"call t:Writer flush in run",       // var w = new Writer()
		"call n:_log info in run",          // a field used without this, which nav types
	} {
		if !refs[w] {
			t.Errorf("no reference %q in %v", w, refs)
		}
	}
	for _, w := range []string{"call t:int toString in run", "call t:T apply in each"} {
		if refs[w] {
			t.Errorf("reference %q: a built-in type or a type parameter types nothing", w)
		}
	}
	a, err := Analyze("runner.dart", []byte(dartRunner), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range a.Graph.Defs {
		if d.Name == "parser" && d.Type != "t:ArgParser" {
			t.Errorf("field parser has type %q, want t:ArgParser", d.Type)
		}
	}
}

// A declaration's lines start at its doc (or its first token), not at a
// licence comment a blank line above it.
func TestDartDeclarationLinesLeaveOutTheLicence(t *testing.T) {
	src := []byte("// Copyright (c) 2013, the Dart project authors.\n// BSD-style licence.\n\n/// An exception.\nclass PathException implements Exception {\n  String message;\n}\n\n// A helper.\n\nint plus(int a) => a;\n")
	lines := map[string][2]int{}
	for _, s := range Symbols("path_exception.dart", src) {
		lines[s.Name] = [2]int{s.StartLine, s.EndLine}
	}
	if lines["PathException"] != [2]int{4, 7} || lines["plus"] != [2]int{11, 11} {
		t.Errorf("lines %v, want PathException 4-7 (from its doc) and plus 11-11", lines)
	}
}

// Besides calls, a Dart or Zig file uses types (capitalized names; bases
// after extends, implements and with) and its own top-level names passed
// as values; other lower-case words may be locals and are left out.
func TestLexedUsesOfTypesAndValues(t *testing.T) {
	src := "class PosixStyle extends InternalStyle implements Style, Comparable {\n  ParsedPath parse(String path) => ParsedPath.parse(path, this);\n}\n\nint hashOf(String s) => s.length;\nfinal table = Table(hashOf);\n"
	g := analyzeGraph(t, "posix.dart", src)
	checkRefs(t, g, src, []wantRef{
		{"InternalStyle", "InternalStyle implements", RefInherit, "", "PosixStyle"},
		{"Comparable", "Comparable {", RefInherit, "", "PosixStyle"},
		{"ParsedPath", "ParsedPath parse", RefType, "", "PosixStyle.parse"},
		{"hashOf", "hashOf);", RefOther, "", "table"},
	})
	for _, r := range g.Refs {
		if r.Name == "path" || r.Name == "s" {
			t.Errorf("a parameter is a reference: %+v", r)
		}
	}
}

// Dart 3's class modifiers: a `mixin class` is a class named after
// "class", whatever modifiers lead it; a plain mixin stays a mixin.
func TestDartMixinClasses(t *testing.T) {
	src := "abstract mixin class Abortable {\n  void abort();\n}\n\nbase mixin Logging on Object {}\n\nmixin class M {}\n"
	want := "class Abortable 1-3\nmethod Abortable.abort 2-2\nmixin Logging 5-5\nclass M 7-7\n"
	if got := outlineOf("abort.dart", src); got != want {
		t.Errorf("outline:\n%s\nwant:\n%s", got, want)
	}
}

// An enhanced enum's values end at the ";" after the last one; the
// members after it are a class's: a constructor, fields, getters.
func TestDartEnhancedEnums(t *testing.T) {
	src := "enum Color {\n  red(1),\n  green(2);\n\n  const Color(this.value);\n  final int value;\n  bool get isRed => this == red;\n}\n"
	want := "enum Color 1-8\nfield Color.red 2-2\nfield Color.green 3-3\nconstructor Color.Color 5-5\nfield Color.value 6-6\ngetter Color.isRed 7-7\n"
	if got := outlineOf("color.dart", src); got != want {
		t.Errorf("outline:\n%s\nwant:\n%s", got, want)
	}
}

package chunker

import (
	"fmt"
	"strings"
	"testing"
)

// TestOutlineListsDataMembers checks that the outline holds what a type
// holds, under the type as the outline names it, besides what Symbols
// lists, and lists nothing twice.
func TestOutlineListsDataMembers(t *testing.T) {
	cases := []struct {
		path, src string
		want      []string // kind name <parent>, in outline order
	}{
		{"job.go", "package demo\n\ntype Job struct {\n\t// ID names it.\n\tID   int\n\tname string\n}\n\nfunc (j *Job) Run() {}\n",
			[]string{"struct Job <>", "field ID <Job>", "field name <Job>", "method Run <Job>"}},
		{"Job.java", "class Job {\n    static final int MAX = 3;\n    private String name;\n    enum Color {\n        RED,\n        GREEN\n    }\n    void run() {}\n}\n",
			[]string{"class Job <>", "field MAX <Job>", "field name <Job>", "enum Color <Job>", "constant RED <Job.Color>", "constant GREEN <Job.Color>", "method run <Job>"}},
		{"job.kt", "class Job(val id: Int) {\n    var count = 0\n    fun run() {}\n    companion object {\n        const val DEFAULT = 1\n    }\n}\n",
			[]string{"class Job <>", "property id <Job>", "property count <Job>", "method run <Job>", "object Companion <Job>", "property DEFAULT <Job.Companion>"}},
		// Ruby's module qualifies its classes' names, as the graph and def
		// do (chunks are named without it, as Symbols names them).
		{"job.rb", "module Demo\n  class Job\n    attr_reader :id\n    def run; end\n  end\nend\n",
			[]string{"module Demo <>", "class Job <Demo>", "property id <Demo.Job>", "method run <Demo.Job>"}},
		// Rails' module and class attributes are its properties too.
		{"shelf.rb", "module Shelf\n  mattr_accessor :cache_lookups\n  class Box\n    class_attribute :capacity\n  end\nend\n",
			[]string{"module Shelf <>", "property cache_lookups <Shelf>", "class Box <Shelf>", "property capacity <Shelf.Box>"}},
		// A computed property is a declaration already: listed once.
		{"job.swift", "class Job {\n    let id: Int\n    var twice: Int { return id * 2 }\n    func run() {}\n}\n",
			[]string{"class Job <>", "property id <Job>", "property twice <Job>", "method run <Job>"}},
		// On one line, the graph's parent tells which type holds a field.
		{"job.cs", "namespace N { class Job { public int Id; void Run() {} } enum E { A } }\n",
			[]string{"namespace N <>", "class Job <>", "method Run <Job>", "enum E <>", "field Id <Job>", "constant A <E>"}},
		{"pt.c", "typedef struct {\n    int x;\n} pt;\n",
			[]string{"type pt <>", "field x <pt>"}},
		// An unnamed enum's enumerators are the file's constants; a
		// function's own are its locals.
		{"line.h", "enum {\n    LINE_CMD_EOL = 0x80,\n    LINE_CMD_FORMAT\n};\nenum mode { MODE_A };\nint f(void) { enum { LOCAL_A } x = LOCAL_A; return x; }\n",
			[]string{"constant LINE_CMD_EOL <>", "constant LINE_CMD_FORMAT <>", "enum mode <>", "constant MODE_A <mode>", "function f <>"}},
		// A name declared in backticks is the name its uses write.
		{"Tool.swift", "public struct DiffTool {\n  public static let `default` = DiffTool()\n  public func `run`(a: String) -> String { a }\n}\n",
			[]string{"struct DiffTool <>", "property default <DiffTool>", "method run <DiffTool>"}},
		// A key written in quotes is the name its uses write.
		{"sort.ts", "const sorts = {\n    \"source-order\"(a: number) { return a; },\n    plain(a: number) { return a; },\n};\n",
			[]string{"const sorts <>", "method source-order <sorts>", "method plain <sorts>"}},
		// A field of an enum's variant is the variant's.
		{"graph.rs", "pub enum Edge {\n    Unchanged {\n        depth: u32,\n    },\n    Enter {\n        depth: u32,\n    },\n    Plain(u8),\n}\n",
			[]string{"enum Edge <>", "constant Unchanged <Edge>", "field depth <Edge.Unchanged>", "constant Enter <Edge>", "field depth <Edge.Enter>", "constant Plain <Edge>"}},
		// A function's local union is its local's type: no members of its
		// own, nor of a struct named as the function.
		{"endian.c", "struct order { int big; };\n\nunsigned order(void)\n{\n    const union { unsigned u; unsigned char c[4]; } one = { 1 };\n    return one.c[0];\n}\n",
			[]string{"struct order <>", "field big <order>", "function order <>"}},
		// A declaration of several names is listed name by name, past the
		// four a chunk's symbol names.
		{"colors.go", "package demo\n\nconst (\n\tRed = iota\n\tGreen\n\tBlue\n\tCyan\n\tMagenta\n)\n\nvar X, Y int\n",
			[]string{"const Red <>", "const Green <>", "const Blue <>", "const Cyan <>", "const Magenta <>", "var X <>", "var Y <>"}},
		{"pair.js", "const a = 1, b = 2;\n", []string{"const a <>", "const b <>"}},
		// An object literal's methods are the variable's however many, a
		// CommonJS exports object's the module's.
		{"ws.ts", "export const handlers = {\n\topen() {\n\t\treturn 1\n\t},\n\tmessage() {\n\t\treturn 2\n\t},\n\tclose() {\n\t\treturn 3\n\t}\n}\n",
			[]string{"const handlers <>", "method open <handlers>", "method message <handlers>", "method close <handlers>"}},
		{"response.js", "module.exports = {\n\tget status() {\n\t\treturn 1\n\t},\n\tget message() {\n\t\treturn 2\n\t},\n\tget body() {\n\t\treturn 3\n\t}\n}\n",
			[]string{"var module.exports <>", "method status <>", "method message <>", "method body <>"}},
		// A group of types: each with its kind, fields and methods.
		{"kinds.go", "package demo\n\ntype (\n\tJob struct {\n\t\tid int\n\t}\n\n\tRunner interface {\n\t\tRun() error\n\t}\n\n\tLevel int\n)\n",
			[]string{"struct Job <>", "field id <Job>", "interface Runner <>", "method Run <Runner>", "type Level <>"}},
	}
	for _, tc := range cases {
		var got []string
		for _, s := range Outline(tc.path, []byte(tc.src)) {
			got = append(got, fmt.Sprintf("%s %s <%s>", s.Kind, s.Name, s.Parent))
		}
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s: outline\n%s\nwant\n%s", tc.path, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
	}
}

// TestOutlineKeepsMemberDocsAndLines checks a member's lines span its doc
// comment, as a declaration's do, and carry its doc.
func TestOutlineKeepsMemberDocsAndLines(t *testing.T) {
	src := "package demo\n\ntype Job struct {\n\t// ID names the job.\n\tID int\n}\n"
	for _, s := range Outline("job.go", []byte(src)) {
		if s.Name == "ID" {
			if s.StartLine != 4 || s.EndLine != 5 || s.Doc != "ID names the job." || s.Signature != "ID int" {
				t.Errorf("ID: lines %d-%d doc %q signature %q, want 4-5, its comment and `ID int`", s.StartLine, s.EndLine, s.Doc, s.Signature)
			}
			return
		}
	}
	t.Fatal("the outline has no field ID")
}

// The outline lists the named functions and classes a function or method
// declares inside it, under it, and what a module declares inside its
// conditional blocks, and the members of an anonymous class it makes; a
// closure bound to a variable and a lambda are its locals.
func TestOutlineListsNestedFunctions(t *testing.T) {
	for _, tc := range []struct{ path, src, want string }{
		{"markup.py", "def render(markup):\n    def pop_style(name):\n        return name\n\n    handler = lambda x: x\n    return pop_style(markup)\n\n\nclass Text:\n    def from_markup(self):\n        def inner():\n            return 1\n        return inner()\n",
			"render function|render.pop_style function|Text class|Text.from_markup method|Text.from_markup.inner function"},
		{"ajax.js", "function ajax(url) {\n  function done(status) {\n    return status;\n  }\n  const onLoad = () => done(200);\n  return onLoad;\n}\n",
			"ajax function|ajax.done function"},
		// A class a function declares is listed with its methods, and so
		// are the declarations of a module's conditional blocks.
		{"runtime.py", "import sys\n\nif sys.version_info >= (3, 13):\n    def list_files(z):\n        return z.files()\nelse:\n    def list_files(z):\n        return z._files\n\ntry:\n    import ujson\nexcept ImportError:\n    class Loads:\n        def __call__(self, s):\n            return s\n\n\ndef make_logging(base):\n    class Logging(base):\n        def fail(self):\n            return 1\n\n    return Logging\n",
			"list_files function|list_files function|Loads class|Loads.__call__ method|make_logging function|make_logging.Logging class|make_logging.Logging.fail method"},
		// The variables a module binds in its conditionals, not those of a
		// script's main block.
		{"clock.py", "import sys\nimport time\n\nif sys.platform == \"win32\":\n    preferred_clock = time.perf_counter\nelse:\n    preferred_clock = time.time\n\ntry:\n    import simplejson\n    HAS_SIMPLEJSON = True\nexcept ImportError:\n    HAS_SIMPLEJSON = False\n\nTIMEOUT = 5\n\n\ndef elapsed(start):\n    return preferred_clock() - start\n\n\nif __name__ == \"__main__\":\n    start = elapsed(0)\n",
			"preferred_clock var|preferred_clock var|HAS_SIMPLEJSON var|HAS_SIMPLEJSON var|TIMEOUT var|elapsed function"},
		// Ruby's modules inside modules qualify what they hold, as the
		// graph does.
		{"nest.rb", "module Outer\n  module Middle\n    module Inner\n      def hello\n        1\n      end\n\n      module ClassMethods\n        def build\n          2\n        end\n      end\n    end\n  end\nend\n",
			"Outer module|Outer.Middle module|Outer.Middle.Inner module|Outer.Middle.Inner.hello method|Outer.Middle.Inner.ClassMethods module|Outer.Middle.Inner.ClassMethods.build method"},
		// A module inside a class qualifies what it holds too.
		{"shell.rb", "class Cli\n  module Shell\n    LIMIT = 3\n\n    class Plain\n      def say\n        1\n      end\n    end\n  end\nend\n",
			"Cli class|Cli.Shell module|Cli.Shell.LIMIT const|Cli.Shell.Plain class|Cli.Shell.Plain.say method"},
		// A Rust module's items are its own, and a trait's associated
		// types are members.
		{"lib.rs", "pub trait Handler {\n    type Future;\n    fn call(self) -> Self::Future;\n}\n\nmod private {\n    pub fn helper() -> u32 {\n        1\n    }\n}\n",
			"Handler trait|Handler.Future type|Handler.call method|private module|private.helper function"},
		// A method a class declares inside a block call or a conditional.
		{"string.rb", "class String\n  rake_extension(\"ext\") do\n    def ext(newext=\"\")\n      self\n    end\n  end\n\n  if true\n    def cond_method; end\n  end\nend\n",
			"String class|String.ext method|String.cond_method method"},
		// An anonymous class's members are the function's that makes it,
		// not the type's around the function.
		{"Api.scala", "trait Api {\n  def makeVisitor(n: Int) = new Visitor {\n    var state: Int = n\n    def visitEnd(): Int = state\n  }\n}\n",
			"Api trait|Api.makeVisitor method|Api.makeVisitor.state field|Api.makeVisitor.visitEnd function"},
		// An enum's last constant alone on its line is no lone macro; an
		// attribute macro ending in `_` after a prototype in an #else
		// branch takes no declaration after it.
		{"level.c", "enum level {\n    LEVEL_LOW,\n    LEVEL_HIGH\n};\n", "level enum|level.LEVEL_LOW constant|level.LEVEL_HIGH constant"},
		{"death.cc", "#ifdef WIN\nint w() { return 0; }\n#else\nstatic void s(int p) GUARD_NO_INLINE_;\nstatic bool g() { return 1; }\n#endif\n",
			"w function|s function|g function"},
		// A class a C++ method declares is listed under it, in a namespace
		// or not.
		{"recover.cc", "namespace store {\nStatus DB::Recover(int n) {\n  struct Reporter : public Base {\n    Env* env;\n    void Corrupt(int b) override { env->Log(b); }\n  };\n  Status s = Open(n);\n  if (!s.ok()) {\n    Ignore(&s);\n    return s;\n  }\n  return Status();\n}\n}\n",
			"store namespace|DB.Recover method|DB.Recover.Reporter struct|DB.Recover.Reporter.env field|DB.Recover.Reporter.Corrupt method"},
		// Modules and classes inside a `begin` block, with their methods.
		{"adapter.rb", "begin\n  require \"job\"\n\n  module Queue\n    module Jobs\n      class Wrapper\n        def perform(data)\n          data\n        end\n      end\n    end\n  end\nrescue LoadError\nend\n",
			"Queue module|Queue.Jobs module|Queue.Jobs.Wrapper class|Queue.Jobs.Wrapper.perform method"},
		// A class of three methods or more inside a block, with its
		// methods its own.
		{"watch.py", "import os\n\nif os.name == \"nt\":\n    class Watcher(Base):\n        def start(self):\n            return 1\n\n        def stop(self):\n            return 2\n\n        def poll(self):\n            return 3\n",
			"Watcher class|Watcher.start method|Watcher.stop method|Watcher.poll method"},
		// An assignment to what a C# call returns by reference keeps its
		// method, and the methods after it.
		{"Writer.cs", "class Writer {\n  void Null() {\n    GetSpan(1) = Codes.Null;\n  }\n  void Flush() {}\n}\n",
			"Writer class|Writer.Null method|Writer.Flush method"},
		// A static a method declares is its own, no member of the type.
		{"cache.rs", "struct S;\n\nimpl S {\n    fn get() -> &'static u32 {\n        static CACHE: u32 = 7;\n        &CACHE\n    }\n}\n",
			"S struct|S impl|S.get method"},
		// C#'s operators and conversions, named as their uses write them.
		{"Coins.cs", "public readonly struct Coins\n{\n    public static implicit operator Coins(decimal v) => new(v);\n    public static Coins operator +(Coins a, Coins b) => a;\n    public static bool operator ==(Coins a, Coins b) => true;\n}\n",
			"Coins struct|Coins.implicit operator Coins method|Coins.operator + method|Coins.operator == method"},
		// A field declared as a pointer to pointers.
		{"cache.cc", "class Table {\n private:\n  Handle* single_;\n  Handle** list_;\n  int* const* grid_;\n};\n",
			"Table class|Table.single_ field|Table.list_ field|Table.grid_ field"},
		// A function nested in its namesake, and a Go struct's field
		// embedding its namesake, are declarations of their own.
		{"cmd.py", "def upgrade(config, revision):\n    def upgrade(rev, context):\n        return rev\n\n    return upgrade(revision, None)\n",
			"upgrade function|upgrade.upgrade function"},
		{"db.go", "package db\n\ntype DB struct {\n\t*sql.DB\n\tname string\n}\n", "DB struct|DB.DB field|DB.name field"},
		// A Ruby method's other name; a Java annotation's elements.
		{"shelf.rb", "class Shelf\n  def method_options(opts)\n    opts\n  end\n  alias_method :options, :method_options\n  alias opts method_options\nend\n",
			"Shelf class|Shelf.method_options method|Shelf.options method|Shelf.opts method"},
		{"Retry.java", "package demo;\n\npublic @interface Retry {\n    int attempts() default 3;\n    String reason();\n}\n",
			"Retry interface|Retry.attempts field|Retry.reason field"},
		// A function assigned to module.exports is the module's, no method
		// of a `module` declared nowhere; a function declared in a
		// constructor is listed under it, as one declared in a method is.
		{"tail.js", "const fs = require('fs')\n\nmodule.exports = (options, iter) => {\n  return fs.open(options.file, 'r', iter)\n}\n\n" +
			"class Ledger {\n  constructor(options = {}) {\n    function throwIf(target, key) {\n      if (options[key]) throw new Error(target)\n    }\n    throwIf('stream', 'filename')\n  }\n}\n",
			"module.exports function|Ledger class|Ledger.constructor constructor|Ledger.constructor.throwIf function"},
		// A Rust function's own impl and macro are listed under it, the
		// impl's items the type's.
		{"nested.rs", "struct Parser;\n\nimpl Parser {\n    fn parse(&self) -> usize {\n        struct Iter {\n            n: usize,\n        }\n\n        impl Iterator for Iter {\n            type Item = usize;\n\n            fn next(&mut self) -> Option<usize> {\n                None\n            }\n        }\n\n        0\n    }\n}\n\nfn outer() -> usize {\n    macro_rules! twice {\n        ($e:expr) => { $e * 2 };\n    }\n    twice!(1)\n}\n",
			"Parser struct|Parser impl|Parser.parse method|Parser.parse.Iter struct|Parser.parse.Iter.n field|Parser.parse.Iter impl|Parser.parse.Iter.Item type|Parser.parse.Iter.next method|outer function|outer.twice macro"},
		// A class a class declares in a block (Kotlin's init) is listed
		// under it with its methods, which are the inner class's; an
		// extension function a function declares, under the function.
		{"Outer.kt", "class Outer(private val x: Int) {\n    init {\n        class Builder {\n            fun build() = x\n        }\n        Builder().build()\n    }\n\n    fun handle(items: List<String>): Int {\n        fun List<String>.firstLong(): String? = firstOrNull()\n        return items.firstLong()?.length ?: x\n    }\n}\n",
			"Outer class|Outer.x property|Outer.Builder class|Outer.Builder.build method|Outer.handle method|Outer.handle.firstLong function"},
		{"Outer.php", "<?php\nclass Outer\n{\n    public function wrap($x)\n    {\n        return new class ($x) {\n            private $inner;\n\n            public function handle($request)\n            {\n                return $this->inner;\n            }\n        };\n    }\n}\n",
			"Outer class|Outer.wrap method|Outer.wrap.inner property|Outer.wrap.handle method"},
	} {
		var got []string
		for _, s := range Outline(tc.path, []byte(tc.src)) {
			got = append(got, s.Qualified()+" "+s.Kind)
		}
		if strings.Join(got, "|") != tc.want {
			t.Errorf("%s: outline %q, want %q", tc.path, strings.Join(got, "|"), tc.want)
		}
	}
}

// A prototype over two lines names a struct among its parameters: a type
// it takes, no member of the function.
func TestPrototypeParameterTypesAreNoMembers(t *testing.T) {
	src := "struct ssh;\n\nvoid\t client_x11_get_proto(struct ssh *, const char *, const char *,\n\t    u_int, u_int, char **, char **);\n"
	for _, s := range Outline("clientloop.h", []byte(src)) {
		if s.Parent != "" {
			t.Errorf("%s %s listed under %s: want the file's declarations alone", s.Kind, s.Name, s.Parent)
		}
	}
}

// A declaration of several names over several lines gives each later
// name its own line and text, where `def` jumps to it.
func TestLaterNamesOfADeclarationHaveTheirOwnLines(t *testing.T) {
	src := "var alpha = [],\n    beta = alpha.slice,\n    gamma = 3\nlet one = 1, two = 2\n"
	var got []string
	for _, s := range Outline("util.js", []byte(src)) {
		got = append(got, fmt.Sprintf("%s %d-%d %q", s.Name, s.StartLine, s.EndLine, s.Signature))
	}
	want := `alpha 1-3 "var alpha = [],", beta 2-2 "beta = alpha.slice", gamma 3-3 "gamma = 3", one 4-4 "let one = 1, two = 2", two 4-4 "let one = 1, two = 2"`
	if strings.Join(got, ", ") != want {
		t.Errorf("outline\n%s\nwant\n%s", strings.Join(got, ", "), want)
	}
}

// A #define inside a function is listed as the file's, as C scopes it.
func TestMacroInAFunctionIsTheFiles(t *testing.T) {
	src := "#define TOP_LIMIT 10\n\nint\nf(int x)\n{\n#define INNER_LIMIT (256 * 1024)\n\tif (x > INNER_LIMIT)\n\t\treturn TOP_LIMIT;\n\treturn x;\n}\n"
	var got []string
	for _, s := range Outline("limit.c", []byte(src)) {
		got = append(got, fmt.Sprintf("%s %s <%s> %d", s.Kind, s.Name, s.Parent, s.StartLine))
	}
	if want := "macro TOP_LIMIT <> 1, function f <> 3, macro INNER_LIMIT <> 6"; strings.Join(got, ", ") != want {
		t.Errorf("outline %v, want %s", got, want)
	}
}

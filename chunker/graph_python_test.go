package chunker

import "testing"

const pythonGraphSrc = `"""Shop module."""
import os.path
import numpy as np
from . import sibling
from ..pkg.mod import thing as other, more
from typing import *

LIMIT: int = 10


class Base(object, metaclass=ABCMeta):
    """A base.

    More text.
    """
    count = 0
    name: str = "x"

    @abstractmethod
    def run(self, x: int, key: "Foo" = None) -> Result:
        ...


class Child(Base, mixins.Helper):
    def run(self, job: Job, n=3):
        """Run the job."""
        y = job.prepare()
        for i, item in enumerate(self.items):
            os.path.join(item, y)
        helper(run_callback, y, key=i)
        super().run(job)
        result: Result = make()
        result.finish().commit()
        global_thing.attr.method()
        w = Worker(job)
        w.start()
        q = queue.Queue()
        q.put(w)
        z = make_thing()
        z.go()
        Parser(job, key=(1, 2)).parse(y)
        mod.Reader().read()
        make_thing(y).close()

        def inner(a):
            """Adds y."""
            return a + y

        class Local:
            def m(self):
                return inner(1)

        return Child(n=n)


def top(x=DEFAULT) -> "Child":
    registry.add(x)
    return np.array(x)


registry = Registry()
registry.add(top)
cache = Cache()
cache = Store()
cache.get(1)
`

func TestPythonGraph(t *testing.T) {
	src := pythonGraphSrc
	g := analyzeGraph(t, "shop.py", src)
	if g.Package != "" {
		t.Errorf("package %q", g.Package)
	}
	checkImports(t, g, "os os", "np numpy", "sibling .sibling", "other ..pkg.mod.thing", "more ..pkg.mod.more", ". typing")
	checkDefs(t, g, src, []wantDef{
		{qualified: "LIMIT", kind: "var", at: "LIMIT: int", typ: "t:int"},
		{qualified: "Base", kind: "class", at: "class Base", doc: "A base."},
		{qualified: "Base.count", kind: "field", at: "count = 0"},
		{qualified: "Base.name", kind: "field", at: "name: str", typ: "t:str"},
		{qualified: "Base.run", kind: "method", at: "def run(self, x", typ: "t:Result", flags: DefAbstract},
		{qualified: "Child", kind: "class", at: "class Child"},
		{qualified: "Child.run", kind: "method", at: "def run(self, job", doc: "Run the job."},
		{qualified: "Child.run.inner", kind: "function", at: "def inner", doc: "Adds y."},
		{qualified: "Child.run.Local", kind: "class", at: "class Local"},
		{qualified: "Child.run.Local.m", kind: "method", at: "def m(self)"},
		{qualified: "top", kind: "function", at: "def top", typ: "t:Child"},
	})
	checkRefs(t, g, src, []wantRef{
		{"path", "import os.path", RefImport, "n:os", ""},
		{"thing", "import thing", RefImport, "n:..pkg.mod", ""},
		{"object", "Base(object", RefInherit, "", "Base"},
		{"ABCMeta", "metaclass=ABCMeta", RefOther, "", "Base"},
		{"abstractmethod", "@abstractmethod", RefCall, "", "Base.run"},
		{"Result", "-> Result", RefType, "", "Base.run"},
		{"Helper", "mixins.Helper", RefInherit, "n:mixins", "Child"},
		{"Job", "job: Job", RefType, "", "Child.run"},
		{"prepare", "job.prepare()", RefCall, "t:Job", "Child.run"},
		{"items", "self.items", RefOther, "self", "Child.run"},
		{"join", "os.path.join", RefCall, "n:os.path", "Child.run"},
		{"run_callback", "helper(run_callback", RefOther, "", "Child.run"},
		{"run", "super().run(job)", RefCall, "super", "Child.run"},
		{"finish", "result.finish()", RefCall, "t:Result", "Child.run"},
		{"commit", "finish().commit()", RefCall, "?", "Child.run"},
		{"method", "attr.method()", RefCall, "n:global_thing.attr", "Child.run"},
		{"start", "w.start()", RefCall, "t:Worker", "Child.run"},
		{"put", "q.put(w)", RefCall, "t:Queue", "Child.run"},
		{"go", "z.go()", RefCall, "n:make_thing ()", "Child.run"},   // z = make_thing(): what make_thing returns
		{"parse", "2)).parse(y)", RefCall, "t:Parser", "Child.run"}, // a constructor call's result
		{"read", "Reader().read()", RefCall, "t:Reader", "Child.run"},
		{"close", "make_thing(y).close()", RefCall, "?", "Child.run"},
		{"inner", "return inner(1)", RefCall, "", "Child.run.Local.m"},
		{"Child", "return Child(n=n)", RefCall, "", "Child.run"},
		{"DEFAULT", "x=DEFAULT", RefOther, "", "top"},
		{"array", "np.array(x)", RefCall, "n:np", "top"},
		{"add", "registry.add(x)", RefCall, "t:Registry", "top"}, // a global a constructor call bound
		{"add", "registry.add(top)", RefCall, "t:Registry", ""},
		{"get", "cache.get(1)", RefCall, "n:cache", ""}, // bound to two types: neither
	})
	// Parameters, assigned names (also a closure's, in inner) and keyword
	// argument names are no references.
	checkNoRefs(t, g, "self", "job", "y", "i", "item", "result", "a", "n", "key", "x", "count", "LIMIT", "w", "q", "z")
}

// What a class's methods assign to self.x types what is selected from
// self.x in all of them: an annotation, a constructor call (a private
// class's too) or a parameter's type; an untyped value says nothing, and
// a member assigned two types has neither.
func TestPythonInstanceMembersAreTyped(t *testing.T) {
	src := `class Formatter(Base):
    def __init__(self, parser: Parser, out):
        self._line = _Accumulator(3)
        self.parser = parser
        self.out = out
        self.sink: Sink = make_sink()
        self.mixed = Reader()
        acc = _Accumulator(1)
        acc.reset()

    def feed(self):
        self._line.push(1)
        self.parser.parse(self.out)
        self.out.write()
        self.sink.flush()
        self.mixed.read()

        def later():
            self._line.pop()
            self.swap()

    def swap(self):
        self.mixed = Writer()


class Other:
    def run(self):
        self._line.push(2)


def free(self):
    self.parser.parse()
`
	g := analyzeGraph(t, "fmt.py", src)
	checkRefs(t, g, src, []wantRef{
		{"reset", "acc.reset()", RefCall, "t:_Accumulator", "Formatter.__init__"},
		{"push", "self._line.push(1)", RefCall, "t:_Accumulator", "Formatter.feed"},
		{"parse", ".parse(self.out)", RefCall, "t:Parser", "Formatter.feed"},
		{"write", "self.out.write()", RefCall, "self .out", "Formatter.feed"},
		{"flush", "self.sink.flush()", RefCall, "t:Sink", "Formatter.feed"},
		{"read", "self.mixed.read()", RefCall, "self .mixed", "Formatter.feed"},
		{"pop", "self._line.pop()", RefCall, "t:_Accumulator", "Formatter.feed.later"},
		{"swap", "self.swap()\n\n", RefCall, "t:Formatter", "Formatter.feed.later"}, // a closure's self is the method's
		{"flush", "self.sink.flush()", RefCall, "t:Sink", "Formatter.feed"},
		{"push", "self._line.push(2)", RefCall, "self ._line", "Other.run"},
		{"parse", ".parse()\n", RefCall, "self .parser", "free"},
	})
}

// A parameter whose default is a name (policy=compat32) takes the type of
// that name's value, which another module may declare: its uses are
// selected from "v:compat32", and a module-level variable the file
// constructs (compat32 = Compat32()) states its type for them.
func TestPythonParameterDefaultsTypeTheirUses(t *testing.T) {
	src := `from email._policybase import compat32

default = Compat32()


class FeedParser:
    def __init__(self, *, policy=compat32, limit=10, other: Policy = compat32):
        self.policy = policy
        other.check()
        limit.bit_length()

    def feed(self):
        self.policy.handle_defect(self)


def parse(msg, policy=default):
    policy.handle_defect(msg)
`
	g := analyzeGraph(t, "feedparser.py", src)
	checkRefs(t, g, src, []wantRef{
		{"handle_defect", "self.policy.handle_defect", RefCall, "v:compat32", "FeedParser.feed"},
		{"handle_defect", "policy.handle_defect(msg)", RefCall, "v:default", "parse"},
		{"check", "other.check()", RefCall, "t:Policy", "FeedParser.__init__"}, // an annotation wins
		{"bit_length", "limit.bit_length()", RefCall, "?", "FeedParser.__init__"},
	})
	for _, d := range g.Defs {
		if d.Name == "default" && d.Type != "t:Compat32" {
			t.Errorf("default = Compat32(): Def.Type %q, want t:Compat32", d.Type)
		}
	}
}

// An assignment to self.x in a method declares the instance's attribute:
// a field of the class, at its first assignment (in a closure of a method
// too), typed by its annotation or constructor call; not again where a
// later method assigns it, nor where the class declares the name itself
// (a class attribute, a property), nor outside a class.
func TestPythonInstanceAttributesAreFields(t *testing.T) {
	src := `class Job:
    limit = 3

    def __init__(self, name):
        self.name = name
        self.limit = 5
        if name:
            self.sink: Sink = make()
        self.reader = io.Reader(name)
        def later():
            self.done = True

    @property
    def size(self):
        return self._size

    def grow(self, n):
        self._size = n
        self.size = n
        self.name = "again"


def free(self):
    self.loose = 1
`
	g := analyzeGraph(t, "job.py", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "Job.limit", kind: "field", at: "limit = 3"},
		{qualified: "Job.name", kind: "field", at: "self.name = name"},
		{qualified: "Job.sink", kind: "field", at: "self.sink", typ: "t:Sink"},
		{qualified: "Job.reader", kind: "field", at: "self.reader", typ: "t:Reader"},
		{qualified: "Job.done", kind: "field", at: "self.done"},
		{qualified: "Job._size", kind: "field", at: "self._size = n"},
		{qualified: "Job.size", kind: "method", at: "def size"},
	})
	checkDeclaredTimes(t, g, map[string]int{"Job.name": 1, "Job.limit": 1, "Job.size": 1, "loose": 0, "free.loose": 0})
	// The later assignment and the uses are references to the field; what
	// the declaring statement calls, its method calls.
	checkRefs(t, g, src, []wantRef{
		{"name", `self.name = "again"`, RefOther, "self", "Job.grow"},
		{"_size", "return self._size", RefOther, "self", "Job.size"},
		{"make", "make()", RefCall, "", "Job.__init__"},
	})
}

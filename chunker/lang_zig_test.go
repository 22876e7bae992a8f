package chunker

import (
	"fmt"
	"strings"
	"testing"
)

const zigList = `const std = @import("std");
const mem = std.mem;

/// A list that grows.
pub fn List(comptime T: type) type {
    return struct {
        const Self = @This();

        /// The items; "}" and '{' in literals close nothing.
        items: []T = &[_]T{},
        len: usize = 0,

        pub fn append(self: *Self, item: T) error{OutOfMemory}!void {
            const s = "} {";
            _ = s;
            self.items[self.len] = item;
            self.len += 1;
        }

        fn grow(self: *Self) void {
            _ = mem.eql(u8, "a", "b");
            self.append(undefined) catch {};
        }
    };
}

pub const Color = enum(u8) {
    red,
    green,
};

extern "c" fn write(fd: c_int, buf: [*]const u8, n: usize) isize;

test "append grows" {
    var l = List(u8){};
    try l.append(1);
}
`

func TestZigSymbols(t *testing.T) {
	got := outlineOf("list.zig", zigList)
	// The import is no declaration of the file's own; the alias after it is.
	want := `const mem 2-2
function List 4-25
const List.Self 7-7
field List.items 9-10
field List.len 11-11
function List.append 13-18
function List.grow 20-23
enum Color 27-30
field Color.red 28-28
field Color.green 29-29
function write 32-32
test append grows 34-37
`
	if got != want {
		t.Errorf("symbols:\n%s\nwant:\n%s", got, want)
	}
	syms := Symbols("list.zig", []byte(zigList))
	if syms[1].Doc != "/// A list that grows." || syms[1].Signature != "pub fn List(comptime T: type) type" {
		t.Errorf("List: doc %q, signature %q", syms[1].Doc, syms[1].Signature)
	}
	if syms[5].Signature != "pub fn append(self: *Self, item: T) error{OutOfMemory}!void" {
		t.Errorf("append's signature %q", syms[5].Signature)
	}
}

// A generic type over the budget is chunked by its methods, each named.
func TestZigChunksGenericTypeByMethods(t *testing.T) {
	chunks := Split("list.zig", []byte(zigList), Options{MaxTokens: 60})
	checkChunks(t, "list.zig", []byte(zigList), chunks, 60)
	var got []string
	for _, c := range chunks {
		got = append(got, fmt.Sprintf("%d-%d %s", c.StartLine, c.EndLine, c.Symbol))
	}
	joined := strings.Join(got, "\n")
	for _, want := range []string{"13-18 List.append", "20-25 List.grow"} {
		if !strings.Contains(joined, want) {
			t.Errorf("no chunk %q in\n%s", want, joined)
		}
	}
}

func TestZigGraph(t *testing.T) {
	refs := graphRefs(t, "list.zig", zigList)
	for _, w := range []string{"call n:mem eql in grow", "call self append in grow", "call ? append in append grows", "call  List in append grows"} {
		if !refs[w] {
			t.Errorf("no reference %q in %v", w, refs)
		}
	}
}

const zigHandlers = `const std = @import("std");
const httpz = @import("httpz");
const Request = httpz.Request;

const Server = struct {
    router: *Router,
    next: ?*Self,

    const Self = @This();

    pub fn handle(self: *Self, req: *httpz.Request, res: *const Response, n: usize) void {
        self.router.dispatch(req);
        self.next.?.stop();
        req.header("accept");
        res.chunk("hi");
        n.format();
        var list: std.ArrayList(u8) = undefined;
        list.append(1);
        var out: Writer = undefined;
        out.flush();
        const conn = Conn.init(1);
        conn.close();
        var headers = try httpz.KeyValue.init(a);
        headers.add("k");
        const self_made = try self.make();
        self_made.run();
    }

    pub fn stop(self: *Server) void {
        self.router.reset();
    }
};
`

// A parameter, a local and a field that state their type type the calls
// on them; a lower-case type, a built one (ArrayList(u8)) and a name
// with no type stated do not.
func TestZigTypedReceivers(t *testing.T) {
	refs := graphRefs(t, "server.zig", zigHandlers)
	for _, w := range []string{
		"call self .router dispatch in handle", // router: *Router, through self: *Self
		"call t:Request header in handle",      // req: *httpz.Request
		"call t:Response chunk in handle",      // res: *const Response
		"call t:Writer flush in handle",        // var out: Writer
		"call t:Conn close in handle",          // const conn = Conn.init(1)
		"call t:KeyValue add in handle",        // var headers = try httpz.KeyValue.init(a)
		"call t:Server .router reset in stop",  // self: *Server
	} {
		if !refs[w] {
			t.Errorf("no reference %q in %v", w, refs)
		}
	}
	for _, w := range []string{"call t:usize format in handle", "call t:ArrayList append in handle"} {
		if refs[w] {
			t.Errorf("reference %q: a lower-case or built type types nothing", w)
		}
	}
	a, err := Analyze("server.zig", []byte(zigHandlers), Options{})
	if err != nil {
		t.Fatal(err)
	}
	types := map[string]string{}
	for _, d := range a.Graph.Defs {
		if d.Kind == "field" {
			types[d.Name] = d.Type
		}
	}
	if types["router"] != "t:Router" || types["next"] != "t:Server" {
		t.Errorf("field types %v, want router t:Router and next (?*Self) t:Server", types)
	}
}

// A signature whose parameters take lines of their own runs to where
// they close (zig-clap's `pub fn parse(` was all its signature said).
func TestZigSignatureAcrossLines(t *testing.T) {
	src := "pub fn parse(\n    comptime Id: type,\n    opt: ParseOptions,\n) !Result(Id) {\n    return 1;\n}\n"
	syms := Symbols("clap.zig", []byte(src))
	if len(syms) != 1 || syms[0].Signature != "pub fn parse( comptime Id: type, opt: ParseOptions, ) !Result(Id)" {
		t.Errorf("symbols %+v, want parse with its parameters and result", syms)
	}
}

// A file with fields at its top level is a struct named by the file, as
// `@import("Config.zig")` makes it: its fields and functions are the
// struct's members and its //! comments its doc; its imports declare
// nothing, in it or anywhere.
func TestZigFileStruct(t *testing.T) {
	src := `//! Options for the tool.

const std = @import("std");
const Config = @This();

/// Path to the compiler.
compiler_path: ?[]const u8 = null,
snippets: bool = true,

pub fn load(alloc: std.mem.Allocator) !Config {
    _ = alloc;
    return .{};
}
`
	want := `struct Config 1-13
const Config.Config 4-4
field Config.compiler_path 6-7
field Config.snippets 8-8
function Config.load 10-13
`
	if got := outlineOf("src/Config.zig", src); got != want {
		t.Errorf("outline:\n%s\nwant:\n%s", got, want)
	}
	if syms := Symbols("src/Config.zig", []byte(src)); len(syms) == 0 || syms[0].Doc != "//! Options for the tool." {
		t.Errorf("the file struct's doc: %+v", syms)
	}
	g := analyzeGraph(t, "src/Config.zig", src)
	checkImports(t, g, "std std")
	// A file of declarations only is no struct of its own.
	if got := outlineOf("src/util.zig", "const std = @import(\"std\");\n\npub fn twice(x: u8) u8 {\n    return x * 2;\n}\n"); got != "function twice 3-5\n" {
		t.Errorf("util.zig outline:\n%s", got)
	}
}

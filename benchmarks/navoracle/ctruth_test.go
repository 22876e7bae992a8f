package main

import "testing"

// A ctags tag names its line; the column is the name's as a whole word,
// and a reference followed by "(" is a call.
func TestCNameColumnAndCalls(t *testing.T) {
	for _, tc := range []struct {
		line, name string
		want       int
	}{
		{"static int luaB_print (lua_State *L) {", "luaB_print", 12},
		{"int print_all(void) { print(1); }", "print", 23},
		{"typedef struct Table Table;", "Table", 16},
		{"int other(void);", "print", 0},
	} {
		if got := nameColumn(tc.line, tc.name); got != tc.want {
			t.Errorf("nameColumn(%q, %q) = %d, want %d", tc.line, tc.name, got, tc.want)
		}
	}
	line := "  x = luaL_check (L, 1) + luaL_checkinteger;"
	if !calledAt(line, 7, len("luaL_check")) || calledAt(line, 27, len("luaL_checkinteger")) {
		t.Errorf("calledAt on %q", line)
	}
}

package chunker

// tree-sitter-lua, as go-tree-sitter vendors it, keeps its scanner state
// in the C globals ending_char and level_count (see globalScanner), and its
// deserialize leaves them as they are when a parse starts without a saved
// state. Giving it the serialized initial state (two zero bytes) is the
// grammar's own way to reset them.

/*
void tree_sitter_lua_external_scanner_deserialize(void *payload, const char *buffer, unsigned length);

static void codeseek_reset_lua_scanner(void) {
	const char initial[2] = {0, 0};
	tree_sitter_lua_external_scanner_deserialize(0, initial, 2);
}
*/
import "C"

// resetLuaScanner puts tree-sitter-lua's scanner in its initial state: not
// inside a string or block comment. The caller must hold the Lua pool's
// lock, since the state is shared by all Lua parsers.
func resetLuaScanner() {
	C.codeseek_reset_lua_scanner()
}

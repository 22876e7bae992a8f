package chunker

// The graph's patterns are matched against a flat copy of the syntax tree
// that one C loop makes: a node's every go-tree-sitter accessor is a cgo
// call, and tree-sitter's own query cursor computes each node's fields,
// siblings and supertypes as it enters it, which on this machine costs a
// third of the parse (an empty query over Python or JavaScript) before a
// single capture. The copy keeps the named nodes, and for the languages
// that need them the anonymous ones in a field (C#'s "this" in "this.x"),
// with their symbol, field, parent, children and start, in pre-order.
//
// The loop needs the TSNode of the root, which go-tree-sitter keeps in an
// unexported field: a Node starts with its TSNode. nodeHandle checks that
// layout against the Go accessors, so a go-tree-sitter upgrade that
// changes it turns the graph off (and the tests red) instead of reading
// garbage.

/*
#include <stdint.h>
#include <stdbool.h>
#include <stdlib.h>

// The types and functions of tree-sitter's api.h that the loop uses,
// declared here because the header is inside go-tree-sitter's module.
typedef struct { uint32_t context[4]; const void *id; const void *tree; } csNode;
typedef struct { const void *tree; const void *id; uint32_t context[3]; } csTreeCursor;

csTreeCursor ts_tree_cursor_new(csNode node);
void ts_tree_cursor_delete(csTreeCursor *self);
bool ts_tree_cursor_goto_first_child(csTreeCursor *self);
bool ts_tree_cursor_goto_next_sibling(csTreeCursor *self);
bool ts_tree_cursor_goto_parent(csTreeCursor *self);
csNode ts_tree_cursor_current_node(const csTreeCursor *self);
uint16_t ts_tree_cursor_current_field_id(const csTreeCursor *self);
uint16_t ts_node_symbol(csNode self);
bool ts_node_is_named(csNode self);
uint32_t ts_node_end_byte(csNode self);

#define csNone UINT32_MAX

// csFlat is one named node of the flat tree.
typedef struct {
	uint16_t symbol, field, named;
	uint32_t parent, first, next, prev, last;
	uint32_t start, end, row, col;
} csFlat;

// codeseek_flatten copies the named nodes under root, and with
// keep_anonymous the anonymous ones in a field, into out in
// pre-order. Subtrees deeper than max_depth are left out. It returns the
// number of nodes, or -1 when out is too small.
static int codeseek_flatten(csNode root, csFlat *out, int cap, uint32_t *anc, int max_depth, bool keep_anonymous) {
	csTreeCursor c = ts_tree_cursor_new(root);
	int n = 0, depth = 0;
	for (;;) {
		csNode node = ts_tree_cursor_current_node(&c);
		uint32_t parent = depth > 0 ? anc[depth - 1] : csNone;
		uint32_t self = parent;
		bool named = ts_node_is_named(node);
		uint16_t field = named || keep_anonymous ? ts_tree_cursor_current_field_id(&c) : 0;
		if (named || field != 0) {
			if (n >= cap) {
				ts_tree_cursor_delete(&c);
				return -1;
			}
			csFlat *f = &out[n];
			f->symbol = ts_node_symbol(node);
			f->field = field;
			f->named = named;
			f->parent = parent;
			f->first = f->next = f->prev = f->last = csNone;
			f->start = node.context[0];
			f->row = node.context[1];
			f->col = node.context[2];
			f->end = ts_node_end_byte(node);
			if (parent != csNone) {
				csFlat *p = &out[parent];
				if (p->last == csNone) p->first = n; else out[p->last].next = n;
				f->prev = p->last;
				p->last = n;
			}
			self = n++;
		}
		anc[depth] = self;
		if (depth + 1 < max_depth && ts_tree_cursor_goto_first_child(&c)) {
			depth++;
			continue;
		}
		while (!ts_tree_cursor_goto_next_sibling(&c)) {
			if (depth == 0 || !ts_tree_cursor_goto_parent(&c)) {
				ts_tree_cursor_delete(&c);
				return n;
			}
			depth--;
		}
	}
}
*/
import "C"

import (
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// flatNode is one named node of a flat tree; parent, first (child), next
// and prev (siblings) are indexes in the flat tree, noNode for none. Rows and
// columns are 0-based, columns in bytes.
type flatNode = C.csFlat

// noNode marks a missing parent, child or sibling.
const noNode = ^uint32(0)

// maxFlatDepth bounds the nesting the flat tree follows; deeper subtrees
// (only hostile input nests thousands of levels) are left out.
const maxFlatDepth = 2048

// A file's flat tree holds at most maxFlatNodes nodes, and
// flatNodesPerByte for each byte of the file: named nodes are at least a
// byte long but for the few a parser inserts to recover from an error,
// so only a hostile file has more, and it gets no graph.
const (
	maxFlatNodes     = 1 << 23
	flatNodesPerByte = 2
)

// flatBuffer is the storage of a flat tree, allocated in C: a Go slice
// would be zeroed before the C loop writes every node anyway, and a large
// file's would weigh on the garbage collector.
type flatBuffer struct {
	mem   unsafe.Pointer
	nodes []flatNode
}

// flatten copies the named nodes under root (with keepAnonymous, the
// anonymous nodes in a field too), or returns nil when the root's handle
// cannot be read. Free the buffer with release.
func flatten(root *sitter.Node, srcLen int, keepAnonymous bool) (*flatBuffer, []flatNode) {
	cn, ok := nodeHandle(root)
	if !ok {
		return nil, nil
	}
	limit := min(maxFlatNodes, flatNodesPerByte*srcLen+1024)
	anc := (*C.uint32_t)(C.malloc(C.size_t(maxFlatDepth) * C.size_t(unsafe.Sizeof(C.uint32_t(0)))))
	defer C.free(unsafe.Pointer(anc))
	for size := min(srcLen/4+256, limit); ; size = min(2*size, limit) {
		mem := C.malloc(C.size_t(size) * C.size_t(unsafe.Sizeof(flatNode{})))
		if mem == nil {
			return nil, nil
		}
		buf := &flatBuffer{mem: mem, nodes: unsafe.Slice((*flatNode)(mem), size)}
		n := int(C.codeseek_flatten(cn, &buf.nodes[0], C.int(size), anc, maxFlatDepth, C.bool(keepAnonymous)))
		if n >= 0 {
			return buf, buf.nodes[:n]
		}
		release(buf)
		if size >= limit {
			return nil, nil
		}
	}
}

// release frees a flat tree's buffer; its nodes must not be used after.
func release(buf *flatBuffer) {
	if buf != nil && buf.mem != nil {
		C.free(buf.mem)
		buf.mem, buf.nodes = nil, nil
	}
}

// nodeHandle returns the TSNode of a node, and whether it is the node the
// Go API describes (its start byte and point agree).
func nodeHandle(n *sitter.Node) (C.csNode, bool) {
	if unsafe.Sizeof(sitter.Node{}) != unsafe.Sizeof(C.csNode{})+unsafe.Sizeof(uintptr(0)) {
		return C.csNode{}, false
	}
	cn := *(*C.csNode)(unsafe.Pointer(n))
	sp := n.StartPoint()
	ok := uint32(cn.context[0]) == n.StartByte() && uint32(cn.context[1]) == sp.Row &&
		uint32(cn.context[2]) == sp.Column && cn.id != nil && cn.tree != nil
	return cn, ok
}

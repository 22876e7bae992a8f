package chunker

import (
	"reflect"
	"strings"
	"testing"
)

const vueComponent = `<template>
  <div class="todo">
    <input v-model="draft" @keyup.enter="addTodo" />
    <li v-for="t in todos" :key="t.id">{{ t.title }}</li>
  </div>
</template>

<script setup lang="ts">
import { ref } from 'vue'
import { saveTodos } from './storage'

interface Todo { id: number; title: string }

const todos = ref<Todo[]>([])
const draft = ref('')

// addTodo appends the draft as a new todo and clears the input.
function addTodo(): void {
  todos.value.push({ id: Date.now(), title: draft.value })
  draft.value = ''
  saveTodos(todos.value)
}
</script>

<style scoped>
.todo { color: red; }
</style>
`

func TestVueScriptIsParsedWithItsLanguage(t *testing.T) {
	got := symbolList(Symbols("src/TodoList.vue", []byte(vueComponent)))
	want := []string{"interface Todo", "const todos", "const draft", "function addTodo"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("symbols:\n got %q\nwant %q", got, want)
	}
	lines := strings.Split(vueComponent, "\n")
	for _, s := range Symbols("src/TodoList.vue", []byte(vueComponent)) {
		if s.Name == "addTodo" && !strings.Contains(lines[s.StartLine-1], "// addTodo appends") {
			t.Fatalf("addTodo starts at line %d (%q): lines must be the file's own", s.StartLine, lines[s.StartLine-1])
		}
	}
	chunks := Split("src/TodoList.vue", []byte(vueComponent), Options{MaxTokens: 60})
	var sawTemplate, sawFunc bool
	for _, c := range chunks {
		if c.Language != "vue" {
			t.Fatalf("chunk language %q, want vue (the file's, not its script's)", c.Language)
		}
		if strings.Contains(c.Content, "v-model") {
			sawTemplate = true
		}
		if c.Symbol == "addTodo" {
			sawFunc = true
			if !strings.HasPrefix(c.Content, "// addTodo appends") || !strings.HasSuffix(c.Content, "}") {
				t.Fatalf("addTodo chunk is not the declaration with its comment:\n%s", c.Content)
			}
		}
	}
	if !sawTemplate || !sawFunc {
		t.Fatalf("want the template chunked as text and addTodo as a declaration; got %d chunks (template %v, addTodo %v)", len(chunks), sawTemplate, sawFunc)
	}
}

func TestVueGraphCallsAndImports(t *testing.T) {
	g := GraphOf("src/TodoList.vue", []byte(vueComponent))
	if g == nil {
		t.Fatal("no graph for a Vue component")
	}
	var imported, called bool
	for _, im := range g.Imports {
		imported = imported || im.Name == "saveTodos" && strings.HasPrefix(im.Path, "./storage")
	}
	for _, r := range g.Refs {
		called = called || r.Name == "saveTodos" && r.Kind == RefCall && r.Line == 21
	}
	if !imported || !called {
		t.Fatalf("want saveTodos imported from ./storage and called on line 21; imports %+v", g.Imports)
	}
}

func TestSvelteModuleAndInstanceScripts(t *testing.T) {
	src := `<script context="module">
  export function preload(page) { return fetchUser(page.params.id) }
</script>

<script>
  export let user;
  function greet() { return 'hi ' + user.name }
</script>

<!-- <script>function commentedOut() {}</script> -->
<h1>{greet()}</h1>
`
	got := symbolList(Symbols("src/routes/User.svelte", []byte(src)))
	want := []string{"function preload", "var user", "function greet"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("symbols:\n got %q\nwant %q", got, want)
	}
}

func TestComponentWithoutScriptIsText(t *testing.T) {
	src := "<template>\n  <p>static</p>\n</template>\n"
	if s := Symbols("Static.vue", []byte(src)); len(s) != 0 {
		t.Fatalf("symbols of a component without script: %v", s)
	}
	chunks := Split("Static.vue", []byte(src), Options{})
	if len(chunks) != 1 || chunks[0].Content != strings.TrimSuffix(src, "\n") {
		t.Fatalf("want the whole file as one window, got %+v", chunks)
	}
}

func TestScriptBlocks(t *testing.T) {
	for _, tc := range []struct {
		src  string
		n    int
		lang string
	}{
		{`<script lang="ts">a</script>`, 1, "typescript"},
		{`<SCRIPT type='text/typescript'>a</SCRIPT>`, 1, "typescript"},
		{`<script lang="tsx">a</script><script>b</script>`, 2, "tsx"},
		{`<scripts>a</scripts>`, 0, "javascript"},
		{`<script>never closed`, 1, "javascript"},
		{`<!-- <script>x</script>`, 0, "javascript"},
		{`<script`, 0, "javascript"},
	} {
		blocks, lang := scriptBlocks([]byte(tc.src))
		if len(blocks) != tc.n || lang != tc.lang {
			t.Errorf("%q: %d blocks in %s, want %d in %s", tc.src, len(blocks), lang, tc.n, tc.lang)
		}
	}
}

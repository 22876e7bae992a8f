package search

import (
	"reflect"
	"testing"

	"github.com/codeseek/codeseek/store"
)

// A frame's function is read as each language prints its frames.
func TestFrameFuncs(t *testing.T) {
	text := "java.lang.IllegalArgumentException: bad\n" +
		"\tat com.google.gson.Gson.getAdapter(Gson.java:556)\n" +
		"    at async Ky._fetch (file:///app/node_modules/ky/distribution/ky.js:612:25)\n" +
		"  File \"/srv/app/web.py\", line 12, in get_user\n" +
		"/app/lib/sinatra/base.rb:1102:in 'dispatch!'\n" +
		"/app/lib/rack/urlmap.rb:74:in `Rack::URLMap#call'\n" +
		"lua/lazy/manage/lock.lua:28: in function 'update'\n" +
		"#0 /srv/vendor/monolog/src/StreamHandler.php(168): Monolog\\Handler\\StreamHandler->write()\n" +
		"\t/usr/local/go/src/net/http/server.go:2166 +0x29\n"
	_, _, frames := scanMentions(text)
	got := map[string][]frame{}
	for m, fs := range frames {
		for _, fr := range fs {
			got[m] = append(got[m], frame{line: fr.line, fn: fr.fn}) // depths: TestInnermostFrameLeadsItsFile
		}
	}
	want := map[string][]frame{
		"com/google/gson/Gson.java":                {{556, "getAdapter", 0}}, // by its package's directories
		"app/node_modules/ky/distribution/ky.js":   {{612, "_fetch", 0}},
		"srv/app/web.py":                           {{12, "get_user", 0}},
		"app/lib/sinatra/base.rb":                  {{1102, "dispatch!", 0}},
		"app/lib/rack/urlmap.rb":                   {{74, "call", 0}},
		"lua/lazy/manage/lock.lua":                 {{28, "update", 0}},
		"srv/vendor/monolog/src/StreamHandler.php": {{168, "write", 0}},
		// A Go frame names its function on the line above: none is read.
		"usr/local/go/src/net/http/server.go": {{2166, "", 0}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("frames %v, want %v", got, want)
	}
}

// A frame whose line falls in another function than the one it names
// (the file changed since the reporter's version) leads with the chunk
// declaring the named function; one whose line is in it, in a class
// whole in one chunk, or names no function the file declares, stays.
func TestFrameLineFollowsItsFunction(t *testing.T) {
	chunks := chunkList{"Gson.java": {
		{FilePath: "Gson.java", StartLine: 540, EndLine: 570, Symbol: "Gson.toJson"},
		{FilePath: "Gson.java", StartLine: 600, EndLine: 640, Symbol: "Gson.getAdapter, Gson.getDelegateAdapter"},
		{FilePath: "Gson.java", StartLine: 827, EndLine: 852, Symbol: "Gson.fromJson"},
		// A nested class whole in one chunk (Either$Left.get's), its
		// methods inside it, and a namesake method of the outer class.
		{FilePath: "Gson.java", StartLine: 880, EndLine: 890, Symbol: "Gson.get", SymbolKind: "method"},
		{FilePath: "Gson.java", StartLine: 1301, EndLine: 1364, Symbol: "Gson.Left", SymbolKind: "class"},
	}}
	frames := map[string][]frame{"Gson.java": {{556, "getAdapter", 0}, {834, "fromJson", 0}, {560, "lambda", 0}, {900, "", 0}, {1327, "get", 0}}}
	retargetFrames(frames, chunks)
	if want := []frame{{600, "getAdapter", 0}, {834, "fromJson", 0}, {560, "lambda", 0}, {900, "", 0}, {1327, "get", 0}}; !reflect.DeepEqual(frames["Gson.java"], want) {
		t.Errorf("frames %v, want %v", frames["Gson.java"], want)
	}
}

// chunkList lists made-up chunks by file.
type chunkList map[string][]*store.Chunk

func (l chunkList) ChunksOf(p string) []*store.Chunk { return l[p] }

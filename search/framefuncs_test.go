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
	_, _, _, got := scanMentions(text)
	want := map[string]map[int]string{
		"Gson.java":                                {556: "getAdapter"},
		"app/node_modules/ky/distribution/ky.js":   {612: "_fetch"},
		"srv/app/web.py":                           {12: "get_user"},
		"app/lib/sinatra/base.rb":                  {1102: "dispatch!"},
		"app/lib/rack/urlmap.rb":                   {74: "call"},
		"lua/lazy/manage/lock.lua":                 {28: "update"},
		"srv/vendor/monolog/src/StreamHandler.php": {168: "write"},
	}
	for m, fns := range want {
		if !reflect.DeepEqual(got[m], fns) {
			t.Errorf("%s: functions %v, want %v", m, got[m], fns)
		}
	}
	if fns := got["usr/local/go/src/net/http/server.go"]; len(fns) != 0 {
		t.Errorf("a Go frame names its function on the line above, read none: %v", fns)
	}
}

// A frame whose line falls in another function than the one it names
// (the file changed since the reporter's version) leads with the chunk
// declaring the named function; one whose line is in it, or names no
// function the file declares, stays.
func TestFrameLineFollowsItsFunction(t *testing.T) {
	chunks := chunkList{"Gson.java": {
		{FilePath: "Gson.java", StartLine: 540, EndLine: 570, Symbol: "Gson.toJson"},
		{FilePath: "Gson.java", StartLine: 600, EndLine: 640, Symbol: "Gson.getAdapter, Gson.getDelegateAdapter"},
		{FilePath: "Gson.java", StartLine: 827, EndLine: 852, Symbol: "Gson.fromJson"},
	}}
	lines := map[string][]int{"Gson.java": {556, 834, 560}}
	funcs := map[string]map[int]string{"Gson.java": {556: "getAdapter", 834: "fromJson", 560: "lambda"}}
	retargetFrames(lines, funcs, chunks)
	if want := []int{600, 834, 560}; !reflect.DeepEqual(lines["Gson.java"], want) {
		t.Errorf("frame lines %v, want %v", lines["Gson.java"], want)
	}
}

// chunkList lists made-up chunks by file.
type chunkList map[string][]*store.Chunk

func (l chunkList) ChunksOf(p string) []*store.Chunk { return l[p] }

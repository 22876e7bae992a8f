package buildinfo

import (
	"runtime"
	"strings"
	"testing"
)

func TestReadReportsThisBinary(t *testing.T) {
	i := Read()
	if i.Platform != runtime.GOOS+"/"+runtime.GOARCH {
		t.Errorf("platform %q", i.Platform)
	}
	if i.GoVersion != runtime.Version() || i.Version != Version || i.Commit == "" {
		t.Errorf("info %+v", i)
	}
}

func TestStringNamesEveryField(t *testing.T) {
	s := Info{Version: "v9", Commit: "abc", GoVersion: "go1", Platform: "plan9/arm", ModelHash: "123"}.String()
	for _, want := range []string{"codeseek v9\n", "commit:   abc\n", "go:       go1\n", "platform: plan9/arm\n", "model:    builtin-nbow-123\n"} {
		if !strings.Contains(s, want) {
			t.Errorf("%q lacks %q", s, want)
		}
	}
	if strings.Contains(Info{Version: "v"}.String(), "model:") {
		t.Error("a binary without a model hash printed a model line")
	}
}

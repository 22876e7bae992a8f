package nav

import (
	"reflect"
	"testing"
)

func TestParseUnifiedDiff(t *testing.T) {
	text := `diff --git a/a.go b/a.go
index 1111111..2222222 100644
--- a/a.go
+++ b/a.go
@@ -3,2 +3,3 @@ func A() {
@@ -10 +11,0 @@ func B() {
diff --git a/gone.go b/gone.go
deleted file mode 100644
--- a/gone.go
+++ /dev/null
@@ -1,5 +0,0 @@
diff --git a/new.go b/new.go
new file mode 100644
--- /dev/null
+++ b/new.go
@@ -0,0 +1,4 @@
diff --git a/img.png b/img.png
Binary files a/img.png and b/img.png differ
`
	got := ParseUnifiedDiff(text)
	want := []FileDiff{
		{OldPath: "a.go", NewPath: "a.go", OldChanged: []LineRange{{3, 4}, {10, 10}}, NewChanged: []LineRange{{3, 5}, {12, 11}}},
		{OldPath: "gone.go", OldChanged: []LineRange{{1, 5}}},
		{NewPath: "new.go", NewChanged: []LineRange{{1, 4}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	if got := ParseUnifiedDiff("garbage\n@@ -x +y @@\n"); len(got) != 0 {
		t.Errorf("garbage parsed as %+v", got)
	}
}

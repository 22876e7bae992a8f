package nav

import (
	"sort"
	"strings"
	"testing"
)

const shopPy = `class Cart:
    size = 10

    def add(self, item):
        self.items.append(item)
        return len(self.items)

    def clear(self):
        self.items = []


def checkout(cart):
    cart.add("x")
    cart.clear()
`

// kinds runs Affected on one edit of shop.py and lists "symbol kind".
func kinds(t *testing.T, edited string, oldChanged, newChanged []LineRange) []string {
	t.Helper()
	ix := testIndex(t, map[string]string{"shop.py": shopPy})
	var out []string
	for _, c := range Affected(ix, []FileChange{{Path: "shop.py", Old: []byte(shopPy), New: []byte(edited), OldChanged: oldChanged, NewChanged: newChanged}}) {
		out = append(out, c.Def.Qualified()+" "+c.Kind)
	}
	sort.Strings(out)
	return out
}

// A class whose method changed is not itself changed: listing it would
// list every use of the class.
func TestAffectedNamesTheMemberNotItsClass(t *testing.T) {
	edited := strings.Replace(shopPy, "return len(self.items)", "return len(self.items) + 0", 1)
	if got := kinds(t, edited, []LineRange{{6, 6}}, []LineRange{{6, 6}}); strings.Join(got, ",") != "Cart.add body_changed" {
		t.Errorf("a method's body edited: %v, want only Cart.add body_changed", got)
	}
	edited = strings.Replace(shopPy, "size = 10", "size = 20", 1)
	if got := strings.Join(kinds(t, edited, []LineRange{{2, 2}}, []LineRange{{2, 2}}), ","); !strings.Contains(got, "Cart body_changed") || strings.Contains(got, "Cart.add") {
		t.Errorf("a class attribute edited: %v, want Cart body_changed and no method", got)
	}
}

// Lines removed between two declarations change neither neighbour; the
// removed method is listed as removed and the class holding the place
// changes.
func TestAffectedRemovalChangesOnlyWhatEnclosesIt(t *testing.T) {
	edited := strings.Replace(shopPy, "    def clear(self):\n        self.items = []\n", "", 1)
	got := strings.Join(kinds(t, edited, []LineRange{{8, 9}}, []LineRange{{8, 7}}), ",")
	if strings.Contains(got, "Cart.add") || strings.Contains(got, "checkout") || !strings.Contains(got, "Cart.clear removed") {
		t.Errorf("a method removed: %v, want Cart.clear removed and no neighbour changed", got)
	}
	edited = strings.Replace(shopPy, "\n\ndef checkout", "\ndef checkout", 1)
	if got := kinds(t, edited, []LineRange{{10, 10}}, []LineRange{{10, 9}}); len(got) != 0 {
		t.Errorf("a blank line between declarations removed: %v, want nothing", got)
	}
}

// A C# or Kotlin property is a member of its own: a changed type is its
// signature changed (its uses are at risk), a changed value its body, and
// its class is not changed by either.
func TestAffectedNamesTheProperty(t *testing.T) {
	const src = "namespace Serilog.Events;\n\npublic class LogEvent\n{\n    public int Level { get; }\n\n    public string Name => \"event\";\n\n    public string Render()\n    {\n        return Level.ToString() + Name;\n    }\n}\n"
	ix := testIndex(t, map[string]string{"LogEvent.cs": src})
	for _, tc := range []struct{ from, to, want string }{
		{"public int Level", "public long Level", "LogEvent.Level signature_changed"},
		{"=> \"event\"", "=> \"log event\"", "LogEvent.Name body_changed"},
	} {
		edited := strings.Replace(src, tc.from, tc.to, 1)
		line := strings.Count(src[:strings.Index(src, tc.from)], "\n") + 1
		var got []string
		for _, c := range Affected(ix, []FileChange{{Path: "LogEvent.cs", Old: []byte(src), New: []byte(edited), OldChanged: []LineRange{{line, line}}, NewChanged: []LineRange{{line, line}}}}) {
			got = append(got, c.Def.Qualified()+" "+c.Kind)
		}
		if strings.Join(got, ",") != tc.want {
			t.Errorf("%s → %s: %v, want %s", tc.from, tc.to, got, tc.want)
		}
	}
}

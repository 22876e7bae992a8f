package search

import (
	"slices"
	"testing"
)

const reportWithEnvironment = "Multiselect crashes on empty sets\n\n" +
	"Passing an empty set as the options raises a TypeError inside the widget.\n\n" +
	"```python\nst.multiselect(\"pick\", set())\n```\n\n" +
	"<details><summary>Environment</summary>\n\n" +
	"INSTALLED VERSIONS\n------------------\n" +
	"python: 3.11.4 (main, Jun  7 2023, 12:45:48) [GCC 11.3.0]\npython-bits: 64\nOS: Linux\n" +
	"machine: x86_64\nLC_ALL: None\nnumpy: 1.25.2\npandas: 2.0.3\n\nsetuptools: 68.0.0\n\n</details>\n\n" +
	"pip freeze says:\n```\ncertifi==2023.7.22\nidna==3.4\nurllib3==2.0.4\nJinja2==3.1.2\n```\n" +
	"The widget's serializer is where it fails."

func TestEnvironmentIsNoWordOfTheReport(t *testing.T) {
	q := ParseQuery(reportWithEnvironment)
	for _, gone := range []string{"numpy", "pandas", "setuptools", "bits", "certifi", "urllib3", "jinja2", "linux"} {
		if slices.Contains(q.Terms, gone) {
			t.Errorf("the environment's %q is a term: %v", gone, q.Terms)
		}
	}
	for _, kept := range []string{"multiselect", "typeerror", "pick", "serializer", "freeze"} {
		if !slices.Contains(q.Terms, kept) {
			t.Errorf("the report's %q is no term: %v", kept, q.Terms)
		}
	}
}

func TestEnvironmentLeavesLookalikes(t *testing.T) {
	for _, text := range []string{
		"Rounding is off\n\nExpected: 3.0\nActual: 2.5\nWith: 2.49", // two versions: the report's own values
		"Config is ignored\n\n```js\nconst opts = {\n  timeout: 1.5,\n  retry: 2.5,\n  backoff: 1.2,\n  jitter: 0.5,\n}\n```",
		"numpy: 1.25.2 breaks the loader",
		"numpy: 1.25.2\npandas: 2.0.3\nscipy: 1.11.1\nOS: Linux", // nothing else: the whole text stays
	} {
		if got := QueryText(text); got != text {
			t.Errorf("QueryText(%q) = %q, want it unchanged", text, got)
		}
	}
}

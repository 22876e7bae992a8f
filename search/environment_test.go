package search

import (
	"slices"
	"strings"
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

// The listings show_versions() prints in scikit-learn and pandas, and
// conda's, are environments too.
func TestEnvironmentListingsOfTools(t *testing.T) {
	for name, listing := range map[string]string{
		"scikit-learn": "System:\n    python: 3.7.3 (default, Apr  3 2019, 05:39:12)  [GCC 8.3.0]\n" +
			"executable: /usr/bin/python3\n   machine: Linux-4.15.0-47-generic-x86_64-with-Ubuntu-18.04-bionic\n\n" +
			"BLAS:\n    macros: HAVE_CBLAS=None\n  lib_dirs: /usr/lib/x86_64-linux-gnu\ncblas_libs: openblas, openblas\n\n" +
			"Python deps:\n       pip: 19.1.1\nsetuptools: 41.0.1\n   sklearn: 0.22.dev0\n     numpy: 1.16.4\n" +
			"     scipy: 1.3.0\n    Cython: 0.29.10\n    pandas: None\n",
		"pandas": "INSTALLED VERSIONS\n------------------\ncommit           : 2e218d10984e9919f0296931d92ea851c6a6faf5\n" +
			"python           : 3.8.13.final.0\npython-bits      : 64\nOS               : Linux\n" +
			"pandas           : 1.5.3\nnumpy            : 1.24.1\npytz             : 2022.7\n",
		"conda": "# Name                    Version                   Build  Channel\n" +
			"numpy                     1.24.1          py38h7e6c5a2_0    conda-forge\n" +
			"openblas                  0.3.21          pthreads_h78a6416_3    conda-forge\n" +
			"scipy                     1.10.0          py38h10c12cc_0    conda-forge\n" +
			"setuptools                66.1.1             pyhd8ed1ab_0    conda-forge\n",
	} {
		text := "Transform fails on sparse input\n\nThe transformer raises on a sparse matrix.\n\n" + listing
		got := QueryText(text)
		for _, gone := range []string{"numpy", "setuptools"} {
			if strings.Contains(got, gone) {
				t.Errorf("%s: the listing's %q stays:\n%s", name, gone, got)
			}
		}
		if !strings.Contains(got, "The transformer raises on a sparse matrix.") {
			t.Errorf("%s: the report's words went:\n%s", name, got)
		}
	}
}

func TestEnvironmentLeavesLookalikes(t *testing.T) {
	keepsAsIs(t, "QueryText", QueryText,
		"Rounding is off\n\nExpected: 3.0\nActual: 2.5\nWith: 2.49", // two versions: the report's own values
		"Config is ignored\n\n```js\nconst opts = {\n  timeout: 1.5,\n  retry: 2.5,\n  backoff: 1.2,\n  jitter: 0.5,\n}\n```",
		"numpy: 1.25.2 breaks the loader",
		"numpy: 1.25.2\npandas: 2.0.3\nscipy: 1.11.1\nOS: Linux", // nothing else: the whole text stays
	)
}

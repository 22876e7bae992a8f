package chunker

import "testing"

const bashGraphSrc = `#!/bin/bash
source ./lib.sh
. "$HOME/.env"

# Builds the target.
build() {
  local target="$1"
  helper "$target" --fast
  result=$(run_tests "$target")
  echo "$result $OUT_DIR"
}

function deploy {
  build prod
}

deploy "$@"
`

func TestBashGraph(t *testing.T) {
	src := bashGraphSrc
	g := analyzeGraph(t, "deploy.sh", src)
	checkImports(t, g, ". ./lib.sh", ". $HOME/.env")
	checkDefs(t, g, src, []wantDef{
		{qualified: "build", kind: "function", at: "build()", doc: "Builds the target."},
		{qualified: "deploy", kind: "function", at: "function deploy"},
	})
	checkRefs(t, g, src, []wantRef{
		{"helper", "helper \"$target\"", RefCall, "", "build"},
		{"run_tests", "run_tests", RefCall, "", "build"},
		{"OUT_DIR", "OUT_DIR", RefOther, "", "build"},
		{"build", "build prod", RefCall, "", "deploy"},
		{"deploy", "deploy \"$@\"", RefCall, "", ""},
	})
	checkNoRefs(t, g, "target", "result", "1")
}

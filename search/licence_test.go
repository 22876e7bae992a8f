package search

import (
	"strconv"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/store"
)

// A file's first chunk that is a licence's comment above a namespace or
// package line is a licence header; one that also documents the file or
// package, imports what the file uses, or only tags its licence, is not.
func TestLicenceHeader(t *testing.T) {
	apache := "// Copyright 2013-2020 Serilog Contributors\n//\n// Licensed under the Apache License, Version 2.0 (the \"License\");\n" +
		"// you may not use this file except in compliance with the License.\n//\n// Unless required by applicable law or agreed to in writing, software\n" +
		"// distributed under the License is distributed on an \"AS IS\" BASIS.\n"
	mit := "/*\n * Copyright (c) 2020 Foo\n *\n * Permission is hereby granted, free of charge, to any person obtaining a copy\n" +
		" * of this software.\n *\n * THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND.\n */\n"
	bsd := "// Copyright 2015 The Go Authors. All rights reserved.\n// Use of this source code is governed by a BSD-style\n// license that can be found in the LICENSE file.\n\n"
	for _, tc := range []struct {
		name, content string
		want          bool
	}{
		{"Apache above a namespace", apache + "\nnamespace Serilog.Filters;\n", true},
		{"MIT block above a package", mit + "\npackage com.example.util;\n", true},
		{"a go:generate line between", bsd + "//go:generate go run gen.go\n\npackage palette\n", true},
		{"a package doc below", bsd + "// Package testcert contains a test-only localhost certificate.\npackage testcert\n", false},
		{"a file doc in the same comment", apache + "//\n// ------------\n// File: status.h\n// ------------\n//\n// This header file defines the Abseil status library.\n\n#pragma once\n", false},
		{"imports below", apache + "\npackage demo;\n\nimport java.util.List;\nimport java.util.Map;\n", false},
		{"an SPDX tag", "// SPDX-License-Identifier: MIT\n\npackage demo\n", false},
		{"code below", apache + "\nint main() { return 0; }\n", false},
	} {
		c := &store.Chunk{FilePath: "a.cs", StartLine: 1, EndLine: strings.Count(tc.content, "\n"), SymbolKind: "imports", Content: tc.content}
		if got := licenceHeader(c); got != tc.want {
			t.Errorf("%s: licenceHeader = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// A licence header ranks as a licence file does: below the file's code
// that the query's words match less well, unless the query asks about
// licences.
func TestLicenceHeaderYieldsToCode(t *testing.T) {
	for _, tc := range []struct{ query, want string }{
		{"positional placeholders matched to arguments", "Matching.cs:17"},
		{"which license do the sources use", "Matching.cs:1"},
	} {
		ix := newIx()
		head := cand(ix, "src/Filters/Matching.cs", 1, 0.50, 1)
		head.chunk.SymbolKind = "imports"
		head.chunk.Content = "// Copyright 2013 Serilog Contributors\n//\n// Licensed under the Apache License, Version 2.0.\n// See the License for the specific language.\n\nnamespace Serilog.Filters;\n"
		code := cand(ix, "src/Filters/Matching.cs", 17, 0.40, 1)
		code.chunk.Symbol, code.chunk.SymbolKind, code.chunk.Content = "Matching.FromSource", "method", "public static Func<LogEvent, bool> FromSource(string source) { … }"
		cands := []*candidate{head, code, cand(ix, "src/Other.cs", 1, 0.1, 0)}
		r := ranker{q: ParseQuery(tc.query), mode: Hybrid, w: DefaultWeights}
		r.score(cands)
		if got := cands[0].chunk.FilePath[len("src/Filters/"):] + ":" + strconv.Itoa(cands[0].chunk.StartLine); got != tc.want {
			t.Errorf("%q: first %s, want %s", tc.query, got, tc.want)
		}
	}
}

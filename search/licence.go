package search

import (
	"strings"

	"github.com/codeseek/codeseek/internal/lazyre"
	"github.com/codeseek/codeseek/store"
)

// Many files open with a licence header above their package or namespace
// line: a chunk of no code, whose embedding is mostly the file's path,
// so that a query like the file's name finds it first ("positional
// placeholders matched to arguments" and serilog's Matching.cs:1-15).
// It is ranked as a licence file is (pathclass.Legal), unless the query
// asks about licences.

// licenceWords mark a paragraph as a licence's: its grant, its
// conditions, its disclaimer.
var licenceWords = lazyre.New(`(?i)\b(?:copyright|licen[cs]e[ds]?|sublicense|spdx-license-identifier|warrant(?:y|ies)|merchantability|redistribut\w*|permission is hereby granted|all rights reserved|liabilit\w*|gnu)\b`)

// headerCode is a line a licence header chunk may hold besides its
// comments: a package, namespace, module or import line, a pragma.
var headerCode = lazyre.New(`^(?:package|namespace|module|import|using|use|from|require|#include|#pragma|#!|<\?php|declare|@file|'use strict'|"use strict")\b`)

// licenceHeader reports a file's first chunk that holds a licence's
// comment and nothing else but a package or namespace line or two: a
// paragraph of the comment that says nothing of a licence (Go's package
// doc below its copyright lines, abseil's "This header file defines …"
// after its licence) is documentation, and the chunk no header.
func licenceHeader(c *store.Chunk) bool {
	if c.StartLine != 1 || c.Symbol != "" && c.SymbolKind != "imports" {
		return false
	}
	text := c.Full().Content
	if !licenceWords().MatchString(text) {
		return false
	}
	comments, code := 0, 0
	var para []string // the paragraph of comment being read
	closer := ""      // the end of the block comment a line is in
	// docPara reports, and forgets, a paragraph read: documentation when
	// it says something (four words) and nothing of a licence.
	docPara := func() bool {
		defer func() { para = para[:0] }()
		text := strings.Join(para, " ")
		return len(textWords(text)) >= minDocWords && !licenceWords().MatchString(text)
	}
	for _, ln := range strings.Split(text, "\n") {
		t := strings.TrimSpace(ln)
		inBlock := closer != ""
		switch {
		case inBlock || commentLine(t):
			comments++
			if inBlock {
				if strings.Contains(t, closer) {
					closer = ""
				}
			} else {
				closer = blockOpened(t)
			}
			if directive().MatchString(t) {
				continue
			}
			if body := strings.Trim(t, "/*#-;=\"' \t"); body != "" {
				para = append(para, body)
			} else if docPara() {
				return false
			}
		case t != "" && (!headerCode().MatchString(t) || code == maxHeaderCode):
			return false
		default:
			if t != "" {
				code++
			}
			if docPara() {
				return false
			}
		}
	}
	return !docPara() && comments >= minLicenceLines
}

// minDocWords is how many words make a comment's paragraph say
// something: "File: status.h" and a rule of dashes do not.
const minDocWords = 4

// directive matches a comment line that is for a tool, not the reader
// (`//go:generate …`, `// +build linux`, `# -*- coding: utf-8 -*-`,
// `// eslint-disable`), which a licence header may hold.
var directive = lazyre.New(`^(?://|#|/\*|--)\s*(?:go:|\+build|nolint|eslint|@ts-|prettier|clang-format|pylint|noqa|type:|-\*-|region|endregion|swiftlint|rubocop|frozen_string_literal|encoding|coding[:=]|!)`)

// maxHeaderCode is how many lines of code a licence header chunk may
// hold: a package or namespace line and a pragma. A chunk that also
// imports names what the file uses, which a query may ask for.
const maxHeaderCode = 2

// minLicenceLines is how many comment lines make a licence header: a
// one-line SPDX tag above imports is a file's head, not a licence text.
const minLicenceLines = 3

// commentLine reports a line (trimmed) that is a comment or opens one:
// store.CommentLine's markers, a block comment or docstring left open,
// and not a preprocessor line or a script's #! line, which are code.
func commentLine(t string) bool {
	if strings.HasPrefix(t, "#include") || strings.HasPrefix(t, "#pragma") || strings.HasPrefix(t, "#!") {
		return false
	}
	return store.CommentLine(t) || blockOpened(t) != ""
}

// blockOpened returns the closing mark of a block comment the line opens
// and does not close (`/*`, a docstring's quotes), or "".
func blockOpened(t string) string {
	for _, b := range [][2]string{{"/*", "*/"}, {`"""`, `"""`}, {"'''", "'''"}, {"{-", "-}"}, {"(*", "*)"}} {
		if strings.HasPrefix(t, b[0]) && !strings.Contains(t[len(b[0]):], b[1]) {
			return b[1]
		}
	}
	return ""
}
